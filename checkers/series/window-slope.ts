/**
 * Ordinary least squares of y on x (one line, y = a + b x) with the slope's standard error and its one-sided
 * t test: the arithmetic behind the divergence test (divergence.ts).
 * - b = Sxy / Sxx and a = ybar - b xbar with Sxx = sum (x - xbar)^2 and Sxy = sum (x - xbar)(y - ybar), both
 *   centred in a second pass after shifting x and y by their first point (steps such as 1.2e8 + i keep their
 *   digits: the mean's rounding is then relative to the window's span, not to the step's size);
 * - SSE = sum e^2 from the residuals themselves (not Syy - b Sxy, which cancels when the fit is close), after
 *   removing their mean (exactly zero in exact arithmetic, so what is left is the centring's rounding);
 *   se(b) = sqrt(SSE / (n - 2) / Sxx), t = b / se(b) with n - 2 degrees of freedom;
 * - p = P(T > t) for the alternative b > 0 ("increasing"), P(T < t) for b < 0 ("decreasing")
 *   (checkers/stats/student-t.ts), as scipy.stats.linregress(x, y, alternative='greater' / 'less');
 * - the lag-1 autocorrelation of the residuals, r1 = sum e_i e_(i-1) / sum e_i^2 in x order: the t test assumes
 *   independent errors, and a training loss's noise is often correlated from step to step, which makes p too
 *   small (measured on AR(1) noise, 50 points, level 0.05: false alarms 0.167 at phi = 0.5, 0.330 at 0.9).
 * - ar1Adjusted: the test adjusted for AR(1) errors with the effective sample size of Nychka et al. (2000,
 *   "Confidence intervals for trend estimates with autocorrelated observations", NCAR; as used by Santer et
 *   al. 2008, Int. J. Climatol. 28, 1703-1722): n_e = n (1 - r1 - 0.68/sqrt(n)) / (1 + r1 + 0.68/sqrt(n)), r1
 *   taken as 0 when negative; se scaled by sqrt((n - 2) / (n_e - 2)), dof n_e - 2. Chosen over Santer et al.
 *   2000's n (1 - r1)/(1 + r1), which stays liberal because r1 is biased low in short windows. Measured (4000
 *   AR(1) series per cell, level 0.05, windows with n_e < 8 refused): false alarms at most 0.044 for n = 12,
 *   30, 100, 300 and phi = 0, 0.3, 0.5, 0.7, 0.9 (Santer 2000: up to 0.108), at the price of power and of
 *   refusals (n = 12: 25% at phi = 0, 82% at 0.9; n = 100: 75% at 0.9).
 * Guarantee: approximate in the arithmetic (double precision). Against exact rational sums on 600 random
 * series (test/checkers/series/window-slope.test.ts) the slope is within 1e-11 of max(|slope|, se), and se and
 * t within 1e-12 + 2 eps kappa relative, kappa = max |y - ybar| / rms(residual): a fit whose residuals are 1e-6
 * of the values' spread keeps about 10 digits of se; p within 1e-9 relative. The p it yields is the
 * statistical guarantee of the test that uses it, exact under independent Gaussian errors.
 *
 * Example: `olsSlope([0, 1, 2, 3], [1, 3, 2, 4], 'increasing')` has slope 0.8, intercept 1.3, se sqrt(0.18)
 * = 0.42426..., t = 1.88562..., dof 2 and p = P(T_2 > t) = 0.1 (to 1e-15), residualLag1 -0.75.
 */
import { DomainError } from '../errors';
import { tUpperTail } from '../stats/student-t';

/** Which direction of trend the one-sided test looks for. */
export type TrendDirection = 'increasing' | 'decreasing';

export interface SlopeFit {
  readonly n: number;
  readonly slope: number;
  readonly intercept: number;
  /** Standard error of the slope. */
  readonly se: number;
  /** slope / se: ±Infinity when the points lie exactly on a sloped line, 0 when y is exactly constant (use only with a stated rule for that case). */
  readonly t: number;
  /** n - 2. */
  readonly dof: number;
  readonly direction: TrendDirection;
  /** One-sided p for the alternative that the slope goes in `direction`. */
  readonly p: number;
  /** Lag-1 autocorrelation of the residuals in x order; null when the residuals are all zero. */
  readonly residualLag1: number | null;
}

function mean(v: readonly number[]): number {
  let s = 0;
  for (const x of v) s += x;
  return s / v.length;
}

/**
 * The fit and its one-sided test. `x` must be in non-decreasing order for the residual autocorrelation to
 * mean "from one step to the next"; the fit itself does not depend on the order.
 * Throws DomainError when there are fewer than 3 points, a value is not finite, or x does not vary.
 * Example: see the module comment.
 */
export function olsSlope(x: readonly number[], y: readonly number[], direction: TrendDirection): SlopeFit {
  const n = x.length;
  if (y.length !== n) throw new DomainError('olsSlope', `${n} x values and ${y.length} y values`);
  if (n < 3) throw new DomainError('olsSlope', `a slope's standard error needs at least 3 points, got ${n}`);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i]))
      throw new DomainError('olsSlope', `point ${i + 1} is (${x[i]}, ${y[i]}), not finite`);
  }
  const x0 = x[0] as number;
  const y0 = y[0] as number;
  const u = x.map((xi) => xi - x0);
  const v = y.map((yi) => yi - y0);
  const ubar = mean(u);
  const vbar = mean(v);
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const du = (u[i] as number) - ubar;
    sxx += du * du;
    sxy += du * ((v[i] as number) - vbar);
  }
  if (!(sxx > 0)) throw new DomainError('olsSlope', 'x does not vary: no slope');
  const slope = sxy / sxx;
  const intercept = y0 + vbar - slope * (x0 + ubar);
  const raw = u.map((ui, i) => (v[i] as number) - vbar - slope * (ui - ubar));
  const rbar = mean(raw);
  const residuals = raw.map((r) => r - rbar);
  let sse = 0;
  let lagged = 0;
  for (let i = 0; i < n; i++) {
    const e = residuals[i] as number;
    sse += e * e;
    if (i > 0) lagged += e * (residuals[i - 1] as number);
  }
  const dof = n - 2;
  const se = Math.sqrt(sse / dof / sxx);
  const t = se > 0 ? slope / se : slope > 0 ? Infinity : slope < 0 ? -Infinity : 0;
  const p = direction === 'increasing' ? tUpperTail(t, dof) : tUpperTail(-t, dof);
  return { n, slope, intercept, se, t, dof, direction, p, residualLag1: sse > 0 ? lagged / sse : null };
}

/** A slope test adjusted for AR(1) errors: se, t, dof and p are the adjusted ones; `n` stays the points fitted. */
export interface AdjustedSlopeFit extends SlopeFit {
  /** Nychka et al.'s n_e, with r1 = max(0, residualLag1). */
  readonly effectiveN: number;
}

/** Nychka et al.'s effective sample size of n points whose residuals have lag-1 autocorrelation r1 (clipped at 0). */
export function effectiveSampleSize(n: number, residualLag1: number | null): number {
  const r1 = Math.max(0, residualLag1 ?? 0);
  const c = 0.68 / Math.sqrt(n);
  return (n * (1 - r1 - c)) / (1 + r1 + c);
}

/**
 * The AR(1) adjustment of a slope test (see the module comment); null when the effective n is 2 or less (no
 * degrees of freedom left).
 * Example: a fit of 100 points with residualLag1 0.5 has effectiveN 100 (0.5 - 0.068) / (1.5 + 0.068)
 * = 27.55..., se times sqrt(98 / 25.55...) and dof 25.55....
 */
export function ar1Adjusted(fit: SlopeFit): AdjustedSlopeFit | null {
  const effectiveN = effectiveSampleSize(fit.n, fit.residualLag1);
  if (!(effectiveN > 2)) return null;
  const dof = effectiveN - 2;
  const se = fit.se * Math.sqrt(fit.dof / dof);
  const t = se > 0 ? fit.slope / se : fit.t;
  const p = fit.direction === 'increasing' ? tUpperTail(t, dof) : tUpperTail(-t, dof);
  return { ...fit, se, t, dof, p, effectiveN };
}
