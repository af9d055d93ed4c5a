import { describe, it, expect } from 'vitest';
import { decide } from '../../../app/checks/decide';
import type { CheckResultView } from '../../../app/api/contract';

const check = (checkId: string, outcome: CheckResultView['outcome']): CheckResultView => ({
  falsificationId: 'F1', checkId, kind: 'k', title: checkId, outcome, summary: '', evidence: {}, artifacts: [], durationMs: 0,
});

describe('decide', () => {
  const table: [CheckResultView['outcome'][], string][] = [
    [['supports'], 'confirmed'],
    [['supports', 'neutral'], 'confirmed'],
    [['refutes'], 'refuted'],
    [['neutral', 'refutes'], 'refuted'],
    [['supports', 'refutes'], 'contested'],
    [['neutral'], 'inconclusive'],
    [[], 'inconclusive'],
    [['supports', 'error'], 'inconclusive'],
    [['refutes', 'error'], 'inconclusive'],
  ];
  for (const [outcomes, expected] of table) {
    it(`${outcomes.join('+') || 'no checks'} -> ${expected}`, () => {
      const r = decide(outcomes.map((o, i) => check(`c${i}`, o)));
      expect(r.decision).toBe(expected);
      expect(r.reason.length).toBeGreaterThan(0);
    });
  }
  it('names the checks behind the decision', () => {
    expect(decide([check('exact', 'supports'), check('units', 'refutes')]).reason).toBe('supported by exact; refuted by units');
  });
});
