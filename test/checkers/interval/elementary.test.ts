import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import { abs, cbrt, expm1, log10, log1p, log2, max, min, powInt, powPositive, root } from '../../../checkers/interval/elementary';
import { sub } from '../../../checkers/interval/ops';
import { DomainError } from '../../../checkers/errors';
import { UndecidedError } from '../../../checkers/interval/undecided';
import { encloses, enclosesApprox, q, qMul, width, type Q } from './oracle';

const mpfr = await loadMpfr();
const BITS = 128;
// decimal.js at 120 digits: correctly rounded ln, exp, pow; far beyond the 128-bit (38-digit) intervals.
const Ref = Decimal.clone({ precision: 120 });
const tol = (ref: Decimal) => new Ref(10).pow(ref.isZero() ? -118 : ref.e - 118);
const decimalString = (maxMantissa: bigint, minExp: number, maxExp: number) =>
  fc.tuple(fc.bigInt({ min: 1n, max: maxMantissa }), fc.integer({ min: minExp, max: maxExp })).map(([m, e]) => `${m}e${e}`);
/** Relative tightness: width at most `ulps` units of 2^-BITS of |ref| (plus the input's contribution `extra`). */
const tight = (w: Decimal, ref: Decimal, ulps: number, extra = new Ref(0)) =>
  w.lte(ref.abs().times(new Ref(2).pow(-BITS)).times(ulps).plus(extra));

describe('interval log1p, expm1, log2, log10, roots and powers enclose the exact value', () => {
  it('log1p and expm1 near 0 keep full relative accuracy', () => {
    fc.assert(
      fc.property(decimalString(10n ** 20n, -60, -21), fc.boolean(), (x, negative) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const s = negative ? `-${x}` : x; // |x| < 1
          // 1 + x and e^x - 1 cancel up to 60 digits: the reference works at 300 digits
          const Wide = Decimal.clone({ precision: 300 });
          const l1 = new Wide(s).plus(1).ln();
          const e1 = new Wide(s).exp().minus(1);
          const a = I.bounds(log1p(I.enclose(s)));
          const b = I.bounds(expm1(I.enclose(s)));
          return (
            enclosesApprox(a, new Ref(l1), tol(new Ref(l1))) &&
            enclosesApprox(b, new Ref(e1), tol(new Ref(e1))) &&
            tight(width(a), new Ref(l1), 4) &&
            tight(width(b), new Ref(e1), 4)
          );
        }),
      ),
      { seed: 1331, numRuns: 60, endOnFailure: true },
    );
  });

  it('log2, log10 and roots of positive decimals', () => {
    fc.assert(
      fc.property(decimalString(10n ** 30n, -60, 30), fc.integer({ min: 1, max: 9 }), (x, n) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const v = new Ref(x);
          const refs = [v.log(2), v.log(10), v.pow(new Ref(1).div(n))];
          const got = [log2(I.enclose(x)), log10(I.enclose(x)), root(I.enclose(x), n)].map((y) => I.bounds(y));
          return got.every((g, i) => enclosesApprox(g, refs[i]!, tol(refs[i]!)));
        }),
      ),
      { seed: 1332, numRuns: 25, endOnFailure: true },
    );
  });

  it('integer powers, abs, min and max against exact rationals, across 0', () => {
    const rational = fc
      .tuple(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: 1n, max: 2n ** 70n }))
      .map(([n, d]) => q(n, d));
    const pow = (x: Q, n: number): Q => {
      let r = q(1n, 1n);
      for (let i = 0; i < Math.abs(n); i += 1) r = qMul(r, x);
      return n >= 0 ? r : q(r.den, r.num);
    };
    fc.assert(
      fc.property(rational, rational, fc.integer({ min: -7, max: 7 }), fc.constantFrom(24, 53, 200), (a, b, n, bits) =>
        withIntervals(mpfr, { bits }, (I) => {
          const x = I.rational(a.num, a.den);
          const y = I.rational(b.num, b.den);
          const lo = a.num * b.den <= b.num * a.den ? a : b;
          const hi = lo === a ? b : a;
          // (hi - lo)^2 of an interval that may straddle 0 after rounding: never below 0
          const square = I.bounds(powInt(sub(I.rational(hi.num, hi.den), I.rational(lo.num, lo.den)), 2));
          return (
            (a.num === 0n && n < 0) ||
            (encloses(I.bounds(powInt(x, n)), pow(a, n)) &&
              encloses(I.bounds(abs(x)), q(a.num < 0n ? -a.num : a.num, a.den)) &&
              encloses(I.bounds(min(x, y)), lo) &&
              encloses(I.bounds(max(x, y)), hi) &&
              square.lo.num >= 0n)
          );
        }),
      ),
      { seed: 1333, numRuns: 200, endOnFailure: true },
    );
  });

  it('powPositive encloses x^y for positive x and any y', () => {
    fc.assert(
      fc.property(decimalString(10n ** 20n, -30, 10), fc.integer({ min: -300, max: 300 }), (x, k) =>
        withIntervals(mpfr, { bits: BITS }, (I) => {
          const y = `${k}/7`;
          const ref = new Ref(x).pow(new Ref(k).div(7));
          return enclosesApprox(I.bounds(powPositive(I.enclose(x), I.enclose(y))), ref, tol(ref));
        }),
      ),
      { seed: 1334, numRuns: 60, endOnFailure: true },
    );
  });

  it('is exact where the value is exact, and separates domain errors from undecided signs', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => {
      const point = (n: bigint) => ({ lo: { num: n, den: 1n }, hi: { num: n, den: 1n } });
      expect(I.bounds(log2(I.enclose(1024)))).toEqual(point(10n));
      expect(I.bounds(log10(I.enclose(1000)))).toEqual(point(3n));
      expect(I.bounds(root(I.enclose(-27), 3))).toEqual(point(-3n));
      expect(I.bounds(cbrt(I.enclose(64)))).toEqual(point(4n));
      expect(I.bounds(powInt(I.enclose(-2), 3))).toEqual(point(-8n));
      expect(I.bounds(powInt(sub(I.enclose(2), I.enclose(3)), 0))).toEqual(point(1n));
      expect(I.bounds(abs(I.enclose(-3)))).toEqual(point(3n));
      expect(() => log1p(I.enclose(-1))).toThrow(DomainError);
      expect(() => root(I.enclose(-16), 4)).toThrow(/not non-negative/);
      expect(() => powInt(I.enclose(0), -1)).toThrow(/zero to a negative power/);
      const straddle = sub(I.enclose('0.1'), I.enclose('0.1'));
      expect(() => powInt(straddle, -2)).toThrow(UndecidedError);
      expect(() => log2(straddle)).toThrow(UndecidedError);
      expect(I.bounds(powInt(straddle, 2)).lo).toEqual({ num: 0n, den: 1n });
    });
  });
});
