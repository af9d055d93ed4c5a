import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import { softplus } from '../../../checkers/interval/softplus';
import { logSoftmax } from '../../../checkers/interval/softmax';
import { enclosesApprox, width } from './oracle';

const mpfr = await loadMpfr();
const Ref = Decimal.clone({ precision: 120, minE: -9e15 });
/** ln(1 + u) for 0 <= u <= 1 at 120 digits: the series u - u^2/2 + u^3/3 once ln(1 + u) would cancel. */
const log1pRef = (u: Decimal): Decimal => (u.lt('1e-20') ? u.minus(u.pow(2).div(2)).plus(u.pow(3).div(3)) : u.plus(1).ln());
/** softplus(x) = ln(1 + e^x), by decimal.js at 120 digits (its ln and exp are correctly rounded). */
const softplusRef = (x: string): Decimal => {
  const v = new Ref(x);
  return v.isNegative() ? log1pRef(v.exp()) : v.plus(log1pRef(v.neg().exp()));
};

describe('softplus enclosure (issue 13: tight for large negative inputs)', () => {
  it('at x = -844 and 53 bits is a few ulps wide, not [0, 2.2e-16]', () => {
    withIntervals(mpfr, { bits: 53 }, (I) => {
      const b = I.bounds(softplus(I.enclose(-844)));
      const ref = softplusRef('-844'); // about 1.4e-367
      expect(enclosesApprox(b, ref, ref.times('1e-100'))).toBe(true);
      expect(width(b).lte(ref.times(2 ** -50))).toBe(true);
    });
  });

  it('encloses the reference with relative width of a few ulps for x from -1e5 to 1e5', () => {
    const x = fc.tuple(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 4, max: 12 })).map(([m, e]) => `${m}e-${e}`);
    fc.assert(
      fc.property(x, fc.constantFrom(24, 53, 113), (s, bits) =>
        withIntervals(mpfr, { bits }, (I) => {
          const b = I.bounds(softplus(I.enclose(s)));
          const ref = softplusRef(s);
          // the input's own rounding (relative 2^-bits) moves softplus by at most |x| 2^-bits times its slope
          const allowed = ref.times(2 ** (4 - bits)).times(new Ref(s).abs().plus(1));
          return enclosesApprox(b, ref, ref.times('1e-100')) && width(b).lte(allowed);
        }),
      ),
      { seed: 1311, numRuns: 150, endOnFailure: true },
    );
  });
});

describe('log-softmax enclosure (issue 13: never above 0)', () => {
  it('keeps the top logit at or below 0 and tight', () => {
    withIntervals(mpfr, { bits: 53 }, (I) => {
      const [top] = logSoftmax(I, [0, -1000]).map((x) => I.bounds(x));
      expect(top!.hi.num < 0n).toBe(true);
      const ref = log1pRef(new Ref(-1000).exp()).neg(); // about -e^-1000
      expect(enclosesApprox(top!, ref, ref.abs().times('1e-100'))).toBe(true);
      expect(width(top!).lte(ref.abs().times(2 ** -48))).toBe(true);
    });
  });

  it('has every upper end at most 0 for random logits', () => {
    const logits = fc.array(
      fc.tuple(fc.integer({ min: -(10 ** 8), max: 10 ** 8 }), fc.integer({ min: 0, max: 6 })).map(([m, e]) => `${m}e-${e}`),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(logits, fc.constantFrom(24, 53), (xs, bits) =>
        withIntervals(mpfr, { bits }, (I) => logSoftmax(I, xs).every((x) => I.bounds(x).hi.num <= 0n)),
      ),
      { seed: 1312, numRuns: 200, endOnFailure: true },
    );
  });
});
