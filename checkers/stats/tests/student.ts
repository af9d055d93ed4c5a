/**
 * Student's two-sample t test with pooled variance (scipy.stats.ttest_ind, equal_var=True):
 * s_p^2 = ((n_a - 1) s_a^2 + (n_b - 1) s_b^2) / (n_a + n_b - 2), t = (mean a - mean b) / (s_p sqrt(1/n_a +
 * 1/n_b)) with n_a + n_b - 2 degrees of freedom; the interval is for the difference of means and the effect
 * size Cohen's d = (mean a - mean b) / s_p.
 *
 * Each sample needs 2 observations (a variance); when both samples are constant (to float64 rounding) t is
 * undefined and this throws a DomainError (scipy returns +-inf or NaN there).
 *
 * Guarantee: the p-value is the exact Student-t tail under normality with equal variances, to the accuracy of
 * student-t.ts; checked against scipy on random inputs.
 *
 * Example: `studentTTest([1, 2, 3, 4], [3, 4, 5, 6, 7])` has statistic -2.545875386086578, dof 7, p 0.038333...
 */
import { checkOptions, checkSample, mean, scale, spreadIsRounding, variance } from './samples';
import { tInterval, tResult, zeroSpread } from './t-inference';
import type { TestOptions, TestResult } from './types';

const TEST = 'studentTTest';

/** Student's pooled-variance t test of a against b (independent samples, at least 2 each). */
export function studentTTest(a: readonly number[], b: readonly number[], options: TestOptions = {}): TestResult {
  checkSample(TEST, 'a', a, 2);
  checkSample(TEST, 'b', b, 2);
  const { alternative, level } = checkOptions(TEST, options);
  const na = a.length;
  const nb = b.length;
  const dof = na + nb - 2;
  const va = variance(a);
  const vb = variance(b);
  if (spreadIsRounding(Math.sqrt(va), scale(a)) && spreadIsRounding(Math.sqrt(vb), scale(b)))
    zeroSpread(TEST, 'the spread of both samples');
  const sp = Math.sqrt(((na - 1) * va + (nb - 1) * vb) / dof);
  const se = sp * Math.sqrt(1 / na + 1 / nb);
  const diff = mean(a) - mean(b);
  return tResult({
    test: 'student',
    alternative,
    statistic: diff / se,
    dof,
    ci: tInterval(diff, se, dof, level, alternative, 'difference of means'),
    effect: { name: 'cohen-d', value: diff / sp },
    n: { a: na, b: nb },
    method: `Student t with ${dof} degrees of freedom, pooled variance`,
  });
}
