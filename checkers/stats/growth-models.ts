/**
 * The three growth laws `recheck fit` compares, fitted by (weighted) least squares:
 * - `const`: y = a
 * - `log`:   y = a + b ln x          (needs x > 0)
 * - `power`: y = a x^p, fitted as ln y = ln a + p ln x   (needs x > 0 and y > 0)
 *
 * With per-point standard errors se_i the fits are weighted (w = 1/se^2; for the power law on logs the
 * delta-method error se_i / y_i of ln y_i) with unscaled covariance; without them, ordinary least squares
 * with covariance s^2 (X'X)^-1. For the power law, se(a) = a se(ln a) (delta method).
 *
 * AIC, on the original y scale for every model so that the three are comparable:
 * - with known errors: AIC = chi2 + 2k, chi2 = sum ((y - yhat)/se)^2;
 * - without: AIC = n ln(RSS/n) + 2k (Gaussian likelihood with the variance profiled out; the constant
 *   terms and the shared variance parameter are dropped, as they cancel between models).
 * Guarantee: approximate (floating point; see wls.ts).
 */
import { DomainError } from '../errors';
import { fitLinearColumns } from './wls';

export interface DataPoint {
  x: number;
  y: number;
  /** Standard error of y (> 0), when known. */
  se?: number;
}

export type ModelName = 'const' | 'log' | 'power';

export interface ModelFit {
  name: ModelName;
  /** const: {a}; log: {a, b}; power: {a, p}. */
  params: Record<string, number>;
  se: Record<string, number>;
  /** Unweighted residual sum of squares on the y scale. */
  rss: number;
  /** Weighted residual sum on the y scale (only with known errors). */
  chi2?: number;
  aic: number;
  /** Number of fitted parameters. */
  k: number;
}

/** Whether every point carries a standard error (then fits are weighted); throws when only some do. */
export function hasKnownErrors(points: readonly DataPoint[]): boolean {
  const withSe = points.filter((pt) => pt.se !== undefined).length;
  if (withSe !== 0 && withSe !== points.length) throw new DomainError('fit', `${withSe} of ${points.length} points have a standard error; give all or none`);
  for (const pt of points) {
    if (pt.se !== undefined && !(pt.se > 0 && Number.isFinite(pt.se))) throw new DomainError('fit', `standard error ${pt.se} at x=${pt.x} must be positive`);
  }
  return withSe > 0;
}

/** Predicted y of a fitted model at x. Example: `predict({name: 'log', params: {a: 1, b: 2}, ...}, Math.E)` is 3. */
export function predict(model: Pick<ModelFit, 'name' | 'params'>, x: number): number {
  const { a = 0, b = 0, p = 0 } = model.params;
  if (model.name === 'const') return a;
  if (model.name === 'log') return a + b * Math.log(x);
  return a * Math.pow(x, p);
}

/**
 * Fits `y = a` to the points. Example: `fitConst([{x: 1, y: 2}, {x: 2, y: 4}]).params.a` is 3.
 */
export function fitConst(points: readonly DataPoint[]): ModelFit {
  const known = hasKnownErrors(points);
  const fit = fitLinearColumns([ones(points.length)], column(points, (pt) => pt.y), { weights: weightsOf(points, known), knownErrors: known });
  return finish('const', { a: fit.beta[0] as number }, { a: fit.se[0] as number }, points, known);
}

/**
 * Fits `y = a + b ln x`. Example: points (1, 1), (e, 3), (e^2, 5) give a = 1, b = 2.
 */
export function fitLog(points: readonly DataPoint[]): ModelFit {
  const known = hasKnownErrors(points);
  for (const pt of points) if (!(pt.x > 0)) throw new DomainError('fit log', `x = ${pt.x} must be positive`);
  const fit = fitLinearColumns([ones(points.length), column(points, (pt) => Math.log(pt.x))], column(points, (pt) => pt.y), { weights: weightsOf(points, known), knownErrors: known });
  return finish('log', { a: fit.beta[0] as number, b: fit.beta[1] as number }, { a: fit.se[0] as number, b: fit.se[1] as number }, points, known);
}

/**
 * Fits `y = a x^p` on logs (ln y = ln a + p ln x). Example: points (1, 3), (2, 12), (4, 48) give a = 3, p = 2.
 */
export function fitPower(points: readonly DataPoint[]): ModelFit {
  const known = hasKnownErrors(points);
  for (const pt of points) {
    if (!(pt.x > 0) || !(pt.y > 0)) throw new DomainError('fit power', `x = ${pt.x}, y = ${pt.y}: the power law needs positive x and y`);
  }
  // Delta method: se(ln y) = se(y) / y.
  const weights = known ? column(points, (pt) => (pt.y / (pt.se as number)) ** 2) : undefined;
  const fit = fitLinearColumns([ones(points.length), column(points, (pt) => Math.log(pt.x))], column(points, (pt) => Math.log(pt.y)), { weights, knownErrors: known });
  const a = Math.exp(fit.beta[0] as number);
  return finish('power', { a, p: fit.beta[1] as number }, { a: a * (fit.se[0] as number), p: fit.se[1] as number }, points, known);
}

/** Whether the power law can be fitted (all x and y positive). */
export function powerApplies(points: readonly DataPoint[]): boolean {
  return points.every((pt) => pt.x > 0 && pt.y > 0);
}

/**
 * The model with the smallest AIC; ties go to the model with fewer parameters, then to the earlier one.
 * Example: for exactly constant data `preferredModel([const, log])` is `const`.
 */
export function preferredModel(models: readonly ModelFit[]): ModelName {
  let best: ModelFit | undefined;
  for (const m of models) {
    if (best === undefined || m.aic < best.aic || (m.aic === best.aic && m.k < best.k)) best = m;
  }
  if (best === undefined) throw new DomainError('preferredModel', 'no models');
  return best.name;
}

function weightsOf(points: readonly DataPoint[], known: boolean): Float64Array | undefined {
  return known ? column(points, (pt) => 1 / (pt.se as number) ** 2) : undefined;
}

/** A design or data column: one value per point, in a typed array (no array per row). */
function column(points: readonly DataPoint[], f: (pt: DataPoint) => number): Float64Array {
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) out[i] = f(points[i] as DataPoint);
  return out;
}

function ones(n: number): Float64Array {
  return new Float64Array(n).fill(1);
}

function finish(name: ModelName, params: Record<string, number>, se: Record<string, number>, points: readonly DataPoint[], known: boolean): ModelFit {
  const k = Object.keys(params).length;
  let rss = 0;
  let chi2 = 0;
  for (const pt of points) {
    const r = pt.y - predict({ name, params }, pt.x);
    rss += r * r;
    if (known) chi2 += (r / (pt.se as number)) ** 2;
  }
  const n = points.length;
  const aic = known ? chi2 + 2 * k : n * Math.log(rss / n) + 2 * k;
  return known ? { name, params, se, rss, chi2, aic, k } : { name, params, se, rss, aic, k };
}
