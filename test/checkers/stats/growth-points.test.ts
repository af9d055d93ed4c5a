// The columnar form of the growth analysis (issue 25): the same order, counts and numbers as the point objects'
// code it replaced, and the covariance without a right-hand side equal to the full fit's, bit for bit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distinctX, growthColumns, sliceRows, sortedByX } from '../../../checkers/stats/growth-points';
import { designCovariance, designCovarianceInPlace, fitLinearColumns } from '../../../checkers/stats/wls';
import { fitGrowth, fitGrowthColumns, fitLaws, fitLawsColumns } from '../../../checkers/stats/growth-fit';
import { horizonAnalysis, horizonColumns, prefixAt } from '../../../checkers/stats/horizon';

const pointsArb = fc.array(
  fc.record({ x: fc.integer({ min: 1, max: 40 }).map((v) => v / 4), y: fc.double({ min: -5, max: 5, noNaN: true }) }),
  { minLength: 1, maxLength: 60 },
);

describe('growth columns', () => {
  it('sortedByX is the stable sort of the points by x (ties keep their order)', () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        const sorted = [...points].sort((p, q) => p.x - q.x);
        const cols = sortedByX(growthColumns(points));
        expect([...cols.x]).toEqual(sorted.map((p) => p.x));
        expect([...cols.y]).toEqual(sorted.map((p) => p.y));
      }),
      { seed: 25, numRuns: 300 },
    );
  });

  it('distinctX counts as a Set of the x values does', () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        expect(distinctX(growthColumns(points).x)).toBe(new Set(points.map((p) => p.x)).size);
      }),
      { seed: 26, numRuns: 300 },
    );
    expect(distinctX(new Float64Array([0, -0, 1]))).toBe(new Set([0, -0, 1]).size);
  });

  it('keeps the standard errors with their rows, and refuses points where only some have one', () => {
    const cols = sortedByX(
      growthColumns([
        { x: 3, y: 1, se: 0.3 },
        { x: 1, y: 2, se: 0.1 },
      ]),
    );
    expect([...(cols.se as Float64Array)]).toEqual([0.1, 0.3]);
    expect([...(sliceRows(cols, 1).se as Float64Array)]).toEqual([0.1]);
    expect(() =>
      growthColumns([
        { x: 1, y: 1, se: 1 },
        { x: 2, y: 2 },
      ]),
    ).toThrow(/1 of 2 points have a standard error/);
  });

  it('the covariance alone equals the full fit covariance, bit for bit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0.1, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true })), {
          minLength: 4,
          maxLength: 40,
        }),
        (rows) => {
          const cols = [
            new Float64Array(rows.length).fill(1),
            Float64Array.from(rows, ([x]) => Math.log(x)),
            Float64Array.from(rows, ([x]) => 1 / x),
          ];
          const w = Float64Array.from(rows, ([, s]) => 1 / (s * s));
          let full: number[][];
          try {
            full = fitLinearColumns(cols, new Float64Array(rows.length), { weights: w, knownErrors: true }).covariance;
          } catch {
            expect(() => designCovariance(cols, w)).toThrow();
            return;
          }
          expect(designCovariance(cols, w)).toEqual(full);
          expect(
            designCovarianceInPlace(
              cols.map((c) => Float64Array.from(c)),
              w,
            ),
          ).toEqual(full);
        },
      ),
      { seed: 27, numRuns: 200 },
    );
  });

  it('the columnar fits give the object fits, unsorted rows and ties included', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({
      x: 2 + ((i * 37) % 97),
      y: 1 + 0.2 * Math.log(2 + ((i * 37) % 97)) + ((i * 13) % 7) / 100,
    }));
    const byObjects = fitGrowth(points);
    const byColumns = fitGrowthColumns(growthColumns(points));
    expect({ ...byColumns, prefix: Array.from({ length: byColumns.prefix.count }, (_, i) => prefixAt(byColumns.prefix, i)) }).toEqual(
      byObjects,
    );
    expect(fitLawsColumns(growthColumns(points))).toEqual(fitLaws(points));
    const h = horizonColumns(growthColumns(points));
    expect(Array.from({ length: h.prefix.count }, (_, i) => prefixAt(h.prefix, i))).toEqual(horizonAnalysis(points).prefix);
  });
});
