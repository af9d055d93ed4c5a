// Issue 11, defect 5: the run bar's fill twice disagreed with its numbers. Both now come from runProgress.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { runProgress } from '../../renderer/lib/run-progress';
import type { RunState } from '../../renderer/lib/run-state';
import type { CheckResultView } from '../../common/api/contract';

const result = (checkId: string): CheckResultView => ({
  falsificationId: 'F1',
  checkId,
  kind: 'k',
  title: checkId,
  outcome: 'supports',
  summary: '',
  evidence: {},
  artifacts: [],
  durationMs: 1,
});
const base = (over: Partial<RunState>): RunState =>
  ({ runId: 'r', status: 'running', logs: [], results: [], series: {}, seriesVersion: 0, ...over }) as RunState;

describe('runProgress', () => {
  it('counts finished checks and the current check together', () => {
    const p = runProgress(base({ checks: 2, results: [result('a')], progress: { checkId: 'b', done: 5, total: 10 } }));
    expect(p).toEqual({ finished: 1, total: 2, fraction: 0.75, checkFraction: 0.5 });
  });

  it('ignores a progress event of a check that already finished (the fill never runs ahead of the count)', () => {
    const p = runProgress(base({ checks: 2, results: [result('a')], progress: { checkId: 'a', done: 10, total: 10 } }));
    expect(p.fraction).toBe(0.5);
    expect(p.checkFraction).toBeNull();
  });

  it('is unknown before the run says how many checks it runs', () => {
    expect(runProgress(base({ progress: { checkId: 'a', done: 1, total: 4 } })).fraction).toBeNull();
  });

  it('a check without a total adds nothing to the fill; an ended run shows what finished', () => {
    expect(runProgress(base({ checks: 4, results: [result('a')], progress: { checkId: 'b', done: 7 } })).fraction).toBe(0.25);
    expect(runProgress(base({ checks: 4, status: 'cancelled', results: [result('a')] })).fraction).toBe(0.25);
  });

  it('the fill always lies between finished/total and (finished+1)/total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(50), fc.nat(1000), fc.integer({ min: 1, max: 1000 }), (total, fin, done, of) => {
        const finished = Math.min(fin, total);
        const results = Array.from({ length: finished }, (_, i) => result(`c${i}`));
        const p = runProgress(base({ checks: total, results, progress: { checkId: 'current', done, total: of } }));
        expect(p.fraction!).toBeGreaterThanOrEqual(finished / total - 1e-12);
        expect(p.fraction!).toBeLessThanOrEqual(Math.min(1, (finished + 1) / total) + 1e-12);
      }),
    );
  });
});
