// Two runs side by side (renderer/runs/run-diff.ts): a run against itself changes nothing; key numbers are the
// evidence's finite numbers at depth one or two, changed ones first; checks only one run has are shown as missing
// from the other.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckResultView, FalsificationReport } from '../../../common/api/contract';
import { diffRuns, keyNumbers } from '../../../renderer/runs/run-diff';

const check = (checkId: string, outcome: CheckResultView['outcome'], evidence: Record<string, unknown>): CheckResultView => ({
  falsificationId: 'F1',
  checkId,
  kind: 'k',
  title: `check ${checkId}`,
  outcome,
  summary: `${checkId} ${outcome}`,
  evidence,
  artifacts: [],
  durationMs: 1,
  guarantee: { kind: 'statistical', test: 't-test', p: 0.0123, dof: 4 },
});
const report = (decision: FalsificationReport['decision'], checks: CheckResultView[]): FalsificationReport => ({
  falsificationId: 'F1',
  claim: 'C1',
  assertion: 'a',
  decision,
  reason: '',
  checks,
});

describe('diffRuns', () => {
  it('finds nothing changed between a run and itself (any evidence)', () => {
    const evidence = fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.double(), fc.string(), fc.dictionary(fc.string({ maxLength: 4 }), fc.double())),
    );
    fc.assert(
      fc.property(fc.array(evidence, { minLength: 1, maxLength: 5 }), (evs) => {
        const r = report(
          'confirmed',
          evs.map((e, i) => check(`c${i}`, 'supports', e)),
        );
        const d = diffRuns(r, r);
        expect(d.decision.changed).toBe(false);
        expect(d.changedOutcomes).toBe(0);
        for (const c of d.checks) expect(c.numbers.every((n) => !n.changed) && !c.guarantee.changed && !c.summary.changed).toBe(true);
      }),
    );
  });

  it('marks changed outcomes, guarantees and numbers, changed numbers first', () => {
    const a = report('confirmed', [
      check('x', 'supports', { n: 1, fit: { slope: 2, se: 0.5 }, series: [1, 2] }),
      check('gone', 'neutral', {}),
    ]);
    const b = report('contested', [
      { ...check('x', 'refutes', { n: 1, fit: { slope: 3, se: 0.5 }, series: [1, 3] }), guarantee: { kind: 'exact' } },
      check('new', 'supports', { k: 4 }),
    ]);
    const d = diffRuns(a, b);
    expect(d.decision).toEqual({ a: 'confirmed', b: 'contested', changed: true });
    expect(d.checks.map((c) => c.checkId)).toEqual(['x', 'new', 'gone']);
    expect(d.checks[0]!.guarantee).toEqual({ a: 'statistical (t-test, p = 0.012, dof 4)', b: 'exact', changed: true });
    expect(d.checks[0]!.numbers).toEqual([
      { path: 'fit.slope', a: 2, b: 3, changed: true },
      { path: 'n', a: 1, b: 1, changed: false },
      { path: 'fit.se', a: 0.5, b: 0.5, changed: false },
    ]);
    expect(d.checks[1]!.outcome).toEqual({ a: undefined, b: 'supports', changed: true });
    expect(d.checks[2]!.outcome).toEqual({ a: 'neutral', b: undefined, changed: true });
    expect(d.changedOutcomes).toBe(3);
  });

  it('keyNumbers keeps finite numbers at depth one and two only', () => {
    expect([...keyNumbers({ a: 1, b: Number.NaN, c: { d: 2, e: { f: 3 }, g: [4] }, h: '5', i: Infinity })]).toEqual([
      ['a', 1],
      ['c.d', 2],
    ]);
  });
});
