/**
 * Confidence intervals for a binomial proportion k / n (two-sided, level `confidence`):
 * - Wilson's score interval (Wilson 1927; scipy's `proportion_ci(method='wilson')`):
 *   (k + z^2/2) / (n + z^2) +- z / (n + z^2) * sqrt(k (n - k) / n + z^2 / 4);
 * - the Clopper-Pearson exact interval (1934; scipy's `method='exact'`): the p at which P(X >= k; p) and
 *   P(X <= k; p) equal alpha / 2, found by bisection on the binomial tails (0 for k = 0, 1 for k = n).
 *
 * Guarantee: approximate. Wilson: float64 evaluation of the closed form (a few ulps). Clopper-Pearson: the
 * bisection runs to an interval of width below 1e-15 on tails computed to relative 1e-11 (binomial.ts), so
 * the bounds are within about 1e-10 relative of the exact ones. Checked against scipy 1.10.
 */
import { DomainError } from '../errors';
import { binomialCdf, binomialUpperTail } from './binomial';
import { twoSidedZ } from './normal-quantile';

export interface ProportionInterval {
  readonly k: number;
  readonly n: number;
  readonly share: number;
  readonly low: number;
  readonly high: number;
  readonly confidence: number;
  readonly method: 'wilson' | 'exact';
}

function checkCounts(op: string, k: number, n: number, confidence: number): void {
  if (!Number.isInteger(n) || n < 1) throw new DomainError(op, `n must be a whole number from 1, got ${n}`);
  if (!Number.isInteger(k) || k < 0 || k > n) throw new DomainError(op, `k must be a whole number in [0, n], got ${k} of ${n}`);
  if (!(confidence > 0 && confidence < 1)) throw new DomainError(op, `confidence must be in (0, 1), got ${confidence}`);
}

/** Wilson's score interval. Example: `wilsonInterval(7, 20, 0.95)` is [0.18119..., 0.56714...]. */
export function wilsonInterval(k: number, n: number, confidence: number): ProportionInterval {
  checkCounts('wilsonInterval', k, n, confidence);
  const z = twoSidedZ(confidence);
  const z2 = z * z;
  const denom = n + z2;
  const center = (k + z2 / 2) / denom;
  const half = (z / denom) * Math.sqrt((k * (n - k)) / n + z2 / 4);
  // At k = 0 (k = n) the lower (upper) bound is exactly 0 (1); the closed form leaves a rounding residue there.
  const low = k === 0 ? 0 : Math.max(0, center - half);
  const high = k === n ? 1 : Math.min(1, center + half);
  return { k, n, share: k / n, low, high, confidence, method: 'wilson' };
}

/** The Clopper-Pearson interval. Example: `exactInterval(7, 20, 0.95)` is [0.15390..., 0.59218...]. */
export function exactInterval(k: number, n: number, confidence: number): ProportionInterval {
  checkCounts('exactInterval', k, n, confidence);
  const tail = (1 - confidence) / 2;
  // P(X >= k; p) rises with p: the lower bound is where it reaches alpha/2.
  const low = k === 0 ? 0 : bisect((p) => binomialUpperTail(k, n, p) < tail);
  // P(X <= k; p) falls with p: the upper bound is where it drops to alpha/2.
  const high = k === n ? 1 : bisect((p) => binomialCdf(k, n, p) > tail);
  return { k, n, share: k / n, low, high, confidence, method: 'exact' };
}

/** The boundary in (0, 1) where `below` turns from true to false. */
function bisect(below: (p: number) => boolean): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-16 * Math.max(hi, 1e-300); i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) break;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return lo + (hi - lo) / 2;
}

/** One of the two intervals by name. */
export function proportionInterval(k: number, n: number, confidence: number, method: 'wilson' | 'exact'): ProportionInterval {
  return method === 'wilson' ? wilsonInterval(k, n, confidence) : exactInterval(k, n, confidence);
}
