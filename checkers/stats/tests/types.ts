/**
 * The one result every hypothesis test in this folder returns, so that a check kind, the `recheck stat`
 * command, reports and letters read any test the same way (and can name a finding's test beside a claim's:
 * paired against unpaired, one- against two-sided).
 *
 * Conventions shared by every test:
 * - `a` is the first sample (scipy's `x`), `b` the second; `greater` means "a tends to exceed b" (the mean
 *   difference a - b, the signed ranks of a - b, a's ranks), `less` the opposite, as in scipy.stats.
 * - `p` is the p-value of `statistic` under the test's null; `pAccuracy` says how close it is to the exact
 *   tail probability of the stated null distribution (rounding, approximation or Monte Carlo error).
 * - `guarantee.kind` describes how the p-value was computed, not what a decision built on it is worth:
 *   'exact' (the exact null distribution of the statistic under the test's assumptions: Student's t under
 *   normality, an exact rank or binomial distribution, a full enumeration), 'approximate' (a large-sample
 *   normal approximation) or 'statistical' (a Monte Carlo estimate, itself random, with its seed). A decision
 *   resting on any test result is statistical (the check kind reports `{kind: 'statistical', test, p, dof,
 *   level}`) whatever this field says.
 *
 * Example: `pairedTTest([2, 4, 6.5], [1, 2, 3])` returns `{ test: 'paired-t', alternative: 'two-sided',
 * statistic: 2.98240..., dof: 2, p: 0.096437..., ci: { level: 0.95, low: -0.95913..., high: 5.29247...,
 * of: 'mean difference' }, effect: { name: 'cohen-dz', value: 1.72189... }, n: { a: 3 }, guarantee:
 * { kind: 'exact', method: 'Student t with 2 degrees of freedom on 3 paired differences' }, pAccuracy: ... }`.
 */

/** The tests this folder implements (the `--test` names of `recheck stat`). */
export type TestName = 'paired-t' | 'student' | 'welch' | 'wilcoxon' | 'mann-whitney' | 'binomial' | 'permutation';

/** The alternative hypothesis, in scipy's words. */
export type Alternative = 'two-sided' | 'greater' | 'less';

/** Every alternative, for validation and for loops in tests. */
export const ALTERNATIVES: readonly Alternative[] = ['two-sided', 'greater', 'less'];

/**
 * A confidence interval for the quantity `of`; one-sided alternatives give one-sided intervals (an infinite
 * bound, or 0 / 1 for a proportion), as scipy's `confidence_interval` and `proportion_ci` do.
 */
export interface ConfidenceInterval {
  readonly level: number;
  readonly low: number;
  readonly high: number;
  readonly of: 'mean difference' | 'difference of means' | 'proportion';
}

/**
 * A standardized effect size:
 * - `cohen-dz`: mean of the paired differences over their standard deviation;
 * - `cohen-d`: difference of means over the pooled standard deviation (Student);
 * - `cohen-d-av`: difference of means over sqrt((s_a^2 + s_b^2) / 2) (Welch: no pooling assumed);
 * - `rank-biserial`: (R+ - R-) / (R+ + R-) for signed ranks (Kerby 2014), 2 U_a / (n_a n_b) - 1 for
 *   Mann-Whitney; in [-1, 1], positive when a tends to exceed b;
 * - `cohen-h`: 2 asin(sqrt(k/n)) - 2 asin(sqrt(p0)) for a proportion against its null.
 */
export interface EffectSize {
  readonly name: 'cohen-dz' | 'cohen-d' | 'cohen-d-av' | 'rank-biserial' | 'cohen-h';
  readonly value: number;
}

/** How the p-value was obtained (see the file comment); Monte Carlo results carry their seed and resamples. */
export interface TestGuarantee {
  readonly kind: 'exact' | 'approximate' | 'statistical';
  /** In words, e.g. 'exact enumeration of all 1024 sign flips', 'Monte Carlo, seed 7, 9999 resamples'. */
  readonly method: string;
  readonly seed?: number;
  readonly resamples?: number;
}

export interface TestResult {
  readonly test: TestName;
  readonly alternative: Alternative;
  /** t, the signed-rank sum, U of a, k/n, or the difference of means (permutation); as scipy reports it. */
  readonly statistic: number;
  /** Degrees of freedom of a t statistic; null for the others. */
  readonly dof: number | null;
  readonly p: number;
  readonly ci: ConfidenceInterval | null;
  readonly effect: EffectSize | null;
  /** Observations: pairs (paired tests, in `a`), or each sample's size; trials for the binomial test. */
  readonly n: { readonly a: number; readonly b?: number };
  readonly guarantee: TestGuarantee;
  readonly pAccuracy: string;
}

/** Options every sample test takes. `level` is the confidence level of the interval (default 0.95). */
export interface TestOptions {
  readonly alternative?: Alternative;
  readonly level?: number;
}

/**
 * The rank tests' method, as scipy's `method`: 'auto' (scipy's rule, the default), 'exact' (the exact null
 * law; with ties or zeros, the exact law conditional on the tied ranks), or 'approx' (the normal law).
 */
export interface RankTestOptions extends TestOptions {
  readonly method?: 'auto' | 'exact' | 'approx';
}
