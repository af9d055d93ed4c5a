/**
 * Enclosures of log-sum-exp, softmax and log-softmax of a vector of interval logits, tight: each is monotone in
 * every logit (lse increasing; softmax_i and log softmax_i increasing in x_i, decreasing in the others), so the
 * exact range over the box of logits runs between its values at two corners, and each end is computed at its
 * corner by softmax-corners.ts in one rounding direction, at a working precision above the arena's, every logit
 * used once (so no interval width is counted twice). Guarantee (enclosure): each returned interval contains
 * the exact value for every choice of exact logits in the inputs; each end is within about one unit in the last
 * place of the exact range's end (test/checkers/interval/tightness-softmax.test.ts measures it against mpmath.iv).
 */
import { DimensionError } from '../errors';
import { RND } from '../precise/mpfr';
import type { Interval, IntervalArena, IntervalInput } from './arena';
import { lseCorner, softmaxCorners } from './softmax-corners';

/** Encloses ln(sum_i exp(x_i)). Example: `logSumExp(I, [0, 0])` contains ln 2; `logSumExp(I, ['1000', '1000'])` contains 1000 + ln 2. */
export function logSumExp(I: IntervalArena, xs: readonly IntervalInput[]): Interval {
  const items = load(I, xs);
  const r = I.allocate();
  lseCorner(
    I.mpfr,
    items.map((x) => x.lo),
    RND.down,
    r.lo,
    I.bits,
  );
  lseCorner(
    I.mpfr,
    items.map((x) => x.hi),
    RND.up,
    r.hi,
    I.bits,
  );
  return I.checked(r, 'log-sum-exp');
}

/**
 * Encloses softmax(x)_i = exp(x_i) / sum_j exp(x_j) = 1 / (1 + sum_{j != i} exp(x_j - x_i)) for every i, in
 * O(n). Its lower end is the value at x_i low and the others high, its upper end at x_i high and the others low;
 * both lie in [0, 1]. (The old form exp(x_i - c) / sum_j exp(x_j - c) counted x_i twice and gave
 * [2.3e-125, 4.4e+124] for a probability, issue 25.) Example: `softmax(I, [0, 0, 0])` gives three enclosures of 1/3.
 */
export function softmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  return byCorners(I, xs, 'softmax');
}

/**
 * Encloses log softmax(x)_i = x_i - lse(x) = -softplus(ln sum_{j != i} exp(x_j - x_i)) for every i, at most 0,
 * with full relative accuracy however close to 0 (x_i - lse would leave a width of one ulp of lse, and with
 * interval logits count x_i's width twice). Example: `logSoftmax(I, [0, -1000])[0]` encloses -log1p(e^-1000),
 * about -5.1e-435, to a few ulps.
 */
export function logSoftmax(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  return byCorners(I, xs, 'log');
}

function byCorners(I: IntervalArena, xs: readonly IntervalInput[], kind: 'softmax' | 'log'): Interval[] {
  const items = load(I, xs);
  const out = items.map(() => I.allocate());
  const lows = items.map((x) => x.lo);
  const highs = items.map((x) => x.hi);
  softmaxCorners(
    I.mpfr,
    kind,
    lows,
    highs,
    RND.down,
    out.map((r) => r.lo),
    I.bits,
  );
  softmaxCorners(
    I.mpfr,
    kind,
    highs,
    lows,
    RND.up,
    out.map((r) => r.hi),
    I.bits,
  );
  return out.map((r) => I.checked(r, kind === 'softmax' ? 'softmax' : 'log-softmax'));
}

function load(I: IntervalArena, xs: readonly IntervalInput[]): Interval[] {
  if (xs.length === 0) throw new DimensionError('an empty vector', 'at least one logit');
  return xs.map((x) => I.enclose(x));
}
