/**
 * Weighted and ordinary least squares for small linear models y = X beta, solved by Householder QR of
 * the row-scaled design sqrt(W) X (better conditioned than forming the normal equations).
 *
 * Conventions (the ones `recheck fit` documents):
 * - With known standard errors se_i (weights w_i = 1/se_i^2): covariance (X'WX)^-1 unscaled; `chi2` is the
 *   weighted residual sum sum w_i r_i^2.
 * - Without (all weights 1, `knownErrors: false`): ordinary least squares, covariance s^2 (X'X)^-1 with
 *   s^2 = RSS / (n - p).
 *
 * Guarantee: approximate, backward-stable floating-point (the QR solution is the exact least-squares
 * solution of a problem perturbed by a few ulps times the condition number).
 */
import { DimensionError, DomainError } from '../errors';

export interface LinearFit {
  /** Coefficients, one per design column. */
  beta: number[];
  /** Covariance matrix of beta (p x p), row-major nested arrays. */
  covariance: number[][];
  /** Standard errors: square roots of the covariance diagonal. */
  se: number[];
  /** Residual sum of squares, unweighted: sum (y_i - yhat_i)^2. */
  rss: number;
  /** Weighted residual sum: sum w_i (y_i - yhat_i)^2 (equals rss without weights). */
  chi2: number;
  n: number;
  p: number;
}

export interface LinearFitOptions {
  /** Weights w_i (>0), e.g. 1/se_i^2. Omitted: all 1. */
  weights?: ArrayLike<number>;
  /** True when the weights are 1/se^2 of known errors: covariance unscaled. False: scaled by s^2. */
  knownErrors: boolean;
}

/**
 * Least-squares fit of y on the columns of `design` (n rows of p values).
 * Example: `fitLinear([[1, 0], [1, 1], [1, 2]], [1, 3, 5], { knownErrors: false }).beta` is `[1, 2]`
 * (up to rounding).
 */
export function fitLinear(design: readonly (readonly number[])[], y: readonly number[], options: LinearFitOptions): LinearFit {
  const n = y.length;
  if (design.length !== n) throw new DimensionError(`${design.length} design rows`, `${n} (one per observation)`);
  const p = design[0]?.length ?? 0;
  const columns = Array.from({ length: p }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const row = design[i] as readonly number[];
    if (row.length !== p) throw new DimensionError(`row ${i} has ${row.length} columns`, `${p}`);
    for (let j = 0; j < p; j++) (columns[j] as Float64Array)[i] = row[j] as number;
  }
  return fitLinearColumns(columns, y, options);
}

/**
 * The same fit with the design given by columns (p arrays of n values): no array per row, so a million rows
 * cost a few typed arrays. Example: `fitLinearColumns([[1, 1, 1], [0, 1, 2]], [1, 3, 5], { knownErrors: false }).beta`
 * is `[1, 2]` (up to rounding).
 */
export function fitLinearColumns(columns: readonly ArrayLike<number>[], y: ArrayLike<number>, options: LinearFitOptions): LinearFit {
  const n = y.length;
  const p = columns.length;
  if (p === 0) throw new DimensionError('0 design columns', 'at least 1');
  for (const [j, col] of columns.entries())
    if (col.length !== n) throw new DimensionError(`column ${j} has ${col.length} values`, `${n} (one per observation)`);
  if (n < p) throw new DomainError('fitLinear', `${n} observations cannot determine ${p} parameters`);
  const w = options.weights;
  if (w !== undefined && w.length !== n) throw new DimensionError(`${w.length} weights`, `${n}`);

  // Scaled system: A = sqrt(W) X, b = sqrt(W) y, column-major.
  const a = columns.map(() => new Float64Array(n));
  const b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const wi = w === undefined ? 1 : (w[i] as number);
    if (!(wi > 0) || !Number.isFinite(wi)) throw new DomainError('fitLinear', `weight ${i} is ${wi}; weights must be positive and finite`);
    const s = Math.sqrt(wi);
    for (let j = 0; j < p; j++) (a[j] as Float64Array)[i] = ((columns[j] as ArrayLike<number>)[i] as number) * s;
    b[i] = (y[i] as number) * s;
  }

  const r = householderInPlace(a, b, p);
  const beta = backSubstitute(r, b, p);
  const cov = inverseGram(r, p);

  let rss = 0;
  let chi2 = 0;
  for (let i = 0; i < n; i++) {
    let fitted = 0;
    for (let j = 0; j < p; j++) fitted += ((columns[j] as ArrayLike<number>)[i] as number) * (beta[j] as number);
    const res = (y[i] as number) - fitted;
    rss += res * res;
    chi2 += (w === undefined ? 1 : (w[i] as number)) * res * res;
  }
  const scale = options.knownErrors ? 1 : n > p ? chi2 / (n - p) : Number.NaN;
  const covariance = cov.map((row) => row.map((v) => v * scale));
  const se = covariance.map((row, i) => Math.sqrt(row[i] as number));
  return { beta, covariance, se, rss, chi2, n, p };
}

/**
 * The covariance (X'WX)^-1 of the design's columns alone (unscaled, as fitLinearColumns with knownErrors gives
 * it, to the last bit), without a right-hand side: the standard errors of a fit whose coefficients are known
 * cost one copy of the columns. Example: `designCovariance([[1, 1], [0, 1]])` is [[1, -1], [-1, 2]].
 */
export function designCovariance(columns: readonly ArrayLike<number>[], weights?: ArrayLike<number>): number[][] {
  return covarianceInto(
    columns,
    weights,
    columns.map((c) => new Float64Array(c.length)),
  );
}

/**
 * designCovariance in the columns' own storage (they are overwritten): no copy of the design, for a caller
 * whose columns were made for this (growth-models.ts, the Jacobian of a fit on a million rows).
 */
export function designCovarianceInPlace(columns: readonly Float64Array[], weights?: ArrayLike<number>): number[][] {
  return covarianceInto(columns, weights, columns);
}

function covarianceInto(
  columns: readonly ArrayLike<number>[],
  weights: ArrayLike<number> | undefined,
  into: readonly Float64Array[],
): number[][] {
  const p = columns.length;
  if (p === 0) throw new DimensionError('0 design columns', 'at least 1');
  const n = (columns[0] as ArrayLike<number>).length;
  for (const [j, col] of columns.entries())
    if (col.length !== n) throw new DimensionError(`column ${j} has ${col.length} values`, `${n} (one per observation)`);
  if (n < p) throw new DomainError('fitLinear', `${n} observations cannot determine ${p} parameters`);
  if (weights !== undefined && weights.length !== n) throw new DimensionError(`${weights.length} weights`, `${n}`);
  const a = [...into];
  for (let i = 0; i < n; i++) {
    const wi = weights === undefined ? 1 : (weights[i] as number);
    if (!(wi > 0) || !Number.isFinite(wi)) throw new DomainError('fitLinear', `weight ${i} is ${wi}; weights must be positive and finite`);
    const s = Math.sqrt(wi);
    for (let j = 0; j < p; j++) (a[j] as Float64Array)[i] = ((columns[j] as ArrayLike<number>)[i] as number) * s;
  }
  return inverseGram(householderInPlace(a, undefined, p, n), p);
}

/** (A'A)^-1 = R^-1 R^-T from the triangular factor R of A. */
function inverseGram(r: number[][], p: number): number[][] {
  const rInv = invertUpper(r, p);
  const cov: number[][] = [];
  for (let i = 0; i < p; i++) {
    const row: number[] = [];
    for (let j = 0; j < p; j++) {
      let s = 0;
      for (let k = Math.max(i, j); k < p; k++) s += (rInv[i]?.[k] as number) * (rInv[j]?.[k] as number);
      row.push(s);
    }
    cov.push(row);
  }
  return cov;
}

/**
 * Householder QR of the n x p matrix given by its columns `a` (overwritten), applying the reflections to `b`
 * as well when given (they do not touch R). Returns R (p x p upper triangular). Throws DomainError when a
 * column is (numerically) dependent.
 */
function householderInPlace(a: Float64Array[], b: Float64Array | undefined, p: number, n = b?.length ?? 0): number[][] {
  for (let j = 0; j < p; j++) {
    const aj = a[j] as Float64Array;
    let norm = 0;
    for (let i = j; i < n; i++) norm += (aj[i] as number) ** 2;
    norm = Math.sqrt(norm);
    let colScale = 0;
    for (let i = 0; i < n; i++) colScale = Math.max(colScale, Math.abs(aj[i] as number));
    if (norm === 0 || norm <= 1e-13 * colScale * Math.sqrt(n)) {
      throw new DomainError('fitLinear', `design column ${j} is linearly dependent on the others (e.g. all x equal)`);
    }
    const ajj = aj[j] as number;
    const alpha = ajj > 0 ? -norm : norm;
    // v = a_j - alpha e_j (stored in place), then H = I - 2 v v' / v'v.
    aj[j] = ajj - alpha;
    let vv = 0;
    for (let i = j; i < n; i++) vv += (aj[i] as number) ** 2;
    for (let k = j + 1; k < p; k++) {
      const ak = a[k] as Float64Array;
      let dot = 0;
      for (let i = j; i < n; i++) dot += (aj[i] as number) * (ak[i] as number);
      const f = (2 * dot) / vv;
      for (let i = j; i < n; i++) ak[i] = (ak[i] as number) - f * (aj[i] as number);
    }
    if (b !== undefined) {
      let dotB = 0;
      for (let i = j; i < n; i++) dotB += (aj[i] as number) * (b[i] as number);
      const fb = (2 * dotB) / vv;
      for (let i = j; i < n; i++) b[i] = (b[i] as number) - fb * (aj[i] as number);
    }
    aj[j] = alpha;
  }
  const r: number[][] = [];
  for (let i = 0; i < p; i++) r.push(Array.from({ length: p }, (_, k) => (k >= i ? ((a[k] as Float64Array)[i] as number) : 0)));
  return r;
}

function backSubstitute(r: number[][], b: Float64Array, p: number): number[] {
  const x = new Array<number>(p).fill(0);
  for (let i = p - 1; i >= 0; i--) {
    let s = b[i] as number;
    for (let k = i + 1; k < p; k++) s -= (r[i]?.[k] as number) * (x[k] as number);
    x[i] = s / (r[i]?.[i] as number);
  }
  return x;
}

function invertUpper(r: number[][], p: number): number[][] {
  const inv: number[][] = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let j = 0; j < p; j++) {
    (inv[j] as number[])[j] = 1 / (r[j]?.[j] as number);
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let k = i + 1; k <= j; k++) s += (r[i]?.[k] as number) * (inv[k]?.[j] as number);
      (inv[i] as number[])[j] = -s / (r[i]?.[i] as number);
    }
  }
  return inv;
}
