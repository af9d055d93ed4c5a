/**
 * Horizon analysis of a growth fit: the log model y = a + b ln x refitted on every prefix of the data
 * sorted by x, so that a reviewer sees from which sweep size on the data reject "no growth". A sweep that
 * stopped before `significantFrom` could not have seen the growth at the chosen significance.
 * Prefixes start where the minimums of growth-conclusion.ts are met (distinct x and xmax/xmin); each carries
 * b, se(b), b/se(b) and its two-sided p-value: Student's t on n - 2 degrees of freedom without known errors,
 * the standard normal with known errors (then b/se(b) is exactly Gaussian under "no slope").
 *
 * The prefix fits are one least-squares problem growing a row at a time, so they are computed by updating a
 * QR factorisation with Givens rotations (sequential least squares, Gentleman 1973; Miller, AS 274): each row
 * costs O(1), the whole analysis O(n log n) for the sort and O(n) after it (refitting every prefix from scratch
 * was O(n^2): 10,000 rows took 18 s). The residual sum is accumulated from the rotated-out components, a sum of
 * squares, so it never cancels as the textbook update RSS = Syy - Sxy^2/Sxx does.
 * Guarantee: approximate, backward stable like the Householder fit of wls.ts (the two agree to a few ulps times
 * the condition number; test/checkers/stats/horizon.test.ts compares them); the prefix bookkeeping is exact.
 */
import { DomainError } from '../errors';
import type { DataPoint } from './growth-models';
import { hasKnownErrors } from './growth-models';
import { growthColumns, knownErrors, sortedByX, type GrowthColumns } from './growth-points';
import { DEFAULT_MINIMUMS, type GrowthConclusionValue, type GrowthMinimums } from './growth-conclusion';
import { normalTwoSided, tTwoSided } from './student-t';

export interface PrefixFit {
  /** Largest x in the prefix. */
  maxX: number;
  /** Points in the prefix. */
  n: number;
  /** Log-model slope on the prefix. */
  b: number;
  /** Standard error of b. */
  seB: number;
  /** b / se(b) on the prefix. */
  sigma: number;
  /** Two-sided p-value of b / se(b): t on `dof` degrees of freedom, or z with known errors. */
  p: number;
  dof: number;
  test: 't' | 'z';
  /** The growth conclusion on this prefix (growth-fit.ts fills it on a geometric subset of the prefixes). */
  conclusion?: GrowthConclusionValue;
}

export interface HorizonAnalysis {
  prefix: PrefixFit[];
  /** Smallest maxX from which sigma stays at or above the threshold for every longer prefix; null if never. */
  significantFrom: number | null;
}

/**
 * Prefix fits from where the minimums are met. Points with equal x enter a prefix together (a prefix ends at a
 * distinct x); a prefix is fitted once it has at least 3 points, `minimums.points` distinct x values and
 * xmax/xmin >= `minimums.xRange`.
 * Example: for y = 1 + 0.5 ln x plus small noise at x = 2..1024, `significantFrom` is the first maxX whose
 * prefix and all longer ones have b/se(b) >= 5.
 */
export function horizonAnalysis(points: readonly DataPoint[], threshold = 5, minimums: GrowthMinimums = DEFAULT_MINIMUMS): HorizonAnalysis {
  hasKnownErrors(points); // validates: all points or none carry a standard error
  const h = horizonColumns(growthColumns(points), threshold, minimums);
  return { prefix: Array.from({ length: h.prefix.count }, (_, i) => prefixAt(h.prefix, i)), significantFrom: h.significantFrom };
}

/**
 * The prefix fits by columns (a million prefixes cost 28 bytes each, not an object each): maxX, n, b and se(b);
 * sigma = b / se(b) and its p-value are computed from them when asked (prefixAt, sigmaAt: the same operations,
 * so the same bits). `conclusion` holds the conclusions that growth-fit.ts adds, by prefix index.
 */
export interface PrefixColumns {
  readonly count: number;
  readonly test: 't' | 'z';
  readonly maxX: Float64Array;
  readonly n: Uint32Array;
  readonly b: Float64Array;
  readonly seB: Float64Array;
  readonly conclusion: Map<number, GrowthConclusionValue>;
}

/** b / se(b) of prefix `i`. */
export function sigmaAt(h: PrefixColumns, i: number): number {
  return (h.b[i] as number) / (h.seB[i] as number);
}

export interface HorizonColumns {
  prefix: PrefixColumns;
  significantFrom: number | null;
}

/** Prefix `i` as the object horizonAnalysis lists (the same keys in the same order). */
export function prefixAt(h: PrefixColumns, i: number): PrefixFit {
  const n = h.n[i] as number;
  const sigma = sigmaAt(h, i);
  const dof = n - 2;
  const out: PrefixFit = {
    maxX: h.maxX[i] as number,
    n,
    b: h.b[i] as number,
    seB: h.seB[i] as number,
    sigma,
    p: Number.isNaN(sigma) ? 1 : h.test === 'z' ? normalTwoSided(sigma) : tTwoSided(sigma, dof), // 0/0: no slope at all
    dof,
    test: h.test,
  };
  const conclusion = h.conclusion.get(i);
  if (conclusion !== undefined) out.conclusion = conclusion;
  return out;
}

/** horizonAnalysis on columns (standard errors validated, rows sorted by x here). */
export function horizonColumns(data: GrowthColumns, threshold = 5, minimums: GrowthMinimums = DEFAULT_MINIMUMS): HorizonColumns {
  const known = knownErrors(data);
  return horizonOfSorted(sortedByX(data), known, threshold, minimums);
}

/** The analysis of rows already sorted by x (sortedByX), weighted when `known`. */
export function horizonOfSorted(
  sorted: GrowthColumns,
  known: boolean,
  threshold = 5,
  minimums: GrowthMinimums = DEFAULT_MINIMUMS,
): HorizonColumns {
  const { x, y, se } = sorted;
  const count = x.length;
  const cols = { maxX: new Float64Array(count), n: new Uint32Array(count), b: new Float64Array(count), seB: new Float64Array(count) };
  let k = 0;
  const fit = new LogFitUpdate(known);
  let distinct = 0;
  for (let end = 0; end < count; end++) {
    const xe = x[end] as number;
    if (!(xe > 0)) throw new DomainError('fit log', `x = ${xe} must be positive`);
    fit.add(xe, y[end] as number, known ? (se?.[end] as number) : 1);
    if (end === 0 || xe !== (x[end - 1] as number)) distinct += 1;
    if (end + 1 < count && x[end + 1] === xe) continue; // keep ties together
    const n = end + 1;
    if (n < 3 || distinct < Math.max(2, minimums.points) || !(xe / (x[0] as number) >= minimums.xRange)) continue;
    const { b, seB } = fit.slope();
    cols.maxX[k] = xe;
    cols.n[k] = n;
    cols.b[k] = b;
    cols.seB[k] = seB;
    k++;
  }
  const prefix: PrefixColumns = {
    count: k,
    test: known ? 'z' : 't',
    maxX: cols.maxX.subarray(0, k),
    n: cols.n.subarray(0, k),
    b: cols.b.subarray(0, k),
    seB: cols.seB.subarray(0, k),
    conclusion: new Map(),
  };
  let from: number | null = null;
  for (let i = k - 1; i >= 0; i--) {
    if (!(sigmaAt(prefix, i) >= threshold)) break;
    from = prefix.maxX[i] as number;
  }
  return { prefix, significantFrom: from };
}

/**
 * The log model y = a + b ln x fitted by least squares to the rows added so far, kept as the 2 x 2 upper
 * triangular R and the rotated right-hand side z of the row-scaled system sqrt(w) [1, ln x] beta = sqrt(w) y,
 * with w = 1/se^2 (known errors) or 1. Same conventions as fitLog: covariance (R'R)^-1, scaled by
 * s^2 = chi2 / (n - 2) without known errors.
 */
class LogFitUpdate {
  private r11 = 0;
  private r12 = 0;
  private r22 = 0;
  private z1 = 0;
  private z2 = 0;
  /** Weighted residual sum of squares: the squares of the rotated-out components. */
  private chi2 = 0;
  private n = 0;
  /** Largest |sqrt(w) ln x| so far, for the rank test. */
  private colScale = 0;

  constructor(private readonly known: boolean) {}

  /** A row: x, y and the standard error of y (read only with known errors). */
  add(x: number, y: number, se: number): void {
    const s = this.known ? 1 / se : 1;
    const a1 = s;
    let a2 = s * Math.log(x);
    let t = s * y;
    this.n += 1;
    this.colScale = Math.max(this.colScale, Math.abs(a2));
    // Rotate the new row into the first row of R, then what is left of it into the second.
    const rho = Math.hypot(this.r11, a1);
    const c = this.r11 / rho;
    const sn = a1 / rho;
    this.r11 = rho;
    [this.r12, a2] = [c * this.r12 + sn * a2, c * a2 - sn * this.r12];
    [this.z1, t] = [c * this.z1 + sn * t, c * t - sn * this.z1];
    if (a2 !== 0) {
      const rho2 = Math.hypot(this.r22, a2);
      const c2 = this.r22 / rho2;
      const s2 = a2 / rho2;
      this.r22 = rho2;
      [this.z2, t] = [c2 * this.z2 + s2 * t, c2 * t - s2 * this.z2];
    }
    this.chi2 += t * t;
  }

  /** The slope b and its standard error on the rows so far (at least 3, with 2 distinct x). */
  slope(): { b: number; seB: number } {
    if (this.r22 <= 1e-13 * this.colScale * Math.sqrt(this.n)) {
      throw new DomainError('fitLinear', 'design column 1 is linearly dependent on the others (e.g. all x equal)');
    }
    const b = this.z2 / this.r22;
    const scale = this.known ? 1 : this.chi2 / (this.n - 2);
    return { b, seB: Math.sqrt(scale) / this.r22 };
  }
}

/**
 * The smallest maxX from which every prefix fit has sigma >= threshold, or null when the last one is below.
 * Example: sigmas [1, 6, 4, 7, 8] at maxX [4, 8, 16, 32, 64] give 32.
 */
export function significantFrom(prefix: readonly Pick<PrefixFit, 'maxX' | 'sigma'>[], threshold = 5): number | null {
  let from: number | null = null;
  for (let i = prefix.length - 1; i >= 0; i--) {
    const pf = prefix[i] as Pick<PrefixFit, 'maxX' | 'sigma'>;
    if (!(pf.sigma >= threshold)) break;
    from = pf.maxX;
  }
  return from;
}
