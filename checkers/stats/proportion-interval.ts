/**
 * Confidence intervals for a binomial proportion k / n (two-sided, level `confidence`):
 * - Wilson's score interval (Wilson 1927; scipy's `proportion_ci(method='wilson')`):
 *   (k + z^2/2) / (n + z^2) +- z / (n + z^2) * sqrt(k (n - k) / n + z^2 / 4);
 * - the Clopper-Pearson exact interval (1934; scipy's `method='exact'`): the p at which P(X >= k; p) and
 *   P(X <= k; p) equal alpha / 2 (0 for k = 0, 1 for k = n), i.e. the beta quantiles
 *   B^-1(alpha/2; k, n-k+1) and B^-1(1-alpha/2; k+1, n-k) (the incomplete beta is a binomial tail). Found by
 *   safeguarded Newton on p (the tail's derivative is n times a binomial term, d/dp P(X >= k; p) =
 *   n P(Y = k-1), Y ~ Bin(n-1, p)) inside a bisection bracket; each tail is summed from k outwards over the
 *   terms that matter (about 40 standard deviations), so a bound costs O(sqrt n) terms, not O(n) per step.
 *
 * Guarantee: approximate. Wilson: float64 evaluation of the closed form (a few ulps). Clopper-Pearson: tails to
 * relative 1e-13 (binomial.ts terms, compensated sums), the root to 1e-15 relative, so the bounds are within
 * about 1e-11 relative of the exact ones for n up to 1e7. Checked against scipy 1.10 (beta.ppf).
 */
import { DomainError } from '../errors';
import { binomialTerm } from './binomial';
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

/** Largest n for the exact interval (its cost grows like sqrt n). */
export const MAX_EXACT_INTERVAL_N = 10_000_000;

/** The Clopper-Pearson interval. Example: `exactInterval(7, 20, 0.95)` is [0.15390..., 0.59218...]. */
export function exactInterval(k: number, n: number, confidence: number): ProportionInterval {
  checkCounts('exactInterval', k, n, confidence);
  if (n > MAX_EXACT_INTERVAL_N) throw new DomainError('exactInterval', `n must be at most ${MAX_EXACT_INTERVAL_N}, got ${n}`);
  const tail = (1 - confidence) / 2;
  // P(X >= k; p) rises with p from 0 (p = 0) to at least 1/2 (p = k/n): the lower bound is where it is alpha/2.
  const low =
    k === 0
      ? 0
      : newtonRoot(
          (p) => upperTail(k, n, p) - tail,
          (p) => n * binomialTerm(k - 1, n - 1, p),
          0,
          k / n,
        );
  // P(X <= k; p) falls with p from at least 1/2 (p = k/n) to 0 (p = 1): the upper bound is where it is alpha/2.
  const high =
    k === n
      ? 1
      : newtonRoot(
          (p) => tail - lowerTail(k, n, p),
          (p) => n * binomialTerm(k, n - 1, p),
          k / n,
          1,
        );
  return { k, n, share: k / n, low, high, confidence, method: 'exact' };
}

/** A compensated sum of binomial terms from `from` stepping by `dir` while they matter (or to the end). */
function sumFrom(from: number, dir: 1 | -1, n: number, p: number): number {
  let s = 0;
  let c = 0;
  const mode = Math.floor((n + 1) * p);
  for (let i = from; i >= 0 && i <= n; i += dir) {
    const x = binomialTerm(i, n, p);
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
    // Past the mode the terms fall at least geometrically: stop once they are below 1e-18 of the sum.
    if ((dir === 1 ? i > mode : i < mode) && x <= 1e-18 * s) break;
  }
  return s + c;
}

/** P(X >= k; p), summed on the side away from the mode (1 - the other side when k is below it). */
function upperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n * p) return sumFrom(k, 1, n, p);
  return 1 - sumFrom(k - 1, -1, n, p);
}

/** P(X <= k; p), likewise. */
function lowerTail(k: number, n: number, p: number): number {
  if (k >= n) return 1;
  if (k < n * p) return sumFrom(k, -1, n, p);
  return 1 - sumFrom(k + 1, 1, n, p);
}

/**
 * The root of an increasing f on [a, b] (f(a) <= 0 <= f(b)) by Newton steps with derivative df, falling back
 * to bisection whenever a step leaves the bracket; stops when the bracket or the step is below 1e-15 relative.
 */
function newtonRoot(f: (p: number) => number, df: (p: number) => number, a: number, b: number): number {
  let lo = a;
  let hi = b;
  let p = (a + b) / 2;
  for (let i = 0; i < 200; i++) {
    const v = f(p);
    if (v === 0) return p;
    if (v < 0) lo = p;
    else hi = p;
    const d = df(p);
    let next = d > 0 ? p - v / d : NaN;
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
    if (next === p || Math.abs(next - p) <= 1e-15 * Math.abs(next) || hi - lo <= 2e-16 * hi) return next;
    p = next;
  }
  return p;
}

/** One of the two intervals by name. */
export function proportionInterval(k: number, n: number, confidence: number, method: 'wilson' | 'exact'): ProportionInterval {
  return method === 'wilson' ? wilsonInterval(k, n, confidence) : exactInterval(k, n, confidence);
}
