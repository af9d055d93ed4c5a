// The examples written in the doc comments of checkers/geometry, run so they cannot rot.
import { describe, it, expect } from 'vitest';
import { exactFloat, filteredSign, scaleToFloats } from '../../../checkers/geometry/filtered';
import { cross3Int, det2Int, dotInt, orientation2, signDot } from '../../../checkers/geometry/predicates';
import { exactKernel } from '../../../checkers/geometry/sign-kernel';
import { originInClosedHull } from '../../../checkers/geometry/origin-in-hull';
import { originInClosedHullLP } from '../../../checkers/geometry/hull-lp';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { ballKernel, ballSign, bMul } from '../../../checkers/geometry/ball-kernel';
import { undecidedKernel } from '../../../checkers/geometry/undecided-kernel';

describe('checkers/geometry doc examples', () => {
  it('filtered.ts', () => {
    expect(exactFloat(3)).toEqual({ v: 3, e: 0 });
    expect(filteredSign({ v: 1, e: 0.5 })).toBe(1);
    expect(filteredSign({ v: 1e-20, e: 1e-16 })).toBeNull();
    const s = scaleToFloats([1n << 100n, 3n]);
    expect(s.shift).toBe(48);
    expect(s.floats).toEqual([
      { v: 2 ** 52, e: 1 },
      { v: 0, e: 1 },
    ]);
  });
  it('predicates.ts and sign-kernel.ts', () => {
    expect(dotInt([1n, 2n], [3n, -4n])).toBe(-5n);
    expect(det2Int([1n, 0n], [0n, 1n])).toBe(1n);
    expect(cross3Int([1n, 0n, 0n], [0n, 1n, 0n])).toEqual([0n, 0n, 1n]);
    expect(signDot(RationalVector.from(['1/2', -1]), RationalVector.from([2, 1]))).toBe(0);
    const v = (a: number, b: number) => RationalVector.from([a, b]);
    expect(orientation2(v(0, 0), v(1, 0), v(0, 1))).toBe(1);
    expect(
      exactKernel([
        [1n, 0n],
        [0n, 1n],
      ]).orient2(0, 1),
    ).toBe(1);
  });
  it('origin-in-hull.ts and hull-lp.ts', () => {
    expect(
      originInClosedHull(
        [
          ['-1', '0'],
          ['1', '1'],
          ['1', '-1'],
        ].map((p) => RationalVector.from(p)),
      ),
    ).toBe(true);
    const lp = originInClosedHullLP(
      [
        [1, 0, 0, 0],
        [-1, 1, 0, 0],
        [0, -1, 0, 0],
      ].map((p) => RationalVector.from(p)),
    );
    expect(lp.weights!.map(String)).toEqual(['1/3', '1/3', '1/3']);
  });
  it('ball-kernel.ts', () => {
    expect(bMul({ m: 2n, r: 1n }, { m: 3n, r: 0n })).toEqual({ m: 6n, r: 3n });
    expect(ballSign({ m: 5n, r: 4n })).toBe(1);
    expect(ballSign({ m: 0n, r: 0n })).toBeNull();
    expect(ballKernel([1n, 0n, 0n, 1n], [0n, 0n, 0n, 0n], 2, 2, () => undecidedKernel(2, 2)).orient2(0, 1)).toBe(1);
  });
});
