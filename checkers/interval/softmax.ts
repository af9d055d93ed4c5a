/**
 * Enclosures of log-sum-exp, softmax and log-softmax of a vector of logits. Guarantee (enclosure): each
 * returned interval contains the exact value for the exact inputs. The shift by c (the largest lower
 * endpoint, an exact float) uses the identity lse(x) = c + ln(sum exp(x_i - c)), which holds for any c and
 * keeps every exp argument at most the input width above 0, so nothing overflows.
 */
import { DimensionError } from '../errors';
import { RND } from '../precise/mpfr';
import type { Interval, IntervalArena, IntervalInput } from './arena';
import { add, div, exp, ln, sub, sum } from './ops';

/** Encloses ln(sum_i exp(x_i)). Example: `logSumExp(I, [0, 0])` contains ln 2; `logSumExp(I, ['1000', '1000'])` contains 1000 + ln 2. */
export function logSumExp(I: IntervalArena, xs: readonly IntervalInput[]): Interval {
  const { shift, shifted } = shiftedExponentials(I, xs);
  return add(shift, ln(sum(I, shifted)));
}

/** Encloses softmax(x)_i = exp(x_i) / sum_j exp(x_j) for every i. Example: `softmax(I, [0, 0, 0])` gives three enclosures of 1/3. */
export function softmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  const { shifted } = shiftedExponentials(I, xs);
  const total = sum(I, shifted);
  return shifted.map((e) => div(e, total));
}

/** Encloses log softmax(x)_i = x_i - lse(x) for every i. */
export function logSoftmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  const lse = logSumExp(I, xs);
  return xs.map((x) => sub(I.enclose(x), lse));
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
