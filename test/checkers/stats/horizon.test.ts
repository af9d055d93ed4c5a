import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { horizonAnalysis, significantFrom } from '../../../checkers/stats/horizon';
import { fitLog } from '../../../checkers/stats/growth-models';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { normalTwoSided, tTwoSided } from '../../../checkers/stats/student-t';

/** Minimums that let every prefix of 3 points or more in (the pre-issue-19 behaviour, to test the updates). */
const ANY = { points: 2, xRange: 1 };

describe('horizon analysis', () => {
  it('significantFrom is the start of the final run at or above the threshold', () => {
    const mk = (s: number[]) => s.map((sigma, i) => ({ maxX: 2 ** (i + 2), sigma }));
    expect(significantFrom(mk([1, 6, 4, 7, 8]))).toBe(32);
    expect(significantFrom(mk([6, 7, 8]))).toBe(4);
    expect(significantFrom(mk([6, 7, 4]))).toBeNull();
    expect(significantFrom(mk([]))).toBeNull();
    expect(significantFrom(mk([5, 5]))).toBe(4); // "at or above"
  });

  it('fits every prefix from the 3rd point on, each equal to a direct fit of that prefix', () => {
    const rng = new Xoshiro128(5);
    const xs = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
    const pts = xs.map((x) => ({ x, y: 0.3 + 0.25 * Math.log(x) + 0.05 * rng.nextNormal(), se: 0.05 }));
    const h = horizonAnalysis([...pts].reverse(), 5, ANY);
    expect(h.prefix.map((p) => p.maxX)).toEqual(xs.slice(2));
    for (const pf of h.prefix) {
      const direct = fitLog(pts.filter((p) => p.x <= pf.maxX));
      expect(pf.b).toBeCloseTo(direct.params.b!, 12);
      expect(pf.sigma).toBeCloseTo(direct.params.b! / direct.se.b!, 9);
      // Known se: b/se(b) is exactly Gaussian under "no slope", so the p-value is the normal one.
      expect([pf.test, pf.dof]).toEqual(['z', pf.n - 2]);
      expect(pf.p).toBeCloseTo(normalTwoSided(pf.sigma), 14);
    }
    expect(h.significantFrom).not.toBeNull();
  });

  it('starts where the minimums are met (6 distinct x, xmax/xmin >= 10) and gives t p-values without se', () => {
    const xs = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
    const pts = xs.map((x, i) => ({ x, y: 0.3 + 0.25 * Math.log(x) + (i % 2 ? 0.01 : -0.01) }));
    const h = horizonAnalysis(pts);
    expect(h.prefix.map((p) => p.maxX)).toEqual([64, 128, 256, 512, 1024]);
    for (const pf of h.prefix) {
      expect([pf.test, pf.dof]).toEqual(['t', pf.n - 2]);
      expect(pf.p).toBeCloseTo(tTwoSided(pf.sigma, pf.n - 2), 14);
    }
    // The 4-row table meets neither minimum: no prefix at all.
    expect(horizonAnalysis(xs.slice(0, 4).map((x) => ({ x, y: Math.log(x) }))).prefix).toEqual([]);
  });

  it('keeps replicates with equal x together', () => {
    const pts = [1, 1, 2, 2, 4, 4].map((x, i) => ({ x, y: Math.log(x) + (i % 2) * 0.1 }));
    const h = horizonAnalysis(pts, 5, ANY);
    expect(h.prefix.map((p) => [p.maxX, p.n])).toEqual([
      [2, 4],
      [4, 6],
    ]);
  });

  // Two methods (FLINT's rule): the updated QR factorisation against a Householder fit of each prefix from
  // scratch, on random data with and without known errors and with repeated x.
  it('updated prefix fits equal direct fits of each prefix (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 3, max: 60 }),
        fc.boolean(),
        fc.boolean(),
        (seed, n, weighted, ties) => {
          const rng = new Xoshiro128(seed);
          const pts = Array.from({ length: n }, (_, i) => {
            const x = ties ? 1 + Math.floor(i / 2) : 1 + i + rng.nextFloat();
            const se = 0.01 + rng.nextFloat();
            return { x, y: 2 - 0.3 * Math.log(x) + se * rng.nextNormal(), ...(weighted ? { se } : {}) };
          });
          const h = horizonAnalysis(pts, 5, ANY);
          for (const pf of h.prefix) {
            const direct = fitLog(pts.filter((p) => p.x <= pf.maxX));
            expect(pf.n).toBe(pts.filter((p) => p.x <= pf.maxX).length);
            expect(Math.abs(pf.b - direct.params.b!)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(direct.params.b!)));
            const sigma = direct.params.b! / direct.se.b!;
            expect(Math.abs(pf.sigma - sigma)).toBeLessThanOrEqual(1e-7 * (1 + Math.abs(sigma)));
          }
        },
      ),
      { numRuns: 200, seed: 20261130 },
    );
  });

  it('is linear: 200,000 points give 199,982 prefix fits (from x = 20, a decade above x = 2), the last equal to the full fit', () => {
    const pts = Array.from({ length: 200_000 }, (_, i) => ({ x: i + 2, y: 0.5 + 0.25 * Math.log(i + 2) + (i % 3) * 0.01 }));
    const h = horizonAnalysis(pts);
    expect(h.prefix).toHaveLength(199_982);
    expect(h.prefix[0]!.maxX).toBe(20);
    const full = fitLog(pts);
    expect(h.prefix.at(-1)!.b).toBeCloseTo(full.params.b!, 12);
  });
});
