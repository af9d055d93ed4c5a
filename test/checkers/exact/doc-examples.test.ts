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
    expect(
      RationalMatrix.from([
        ['1/2', 1],
        [0, '2/3'],
      ]).den,
    ).toBe(6n);
  });
  it('bareiss.ts', () => {
    expect(integerDeterminant([2n, 1n, 1n, 3n], 2)).toBe(5n);
    expect(
      solveExact(
        RationalMatrix.from([
          [2, 1],
          [1, 3],
        ]),
        RationalVector.from([3, 5]),
      )!.toStrings(),
    ).toEqual(['4/5', '7/5']);
  });
});

describe('checkers/exact doc examples (issue 13 operations)', () => {
  it('rational.ts: rounding, mod, pow, gcd, lcm, decimal output, float64', async () => {
    const { Rational: R } = await import('../../../checkers/exact/rational');
    expect(R.parse('-7/2').floor().toString()).toBe('-4');
    expect(R.parse('7/2').ceil().toString()).toBe('4');
    expect([
      R.parse('5/2').round().toString(),
      R.parse('5/2').round('half-up').toString(),
      R.parse('-5/2').round('half-up').toString(),
    ]).toEqual(['2', '3', '-3']);
    expect(R.parse('-7/2').mod(2).toString()).toBe('1/2');
    expect(R.parse('-2/3').pow(-3).toString()).toBe('-27/8');
    expect(R.parse('1/2').gcd('3/4').toString()).toBe('1/4');
    expect(R.from(12).gcd(18).toString()).toBe('6');
    expect(R.parse('1/2').lcm('3/4').toString()).toBe('3/2');
    expect(R.from(4).lcm(6).toString()).toBe('12');
    expect(R.parse('2/3').toFixed(3)).toBe('0.667');
    expect(R.parse('-1/8').toFixed(2, 'half-up')).toBe('-0.13');
    expect(R.parse('2/3').toPrecision(3)).toBe('667e-3');
    expect(R.parse('1/6').toRepeatingDecimal()).toBe('0.1(6)');
    expect(R.parse('-22/7').toRepeatingDecimal()).toBe('-3.(142857)');
    expect(R.parse('1/8').toRepeatingDecimal()).toBe('0.125');
    expect(R.fromFloat64(0.1).toString()).toBe('3602879701896397/36028797018963968');
    expect(R.fromFloat64(-0.5).toString()).toBe('-1/2');
  });

  it('rounding.ts, rational-decimal.ts, integer-roots.ts, approximation.ts', async () => {
    const { roundQuotient, isRoundingMode } = await import('../../../checkers/exact/rounding');
    const { floorLog10, roundSignificant, toFixedDecimal, repeatingDecimal } = await import('../../../checkers/exact/rational-decimal');
    const { integerRoot, exactRoot, powersEqual } = await import('../../../checkers/exact/integer-roots');
    const { simplestInInterval, simplestWithin, bestApproximation } = await import('../../../checkers/exact/approximation');
    expect([roundQuotient(5n, 2n, 'half-even'), roundQuotient(-5n, 2n, 'half-up'), roundQuotient(-7n, 2n, 'floor')]).toEqual([
      2n,
      -3n,
      -4n,
    ]);
    expect([isRoundingMode('floor'), isRoundingMode('nearest')]).toEqual([true, false]);
    expect([floorLog10(999n, 1n), floorLog10(1n, 1000n)]).toEqual([2, -3]);
    expect(roundSignificant(2n, 3n, 3, 'half-even')).toEqual({ coefficient: 667n, exponent: -3 });
    expect([toFixedDecimal(-1n, 8n, 2, 'half-even'), toFixedDecimal(5n, 2n, 0, 'half-up')]).toEqual(['-0.12', '3']);
    expect(repeatingDecimal(1n, 6n)).toEqual({ negative: false, integer: 0n, prefix: '1', period: '6' });
    expect([integerRoot(1000n, 3), integerRoot(999n, 3), exactRoot(243n, 5)]).toEqual([10n, 9n, 3n]);
    expect([powersEqual(8n, 2n, 4n, 3n), powersEqual(2n, 10n ** 17n, 4n, 5n * 10n ** 16n)]).toEqual([true, true]);
    expect(simplestInInterval(Rational.parse('0.3'), Rational.parse('0.34')).toString()).toBe('1/3');
    expect(simplestWithin(Rational.parse('3.14159'), Rational.parse('0.001')).toString()).toBe('201/64');
    expect(bestApproximation(Rational.parse('3.141592653589793'), 1000n).toString()).toBe('355/113');
  });
});
