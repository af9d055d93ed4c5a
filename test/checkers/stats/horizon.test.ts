import { describe, it, expect } from 'vitest';
import { horizonAnalysis, significantFrom } from '../../../checkers/stats/horizon';
import { fitLog } from '../../../checkers/stats/growth-models';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';

describe('horizon analysis', () => {
  it('significantFrom is the start of the final run at or above the threshold', () => {
    const mk = (s: number[]) => s.map((sigma, i) => ({ maxX: 2 ** (i + 2), n: i + 3, b: 1, sigma }));
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
    const h = horizonAnalysis([...pts].reverse());
    expect(h.prefix.map((p) => p.maxX)).toEqual(xs.slice(2));
    for (const pf of h.prefix) {
      const direct = fitLog(pts.filter((p) => p.x <= pf.maxX));
      expect(pf.b).toBeCloseTo(direct.params.b!, 12);
      expect(pf.sigma).toBeCloseTo(direct.params.b! / direct.se.b!, 9);
    }
    expect(h.significantFrom).not.toBeNull();
  });

  it('keeps replicates with equal x together', () => {
    const pts = [1, 1, 2, 2, 4, 4].map((x, i) => ({ x, y: Math.log(x) + (i % 2) * 0.1 }));
    const h = horizonAnalysis(pts);
    expect(h.prefix.map((p) => [p.maxX, p.n])).toEqual([[2, 4], [4, 6]]);
  });
});
