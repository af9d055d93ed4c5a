/**
 * The paired t test (scipy.stats.ttest_rel): on the differences d_i = a_i - b_i of n pairs,
 * t = mean(d) / (s_d / sqrt n) with n - 1 degrees of freedom; the interval is for the mean difference and
 * the effect size Cohen's d_z = mean(d) / s_d.
 *
 * Zero spread: when every difference is the same (s_d zero, or no larger than float64 rounding of the
 * inputs), t is undefined and this throws a DomainError. scipy instead returns t = +-inf with p = 0 (or NaN
 * when the differences are all zero); a p of 0 from rounding noise would read as certainty, so we refuse.
 *
 * Guarantee: the p-value is the exact Student-t tail under the test's assumption (normal differences), to
 * the accuracy of student-t.ts; checked against scipy on random inputs (test/checkers/stats/tests/).
 *
 * Example: `pairedTTest([2, 4, 6.5], [1, 2, 3])` has statistic 2.9824045403173027, dof 2, p 0.096437...
 */
import { checkOptions, checkPaired, differences, mean, scale, spreadIsRounding, variance } from './samples';
import { tInterval, tResult, zeroSpread } from './t-inference';
import type { TestOptions, TestResult } from './types';

const TEST = 'pairedTTest';

/** The paired t test of a against b (pairs by index, at least 2). */
export function pairedTTest(a: readonly number[], b: readonly number[], options: TestOptions = {}): TestResult {
  checkPaired(TEST, a, b, 2);
  const { alternative, level } = checkOptions(TEST, options);
  const d = differences(a, b);
  const n = d.length;
  const m = mean(d);
  const sd = Math.sqrt(variance(d));
  if (spreadIsRounding(sd, scale(a, b))) zeroSpread(TEST, 'the spread of the paired differences');
  const se = sd / Math.sqrt(n);
  const dof = n - 1;
  return tResult({
    test: 'paired-t',
    alternative,
    statistic: m / se,
    dof,
    ci: tInterval(m, se, dof, level, alternative, 'mean difference'),
    effect: { name: 'cohen-dz', value: m / sd },
    n: { a: n },
    method: `Student t with ${dof} degrees of freedom on ${n} paired differences`,
  });
}
