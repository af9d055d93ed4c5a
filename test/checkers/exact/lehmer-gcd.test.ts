import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { gcd, euclidGcd, gcdMany } from '../../../checkers/exact/lehmer-gcd';
import { bitLength } from '../../../checkers/exact/bigint-bits';

/** Random BigInt of about `bits` bits from fast-check's integer stream. */
const bigOfBits = (bits: number) => fc.bigInt({ min: -(1n << BigInt(bits)), max: 1n << BigInt(bits) });

describe('Lehmer gcd', () => {
  it('agrees with plain Euclid on small and large numbers', () => {
    fc.assert(
      fc.property(bigOfBits(40), bigOfBits(40), (a, b) => {
        expect(gcd(a, b)).toBe(euclidGcd(a, b));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(bigOfBits(3000), bigOfBits(3000), bigOfBits(600), (a, b, g) => {
        expect(gcd(a * g, b * g)).toBe(euclidGcd(a * g, b * g));
      }),
      { numRuns: 40 },
    );
  });

  it('handles zeros, signs, equal values and Fibonacci pairs (worst case for Euclid)', () => {
    expect(gcd(0n, 0n)).toBe(0n);
    expect(gcd(0n, -5n)).toBe(5n);
    expect(gcd(-12n, 18n)).toBe(6n);
    const x = (1n << 4000n) + 12345n;
    expect(gcd(x, x)).toBe(x);
    let [f0, f1] = [0n, 1n];
    for (let i = 0; i < 3000; i++) [f0, f1] = [f1, f0 + f1];
    expect(gcd(f1, f0)).toBe(1n);
    expect(gcd(f1 * 91n, f0 * 91n)).toBe(91n);
  });

  it('gcdMany folds the list', () => {
    expect(gcdMany([4n, -6n, 10n])).toBe(2n);
    expect(gcdMany([])).toBe(0n);
    expect(gcdMany([0n, 0n, 9n])).toBe(9n);
  });
});

describe('bitLength', () => {
  it('matches the binary string length, with and without hints', () => {
    fc.assert(
      fc.property(bigOfBits(5000), fc.integer({ min: 0, max: 8000 }), (n, hint) => {
        const expected = n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
        expect(bitLength(n)).toBe(expected);
        expect(bitLength(n, hint)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    for (const k of [0, 1, 52, 53, 54, 999, 1000, 1001, 1023, 1024, 20000]) {
      expect(bitLength(1n << BigInt(k))).toBe(k + 1);
      expect(bitLength((1n << BigInt(k)) - 1n)).toBe(k);
    }
  });
});
