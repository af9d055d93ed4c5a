/**
 * Enclosure of softplus(x) = ln(1 + e^x), tight at every x. Written as ln(1 + e^x) through an interval
 * 1 + e^x it loses everything for very negative x (at x = -844 and 53 bits, 1 + e^x rounds to [1, 1 + 2^-52]
 * and the result to [0, 2.2e-16]). Here each endpoint is one chain of correctly rounded MPFR steps in a
 * single direction: log1p(exp(x)) for x <= 0 and x + log1p(exp(-x)) for x > 0, both increasing in every
 * step's input, so rounding every step down (up) bounds the value from below (above). The chain runs at 32 bits
 * above the arena's precision and is rounded once at the end, so each end is within one unit in the last place
 * of softplus at the input's endpoint (0 in all 320 cases of test/checkers/interval/tightness-softmax.test.ts).
 * Guarantee (enclosure): the result contains softplus of every exact value in the input interval.
 */
import { RND, type MpfrPtr } from '../precise/mpfr';
import type { Interval } from './arena';
import { withFloats, type Direction } from './working';

/** softplus(x) = ln(1 + e^x), increasing. Example: `softplus(I.enclose(0))` contains ln 2; `softplus(I.enclose(-844))` is about 2.85e-367 (to one ulp). */
export function softplus(x: Interval): Interval {
  const I = x.arena;
  I.own(x);
  const r = I.allocate();
  const b = I.mpfr.binding;
  withFloats(I.mpfr, I.bits + 32, 2, ([value, tmp]) => {
    softplusEndpoint(b, value as MpfrPtr, x.lo, tmp as MpfrPtr, RND.down);
    b.mpfr_set(r.lo, value as MpfrPtr, RND.down);
    softplusEndpoint(b, value as MpfrPtr, x.hi, tmp as MpfrPtr, RND.up);
    b.mpfr_set(r.hi, value as MpfrPtr, RND.up);
  });
  return I.checked(r, 'softplus');
}

/** out = softplus(v) rounded in direction `rnd`, using `tmp` as scratch (distinct from out and v); v may be -infinity (gives 0). */
export function softplusEndpoint(b: Interval['arena']['mpfr']['binding'], out: MpfrPtr, v: MpfrPtr, tmp: MpfrPtr, rnd: Direction): void {
  if (b.mpfr_sgn(v) <= 0) {
    b.mpfr_exp(tmp, v, rnd);
    b.mpfr_log1p(out, tmp, rnd);
    return;
  }
  // x + log1p(e^-x): -x is exact, e^-x and log1p round in the same direction, then the sum.
  b.mpfr_neg(tmp, v, rnd);
  b.mpfr_exp(tmp, tmp, rnd);
  b.mpfr_log1p(tmp, tmp, rnd);
  b.mpfr_add(out, v, tmp, rnd);
}
