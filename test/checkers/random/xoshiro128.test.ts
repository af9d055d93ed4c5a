import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Xoshiro128, splitSeed, shuffled } from '../../../checkers/random/xoshiro128';

// Pinned outputs computed by the independent Python reference beside this file (xoshiro128_reference.py).
const REFERENCE: [number, number[]][] = [
  [0, [3809008728, 1133695204, 53579671, 2891528803, 139681546]],
  [1, [2442144158, 3238099751, 3819917871, 2104621829, 2021136066]],
  [42, [2837322924, 544945897, 479756282, 3500138142, 339756180]],
  [0xffffffff, [835879718, 1921286648, 2356205009, 1885780724, 980451116]],
];

describe('Xoshiro128', () => {
  it('matches the Python reference stream for several seeds', () => {
    for (const [seed, expected] of REFERENCE) {
      const rng = new Xoshiro128(seed);
      expect(expected.map(() => rng.nextUint32())).toEqual(expected);
    }
  });

  it('splitSeed matches the Python reference', () => {
    expect([0, 1, 2, 3].map((i) => splitSeed(42, i))).toEqual([3251192044, 499350065, 1142590175, 4076053431]);
    expect(splitSeed(0xffffffff, 123456)).toBe(1391285443);
  });

  it('rejects seeds outside [0, 2^32)', () => {
    expect(() => new Xoshiro128(-1)).toThrow(RangeError);
    expect(() => new Xoshiro128(2 ** 32)).toThrow(RangeError);
    expect(() => new Xoshiro128(1.5)).toThrow(RangeError);
  });

  it('nextInt stays in range and is roughly uniform (chi-square, 6 cells, 60000 draws)', () => {
    const rng = new Xoshiro128(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[rng.nextInt(6)]! += 1;
    const chi2 = counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
    expect(chi2).toBeLessThan(20.5); // 99.9% quantile of chi-square with 5 degrees of freedom
  });

  it('nextFloat is in [0, 1) with mean near 1/2 and nextNormal has variance near 1', () => {
    const rng = new Xoshiro128(11);
    let sum = 0;
    let sq = 0;
    const n = 40000;
    for (let i = 0; i < n; i++) {
      const u = rng.nextFloat();
      expect(u >= 0 && u < 1).toBe(true);
      sum += u;
      const z = rng.nextNormal();
      sq += z * z;
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(sq / n - 1)).toBeLessThan(5 * Math.sqrt(2 / n));
  });

  it('shuffled is a permutation and is deterministic per seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.nat(0xffffffff), (items, seed) => {
        const a = shuffled(items, new Xoshiro128(seed));
        const b = shuffled(items, new Xoshiro128(seed));
        expect(a).toEqual(b);
        expect([...a].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
  });
});
