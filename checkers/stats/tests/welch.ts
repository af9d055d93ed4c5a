/**
 * Welch's two-sample t test (scipy.stats.ttest_ind, equal_var=False): with v_a = s_a^2 / n_a and
 * v_b = s_b^2 / n_b, t = (mean a - mean b) / sqrt(v_a + v_b) and the Welch-Satterthwaite degrees of freedom
 * nu = (v_a + v_b)^2 / (v_a^2 / (n_a - 1) + v_b^2 / (n_b - 1)) (not a whole number in general); the interval
 * is for the difference of means, the effect size (mean a - mean b) / sqrt((s_a^2 + s_b^2) / 2) ('cohen-d-av':
 * no common variance is assumed).
 *
 * Each sample needs 2 observations; when both are constant (to float64 rounding) this throws a DomainError.
 *
 * Guarantee: the p-value is the Student-t tail at nu, exact for the Welch statistic's approximating
 * distribution (Welch 1947), to the accuracy of student-t.ts; checked against scipy on random inputs.
 *
 * Example: `welchTTest([1, 2, 3, 4], [3, 4, 5, 6, 7])` has statistic -2.6111648393354674, dof 6.98077, p 0.034938...
 */
import { checkOptions, checkSample, mean, scale, spreadIsRounding, variance } from './samples';
import { tInterval, tResult, zeroSpread } from './t-inference';
import type { TestOptions, TestResult } from './types';

const TEST = 'welchTTest';

/** Welch's unequal-variance t test of a against b (independent samples, at least 2 each). */
export function welchTTest(a: readonly number[], b: readonly number[], options: TestOptions = {}): TestResult {
  checkSample(TEST, 'a', a, 2);
  checkSample(TEST, 'b', b, 2);
  const { alternative, level } = checkOptions(TEST, options);
  const na = a.length;
  const nb = b.length;
  const sa2 = variance(a);
  const sb2 = variance(b);
  if (spreadIsRounding(Math.sqrt(sa2), scale(a)) && spreadIsRounding(Math.sqrt(sb2), scale(b)))
    zeroSpread(TEST, 'the spread of both samples');
  const va = sa2 / na;
  const vb = sb2 / nb;
  const dof = ((va + vb) * (va + vb)) / ((va * va) / (na - 1) + (vb * vb) / (nb - 1));
  const se = Math.sqrt(va + vb);
  const diff = mean(a) - mean(b);
  return tResult({
    test: 'welch',
    alternative,
    statistic: diff / se,
    dof,
    ci: tInterval(diff, se, dof, level, alternative, 'difference of means'),
    effect: { name: 'cohen-d-av', value: diff / Math.sqrt((sa2 + sb2) / 2) },
    n: { a: na, b: nb },
    method: `Welch t with ${Number(dof.toPrecision(6))} Welch-Satterthwaite degrees of freedom`,
  });
}
