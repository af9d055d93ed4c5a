/**
 * More interval functions: log1p, expm1, log2, log10, n-th roots, integer and real powers, abs, min, max.
 * Guarantee (enclosure), as in ops.ts: MPFR rounds each endpoint correctly toward -infinity (lower) or
 * +infinity (upper), so the result contains the exact value for every exact input in the input intervals.
 * Monotone functions map endpoints to endpoints; x^n and |x| split at 0 where they turn (Moore, 1966).
 */
import { DomainError } from '../errors';
import { RND, type MpfrPtr } from '../precise/mpfr';
import type { Interval, IntervalArena, IntervalInput } from './arena';
import { extremes, monotone, neg, requireLowerBound } from './ops';
import { UndecidedError } from './undecided';

/** [log1p(lo) down, log1p(hi) up]; DomainError unless the interval is certainly above -1. Example: `log1p(I.enclose('1e-30'))` contains 1e-30 - 5e-61. */
export function log1p(a: Interval): Interval {
  const I = a.arena;
  const b = I.mpfr.binding;
  requireAbove(a, -1, 'log1p');
  return monotone(I, 'log1p', a, (out, x, rnd) => b.mpfr_log1p(out, x, rnd));
}

/** [expm1(lo) down, expm1(hi) up]: e^x - 1 without cancellation near 0. Example: `expm1(I.enclose('1e-30'))` contains 1e-30 + 5e-61. */
export function expm1(a: Interval): Interval {
  const I = a.arena;
  const b = I.mpfr.binding;
  return monotone(I, 'expm1', a, (out, x, rnd) => b.mpfr_expm1(out, x, rnd));
}

/** Base-2 logarithm; DomainError unless certainly positive. Example: `log2(I.enclose(1024))` is [10, 10]. */
export function log2(a: Interval): Interval {
  const I = a.arena;
  requireLowerBound(a, 'log2', (sign) => sign > 0, 'positive');
  return monotone(I, 'log2', a, (out, x, rnd) => I.mpfr.binding.mpfr_log2(out, x, rnd));
}

/** Base-10 logarithm; DomainError unless certainly positive. Example: `log10(I.enclose(1000))` is [3, 3]. */
export function log10(a: Interval): Interval {
  const I = a.arena;
  requireLowerBound(a, 'log10', (sign) => sign > 0, 'positive');
  return monotone(I, 'log10', a, (out, x, rnd) => I.mpfr.binding.mpfr_log10(out, x, rnd));
}

/**
 * The real n-th root (n a positive integer below 2^31): increasing, defined for negative arguments when n
 * is odd. Example: `root(I.enclose(-27), 3)` is [-3, -3].
 */
export function root(a: Interval, n: number): Interval {
  const I = a.arena;
  if (!Number.isSafeInteger(n) || n < 1 || n > 0x7fffffff)
    throw new DomainError('root', `degree must be an integer in [1, 2^31), got ${n}`);
  if (n % 2 === 0) requireLowerBound(a, 'root', (sign) => sign >= 0, 'non-negative');
  return monotone(I, 'root', a, (out, x, rnd) => I.mpfr.binding.mpfr_rootn_ui(out, x, n, rnd));
}

/** The real cube root. Example: `cbrt(I.enclose('0.001'))` contains 1/10. */
export function cbrt(a: Interval): Interval {
  const I = a.arena;
  return monotone(I, 'cbrt', a, (out, x, rnd) => I.mpfr.binding.mpfr_cbrt(out, x, rnd));
}

/**
 * x^n for an integer n with |n| < 2^31; even powers of an interval around 0 start at 0, negative powers
 * need an interval without 0 (UndecidedError when it may contain 0). Example: `powInt(I.enclose(-2), 3)` is [-8, -8];
 * the square of an interval [-1, 2] is [0, 4].
 */
export function powInt(a: Interval, n: number): Interval {
  const I = a.arena;
  if (!Number.isSafeInteger(n) || Math.abs(n) > 0x7fffffff)
    throw new DomainError('powInt', `exponent must be an integer below 2^31 in magnitude, got ${n}`);
  I.own(a);
  const b = I.mpfr.binding;
  const r = I.allocate();
  if (n === 0) {
    b.mpfr_set_si(r.lo, 1, RND.down);
    b.mpfr_set_si(r.hi, 1, RND.up);
    return r;
  }
  const loSign = b.mpfr_sgn(a.lo);
  const hiSign = b.mpfr_sgn(a.hi);
  const straddles = loSign < 0 && hiSign > 0;
  if (n < 0 && loSign <= 0 && hiSign >= 0) {
    if (loSign === 0 && hiSign === 0) throw new DomainError('powInt', 'zero to a negative power');
    throw new UndecidedError('powInt', 'argument interval may contain zero, which has no negative power; raise the precision');
  }
  const t = I.scratch();
  const at = (x: MpfrPtr) => {
    b.mpfr_pow_si(t.lo, x, n, RND.down);
    b.mpfr_pow_si(t.hi, x, n, RND.up);
  };
  // x^n is monotone on each side of 0: the extremes are at the endpoints, plus 0 for an even power across 0.
  at(a.lo);
  b.mpfr_set(r.lo, t.lo, RND.down);
  b.mpfr_set(r.hi, t.hi, RND.up);
  at(a.hi);
  b.mpfr_min(r.lo, r.lo, t.lo, RND.down);
  b.mpfr_max(r.hi, r.hi, t.hi, RND.up);
  if (straddles && n % 2 === 0) b.mpfr_set_si(r.lo, 0, RND.down);
  return I.checked(r, 'powInt');
}

/**
 * x^y for a certainly positive x and any real y (both intervals): x^y is monotone in each argument, so the
 * extremes are at the four corners. Example: `powPositive(I.enclose('1/4'), I.enclose('1/2'))` contains 1/2.
 */
export function powPositive(a: Interval, y: IntervalInput): Interval {
  const I = a.arena;
  requireLowerBound(a, 'pow', (sign) => sign > 0, 'positive');
  const b = I.mpfr.binding;
  return extremes(I, 'pow', a, I.enclose(y), (out, u, v, rnd) => b.mpfr_pow(out, u, v, rnd));
}

/** |x|: [0, max(-lo, hi)] across 0, else the interval or its negation (exact). Example: `abs(I.enclose(-3))` is [3, 3]. */
export function abs(a: Interval): Interval {
  const I = a.arena;
  I.own(a);
  const b = I.mpfr.binding;
  if (b.mpfr_sgn(a.lo) >= 0) return a;
  if (b.mpfr_sgn(a.hi) <= 0) return neg(a);
  const r = I.allocate();
  b.mpfr_set_si(r.lo, 0, RND.down);
  b.mpfr_neg(r.hi, a.lo, RND.up);
  b.mpfr_max(r.hi, r.hi, a.hi, RND.up);
  return I.checked(r, 'abs');
}

/** min(x, y) over the intervals: [min(lo), min(hi)] (exact). Example: `min(I.enclose(1), I.enclose(2))` is [1, 1]. */
export function min(a: Interval, y: IntervalInput): Interval {
  return extreme(a, y, 'min');
}

/** max(x, y) over the intervals: [max(lo), max(hi)] (exact). */
export function max(a: Interval, y: IntervalInput): Interval {
  return extreme(a, y, 'max');
}

function extreme(a: Interval, y: IntervalInput, which: 'min' | 'max'): Interval {
  const I = a.arena;
  I.own(a);
  const e = I.enclose(y);
  const b = I.mpfr.binding;
  const r = I.allocate();
  const op = which === 'min' ? b.mpfr_min.bind(b) : b.mpfr_max.bind(b);
  op(r.lo, a.lo, e.lo, RND.down);
  op(r.hi, a.hi, e.hi, RND.up);
  return I.checked(r, which);
}

/** DomainError when the interval is certainly at or below `bound`, UndecidedError when it may be. */
function requireAbove(a: Interval, bound: number, name: string): void {
  const I: IntervalArena = a.arena;
  I.own(a);
  const b = I.mpfr.binding;
  if (b.mpfr_cmp_si(a.lo, bound) > 0) return;
  if (b.mpfr_cmp_si(a.hi, bound) <= 0) throw new DomainError(name, `argument is not above ${bound}`);
  throw new UndecidedError(name, `argument interval is not certainly above ${bound}; raise the precision or tighten the input`);
}
