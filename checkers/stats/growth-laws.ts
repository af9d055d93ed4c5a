/**
 * The six laws of the growth analysis, each linear in its coefficients once its one nonlinear parameter
 * (if any) is fixed, so that every fit is a 1-D search with the linear part solved exactly (variable
 * projection, separable least squares; Golub and Pereyra 1973). x0 is the smallest x of the data, R = xmax/x0.
 *
 * bounded (a finite limit as x grows):
 * - `const`          y = a
 * - `inverse`        y = a + c x0/x
 * - `inverse-power`  y = a + c (x/x0)^(-p), p > 0 fitted  (searched as q = p ln R in [1e-4, 60])
 * - `exponential`    y = a + c exp(-(x - x0)/s), s > 0 fitted  (searched as r = (xmax - x0)/s)
 * growing (unbounded):
 * - `log`            y = a + b ln x
 * - `log-inverse`    y = a + b ln x + c x0/x  (log growth with a 1/x transient, the form of H_k = ln k +
 *                    gamma + 1/(2k) + ...: faster growth at small x that settles into ln x)
 * - `log-shift`      y = a + b ln(x + h), h > 0 fitted (flat below x ~ h, then like ln x: growth that starts
 *                    late; h searched in [1e-6 x0, 1e3 xmax]; h -> 0 is the log law)
 * - `power`          y = a x^p, p > 0 fitted on the y scale (q = p ln R in [1e-4, 60])
 * For the bounded laws a is the limit and c the gap y(x0) - a. The share of the approach to the limit that the
 * data cover, phi = 1 - g(xmax)/g(x0) for the decaying term g, is 1 - R^-p, 1 - e^-r or 1 - 1/R.
 * Near p -> 0 the inverse-power law tends to the log law (and s -> infinity makes the exponential law linear):
 * the search works with the columns (1 - (x/x0)^-p)/p and (1 - e^-(x-x0)/s) s/(xmax - x0), which stay well
 * conditioned there. Guarantee: approximate (floating point; scalar-search.ts, few-column-lsq.ts).
 */
import { DomainError } from '../errors';
import { FewColumnLsq } from './few-column-lsq';
import { minimizeLogScale } from './scalar-search';
import type { DataPoint } from './growth-models';
import type { GrowthColumns } from './growth-points';

export type LawName = 'const' | 'log' | 'log-inverse' | 'log-shift' | 'power' | 'inverse' | 'inverse-power' | 'exponential';
export type LawKind = 'bounded' | 'growing';

/** The data of one analysis, prepared once: x, y, sqrt(weights), ln(x/x0) and scratch columns. */
export interface LawProblem {
  n: number;
  known: boolean;
  x: Float64Array;
  y: Float64Array;
  sqrtW: Float64Array;
  /** ln(x / x0). */
  u: Float64Array;
  x0: number;
  xMax: number;
  /** ln(xmax / x0) (0 when all x are equal). */
  lnR: number;
  /** Smallest positive gap between distinct x minus x0 (for the exponential law's fastest decay). */
  firstGap: number;
  ones: Float64Array;
  scratch: Float64Array;
  /** Reused columns for Jacobians and throw-away fitted values (workColumn), made on first use. */
  work: Float64Array[];
  lsq: FewColumnLsq;
}

/**
 * Work column k (0 to 2) of the problem, made once and reused: a Jacobian's columns (0 and 1; read once by
 * growth-models.ts and overwritten there) and fitted values nobody keeps (2). On a million rows a fresh array per
 * use was 8 MB each time, left to the garbage collector, and the process's memory grew with every law fitted.
 */
export function workColumn(P: LawProblem, k: number): Float64Array {
  let col = P.work[k];
  if (col === undefined) P.work[k] = col = new Float64Array(P.n);
  return col;
}

/**
 * Prepares the data, given as points or as columns (growth-points.ts; x and y are then used as they are, not
 * copied); needs x > 0 (DomainError otherwise).
 */
export function lawProblem(data: readonly DataPoint[] | GrowthColumns, known: boolean): LawProblem {
  const { x, y, se } = Array.isArray(data) ? pointColumns(data as readonly DataPoint[], known) : (data as GrowthColumns);
  const n = x.length;
  const sqrtW = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (!((x[i] as number) > 0)) throw new DomainError('fit', `x = ${x[i]} must be positive for the growth laws`);
    sqrtW[i] = known ? 1 / (se?.[i] as number) : 1;
  }
  let x0 = Infinity;
  let xMax = -Infinity;
  for (const v of x) [x0, xMax] = [Math.min(x0, v), Math.max(xMax, v)];
  let firstGap = Infinity;
  for (const v of x) if (v > x0) firstGap = Math.min(firstGap, v - x0);
  const u = new Float64Array(n);
  for (let i = 0; i < n; i++) u[i] = Math.log((x[i] as number) / x0);
  return {
    n,
    known,
    x,
    y,
    sqrtW,
    u,
    x0,
    xMax,
    lnR: Math.log(xMax / x0),
    firstGap,
    ones: new Float64Array(n).fill(1),
    scratch: new Float64Array(n),
    work: [],
    lsq: new FewColumnLsq(y, sqrtW, 4),
  };
}

/** Points as columns, their standard errors only when known (unchecked: the callers validate them). */
function pointColumns(points: readonly DataPoint[], known: boolean): GrowthColumns {
  const n = points.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const se = new Float64Array(known ? n : 0);
  for (let i = 0; i < n; i++) {
    const pt = points[i] as DataPoint;
    x[i] = pt.x;
    y[i] = pt.y;
    if (known) se[i] = pt.se as number;
  }
  return { x, y, se };
}

export interface LawSpec {
  name: LawName;
  kind: LawKind;
  /** Parameters fitted (linear and nonlinear). */
  k: number;
  /** Linear coefficients (the columns at a fixed nonlinear parameter). */
  m: number;
  /** Range of the searched parameter (q, r; see above), or null for laws without one. */
  range(P: LawProblem): [number, number] | null;
  /** The part of the range where at least half of the approach to the limit lies inside the data. */
  nearRange(P: LawProblem): [number, number] | null;
  /** Design columns at the searched parameter t (written into P's scratch buffers). */
  columns(P: LawProblem, t: number): Float64Array[];
  /** Reported parameters from the coefficients at t. */
  params(P: LawProblem, coef: number[], t: number): Record<string, number>;
  /** Jacobian columns of the law in the fitted parameters `seNames`, at the reported parameters. */
  seNames: string[];
  jacobian(P: LawProblem, params: Record<string, number>): Float64Array[];
  /** Share of the approach to the limit covered by the data (bounded laws). */
  approach?(P: LawProblem, params: Record<string, number>): number;
}

const LN2 = Math.LN2;
const Q_RANGE = (P: LawProblem): [number, number] | null => (P.lnR > 0 ? [1e-4, 60] : null);
const R_RANGE = (P: LawProblem): [number, number] | null =>
  P.xMax > P.x0 ? [1e-4, Math.max(1e-4, Math.min(700, (40 * (P.xMax - P.x0)) / P.firstGap))] : null;

function fill(P: LawProblem, out: Float64Array, f: (i: number) => number): Float64Array {
  for (let i = 0; i < P.n; i++) out[i] = f(i);
  return out;
}

export const LAWS: Record<LawName, LawSpec> = {
  const: {
    name: 'const',
    kind: 'bounded',
    k: 1,
    m: 1,
    range: () => null,
    nearRange: () => null,
    columns: (P) => [P.ones],
    params: (_P, c) => ({ a: c[0] as number }),
    seNames: ['a'],
    jacobian: (P) => [P.ones],
    approach: () => 1,
  },
  log: {
    name: 'log',
    kind: 'growing',
    k: 2,
    m: 2,
    range: () => null,
    nearRange: () => null,
    columns: (P) => [P.ones, P.u],
    // y = alpha + b ln(x/x0) = (alpha - b ln x0) + b ln x.
    params: (P, c) => ({ a: (c[0] as number) - (c[1] as number) * Math.log(P.x0), b: c[1] as number }),
    seNames: ['a', 'b'],
    jacobian: (P) => [P.ones, fill(P, workColumn(P, 0), (i) => Math.log(P.x[i] as number))],
  },
  'log-inverse': {
    name: 'log-inverse',
    kind: 'growing',
    k: 3,
    m: 3,
    range: () => null,
    nearRange: () => null,
    columns: (P) => [P.ones, P.u, fill(P, P.scratch, (i) => P.x0 / (P.x[i] as number))],
    params: (P, c) => ({ a: (c[0] as number) - (c[1] as number) * Math.log(P.x0), b: c[1] as number, c: c[2] as number, x0: P.x0 }),
    seNames: ['a', 'b', 'c'],
    jacobian: (P) => [
      P.ones,
      fill(P, workColumn(P, 0), (i) => Math.log(P.x[i] as number)),
      fill(P, workColumn(P, 1), (i) => P.x0 / (P.x[i] as number)),
    ],
  },
  'log-shift': {
    name: 'log-shift',
    kind: 'growing',
    k: 3,
    m: 2,
    range: (P) => (P.xMax > P.x0 ? [1e-6 * P.x0, 1e3 * P.xMax] : null),
    nearRange: () => null,
    // ln((x + h)/(x0 + h)): ln(x/x0) as h -> 0, (x - x0)/h as h -> infinity; both ends stay well scaled.
    columns: (P, h) => [P.ones, fill(P, P.scratch, (i) => Math.log1p(((P.x[i] as number) - P.x0) / (P.x0 + h)))],
    params: (P, c, h) => ({ a: (c[0] as number) - (c[1] as number) * Math.log(P.x0 + h), b: c[1] as number, h }),
    seNames: ['a', 'b', 'h'],
    jacobian: (P, { b = 0, h = 0 }) => [
      P.ones,
      fill(P, workColumn(P, 0), (i) => Math.log((P.x[i] as number) + h)),
      fill(P, workColumn(P, 1), (i) => b / ((P.x[i] as number) + h)),
    ],
  },
  power: {
    name: 'power',
    kind: 'growing',
    k: 2,
    m: 1,
    range: Q_RANGE,
    nearRange: () => null,
    columns: (P, q) => [fill(P, P.scratch, (i) => Math.exp((q / P.lnR) * (P.u[i] as number)))],
    // y = a' (x/x0)^p = a' x0^-p x^p.
    params: (P, c, q) => ({ a: (c[0] as number) * Math.exp(-(q / P.lnR) * Math.log(P.x0)), p: q / P.lnR }),
    seNames: ['a', 'p'],
    jacobian: (P, { a = 0, p = 0 }) => {
      const v = fill(P, workColumn(P, 0), (i) => Math.pow(P.x[i] as number, p));
      return [v, fill(P, workColumn(P, 1), (i) => a * (v[i] as number) * Math.log(P.x[i] as number))];
    },
  },
  inverse: {
    name: 'inverse',
    kind: 'bounded',
    k: 2,
    m: 2,
    range: () => null,
    nearRange: () => null,
    columns: (P) => [P.ones, fill(P, P.scratch, (i) => P.x0 / (P.x[i] as number))],
    params: (P, c) => ({ a: c[0] as number, c: c[1] as number, x0: P.x0 }),
    seNames: ['a', 'c'],
    jacobian: (P) => [P.ones, fill(P, workColumn(P, 0), (i) => P.x0 / (P.x[i] as number))],
    approach: (P) => 1 - P.x0 / P.xMax,
  },
  'inverse-power': {
    name: 'inverse-power',
    kind: 'bounded',
    k: 3,
    m: 2,
    range: Q_RANGE,
    nearRange: (P) => (P.lnR > 0 ? [LN2, 60] : null),
    // (1 - (x/x0)^-p)/p: tends to ln(x/x0) as p -> 0.
    columns: (P, q) => {
      const p = q / P.lnR;
      return [P.ones, fill(P, P.scratch, (i) => -Math.expm1(-p * (P.u[i] as number)) / p)];
    },
    // alpha + beta (1 - v)/p = (alpha + beta/p) - (beta/p) v with v = (x/x0)^-p.
    params: (P, c, q) => {
      const p = q / P.lnR;
      return { a: (c[0] as number) + (c[1] as number) / p, c: -(c[1] as number) / p, p, x0: P.x0 };
    },
    seNames: ['a', 'c', 'p'],
    jacobian: (P, { c = 0, p = 0 }) => {
      const v = fill(P, workColumn(P, 0), (i) => Math.exp(-p * (P.u[i] as number)));
      return [P.ones, v, fill(P, workColumn(P, 1), (i) => -c * (P.u[i] as number) * (v[i] as number))];
    },
    approach: (P, { p = 0 }) => -Math.expm1(-p * P.lnR),
  },
  exponential: {
    name: 'exponential',
    kind: 'bounded',
    k: 3,
    m: 2,
    range: R_RANGE,
    nearRange: (P) => {
      const r = R_RANGE(P);
      return r === null ? null : [Math.min(LN2, r[1]), r[1]];
    },
    // (1 - e^-(x-x0)/s) s/L with r = L/s: tends to (x - x0)/L as s -> infinity.
    columns: (P, r) => {
      const L = P.xMax - P.x0;
      return [P.ones, fill(P, P.scratch, (i) => -Math.expm1((-r * ((P.x[i] as number) - P.x0)) / L) / r)];
    },
    params: (P, c, r) => ({ a: (c[0] as number) + (c[1] as number) / r, c: -(c[1] as number) / r, s: (P.xMax - P.x0) / r, x0: P.x0 }),
    seNames: ['a', 'c', 's'],
    jacobian: (P, { c = 0, s = 1 }) => {
      const e = fill(P, workColumn(P, 0), (i) => Math.exp(-((P.x[i] as number) - P.x0) / s));
      return [P.ones, e, fill(P, workColumn(P, 1), (i) => (c * (e[i] as number) * ((P.x[i] as number) - P.x0)) / (s * s))];
    },
    approach: (P, { s = 1 }) => -Math.expm1(-(P.xMax - P.x0) / s),
  },
};

/**
 * The members of `log-inverse` whose growth is material: the log term makes at least half of the fitted
 * change over the measured range, |b| ln R >= |c| (1 - x0/xmax). Written as c = lambda b K with
 * K = ln R / (1 - x0/xmax) and lambda in [-1, 1], searched as mu = lambda + 2 in [1, 3]; at fixed mu the law
 * is linear in a and b. (The other members are a bounded inverse law plus a negligible log term: they are no
 * evidence of growth, as an inverse-power law with its limit far outside the data is none of boundedness.)
 */
export const MATERIAL_LOG_INVERSE: LawSpec = {
  name: 'log-inverse',
  kind: 'growing',
  k: 3,
  m: 2,
  range: (P) => (P.lnR > 0 ? [1, 3] : null),
  nearRange: (P) => (P.lnR > 0 ? [1, 3] : null),
  columns: (P, mu) => {
    const K = P.lnR / (1 - P.x0 / P.xMax);
    return [P.ones, fill(P, P.scratch, (i) => (P.u[i] as number) + (mu - 2) * K * (P.x0 / (P.x[i] as number)))];
  },
  params: (P, c, mu) => ({
    a: (c[0] as number) - (c[1] as number) * Math.log(P.x0),
    b: c[1] as number,
    c: (mu - 2) * (c[1] as number) * (P.lnR / (1 - P.x0 / P.xMax)),
    x0: P.x0,
  }),
  seNames: ['a', 'b', 'c'],
  jacobian: (P) => LAWS['log-inverse'].jacobian(P, {}),
};

export const BOUNDED_LAWS: readonly LawName[] = ['const', 'inverse', 'inverse-power', 'exponential'];
export const GROWING_LAWS: readonly LawName[] = ['log', 'log-inverse', 'log-shift', 'power'];

/** The best searched parameter of a law over `range` (weighted residual sum), its coefficients and fit. */
export interface SeparableFit {
  t: number;
  coef: number[];
  chi2: number;
  /** Fitted values on the y scale, from the columns (no cancellation between a and c). */
  fitted: Float64Array;
  atBound: boolean;
}

/**
 * Fits a law over its full range (or a given part of it); `into`: an array of n to hold the fitted values
 * (a caller's reused buffer, e.g. workColumn; default a new one). Example: see growth-models.ts fitLaw.
 */
export function separableFit(
  P: LawProblem,
  spec: LawSpec,
  range: [number, number] | null = spec.range(P),
  into?: Float64Array,
): SeparableFit {
  if (range === null && spec.k > spec.m) throw new DomainError('fit', `the ${spec.name} law needs at least 2 distinct x`);
  const solveAt = (t: number) => P.lsq.solve(spec.columns(P, t));
  let t = Number.NaN;
  let atBound = false;
  if (range !== null) {
    const best = minimizeLogScale(
      (v) => {
        try {
          return solveAt(v).chi2;
        } catch (err) {
          if (err instanceof DomainError) return Infinity;
          throw err;
        }
      },
      range[0],
      range[1],
    );
    t = best.at;
    atBound = best.atBound;
  }
  const fit = solveAt(t);
  const cols = spec.columns(P, t);
  const fitted = into === undefined ? new Float64Array(P.n) : into.fill(0);
  for (let j = 0; j < cols.length; j++) {
    const col = cols[j] as Float64Array;
    const cj = fit.coef[j] as number;
    for (let i = 0; i < P.n; i++) fitted[i] = (fitted[i] as number) + cj * (col[i] as number);
  }
  return { t, coef: fit.coef, chi2: fit.chi2, fitted, atBound };
}
