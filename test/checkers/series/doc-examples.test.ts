// The examples in the doc comments of checkers/series, run so they cannot rot.
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../checkers/series/compare-runs';
import { divergenceTest, reasonText } from '../../../checkers/series/divergence';
import { finiteWhileNonFinite } from '../../../checkers/series/finite-while-non-finite';
import { nonFiniteReport } from '../../../checkers/series/non-finite';
import { describeSegment, kindsText } from '../../../checkers/series/non-finite-text';
import { countKinds, lastPerStep, nonFiniteTotal, orderedPoints, valueKind } from '../../../checkers/series/points';
import { segmentsOf } from '../../../checkers/series/segments';
import { ar1Adjusted, effectiveSampleSize, olsSlope } from '../../../checkers/series/window-slope';

const N = Number.NaN;
const I = Infinity;

describe('checkers/series doc-comment examples', () => {
  it('points', () => {
    expect(orderedPoints('loss', { steps: [2, 1], values: [N, 0.5] })).toEqual({
      points: [
        { index: 1, step: 1, value: 0.5, kind: 'finite' },
        { index: 0, step: 2, value: N, kind: 'NaN' },
      ],
      reordered: true,
    });
    expect([valueKind(-I), valueKind(0)]).toEqual(['-Inf', 'finite']);
    expect(countKinds(['NaN', 'finite', 'NaN'])).toEqual({ finite: 1, nan: 2, posInf: 0, negInf: 0 });
    expect(nonFiniteTotal({ finite: 1, nan: 2, posInf: 1, negInf: 0 })).toBe(3);
    const kept = lastPerStep(orderedPoints('s', { steps: [1, 1, 2], values: [N, 3, 4] }).points);
    expect([kept.points.map((p) => [p.step, p.value]), kept.repeated]).toEqual([
      [
        [1, 3],
        [2, 4],
      ],
      1,
    ]);
  });

  it('segments and the non-finite report', () => {
    const steps = [10, 11, 12, 13, 14, 15, 16];
    const values = [I, N, I, N, I, N, N];
    expect(segmentsOf(orderedPoints('s', { steps, values }).points)).toEqual([
      { shape: 'cycle', cycle: ['+Inf', 'NaN'], fromStep: 10, toStep: 15, length: 6, cycles: 3, remainder: 0 },
      { shape: 'run', kind: 'NaN', fromStep: 16, toStep: 16, length: 1 },
    ]);
    const r = nonFiniteReport({ steps: [0, 1, 2, 3], values: [1, I, N, I] });
    expect([r.onset, r.throughout, r.pattern, r.counts]).toEqual([
      { step: 1, index: 1, kind: '+Inf' },
      true,
      'throughout',
      { finite: 1, nan: 1, posInf: 2, negInf: 0 },
    ]);
    expect(r.description).toBe(
      'non-finite throughout from step 1 to 3 (3 values: +Inf at step 1; then NaN at step 2; then +Inf at step 3)',
    );
  });

  it('non-finite text', () => {
    const at = (vs: number[]): string => nonFiniteReport({ steps: vs.map((_, i) => i + 1), values: vs }).description;
    expect(at(Array.from({ length: 1000 }, (_, i) => (i + 1 >= 37 ? N : 1)))).toBe('NaN throughout from step 37 to 1000 (964 values)');
    expect(at(Array.from({ length: 400 }, (_, i) => (i + 1 < 150 ? 1 : (i + 1 - 150) % 2 === 0 ? I : N)))).toBe(
      'strict alternation +Inf, NaN throughout from step 150 to 400 (125 pairs, then +Inf)',
    );
    expect(at(Array.from({ length: 1000 }, (_, i) => (i + 1 === 17 || i + 1 === 300 ? N : i + 1 === 802 ? I : 1)))).toBe(
      'isolated: 3 non-finite values among 1000 (2 NaN, 1 +Inf; first at step 17, last at step 802)',
    );
    expect(kindsText({ finite: 9, nan: 2, posInf: 1, negInf: 0 })).toBe('2 NaN, 1 +Inf');
    expect(describeSegment({ shape: 'run', kind: 'NaN', fromStep: 40, toStep: 51, length: 12 })).toBe('NaN from step 40 to 51 (12 values)');
  });

  it('slope and divergence', () => {
    const f = olsSlope([0, 1, 2, 3], [1, 3, 2, 4], 'increasing');
    expect([f.slope, f.intercept, f.dof]).toEqual([0.8, 1.2999999999999998, 2]);
    expect(f.se).toBeCloseTo(Math.sqrt(0.18), 15);
    expect(f.t).toBeCloseTo(1.885618083164127, 14);
    expect(f.p).toBeCloseTo(0.1, 15);
    expect(f.residualLag1).toBeCloseTo(-0.75, 15);
    expect(effectiveSampleSize(100, 0.5)).toBeCloseTo((100 * 0.432) / 1.568, 12);
    const fit = { n: 100, slope: 1, intercept: 0, se: 0.5, t: 2, dof: 98, direction: 'increasing' as const, p: 0.02, residualLag1: 0.5 };
    const adj = ar1Adjusted(fit)!;
    expect(adj.effectiveN).toBeCloseTo(27.551, 3);
    expect(adj.se).toBeCloseTo(0.5 * Math.sqrt(98 / (adj.effectiveN - 2)), 14);
    expect(adj.dof).toBeCloseTo(25.551, 3);
    expect(ar1Adjusted({ ...fit, n: 3, dof: 1 })).toBeNull();
    const s = { steps: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], values: [1, 1.2, 1.1, 1.5, 1.4, 1.9, 2.1, 2.0, 2.6, 3.1] };
    const d = divergenceTest(s, { scale: 'log', direction: 'increasing', errors: 'independent', level: 0.05, minPoints: 8 });
    expect([d.outcome, d.slope?.dof]).toEqual(['diverging', 8]);
    expect(d.slope!.p).toBeCloseTo(1.2377e-6, 9);
    expect(divergenceTest(s, { scale: 'log', direction: 'increasing', errors: 'independent', level: 0.05, minPoints: 12 }).outcome).toBe(
      'cannot-tell',
    );
    expect(reasonText({ code: 'too-few-points', points: 5, minimum: 8 })).toBe(
      '5 finite points in the window, fewer than the stated minimum of 8',
    );
  });

  it('two runs, and eval while train is non-finite', () => {
    const c = compareRuns(
      { label: 'forward', steps: [0, 1, 2], values: [1, 1, 1] },
      { label: 'reverse', steps: [0, 1, 2], values: [1, I, N] },
    );
    expect([c.firstOneSided, c.summary.b.nonFiniteToEndFrom]).toEqual([{ step: 1, nonFinite: 'b', kind: '+Inf' }, 1]);
    const w = finiteWhileNonFinite(
      { label: 'train/loss', steps: [0, 1, 2, 3], values: [2, N, I, N] },
      { label: 'eval/ppl', steps: [0, 2, 4], values: [9, 8, 8] },
      { minPoints: 1 },
    );
    expect([w.outcome, w.secondary.pointsInRanges, w.secondary.firstStep, w.secondary.lastStep]).toEqual(['stays-finite', 2, 2, 4]);
  });
});
