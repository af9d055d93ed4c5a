/**
 * What the reproduced values of n seeds say about their mean (`metric-claim`): the mean, the sample standard
 * deviation (n - 1), the standard error s/sqrt(n), the two-sided Student-t interval at `confidence`
 * (mean +- t_{(1+confidence)/2, n-1} s/sqrt(n), the exact t quantile of checkers/stats/student-t.ts), and the
 * one-sample t test of the mean against a boundary b: t = (mean - b)/se on n - 1 dof, with both one-sided
 * p-values (P(T >= t): the mean lies above b; P(T <= t): below), as scipy.stats.ttest_1samp(values, b,
 * alternative='greater' / 'less') gives them.
 * The interval's lower end is at or above b exactly when P(T >= t) <= (1 - confidence)/2 (and its upper end at
 * or below b when P(T <= t) is): the interval and the tests are one computation seen two ways.
 * Needs n >= 2 finite values whose spread is more than float64 rounding (checkers/stats/tests/samples.ts
 * `spreadIsRounding`); otherwise a DomainError (the decision, decide.ts, says why before asking).
 * Guarantee: the tails and quantile of student-t.ts (relative error below 1e-12 against scipy) at the mean and
 * se computed in float64 (numpy's two-pass definitions).
 * Example: `seedSummary([3.9, 4.1, 4.3, 3.8, 4.2], 0.95)` has mean 4.06, sd 0.20736441, interval
 * [3.8025231, 4.3174769] (scipy: t.interval(0.95, 4, 4.06, sem)); `boundaryTest(that, 3.5)` has t = 6.0386353
 * and pGreater 0.0018961 (ttest_1samp(x, 3.5, alternative='greater')).
 */
import { DomainError } from '../errors';
import { tCdf, tQuantile, tUpperTail } from '../stats/student-t';
import { mean, scale, spreadIsRounding, variance } from '../stats/tests/samples';

export interface SeedSummary {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly se: number;
  readonly dof: number;
  readonly confidence: number;
  /** t_{(1+confidence)/2, dof}. */
  readonly quantile: number;
  readonly low: number;
  readonly high: number;
}

/** The one-sample t test of the mean against `boundary`. */
export interface BoundaryTest {
  readonly boundary: number;
  readonly statistic: number;
  readonly dof: number;
  /** P(T >= t): small when the mean lies above the boundary. */
  readonly pGreater: number;
  /** P(T <= t): small when the mean lies below the boundary. */
  readonly pLess: number;
}

const OP = 'seedSummary';

/** Whether the values have a spread a t interval can use (n >= 2 finite values, sd above rounding). */
export function hasSpread(values: readonly number[]): boolean {
  if (values.length < 2 || values.some((v) => !Number.isFinite(v))) return false;
  return !spreadIsRounding(Math.sqrt(variance(values)), scale(values));
}

/** Mean, sd, se and the two-sided t interval of the values at `confidence` (see the file comment). */
export function seedSummary(values: readonly number[], confidence: number): SeedSummary {
  if (!(typeof confidence === 'number' && confidence > 0 && confidence < 1))
    throw new DomainError(OP, `the confidence must be in (0, 1), got ${String(confidence)}`);
  if (values.length < 2) throw new DomainError(OP, `an interval needs at least 2 values, got ${values.length}`);
  values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new DomainError(OP, `value ${i + 1} is ${String(v)}, not a finite number`);
  });
  if (!hasSpread(values)) throw new DomainError(OP, 'the values are all equal (or differ only by float64 rounding): no t interval');
  const n = values.length;
  const m = mean(values);
  const sd = Math.sqrt(variance(values));
  const se = sd / Math.sqrt(n);
  const dof = n - 1;
  const quantile = tQuantile(0.5 + confidence / 2, dof);
  return { n, mean: m, sd, se, dof, confidence, quantile, low: m - quantile * se, high: m + quantile * se };
}

/** The one-sample t test of the summary's mean against `boundary`. */
export function boundaryTest(s: SeedSummary, boundary: number): BoundaryTest {
  const t = (s.mean - boundary) / s.se;
  return { boundary, statistic: t, dof: s.dof, pGreater: tUpperTail(t, s.dof), pLess: tCdf(t, s.dof) };
}
