import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import { exp, ln, sqrt, sub } from '../../../checkers/interval/ops';
import { DomainError } from '../../../checkers/errors';
import { enclosesApprox, width } from './oracle';

const mpfr = await loadMpfr();
const BITS = 128;
// Second, independent evaluation: decimal.js (correctly rounded ln / exp / sqrt) at 120 digits, far beyond
// the 128-bit (38-digit) intervals, so an endpoint rounded the wrong way would be caught.
const Ref = Decimal.clone({ precision: 120 });
const tolerance = (ref: Decimal) => new Ref(10).pow(ref.isZero() ? -118 : ref.e - 118);

/** Decimal strings m * 10^e. */
const decimalString = (maxMantissa: bigint, minExp: number, maxExp: number) =>
  fc.tuple(fc.bigInt({ min: 1n, max: maxMantissa }), fc.integer({ min: minExp, max: maxExp })).map(([m, e]) => `${m}e${e}`);

/** Tightness: width at most 4 ulps of the value at BITS bits. */
const tight = (w: Decimal, ref: Decimal) => w.lte(ref.abs().times(new Ref(2).pow(2 - BITS)));

describe('interval exp, ln and sqrt enclose the exact value', () => {
  it('ln of positive decimals', () => {
    fc.assert(
      fc.property(decimalString(10n ** 30n, -60, 30), (x) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const b = I.bounds(ln(I.enclose(x)));
          const ref = new Ref(x).ln();
          // the input's relative rounding (2^-BITS) becomes an absolute error of ln: allow (|ln x| + 1) ulps
          return enclosesApprox(b, ref, tolerance(ref)) && tight(width(b), ref.abs().plus(1));
        }),
      ),
      { seed: 501, numRuns: 50, endOnFailure: true },
    );
  });

  it('exp of signed decimals up to |x| = 1e4', () => {
    fc.assert(
      fc.property(decimalString(10n ** 20n, -40, -16), fc.boolean(), (x, negative) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const s = negative ? `-${x}` : x;
          const b = I.bounds(exp(I.enclose(s)));
          const ref = new Ref(s).exp();
          // exp amplifies the input rounding by |x|: allow width proportional to 1 + |x|
          const allowed = ref.times(new Ref(2).pow(2 - BITS)).times(new Ref(s).abs().plus(1));
          return enclosesApprox(b, ref, tolerance(ref)) && width(b).lte(allowed);
        }),
      ),
      { seed: 502, numRuns: 50, endOnFailure: true },
    );
  });

  it('sqrt of non-negative decimals', () => {
    fc.assert(
      fc.property(decimalString(10n ** 30n, -60, 30), (x) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const b = I.bounds(sqrt(I.enclose(x)));
          const ref = new Ref(x).sqrt();
          return enclosesApprox(b, ref, tolerance(ref)) && tight(width(b), ref);
        }),
      ),
      { seed: 503, numRuns: 50, endOnFailure: true },
    );
  });

  it('is exact where the value is exact', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      expect(I.bounds(ln(I.enclose(1)))).toEqual({ lo: { num: 0n, den: 1n }, hi: { num: 0n, den: 1n } });
      expect(I.bounds(exp(I.enclose(0)))).toEqual({ lo: { num: 1n, den: 1n }, hi: { num: 1n, den: 1n } });
      expect(I.bounds(sqrt(I.enclose('6.25')))).toEqual({ lo: { num: 5n, den: 2n }, hi: { num: 5n, den: 2n } });
    });
  });

  it('handles huge and tiny exponents', () => {
    withIntervals(mpfr, { bits: BITS }, (I) => {
      const R = Decimal.clone({ precision: 120 });
      const big = I.bounds(exp(I.enclose('1e6')));
      expect(enclosesApprox(big, new R('1e6').exp(), new R(10).pow(434294 - 110))).toBe(true);
      const small = I.bounds(ln(I.enclose('1e-1000000')));
      expect(enclosesApprox(small, new R(10).ln().times(-1e6), new R('1e-100'))).toBe(true);
    });
  });

  it('raises DomainError outside the domain, for undecidable signs, and on overflow', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      expect(() => ln(I.enclose(0))).toThrow(DomainError);
      expect(() => ln(I.enclose('-2'))).toThrow(/not positive/);
      // 0.1 - 0.1 as intervals straddles 0: its sign is not known, so ln and sqrt must refuse it
      const straddle = sub(I.enclose('0.1'), I.enclose('0.1'));
      expect(() => ln(straddle)).toThrow(/not certainly positive/);
      expect(() => sqrt(straddle)).toThrow(/not certainly non-negative/);
      expect(() => sqrt(I.enclose('-1'))).toThrow(DomainError);
      expect(() => exp(I.enclose('1e12'))).toThrow(/exponent range/);
    });
  });
});
