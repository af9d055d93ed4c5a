/**
 * The growth laws `recheck fit` compares (growth-laws.ts defines them), fitted by (weighted) least squares on
 * the y scale, with their information criteria and lack-of-fit tests:
 * - growing: `log` y = a + b ln x; `log-inverse` a + b ln x + c x0/x; `log-shift` y = a + b ln(x + h) (h > 0: growth that starts late); `power` y = a x^p (p > 0; by nonlinear least squares on y, not on logs, so
 *   its residual sum is the one the comparison uses);
 * - bounded: `const` y = a; `inverse` a + c x0/x; `inverse-power` a + c (x/x0)^-p; `exponential`
 *   a + c exp(-(x - x0)/s), with x0 the smallest x (params carry x0; it is not fitted).
 *
 * With per-point standard errors se_i the fits are weighted (w = 1/se^2) with unscaled covariance; without them,
 * ordinary least squares with covariance s^2 (J'J)^-1, s^2 = RSS/(n - k), J the Jacobian at the optimum
 * (Gauss-Newton; exact for the linear laws).
 * Information criteria, on the y scale for every law:
 * - `aic`: known errors chi2 + 2k; otherwise n ln(RSS/n) + 2k (k the law's fitted parameters; kept as before);
 * - `aicc` (Hurvich and Tsai 1989): aic + 2K + 2K(K+1)/(n - K - 1) - 2k with K = k (known errors) or k + 1 (the
 *   variance counts as a parameter), null when n <= K + 1; Akaike weights exp(-dAICc/2) normalised over the laws.
 * Guarantee: approximate (floating point; see wls.ts and growth-laws.ts).
 */
import { DomainError } from '../errors';
import { LAWS, lawProblem, separableFit, workColumn, type LawKind, type LawName, type LawProblem, type SeparableFit } from './growth-laws';
import { lackOfFit, type Alternative, type LackOfFit } from './lack-of-fit';
import { designCovarianceInPlace } from './wls';

export interface DataPoint {
  x: number;
  y: number;
  /** Standard error of y (> 0), when known. */
  se?: number;
}

export type ModelName = LawName;

export interface ModelFit {
  name: ModelName;
  kind: LawKind;
  /** const: {a}; log: {a, b}; log-inverse: {a, b, c, x0}; log-shift: {a, b, h}; power: {a, p}; inverse: {a, c, x0}; inverse-power: {a, c, p, x0}; exponential: {a, c, s, x0}. */
  params: Record<string, number>;
  /** Standard errors of the fitted parameters (NaN where the Jacobian is singular). */
  se: Record<string, number>;
  /** Unweighted residual sum of squares on the y scale. */
  rss: number;
  /** Weighted residual sum on the y scale (only with known errors). */
  chi2?: number;
  aic: number;
  /** AICc (null when n is too small for it). */
  aicc: number | null;
  /** Akaike weight among the laws fitted together (set by fitGrowth). */
  weight?: number;
  /** Number of fitted parameters. */
  k: number;
  /** Residual degrees of freedom n - k. */
  dof: number;
  /** Bounded laws: the share of the approach to the limit a that the data cover (1 - g(xmax)/g(x0)). */
  approach?: number;
  /** Whether the nonlinear parameter ended at an end of its search range. */
  atBound?: boolean;
  /** The lack-of-fit test over the law's whole range (null when n is too small for it). */
  lackOfFit: LackOfFit | null;
  /**
   * Bounded laws: the test restricted to members covering at least half their approach within the data;
   * log-inverse: restricted to members whose log term makes at least half the fitted change (material growth).
   */
  lackOfFitNear?: LackOfFit | null;
}

/** Whether every point carries a standard error (then fits are weighted); throws when only some do. */
export function hasKnownErrors(points: readonly DataPoint[]): boolean {
  const withSe = points.filter((pt) => pt.se !== undefined).length;
  if (withSe !== 0 && withSe !== points.length)
    throw new DomainError('fit', `${withSe} of ${points.length} points have a standard error; give all or none`);
  for (const pt of points) {
    if (pt.se !== undefined && !(pt.se > 0 && Number.isFinite(pt.se)))
      throw new DomainError('fit', `standard error ${pt.se} at x=${pt.x} must be positive`);
  }
  return withSe > 0;
}

/** Predicted y of a fitted law at x. Example: `predict({name: 'log', params: {a: 1, b: 2}}, Math.E)` is 3. */
export function predict(model: Pick<ModelFit, 'name' | 'params'>, x: number): number {
  const { a = 0, b = 0, c = 0, p = 0, s = 1, x0 = 1 } = model.params;
  switch (model.name) {
    case 'const':
      return a;
    case 'log':
      return a + b * Math.log(x);
    case 'log-inverse':
      return a + b * Math.log(x) + (c * x0) / x;
    case 'log-shift':
      return a + b * Math.log(x + (model.params.h ?? 0));
    case 'power':
      return a * Math.pow(x, p);
    case 'inverse':
      return a + (c * x0) / x;
    case 'inverse-power':
      return a + c * Math.pow(x / x0, -p);
    case 'exponential':
      return a + c * Math.exp(-(x - x0) / s);
    default:
      return Number.NaN;
  }
}

/**
 * Fits one law to prepared data, with its lack-of-fit tests (without known errors these need `alternatives`,
 * the best-fitting law of each kind: a bounded law is tested against the growing one and vice versa).
 * `knownRss`: the residual sum of `fitted` when the caller computed it (residualSum) and dropped the fitted
 * values (growth-fit.ts keeps only the two it needs, so a million rows hold two arrays of fitted values, not
 * eight). Example: `fitLaw(lawProblem(pts, false), 'log').params.b`.
 */
export function fitLaw(
  P: LawProblem,
  name: ModelName,
  alternatives: Partial<Record<LawKind, Alternative>> = {},
  fitted?: SeparableFit,
  knownRss?: number,
): ModelFit {
  const spec = LAWS[name];
  if (P.n < spec.k) throw new DomainError('fit', `the ${name} law has ${spec.k} parameters; ${P.n} points cannot determine it`);
  const fit = fitted ?? separableFit(P, spec);
  const against = alternatives[spec.kind === 'bounded' ? 'growing' : 'bounded'];
  const params = spec.params(P, fit.coef, fit.t);
  const rss = knownRss ?? residualSum(P, fit.fitted);
  const k = spec.k;
  const n = P.n;
  const aic = P.known ? fit.chi2 + 2 * k : n * Math.log(rss / n) + 2 * k;
  const K = P.known ? k : k + 1;
  const aicc = n - K - 1 > 0 ? aic + 2 * (K - k) + (2 * K * (K + 1)) / (n - K - 1) : null;
  const out: ModelFit = {
    name,
    kind: spec.kind,
    params,
    se: standardErrors(P, name, params, fit.chi2),
    rss,
    aic,
    aicc,
    k,
    dof: n - k,
    ...(P.known ? { chi2: fit.chi2 } : {}),
    ...(spec.k > spec.m ? { atBound: fit.atBound } : {}),
    ...(spec.approach !== undefined ? { approach: spec.approach(P, params) } : {}),
    lackOfFit: lackOfFit(P, name, 'all', against, fit),
  };
  if (spec.kind === 'bounded') out.lackOfFitNear = spec.nearRange(P) === null ? out.lackOfFit : lackOfFit(P, name, 'near', against, fit);
  if (name === 'log-inverse') out.lackOfFitNear = lackOfFit(P, name, 'near', against);
  return out;
}

/**
 * The unweighted residual sum of squares sum (y_i - fitted_i)^2 on the y scale. Example: y [1, 2] against
 * fitted [1, 1] gives 1.
 */
export function residualSum(P: LawProblem, fitted: Float64Array): number {
  let rss = 0;
  for (let i = 0; i < P.n; i++) rss += ((P.y[i] as number) - (fitted[i] as number)) ** 2;
  return rss;
}

/** Gauss-Newton covariance (J'WJ)^-1, scaled by chi2/(n - k) without known errors. */
function standardErrors(P: LawProblem, name: ModelName, params: Record<string, number>, chi2: number): Record<string, number> {
  const spec = LAWS[name];
  const nan = Object.fromEntries(spec.seNames.map((s) => [s, Number.NaN]));
  const J = spec.jacobian(P, params);
  if (!J.every((col) => col.every(Number.isFinite))) return nan;
  // The weights in P's scratch column (free between fits), the covariance in the Jacobian's own work columns
  // (growth-laws.ts workColumn 0 and 1), the constant column copied into work column 2: no new array of n.
  const w = P.scratch;
  for (let i = 0; i < P.n; i++) w[i] = (P.sqrtW[i] as number) ** 2;
  const own = new Set<Float64Array>([workColumn(P, 0), workColumn(P, 1)]);
  let spare: Float64Array | undefined = workColumn(P, 2);
  const columns = J.map((col) => {
    if (own.has(col)) return col;
    const copy = spare ?? new Float64Array(P.n); // one column of P's (the constant) in every law
    spare = undefined;
    copy.set(col);
    return copy;
  });
  try {
    const cov = designCovarianceInPlace(columns, w);
    const scale = P.known ? 1 : P.n > spec.k ? chi2 / (P.n - spec.k) : Number.NaN;
    return Object.fromEntries(spec.seNames.map((s, i) => [s, Math.sqrt((cov[i]?.[i] as number) * scale)]));
  } catch (err) {
    if (err instanceof DomainError) return nan;
    throw err;
  }
}

/** Fits `y = a`. Example: `fitConst([{x: 1, y: 2}, {x: 2, y: 4}]).params.a` is 3. */
export function fitConst(points: readonly DataPoint[]): ModelFit {
  return fitLaw(lawProblem(points, hasKnownErrors(points)), 'const');
}

/** Fits `y = a + b ln x`. Example: points (1, 1), (e, 3), (e^2, 5) give a = 1, b = 2. */
export function fitLog(points: readonly DataPoint[]): ModelFit {
  return fitLaw(lawProblem(points, hasKnownErrors(points)), 'log');
}

/** Fits `y = a x^p` (p > 0) by nonlinear least squares on y. Example: points (1, 3), (2, 12), (4, 48) give a = 3, p = 2. */
export function fitPower(points: readonly DataPoint[]): ModelFit {
  return fitLaw(lawProblem(points, hasKnownErrors(points)), 'power');
}

/** Whether the power law can be fitted (all x positive). */
export function powerApplies(points: readonly DataPoint[]): boolean {
  return points.every((pt) => pt.x > 0);
}

/** Akaike weights from AICc (laws without an AICc get weight 0). Example: AICc 0 and 2 give 0.731 and 0.269. */
export function akaikeWeights(aicc: readonly (number | null)[]): number[] {
  const finite = aicc.filter((v): v is number => v !== null && !Number.isNaN(v));
  if (finite.length === 0) return aicc.map(() => 0);
  const best = Math.min(...finite);
  if (best === -Infinity) {
    const tops = aicc.filter((v) => v === -Infinity).length;
    return aicc.map((v) => (v === -Infinity ? 1 / tops : 0));
  }
  const raw = aicc.map((v) => (v === null || Number.isNaN(v) ? 0 : Math.exp(-(v - best) / 2)));
  const sum = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v / sum);
}

/**
 * The law with the smallest AICc (AIC when no law has an AICc); ties go to fewer parameters, then the earlier.
 * Example: for exactly constant data `preferredModel([const, log])` is `const`.
 */
export function preferredModel(models: readonly ModelFit[]): ModelName {
  const useAicc = models.some((m) => m.aicc !== null);
  const score = (m: ModelFit): number => (useAicc ? (m.aicc ?? Infinity) : m.aic);
  let best: ModelFit | undefined;
  for (const m of models) {
    if (best === undefined || score(m) < score(best) || (score(m) === score(best) && m.k < best.k)) best = m;
  }
  if (best === undefined) throw new DomainError('preferredModel', 'no models');
  return best.name;
}
