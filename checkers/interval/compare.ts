/**
 * Certified comparisons of intervals. Each answers `true` when the relation holds for every pair of exact
 * values the intervals may enclose, `false` when it fails for every pair, and `'undecided'` when the
 * intervals overlap so that the enclosures alone cannot tell (raise the precision and retry).
 */
import type { Interval } from './arena';

/** true: certainly holds; false: certainly fails; 'undecided': the enclosures are too wide to tell. */
export type Certainty = true | false | 'undecided';

/** a < b for sure when a.hi < b.lo; certainly not when a.lo >= b.hi. Example: `certainlyLess(ln(I.enclose(2)), I.enclose('0.7'))` is true. */
export function certainlyLess(a: Interval, b: Interval): Certainty {
  const cmp = compareEndpoints(a, b);
  if (cmp(a.hi, b.lo) < 0) return true;
  if (cmp(a.lo, b.hi) >= 0) return false;
  return 'undecided';
}

/** a <= b for sure when a.hi <= b.lo; certainly not when a.lo > b.hi. */
export function certainlyLessOrEqual(a: Interval, b: Interval): Certainty {
  const cmp = compareEndpoints(a, b);
  if (cmp(a.hi, b.lo) <= 0) return true;
  if (cmp(a.lo, b.hi) > 0) return false;
  return 'undecided';
}

/** a > b, i.e. b < a. */
export function certainlyGreater(a: Interval, b: Interval): Certainty {
  return certainlyLess(b, a);
}

/** x > 0 for sure when x.lo > 0; certainly not when x.hi <= 0. Example: `certainlyPositive(I.enclose('1e-300'))` is true. */
export function certainlyPositive(x: Interval): Certainty {
  const sgn = signs(x);
  if (sgn.lo > 0) return true;
  if (sgn.hi <= 0) return false;
  return 'undecided';
}

/** x < 0 for sure when x.hi < 0; certainly not when x.lo >= 0. */
export function certainlyNegative(x: Interval): Certainty {
  const sgn = signs(x);
  if (sgn.hi < 0) return true;
  if (sgn.lo >= 0) return false;
  return 'undecided';
}

function compareEndpoints(a: Interval, b: Interval): (u: number, v: number) => number {
  a.arena.own(a);
  a.arena.own(b);
  const binding = a.arena.mpfr.binding;
  return (u, v) => binding.mpfr_cmp(u, v);
}

function signs(x: Interval): { lo: number; hi: number } {
  x.arena.own(x);
  const binding = x.arena.mpfr.binding;
  return { lo: binding.mpfr_sgn(x.lo), hi: binding.mpfr_sgn(x.hi) };
}
