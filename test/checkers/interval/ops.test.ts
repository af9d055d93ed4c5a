import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import { add, div, mul, neg, sub, sum } from '../../../checkers/interval/ops';
import { DomainError } from '../../../checkers/errors';
import { encloses, q, qAdd, qDiv, qLe, qMul, qSub, type Q } from './oracle';

const mpfr = await loadMpfr();

/** Rationals with numerators and denominators up to ~2^100 (so low precisions must round). */
const rational = fc
  .tuple(fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }), fc.bigInt({ min: 1n, max: 2n ** 100n }))
  .map(([n, d]) => q(n, d));
const nonzero = rational.filter((x) => x.num !== 0n);
const precisionBits = fc.constantFrom(8, 24, 53, 113, 300);

describe('interval + - x / enclose the exact rational result', () => {
  it('for single operations, at several precisions', () => {
    fc.assert(
      fc.property(precisionBits, rational, nonzero, (bits, a, b) =>
        withIntervals(mpfr, { bits }, (I) => {
          const x = I.rational(a.num, a.den);
          const y = I.rational(b.num, b.den);
          return (
            encloses(I.bounds(add(x, y)), qAdd(a, b)) &&
            encloses(I.bounds(sub(x, y)), qSub(a, b)) &&
            encloses(I.bounds(mul(x, y)), qMul(a, b)) &&
            encloses(I.bounds(div(x, y)), qDiv(a, b)) &&
            encloses(I.bounds(neg(x)), q(-a.num, a.den))
          );
        }),
      ),
      { seed: 401, numRuns: 300, endOnFailure: true },
    );
  });

  it('for compound expressions ((a - b) * c / d + a) built from intervals', () => {
    fc.assert(
      fc.property(precisionBits, rational, rational, rational, nonzero, (bits, a, b, c, d) =>
        withIntervals(mpfr, { bits }, (I) => {
          const [x, y, z, w] = [a, b, c, d].map((r: Q) => I.rational(r.num, r.den)) as [never, never, never, never];
          const r = add(div(mul(sub(x, y), z), w), x);
          return encloses(I.bounds(r), qAdd(qDiv(qMul(qSub(a, b), c), d), a));
        }),
      ),
      { seed: 402, numRuns: 200, endOnFailure: true },
    );
  });

  it('sum of many terms encloses the exact sum and is tight', () => {
    // Dyadic inputs m / 2^k with 60-bit m are points at 64 bits, so only the sum itself rounds.
    const dyadic = fc
      .tuple(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), fc.integer({ min: 0, max: 200 }))
      .map(([m, k]) => q(m, 2n ** BigInt(k)));
    fc.assert(
      fc.property(fc.array(dyadic, { minLength: 0, maxLength: 40 }), (xs) =>
        withIntervals(mpfr, { bits: 64 }, (I) => {
          const exact = xs.reduce(qAdd, q(0n, 1n));
          const b = I.bounds(
            sum(
              I,
              xs.map((x) => I.rational(x.num, x.den)),
            ),
          );
          // correctly rounded endpoints: each within one ulp, so hi - lo <= 2^-62 |exact|
          const w = qSub(b.hi, b.lo);
          const magnitude = q(exact.num < 0n ? -exact.num : exact.num, exact.den);
          return encloses(b, exact) && qLe(qMul(w, q(2n ** 62n, 1n)), magnitude);
        }),
      ),
      { seed: 403, numRuns: 200, endOnFailure: true },
    );
  });

  it('is tight: a point input stays a point and 0.1 is bracketed by its two binary neighbours', () => {
    withIntervals(mpfr, { bits: 53 }, (I) => {
      expect(I.bounds(I.enclose(3))).toEqual({ lo: { num: 3n, den: 1n }, hi: { num: 3n, den: 1n } });
      const tenth = I.bounds(I.enclose('0.1'));
      // The doubles next to 0.1 (ulp 2^-56 there): 3602879701896397 / 2^55 above, one ulp less below.
      expect(tenth.hi).toEqual({ num: 3602879701896397n, den: 2n ** 55n });
      expect(tenth.lo).toEqual({ num: 7205759403792793n, den: 2n ** 56n });
      expect(I.bounds(I.float64(0.1))).toEqual({ lo: tenth.hi, hi: tenth.hi });
    });
  });

  it('rejects division by an interval containing zero', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      expect(() => div(I.enclose(1), I.enclose(0))).toThrow(DomainError);
      expect(() => div(I.enclose(1), sub(I.enclose('0.1'), I.enclose('0.1')))).toThrow(/contains zero/);
    });
  });
});
