/**
 * The permutation test of a difference of means (scipy.stats.permutation_test with the statistic
 * mean(a) - mean(b); permutation_type 'samples' for paired data, 'independent' otherwise).
 * - Paired: the rearrangements swap the two values of any pair (2^n of them).
 * - Independent: the rearrangements split the pooled values into groups of n_a and n_b (C(n_a + n_b, n_a)).
 * Exact enumeration when the rearrangements number at most `maxExact` (default 2^20 = 1,048,576); otherwise
 * a seeded Monte Carlo sample of `resamples` rearrangements (default 9999, seed default 0, both in the result).
 * One-sided p-values are the share of rearrangements at least as extreme, (b + 1) / (R + 1) for Monte Carlo
 * (the observed arrangement counted once, so p is never 0: Phipson and Smyth 2010); the two-sided p is twice
 * the smaller one-sided p, capped at 1, as scipy's. Values within gamma = 1e-14 max(|observed|, max |x|) of the
 * observed count as equal to it (scipy: 1e-14 max(1, |observed|); ours scales with the data instead).
 *
 * No interval and no standardized effect: the statistic itself, in the data's units, is the effect.
 *
 * Guarantee: exact enumeration gives the exact permutation p (whole counts, one division); Monte Carlo gives
 * an estimate whose standard error sqrt(p (1 - p) / R) is stated in pAccuracy.
 *
 * Example: `permutationTest([3, 5, 6], [1, 2, 4], { paired: true, alternative: 'greater' })` enumerates the 8
 * sign flips of the differences [2, 3, 2]: only all-positive reaches mean 7/3, so p = 1/8.
 */
import { DomainError } from '../../errors';
import { checkOptions, checkPaired, checkSample, differences, mean, scale } from './samples';
import { signFlipCounts, signFlipSample, splitCounts, splitSample, splitsUpTo, type TailCounts } from './permutation-null';
import type { TestOptions, TestResult } from './types';

const TEST = 'permutationTest';

/** The default bound on exactly enumerated rearrangements, and the largest bound accepted. */
export const PERMUTATION_EXACT_MAX = 2 ** 20;
export const PERMUTATION_EXACT_LIMIT = 2 ** 24;

export interface PermutationOptions extends TestOptions {
  /** Pairs by index (swap within pairs) or independent samples (split the pooled values). */
  readonly paired: boolean;
  /** Enumerate exactly when the rearrangements are at most this many (default 2^20, at most 2^24). */
  readonly maxExact?: number;
  /** Monte Carlo rearrangements when not exact (default 9999, at most 10^7). */
  readonly resamples?: number;
  /** Seed of the Monte Carlo stream, a whole number in [0, 2^32) (default 0). */
  readonly seed?: number;
}

function checkWhole(name: string, value: number, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new DomainError(TEST, `${name} must be a whole number in [${min}, ${max}], got ${String(value)}`);
}

/** The permutation test of the difference of means of a and b. */
export function permutationTest(a: readonly number[], b: readonly number[], options: PermutationOptions): TestResult {
  if (typeof options?.paired !== 'boolean') throw new DomainError(TEST, 'say whether the samples are paired (paired: true or false)');
  const { paired } = options;
  // At least 2 observations per sample, as scipy requires (with 1, every p-value is 1/2 or 1).
  if (paired) checkPaired(TEST, a, b, 2);
  else {
    checkSample(TEST, 'a', a, 2);
    checkSample(TEST, 'b', b, 2);
  }
  const { alternative } = checkOptions(TEST, options);
  const maxExact = options.maxExact ?? PERMUTATION_EXACT_MAX;
  const resamples = options.resamples ?? 9999;
  const seed = options.seed ?? 0;
  checkWhole('maxExact', maxExact, 0, PERMUTATION_EXACT_LIMIT);
  checkWhole('resamples', resamples, 1, 10_000_000);
  checkWhole('seed', seed, 0, 0xffffffff);

  const observed = mean(a) - mean(b);
  const gamma = 1e-14 * Math.max(Math.abs(observed), scale(a, b));
  const count = paired ? (a.length <= 52 ? 2 ** a.length : Infinity) : splitsUpTo(a.length + b.length, a.length, maxExact);
  const exact = count <= maxExact;
  const d = paired ? differences(a, b) : [];
  const pooled = paired ? [] : [...a, ...b];
  let tails: TailCounts;
  if (exact) tails = paired ? signFlipCounts(d, observed, gamma) : splitCounts(pooled, a.length, observed, gamma);
  else
    tails = paired ? signFlipSample(d, observed, gamma, resamples, seed) : splitSample(pooled, a.length, observed, gamma, resamples, seed);

  const add = exact ? 0 : 1;
  const pLess = (tails.le + add) / (tails.total + add);
  const pGreater = (tails.ge + add) / (tails.total + add);
  const p = alternative === 'less' ? pLess : alternative === 'greater' ? pGreater : Math.min(1, 2 * Math.min(pLess, pGreater));
  const design = paired ? `${a.length} pairs` : `${a.length} and ${b.length} observations`;
  const what = paired ? `${tails.total} sign flips` : `${tails.total} splits`;
  // The standard error of the estimate: of the one-sided share, doubled with it for the two-sided p.
  const one = alternative === 'two-sided' ? p / 2 : p;
  const se = (alternative === 'two-sided' ? 2 : 1) * Math.sqrt((one * (1 - one)) / resamples);
  return {
    test: 'permutation',
    alternative,
    statistic: observed,
    dof: null,
    p,
    ci: null,
    effect: null,
    n: paired ? { a: a.length } : { a: a.length, b: b.length },
    guarantee: exact
      ? { kind: 'exact', method: `exact enumeration of all ${what} (${design})` }
      : {
          kind: 'statistical',
          method: `Monte Carlo, seed ${seed}, ${resamples} resamples (${design}; ${Number.isFinite(count) ? count : 'more than ' + maxExact} rearrangements exceed the exact bound ${maxExact})`,
          seed,
          resamples,
        },
    pAccuracy: exact
      ? 'exact: a whole count of rearrangements over their number, one rounding'
      : `Monte Carlo estimate (b + 1)/(R + 1): standard error about ${Number(se.toPrecision(2))} (binomial, R = ${resamples})`,
  };
}
