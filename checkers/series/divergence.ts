/**
 * Is a metric diverging over a window of steps? The test: the OLS slope of the value (or of its natural log,
 * as stated by `scale`) against the step over the window's finite points, one-sided in the stated direction
 * (window-slope.ts), judged at the stated `level`. Beside it, the ratio of the mean of the window's last
 * `ratioPoints` values to the mean of its first (on the values themselves, whatever the scale; defined when the
 * first mean is positive). When a `ratioThreshold` is stated, "diverging" also needs the ratio at or beyond it
 * (>= for increasing, <= for decreasing): the conjunction only rejects less often, so the level still bounds
 * the false-alarm rate; without a threshold the ratio is reported only (it has no sampling distribution here).
 *
 * Outcomes: `diverging` (p < level, and the ratio condition when stated); `not-significant` (no evidence of a
 * trend at that level, which is not evidence of stability); `constant` (the window's values are all equal:
 * no trend, exactly); `cannot-tell` with a reason: fewer finite points than the stated minimum (never decided
 * from fewer; with AR(1) errors, fewer effective points), steps that do not vary, a non-positive value on the log
 * scale, or a stated ratio threshold with no ratio to compare. Non-finite values in the window are left out of
 * the fit and counted (the non-finite report, non-finite.ts, is the check for them); points at a repeated step
 * all enter the fit.
 * Errors: the plain t test assumes independent errors (`errors: 'independent'`); a training loss's noise is often
 * correlated from step to step, which makes its p too small. With `errors: 'ar1'` the test is adjusted for AR(1)
 * errors (window-slope.ts ar1Adjusted, Nychka et al. 2000: an effective n from the residuals' lag-1
 * autocorrelation, which must itself reach the stated minimum; measured false alarms at most 0.044 at level
 * 0.05 for AR(1) noise with phi up to 0.9, where the plain test gives up to 0.34). Either way the residuals'
 * lag-1 autocorrelation is reported.
 * Guarantee: statistical (the slope's one-sided t test, its p and dof = n - 2, or n_e - 2 adjusted); exact for
 * `constant`; none for `cannot-tell`.
 *
 * Example: for steps 0..9 and values 1, 1.2, 1.1, 1.5, 1.4, 1.9, 2.1, 2.0, 2.6, 3.1,
 * `divergenceTest(s, { scale: 'log', direction: 'increasing', errors: 'independent', level: 0.05, minPoints: 8 })`
 * is 'diverging' with dof 8 and p = 1.2377e-6; with `minPoints: 12` it is 'cannot-tell' (10 points, fewer than 12).
 */
import { DomainError } from '../errors';
import { orderedPoints, type SeriesGuarantee, type StepValues } from './points';
import { ar1Adjusted, effectiveSampleSize, olsSlope, type AdjustedSlopeFit, type SlopeFit, type TrendDirection } from './window-slope';

/** The minimum of finite points a divergence test is decided from, when a case states none. */
export const DEFAULT_MIN_POINTS = 8;

export interface DivergenceOptions {
  /** Fit the value, or its natural log (every value in the window must then be positive). */
  readonly scale: 'value' | 'log';
  readonly direction: TrendDirection;
  /** Independent errors (plain OLS t test), or AR(1) errors (Nychka et al.'s effective-n adjustment). */
  readonly errors: 'independent' | 'ar1';
  /** Significance level, 0 < level < 1. */
  readonly level: number;
  /** Fewest finite points to decide from: an integer, at least 3. */
  readonly minPoints: number;
  /** The window, both ends included; the whole series when absent. */
  readonly fromStep?: number;
  readonly toStep?: number;
  /** Points in each of the ratio's first and last sub-windows: default max(2, floor(n / 4)). */
  readonly ratioPoints?: number;
  /** When stated (> 0), the ratio must reach it for `diverging`. */
  readonly ratioThreshold?: number;
}

export type DivergenceOutcome = 'diverging' | 'not-significant' | 'constant' | 'cannot-tell';

export type CannotTellReason =
  | { readonly code: 'too-few-points'; readonly points: number; readonly minimum: number }
  | {
      readonly code: 'too-few-effective-points';
      readonly points: number;
      readonly effectiveN: number;
      readonly residualLag1: number;
      readonly minimum: number;
    }
  | { readonly code: 'steps-do-not-vary'; readonly step: number }
  | { readonly code: 'not-positive-for-log'; readonly step: number; readonly value: number }
  | { readonly code: 'no-ratio'; readonly points: number; readonly ratioPoints: number; readonly firstMean: number | null };

export interface RatioSummary {
  /** Values in each sub-window. */
  readonly points: number;
  readonly firstMean: number;
  readonly lastMean: number;
  /** lastMean / firstMean; null when the first mean is not positive. */
  readonly ratio: number | null;
  readonly threshold: number | null;
  /** Whether the ratio reaches the threshold in the direction tested; null without both. */
  readonly reached: boolean | null;
}

export interface DivergenceResult {
  readonly outcome: DivergenceOutcome;
  readonly reason: CannotTellReason | null;
  readonly window: {
    readonly fromStep: number | null;
    readonly toStep: number | null;
    /** Finite points in the window (the fit's n). */
    readonly points: number;
    /** Non-finite values in the window, left out. */
    readonly nonFinite: number;
  };
  readonly scale: 'value' | 'log';
  readonly direction: TrendDirection;
  readonly errors: 'independent' | 'ar1';
  readonly level: number;
  readonly minPoints: number;
  /** The OLS fit and its plain t test. */
  readonly slope: SlopeFit | null;
  /** With `errors: 'ar1'`, the adjusted test the decision used (else null). */
  readonly adjusted: AdjustedSlopeFit | null;
  readonly ratio: RatioSummary | null;
  readonly guarantee: SeriesGuarantee | null;
}

function checkOptions(o: DivergenceOptions): void {
  if (!(o.level > 0 && o.level < 1)) throw new DomainError('divergenceTest', `level must be in (0, 1), got ${o.level}`);
  if (!Number.isInteger(o.minPoints) || o.minPoints < 3)
    throw new DomainError('divergenceTest', `minPoints must be an integer of at least 3, got ${o.minPoints}`);
  if (o.ratioPoints !== undefined && (!Number.isInteger(o.ratioPoints) || o.ratioPoints < 1))
    throw new DomainError('divergenceTest', `ratioPoints must be a positive integer, got ${o.ratioPoints}`);
  if (o.ratioThreshold !== undefined && !(o.ratioThreshold > 0 && Number.isFinite(o.ratioThreshold)))
    throw new DomainError('divergenceTest', `ratioThreshold must be positive and finite, got ${o.ratioThreshold}`);
}

function meanOf(v: readonly number[]): number {
  let s = 0;
  for (const x of v) s += x;
  return s / v.length;
}

function ratioPointsFor(n: number, o: DivergenceOptions): number {
  return o.ratioPoints ?? Math.max(2, Math.floor(n / 4));
}

function ratioOf(values: readonly number[], o: DivergenceOptions): RatioSummary | null {
  const k = ratioPointsFor(values.length, o);
  if (2 * k > values.length) return null;
  const firstMean = meanOf(values.slice(0, k));
  const lastMean = meanOf(values.slice(values.length - k));
  const ratio = firstMean > 0 ? lastMean / firstMean : null;
  const threshold = o.ratioThreshold ?? null;
  const reached = ratio === null || threshold === null ? null : o.direction === 'increasing' ? ratio >= threshold : ratio <= threshold;
  return { points: k, firstMean, lastMean, ratio, threshold, reached };
}

/**
 * The divergence test of `series` (steps and values in stored order) over the stated window.
 * Throws DomainError on options out of range, or on a malformed series (naming `what`).
 * Example: see the module comment.
 */
export function divergenceTest(series: StepValues, o: DivergenceOptions, what = 'series'): DivergenceResult {
  checkOptions(o);
  const inWindow = orderedPoints(what, series).points.filter(
    (p) => (o.fromStep === undefined || p.step >= o.fromStep) && (o.toStep === undefined || p.step <= o.toStep),
  );
  const finite = inWindow.filter((p) => p.kind === 'finite');
  const window = {
    fromStep: o.fromStep ?? null,
    toStep: o.toStep ?? null,
    points: finite.length,
    nonFinite: inWindow.length - finite.length,
  };
  const base = { window, scale: o.scale, direction: o.direction, errors: o.errors, level: o.level, minPoints: o.minPoints };
  const cannotTell = (reason: CannotTellReason, slope: SlopeFit | null = null, ratio: RatioSummary | null = null): DivergenceResult => ({
    ...base,
    outcome: 'cannot-tell',
    reason,
    slope,
    adjusted: null,
    ratio,
    guarantee: null,
  });

  if (finite.length < o.minPoints) return cannotTell({ code: 'too-few-points', points: finite.length, minimum: o.minPoints });
  if (o.scale === 'log') {
    const bad = finite.find((p) => !(p.value > 0));
    if (bad !== undefined) return cannotTell({ code: 'not-positive-for-log', step: bad.step, value: bad.value });
  }
  const first = finite[0]!;
  if (finite.every((p) => p.step === first.step)) return cannotTell({ code: 'steps-do-not-vary', step: first.step });
  const values = finite.map((p) => p.value);
  const ratio = ratioOf(values, o);
  if (values.every((v) => v === first.value))
    return { ...base, outcome: 'constant', reason: null, slope: null, adjusted: null, ratio, guarantee: { kind: 'exact' } };

  const x = finite.map((p) => p.step);
  const y = o.scale === 'log' ? values.map((v) => Math.log(v)) : values;
  const slope = olsSlope(x, y, o.direction);
  const adjusted = o.errors === 'ar1' ? ar1Adjusted(slope) : null;
  if (o.errors === 'ar1' && (adjusted === null || adjusted.effectiveN < o.minPoints)) {
    const effectiveN = effectiveSampleSize(slope.n, slope.residualLag1);
    return cannotTell(
      { code: 'too-few-effective-points', points: slope.n, effectiveN, residualLag1: slope.residualLag1 ?? 0, minimum: o.minPoints },
      slope,
      ratio,
    );
  }
  const used = adjusted ?? slope;
  if (o.ratioThreshold !== undefined && (ratio === null || ratio.ratio === null)) {
    return cannotTell(
      { code: 'no-ratio', points: finite.length, ratioPoints: ratioPointsFor(finite.length, o), firstMean: ratio?.firstMean ?? null },
      slope,
      ratio,
    );
  }
  const significant = used.p < o.level;
  const outcome = significant && ratio?.reached !== false ? 'diverging' : 'not-significant';
  const errors = o.errors === 'ar1' ? ', adjusted for AR(1) errors (Nychka et al. 2000)' : '';
  const test = `one-sided t test of the OLS slope of ${o.scale === 'log' ? 'ln(value)' : 'value'} on step (${o.direction})${errors}`;
  return {
    ...base,
    outcome,
    reason: null,
    slope,
    adjusted,
    ratio,
    guarantee: { kind: 'statistical', test, p: used.p, dof: used.dof, level: o.level },
  };
}

/**
 * A cannot-tell reason in one line. Example: `reasonText({ code: 'too-few-points', points: 5, minimum: 8 })`
 * is '5 finite points in the window, fewer than the stated minimum of 8'.
 */
export function reasonText(r: CannotTellReason): string {
  switch (r.code) {
    case 'too-few-points':
      return `${r.points} finite point${r.points === 1 ? '' : 's'} in the window, fewer than the stated minimum of ${r.minimum}`;
    case 'too-few-effective-points':
      return `${r.points} finite points with residual lag-1 autocorrelation ${r.residualLag1.toPrecision(3)} count as ${r.effectiveN.toPrecision(3)} independent ones, fewer than the stated minimum of ${r.minimum}`;
    case 'steps-do-not-vary':
      return `every point in the window is at step ${r.step}: no slope`;
    case 'not-positive-for-log':
      return `the value ${r.value} at step ${r.step} is not positive: no log scale`;
    case 'no-ratio':
      return r.firstMean === null
        ? `${r.points} points cannot hold two sub-windows of ${r.ratioPoints}: no ratio to compare with the threshold`
        : `the first sub-window's mean ${r.firstMean} is not positive: no ratio to compare with the threshold`;
  }
}
