/**
 * The binomial distribution and the exact binomial test.
 *
 * - `binomialPmf` in log space: ln C(n, k) from ln k! (a table below 32, the Stirling series above) plus
 *   k ln p + (n - k) ln(1 - p).
 * - `binomialTest`: the two-sided exact test as scipy.stats.binomtest computes it (the "minlike" rule): the
 *   p-value is the probability of every outcome no more likely than the one observed, with a relative
 *   tolerance of 1e-7 for ties (scipy's `rerr`), capped at 1.
 *
 * Guarantee: approximate, relative error of a pmf below about 1e-11 for n up to 1e6 (the Stirling series is
 * truncated after its x^-9 term, error below 1e-17 at 32; the rest is float64 rounding of values of size
 * ln n!); sums are over terms of one sign. Checked against scipy 1.10 (binom.pmf, binomtest).
 */
import { DomainError } from '../errors';

/** Largest n accepted (the sums are O(n)). */
export const MAX_BINOMIAL_N = 1_000_000;

const LN_FACTORIAL_SMALL: number[] = (() => {
  const t = [0];
  for (let i = 1; i < 32; i++) t.push((t[i - 1] as number) + Math.log(i));
  return t;
})();

/** ln n! for a whole n >= 0 (Stirling's series for n >= 32). Example: `lnFactorial(5)` is ln 120. */
export function lnFactorial(n: number): number {
  if (n < 32) return LN_FACTORIAL_SMALL[n] as number;
  const x = n + 1; // ln Gamma(x)
  const inv = 1 / x;
  const inv2 = inv * inv;
  // ln Gamma(x) = (x - 1/2) ln x - x + ln(2 pi)/2 + 1/(12x) - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7) + 1/(1188x^9)
  const series = inv * (1 / 12 - inv2 * (1 / 360 - inv2 * (1 / 1260 - inv2 * (1 / 1680 - inv2 / 1188))));
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + series;
}

function checkArgs(op: string, k: number, n: number, p: number): void {
  if (!Number.isInteger(n) || n < 0 || n > MAX_BINOMIAL_N) throw new DomainError(op, `n must be a whole number in [0, ${MAX_BINOMIAL_N}], got ${n}`);
  if (!Number.isInteger(k)) throw new DomainError(op, `k must be a whole number, got ${k}`);
  if (!(p >= 0 && p <= 1)) throw new DomainError(op, `p must be in [0, 1], got ${p}`);
}

/** P(X = k) for X ~ Binomial(n, p). Example: `binomialPmf(2, 4, 0.5)` is 0.375. */
export function binomialPmf(k: number, n: number, p: number): number {
  checkArgs('binomialPmf', k, n, p);
  if (k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const ln = lnFactorial(n) - lnFactorial(k) - lnFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log1p(-p);
  return Math.exp(ln);
}

/** P(X <= k). Example: `binomialCdf(1, 4, 0.5)` is 0.3125. */
export function binomialCdf(k: number, n: number, p: number): number {
  checkArgs('binomialCdf', k, n, p);
  if (k < 0) return 0;
  if (k >= n) return 1;
  let s = 0;
  for (let i = 0; i <= k; i++) s += binomialPmf(i, n, p);
  return Math.min(1, s);
}

/** P(X >= k), summed directly (no 1 - cdf cancellation in the tail). Example: `binomialSf(4, 4, 0.5)` is 0.0625. */
export function binomialUpperTail(k: number, n: number, p: number): number {
  checkArgs('binomialUpperTail', k, n, p);
  if (k <= 0) return 1;
  if (k > n) return 0;
  let s = 0;
  for (let i = n; i >= k; i--) s += binomialPmf(i, n, p);
  return Math.min(1, s);
}

export interface BinomialTestResult {
  readonly k: number;
  readonly n: number;
  /** The null proportion tested. */
  readonly p: number;
  /** k / n (NaN for n = 0). */
  readonly share: number;
  /** Two-sided p-value. */
  readonly pValue: number;
}

/** scipy's relative tolerance for outcomes as likely as the observed one. */
const RERR = 1 + 1e-7;

/**
 * The two-sided exact binomial test of k successes in n trials against proportion p.
 * Example: `binomialTest(7, 20, 0.5).pValue` is 0.26317596435546875 (scipy gives the same).
 */
export function binomialTest(k: number, n: number, p = 0.5): BinomialTestResult {
  checkArgs('binomialTest', k, n, p);
  if (k < 0 || k > n) throw new DomainError('binomialTest', `k must be in [0, n], got ${k} of ${n}`);
  if (n === 0) throw new DomainError('binomialTest', 'n must be at least 1');
  const share = k / n;
  if (k === n * p) return { k, n, p, share, pValue: 1 };
  const d = binomialPmf(k, n, p) * RERR;
  // Summed from the tails inwards (the smallest terms first), over outcomes no more likely than k.
  let s = 0;
  for (let lo = 0, hi = n; lo <= hi; ) {
    const a = binomialPmf(lo, n, p);
    const b = binomialPmf(hi, n, p);
    if (a > d && b > d) break;
    if (a <= b) {
      s += a;
      lo++;
    } else {
      s += b;
      hi--;
    }
  }
  return { k, n, p, share, pValue: Math.min(1, s) };
}
