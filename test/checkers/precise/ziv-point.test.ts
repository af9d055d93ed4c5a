// A point enclosure (both ends the same float) is the exact value, a dyadic rational: it is rounded exactly in
// the mode asked for, ties included, even when the problem cannot recognise the value as exact (equals: false).
// Before, a point tie was rounded by MPFR's nearest-even and the answer still claimed correct rounding (issue 25).
import { beforeAll, describe, expect, it } from 'vitest';
import { Rational } from '../../../checkers/exact/rational';
import { ROUNDING_MODES } from '../../../checkers/exact/rounding';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { correctlyRounded, type ZivProblem } from '../../../checkers/precise/ziv';

let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

const point = (num: bigint, den: bigint): ZivProblem => ({
  name: 'point',
  enclose: (I) => I.rational(num, den),
  equals: () => false,
  extraBits: 0,
});

describe('Ziv rounding of a point enclosure', () => {
  it('rounds the exact tie 3141/2 = 1570.5 by each mode', () => {
    const want: Record<string, number> = {
      'half-even': 1570,
      'half-up': 1571,
      'half-down': 1570,
      up: 1571,
      down: 1570,
      'toward-zero': 1570,
      'away-from-zero': 1571,
      floor: 1570,
      ceiling: 1571,
    };
    for (const mode of ROUNDING_MODES)
      expect([mode, Number(correctlyRounded(mpfr, point(3141n, 2n), 4, mode))]).toEqual([mode, want[mode]]);
  });

  it('negative ties, and ties far below one (dyadic: -7/2^40)', () => {
    expect(Number(correctlyRounded(mpfr, point(-7n, 2n), 1, 'half-up'))).toBe(-4);
    expect(Number(correctlyRounded(mpfr, point(-7n, 2n), 1, 'half-down'))).toBe(-3);
    const tiny = Rational.of(-7n, 2n ** 40n);
    const text = correctlyRounded(mpfr, point(tiny.num, tiny.den), 3, 'floor');
    expect(Number(text)).toBe(-6.37e-12); // -6.3664629124104977e-12 rounded down to 3 digits
  });
});

describe('Ziv rounding of a point at high precision', () => {
  it('a tie enclosed at 3000 bits (a long mantissa of trailing zeros) is still rounded exactly', () => {
    const many: ZivProblem = { ...point(3141n, 2n), extraBits: 3000 };
    expect(Number(correctlyRounded(mpfr, many, 4, 'half-up'))).toBe(1571);
  });
});
