/**
 * Interval operations with directed rounding. Guarantee (enclosure): if the exact inputs lie in the input
 * intervals, the exact result lies in the returned interval. Lower endpoints are computed with MPFR's
 * round-toward-minus-infinity, upper endpoints with round-toward-plus-infinity; MPFR rounds every one of
 * these operations correctly, so each bound is the nearest float on the safe side of the exact bound.
 * Monotone functions (sqrt, exp, ln) map endpoints to endpoints; x and / take the extremes of the four
 * endpoint combinations (Moore, Interval Analysis, 1966).
 */
import { DomainError } from '../errors';
import { RND, type MpfrPtr } from '../precise/mpfr';
import { Interval, type IntervalArena, type IntervalInput } from './arena';
import { UndecidedError } from './undecided';

/**
 * [a.lo + b.lo, a.hi + b.hi], rounded outward. Example: `add(I.enclose('0.1'), I.enclose('0.2'))` contains 3/10.
 */
export function add(a: Interval, b: IntervalInput): Interval {
  const I = a.arena;
  const y = I.enclose(b);
  const r = I.allocate();
  I.mpfr.binding.mpfr_add(r.lo, a.lo, y.lo, RND.down);
  I.mpfr.binding.mpfr_add(r.hi, a.hi, y.hi, RND.up);
  return I.checked(r, 'add');
}

/** [a.lo - b.hi, a.hi - b.lo], rounded outward. Example: `sub(x, x)` contains 0 (but is not [0, 0] unless x is a point). */
export function sub(a: Interval, b: IntervalInput): Interval {
  const I = a.arena;
  const y = I.enclose(b);
  const r = I.allocate();
  I.mpfr.binding.mpfr_sub(r.lo, a.lo, y.hi, RND.down);
  I.mpfr.binding.mpfr_sub(r.hi, a.hi, y.lo, RND.up);
  return I.checked(r, 'sub');
}

/** [-a.hi, -a.lo] (exact). */
export function neg(a: Interval): Interval {
  const I = a.arena;
  I.own(a);
  const r = I.allocate();
  I.mpfr.binding.mpfr_neg(r.lo, a.hi, RND.down);
  I.mpfr.binding.mpfr_neg(r.hi, a.lo, RND.up);
  return I.checked(r, 'neg');
}

/** Product enclosure: min and max of the four endpoint products. Example: `mul(I.enclose(-2), I.enclose('1/3'))` contains -2/3. */
export function mul(a: Interval, b: IntervalInput): Interval {
  const I = a.arena;
  const y = I.enclose(b);
  const binding = I.mpfr.binding;
  const op: Binary = (out, u, v, rnd) => binding.mpfr_mul(out, u, v, rnd);
  // A non-negative factor makes x*y monotone in the other factor: two products instead of eight.
  if (binding.mpfr_sgn(y.lo) >= 0) return byNonNegativeSecond(I, 'mul', a, y, op, 'mul');
  if (binding.mpfr_sgn(a.lo) >= 0) return byNonNegativeSecond(I, 'mul', y, a, op, 'mul');
  return extremes(I, 'mul', a, y, op);
}

/** Quotient enclosure; DomainError when the divisor interval contains 0. Example: `div(I.enclose(1), I.enclose(3))` contains 1/3. */
export function div(a: Interval, b: IntervalInput): Interval {
  const I = a.arena;
  const y = I.enclose(b);
  const binding = I.mpfr.binding;
  if (binding.mpfr_sgn(y.lo) <= 0 && binding.mpfr_sgn(y.hi) >= 0) {
    const isZero = binding.mpfr_sgn(y.lo) === 0 && binding.mpfr_sgn(y.hi) === 0;
    throw new (isZero ? DomainError : UndecidedError)('interval div', 'divisor interval contains zero');
  }
  const op: Binary = (out, u, v, rnd) => binding.mpfr_div(out, u, v, rnd);
  if (binding.mpfr_sgn(y.lo) > 0) return byNonNegativeSecond(I, 'div', a, y, op, 'div');
  return extremes(I, 'div', a, y, op);
}

/** [sqrt(lo) down, sqrt(hi) up]; DomainError unless the interval is certainly non-negative. */
export function sqrt(a: Interval): Interval {
  const I = a.arena;
  requireLowerBound(a, 'sqrt', (sign) => sign >= 0, 'non-negative');
  return monotone(I, 'sqrt', a, (out, x, rnd) => I.mpfr.binding.mpfr_sqrt(out, x, rnd));
}

/** [exp(lo) down, exp(hi) up]. Example: `exp(I.enclose(1))` contains e. DomainError on exponent overflow. */
export function exp(a: Interval): Interval {
  const I = a.arena;
  return monotone(I, 'exp', a, (out, x, rnd) => I.mpfr.binding.mpfr_exp(out, x, rnd));
}

/** [ln(lo) down, ln(hi) up]; DomainError unless the interval is certainly positive. Example: `ln(I.enclose(2))` contains ln 2. */
export function ln(a: Interval): Interval {
  const I = a.arena;
  requireLowerBound(a, 'ln', (sign) => sign > 0, 'positive');
  return monotone(I, 'ln', a, (out, x, rnd) => I.mpfr.binding.mpfr_log(out, x, rnd));
}

/**
 * Sum of n intervals with one correctly rounded MPFR sum per endpoint (`mpfr_sum`), tighter than n - 1
 * outward-rounded additions. The empty sum is [0, 0]. Example: `sum(I, ['0.1', '0.2', '0.7'])` contains 1.
 */
export function sum(I: IntervalArena, xs: readonly IntervalInput[]): Interval {
  const items = xs.map((x) => I.enclose(x));
  const r = I.allocate();
  const b = I.mpfr.binding;
  if (items.length === 0) {
    b.mpfr_set_si(r.lo, 0, RND.down);
    b.mpfr_set_si(r.hi, 0, RND.up);
    return r;
  }
  const table = b.malloc(4 * items.length);
  try {
    const fill = (pick: (x: Interval) => MpfrPtr) => {
      const view = b.memView; // re-read: the wasm memory may have grown since the last allocation
      items.forEach((x, i) => view.setUint32(table + 4 * i, pick(x), true));
    };
    fill((x) => x.lo);
    b.mpfr_sum(r.lo, table, items.length, RND.down);
    fill((x) => x.hi);
    b.mpfr_sum(r.hi, table, items.length, RND.up);
  } finally {
    b.free(table);
  }
  return I.checked(r, 'sum');
}

export type Binary = (out: MpfrPtr, u: MpfrPtr, v: MpfrPtr, rnd: typeof RND.down | typeof RND.up) => void;
export type Unary = (out: MpfrPtr, x: MpfrPtr, rnd: typeof RND.down | typeof RND.up) => void;

/**
 * Lower bound: min of the four combinations rounded down; upper: max of the four rounded up (right for any op
 * monotone in each argument on the box, e.g. *, / away from 0, pow on positive bases).
 */
export function extremes(I: IntervalArena, name: string, a: Interval, y: Interval, op: Binary): Interval {
  I.own(a);
  const b = I.mpfr.binding;
  const r = I.allocate();
  const t = I.scratch();
  const pairs: ReadonlyArray<readonly [MpfrPtr, MpfrPtr]> = [
    [a.lo, y.lo],
    [a.lo, y.hi],
    [a.hi, y.lo],
    [a.hi, y.hi],
  ];
  pairs.forEach(([u, v], i) => {
    op(t.lo, u, v, RND.down);
    op(t.hi, u, v, RND.up);
    if (i === 0) {
      b.mpfr_set(r.lo, t.lo, RND.down);
      b.mpfr_set(r.hi, t.hi, RND.up);
    } else {
      b.mpfr_min(r.lo, r.lo, t.lo, RND.down);
      b.mpfr_max(r.hi, r.hi, t.hi, RND.up);
    }
  });
  return I.checked(r, name);
}

/**
 * x*y or x/y with y >= 0 (y > 0 for division): increasing in x, so the lower bound comes from a.lo and the
 * upper from a.hi; for a fixed x the extreme y is y.lo or y.hi depending on the sign of x (and on whether y
 * multiplies or divides).
 */
function byNonNegativeSecond(I: IntervalArena, name: string, a: Interval, y: Interval, op: Binary, kind: 'mul' | 'div'): Interval {
  I.own(a);
  const b = I.mpfr.binding;
  const r = I.allocate();
  const loNonNegative = b.mpfr_sgn(a.lo) >= 0;
  const hiNonNegative = b.mpfr_sgn(a.hi) >= 0;
  // mul: min at (a.lo, y.lo) if a.lo >= 0 else (a.lo, y.hi);  div: min at (a.lo, y.hi) if a.lo >= 0 else (a.lo, y.lo)
  const small = kind === 'mul' ? y.lo : y.hi;
  const large = kind === 'mul' ? y.hi : y.lo;
  op(r.lo, a.lo, loNonNegative ? small : large, RND.down);
  op(r.hi, a.hi, hiNonNegative ? large : small, RND.up);
  return I.checked(r, name);
}

/** f increasing: [f(lo) rounded down, f(hi) rounded up]. For the operations of this folder. */
export function monotone(I: IntervalArena, name: string, a: Interval, op: Unary): Interval {
  I.own(a);
  const r = I.allocate();
  op(r.lo, a.lo, RND.down);
  op(r.hi, a.hi, RND.up);
  return I.checked(r, name);
}

/** Throws DomainError when the interval certainly fails `ok`, UndecidedError when it may fail. */
export function requireLowerBound(a: Interval, name: string, ok: (sign: number) => boolean, what: string): void {
  const I = a.arena;
  I.own(a);
  const b = I.mpfr.binding;
  if (ok(b.mpfr_sgn(a.lo))) return;
  if (!ok(b.mpfr_sgn(a.hi))) throw new DomainError(name, `argument is not ${what}`);
  throw new UndecidedError(name, `argument interval is not certainly ${what}; raise the precision or tighten the input`);
}
