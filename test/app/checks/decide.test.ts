import { describe, it, expect } from 'vitest';
import { decide } from '../../../app/checks/decide';
import type { CheckResultView } from '../../../common/api/contract';

// Each stands for a certificate (exact, recomputed), so that one check decides as before gates; the gates
// themselves are tested in gates.test.ts.
const check = (checkId: string, outcome: CheckResultView['outcome']): CheckResultView => ({
  falsificationId: 'F1',
  checkId,
  kind: 'k',
  title: checkId,
  outcome,
  summary: '',
  evidence: {},
  artifacts: [],
  durationMs: 0,
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
});

describe('decide (legacy: reports written before gates)', () => {
  it('decides from outcomes only, as every report before gates was decided (what report verification re-checks)', () => {
    const bare = (id: string, outcome: CheckResultView['outcome']) => ({ ...check(id, outcome), guarantee: undefined, basis: undefined });
    expect(decide([bare('a', 'supports')], { legacy: true })).toEqual({
      decision: 'confirmed',
      reason: 'supported by a; no check refutes it',
    });
    expect(decide([bare('a', 'supports'), bare('b', 'refutes')], { legacy: true }).decision).toBe('contested');
    // The same bare results under gates: approximate (no guarantee stated) never decides.
    expect(decide([bare('a', 'supports')]).decision).toBe('inconclusive');
  });
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
  it('an undecided falsification whose checks wait for people says what they wait for, not that nothing decides', () => {
    const waiting = { ...check('verdict', 'neutral'), waitingFor: 'a complete blind review of the image pairs' };
    const r = decide([check('metrics', 'neutral'), waiting, { ...waiting, checkId: 'consistency' }]);
    expect(r).toMatchObject({
      decision: 'inconclusive',
      reason: 'waiting for a complete blind review of the image pairs (verdict, consistency)',
    });
    expect(r.gate?.passed).toBe(false);
    // A check that decides, or one that failed, still takes precedence over waiting.
    expect(decide([check('exact', 'supports'), waiting]).decision).toBe('confirmed');
    expect(decide([check('broken', 'error'), waiting]).reason).toBe('check(s) failed to run: broken');
  });
});
