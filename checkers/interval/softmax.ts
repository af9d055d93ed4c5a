/**
 * Enclosures of log-sum-exp, softmax and log-softmax of a vector of logits. Guarantee (enclosure): each
 * returned interval contains the exact value for the exact inputs. The shift by c (the largest lower
 * endpoint, an exact float) uses the identity lse(x) = c + ln(sum exp(x_i - c)), which holds for any c and
 * keeps every exp argument at most the input width above 0, so nothing overflows.
 */
import { DimensionError } from '../errors';
import { RND } from '../precise/mpfr';
import type { Interval, IntervalArena, IntervalInput } from './arena';
import { add, div, exp, ln, mul, neg, sub, sum } from './ops';
import { log1p } from './elementary';

/** Encloses ln(sum_i exp(x_i)). Example: `logSumExp(I, [0, 0])` contains ln 2; `logSumExp(I, ['1000', '1000'])` contains 1000 + ln 2. */
export function logSumExp(I: IntervalArena, xs: readonly IntervalInput[]): Interval {
  const { shift, shifted } = shiftedExponentials(I, xs);
  return add(shift, ln(sum(I, shifted)));
}

/**
 * Encloses softmax(x)_i = exp(x_i) / sum_j exp(x_j) for every i, tightly: as 1 / (1 + T_i exp(c - x_i)) with
 * T_i = sum_{j != i} exp(x_j - c) (prefix and suffix sums, O(n)), every logit appears once, and softmax_i is
 * monotone in each, so over interval logits the result is the exact range up to rounding (exp(x_i - c) divided by
 * a total that contains x_i again counted its width twice: [2.3e-125, 4.4e+124] for a probability). Clamped to
 * [0, 1], where the exact value lies. Example: `softmax(I, [0, 0, 0])` gives three enclosures of 1/3.
 */
export function softmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  const { shift, shifted } = shiftedExponentials(I, xs);
  const n = shifted.length;
  // prefix[k] = sum of shifted[0..k-1], suffix[k] = sum of shifted[k..n-1] (each an enclosure, added outward).
  const prefix: Interval[] = [I.enclose(0)];
  for (let k = 0; k < n; k++) prefix.push(add(prefix[k] as Interval, shifted[k] as Interval));
  const suffix: Interval[] = new Array<Interval>(n + 1);
  suffix[n] = I.enclose(0);
  for (let k = n - 1; k >= 0; k--) suffix[k] = add(suffix[k + 1] as Interval, shifted[k] as Interval);
  return shifted.map((_, i) => {
    const others = add(prefix[i] as Interval, suffix[i + 1] as Interval);
    const x = I.enclose(xs[i] as IntervalInput);
    const value = div(I.enclose(1), add(mul(others, exp(sub(shift, x))), 1));
    return clampToUnit(I, value);
  });
}

/** The interval intersected with [0, 1] (valid for a probability: the exact value lies there). */
function clampToUnit(I: IntervalArena, x: Interval): Interval {
  const b = I.mpfr.binding;
  if (b.mpfr_sgn(x.lo) >= 0 && b.mpfr_cmp_si(x.hi, 1) <= 0) return x;
  const r = I.allocate();
  if (b.mpfr_sgn(x.lo) < 0) b.mpfr_set_si(r.lo, 0, RND.down);
  else b.mpfr_set(r.lo, x.lo, RND.down);
  if (b.mpfr_cmp_si(x.hi, 1) > 0) b.mpfr_set_si(r.hi, 1, RND.up);
  else b.mpfr_set(r.hi, x.hi, RND.up);
  return I.checked(r, 'softmax');
}

/**
 * Encloses log softmax(x)_i = x_i - lse(x) for every i, each clamped to at most 0 (the exact value never
 * exceeds 0). The logits at the shift c (the largest lower endpoint, usually the top logit) are computed as
 * -log1p(sum_{j != i} exp(x_j - x_i)), which keeps full relative accuracy however close to 0 the value is
 * (x_i - lse would leave a width of one ulp of lse). Example: `logSoftmax(I, [0, -1000])[0]` encloses
 * -log1p(e^-1000), about -5.1e-435, to a few ulps.
 */
export function logSoftmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  const items = xs.map((x) => I.enclose(x));
  const lse = logSumExp(I, items);
  const top = indexOfLargestLower(I, items);
  return items.map((x, i) => {
    const value = i === top ? nearZero(I, items, i) : sub(x, lse);
    return clampAtMostZero(I, value);
  });
}

/** -log1p(sum_{j != i} exp(x_j - x_i)): log softmax of logit i without cancellation. */
function nearZero(I: IntervalArena, items: readonly Interval[], i: number): Interval {
  const xi = items[i] as Interval;
  const others = items.filter((_, j) => j !== i).map((xj) => exp(sub(xj, xi)));
  return neg(log1p(sum(I, others)));
}

/** The interval with its upper end lowered to 0 when above (valid: the exact value is at most 0). */
function clampAtMostZero(I: IntervalArena, x: Interval): Interval {
  const b = I.mpfr.binding;
  if (b.mpfr_sgn(x.hi) <= 0) return x;
  // x.lo <= exact value <= 0, so the lower end stays.
  const r = I.allocate();
  b.mpfr_set(r.lo, x.lo, RND.down);
  b.mpfr_set_si(r.hi, 0, RND.up);
  return I.checked(r, 'log-softmax');
}

/** The first index whose lower endpoint is the largest (the shift c of shiftedExponentials). */
function indexOfLargestLower(I: IntervalArena, items: readonly Interval[]): number {
  const b = I.mpfr.binding;
  let best = 0;
  items.forEach((x, i) => {
    if (b.mpfr_cmp(x.lo, (items[best] as Interval).lo) > 0) best = i;
  });
  return best;
}

/** The exact shift c = max lower endpoint (a point), and exp(x_i - c). */
function shiftedExponentials(
  I: IntervalArena,
  xs: readonly IntervalInput[],
): { shift: Interval; shifted: Interval[] } {
  if (xs.length === 0) throw new DimensionError('an empty vector', 'at least one logit');
  const items = xs.map((x) => I.enclose(x));
  const b = I.mpfr.binding;
  const shift = I.allocate();
  items.forEach((x, i) => {
    // All endpoints share the arena's precision, so set/max are exact here.
    if (i === 0) b.mpfr_set(shift.lo, x.lo, RND.down);
    else b.mpfr_max(shift.lo, shift.lo, x.lo, RND.down);
  });
  b.mpfr_set(shift.hi, shift.lo, RND.up);
  const c = I.checked(shift, 'softmax shift');
  return { shift: c, shifted: items.map((x) => exp(sub(x, c))) };
}
