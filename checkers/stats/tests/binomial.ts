/**
 * The exact binomial test of k successes in n trials against a null proportion p0 (scipy.stats.binomtest),
 * with the Clopper-Pearson interval (binomtest(...).proportion_ci(method='exact')):
 * - 'greater': p = P(X >= k), interval [B^-1(alpha; k, n-k+1), 1];
 * - 'less':    p = P(X <= k), interval [0, B^-1(1-alpha; k+1, n-k)];
 * - 'two-sided': scipy's "minlike" p (every outcome no more likely than k, checkers/stats/binomial.ts) and the
 *   two-sided Clopper-Pearson interval at the level.
 * A one-sided interval at level L is a bound of the two-sided interval at 2L - 1 (so L must exceed 1/2).
 * The statistic is k/n as scipy reports it; the effect size Cohen's h = 2 asin sqrt(k/n) - 2 asin sqrt(p0).
 *
 * Guarantee: the p-value is the exact binomial tail, summed in float64 (relative error below 1e-11 for n up
 * to 1e6, binomial.ts); the interval bounds within about 1e-11 relative (proportion-interval.ts).
 *
 * Example: `binomialExactTest(7, 20)` has p 0.26317596435546775 (scipy: ...46875) and interval [0.15390..., 0.59218...].
 */
import { DomainError } from '../../errors';
import { binomialCdf, binomialTest, binomialUpperTail, MAX_BINOMIAL_N } from '../binomial';
import { exactInterval } from '../proportion-interval';
import { checkOptions } from './samples';
import type { ConfidenceInterval, TestOptions, TestResult } from './types';

const TEST = 'binomialExactTest';

export interface BinomialOptions extends TestOptions {
  /** The null proportion (default 1/2). */
  readonly p0?: number;
}

/** The exact binomial test of k successes in n trials. */
export function binomialExactTest(k: number, n: number, options: BinomialOptions = {}): TestResult {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BINOMIAL_N)
    throw new DomainError(TEST, `n must be a whole number in [1, ${MAX_BINOMIAL_N}], got ${n}`);
  if (!Number.isInteger(k) || k < 0 || k > n) throw new DomainError(TEST, `k must be a whole number in [0, n], got ${k} of ${n}`);
  const p0 = options.p0 ?? 0.5;
  if (typeof p0 !== 'number' || !(p0 >= 0 && p0 <= 1)) throw new DomainError(TEST, `p0 must be in [0, 1], got ${String(p0)}`);
  const { alternative, level } = checkOptions(TEST, options);
  if (alternative !== 'two-sided' && !(level > 0.5))
    throw new DomainError(TEST, `a one-sided interval needs a level above 0.5, got ${level}`);
  const p =
    alternative === 'greater'
      ? binomialUpperTail(k, n, p0)
      : alternative === 'less'
        ? binomialCdf(k, n, p0)
        : binomialTest(k, n, p0).pValue;
  return {
    test: 'binomial',
    alternative,
    statistic: k / n,
    dof: null,
    p,
    ci: clopperPearson(k, n, level, alternative),
    effect: { name: 'cohen-h', value: 2 * Math.asin(Math.sqrt(k / n)) - 2 * Math.asin(Math.sqrt(p0)) },
    n: { a: n },
    guarantee: { kind: 'exact', method: `exact binomial distribution, ${n} trials, null proportion ${p0}` },
    pAccuracy: 'relative error below 1e-11 (binomial.ts sums, checked against scipy)',
  };
}

/** The Clopper-Pearson interval for k/n, one-sided as the alternative. */
function clopperPearson(k: number, n: number, level: number, alternative: TestOptions['alternative']): ConfidenceInterval {
  if (alternative === 'two-sided') {
    const { low, high } = exactInterval(k, n, level);
    return { level, low, high, of: 'proportion' };
  }
  const twoSided = exactInterval(k, n, 2 * level - 1);
  return alternative === 'greater'
    ? { level, low: twoSided.low, high: 1, of: 'proportion' }
    : { level, low: 0, high: twoSided.high, of: 'proportion' };
}
