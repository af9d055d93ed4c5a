// The examples written in the doc comments of checkers/exact, run so they cannot rot.
import { describe, it, expect } from 'vitest';
import { Rational } from '../../../checkers/exact/rational';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { absBig, bitLength, scaledFloat } from '../../../checkers/exact/bigint-bits';
import { gcd, gcdMany } from '../../../checkers/exact/lehmer-gcd';
import { integerDeterminant, solveExact } from '../../../checkers/exact/bareiss';

describe('checkers/exact doc examples', () => {
  it('rational.ts', () => {
    expect(Rational.of(6n, -4n).toString()).toBe('-3/2');
    expect(Rational.from('0.75').toString()).toBe('3/4');
    expect(() => Rational.from(0.5)).toThrow();
    expect(Rational.parse('-1.25e1').toString()).toBe('-25/2');
    expect(Rational.parse('1/3').compare('0.3')).toBe(1);
    expect(Rational.parse('1/4').toNumber()).toBe(0.25);
  });
  it('bigint-bits.ts and lehmer-gcd.ts', () => {
    expect(absBig(-5n)).toBe(5n);
    expect(bitLength(255n)).toBe(8);
    expect(bitLength(-256n)).toBe(9);
    expect(scaledFloat(1000n, 3)).toBe(125);
    expect(gcd(-12n, 18n)).toBe(6n);
    expect(gcdMany([4n, 6n, 10n])).toBe(2n);
  });
  it('rational-vector.ts and rational-matrix.ts', () => {
    expect(RationalVector.of([1n, 2n], 4n).toStrings()).toEqual(['1/4', '1/2']);
    const v = RationalVector.from(['1/2', '1/3']);
    expect([v.den, v.nums]).toEqual([6n, [3n, 2n]]);
    expect(v.dot(RationalVector.from([2, 3])).toString()).toBe('2');
    expect(RationalMatrix.of(1, 2, [1n, 3n], 2n).toRationals()[0]!.map(String)).toEqual(['1/2', '3/2']);
    expect(RationalMatrix.from([['1/2', 1], [0, '2/3']]).den).toBe(6n);
  });
  it('bareiss.ts', () => {
    expect(integerDeterminant([2n, 1n, 1n, 3n], 2)).toBe(5n);
    expect(solveExact(RationalMatrix.from([[2, 1], [1, 3]]), RationalVector.from([3, 5]))!.toStrings()).toEqual(['4/5', '7/5']);
  });
});
