import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactDecimalOfFloat64 } from '../../../checkers/precise/float64';

/** Independent oracle: scale by 2 until the double is an integer (exact in binary), giving x = m / 2^k. */
function dyadic(x: number): { m: bigint; k: number } {
  let k = 0;
  let y = x;
  while (!Number.isInteger(y)) {
    y *= 2;
    k++;
  }
  return { m: BigInt(y), k };
}

/** The decimal string `<int>e-<k>` or `<int>` as digits / 10^scale. */
function decimalParts(s: string): { digits: bigint; scale: number } {
  const [int = '', exp] = s.split('e-');
  return { digits: BigInt(int), scale: exp === undefined ? 0 : Number(exp) };
}

describe('exactDecimalOfFloat64', () => {
  it('writes the documented example', () => {
    expect(exactDecimalOfFloat64(0.1)).toBe('1000000000000000055511151231257827021181583404541015625e-55');
    expect(exactDecimalOfFloat64(-3)).toBe('-3');
    expect(exactDecimalOfFloat64(2 ** 80)).toBe((2n ** 80n).toString());
    expect(exactDecimalOfFloat64(5e-324)).toMatch(/e-1074$/);
  });

  it('is exact: digits / 10^scale equals m / 2^k', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const { digits, scale } = decimalParts(exactDecimalOfFloat64(x));
        const { m, k } = dyadic(x);
        return digits * 2n ** BigInt(k) === m * 10n ** BigInt(scale);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses non-finite numbers', () => {
    expect(() => exactDecimalOfFloat64(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });
});
