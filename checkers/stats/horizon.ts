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
  const known = hasKnownErrors(points); // validates: all points or none carry a standard error
  const sorted = [...points].sort((p, q) => p.x - q.x);
  const prefix: PrefixFit[] = [];
  const fit = new LogFitUpdate(known);
  let distinct = 0;
  for (let end = 0; end < sorted.length; end++) {
    const pt = sorted[end] as DataPoint;
    if (!(pt.x > 0)) throw new DomainError('fit log', `x = ${pt.x} must be positive`);
    fit.add(pt);
    if (end === 0 || pt.x !== (sorted[end - 1] as DataPoint).x) distinct += 1;
    const next = sorted[end + 1];
    if (next !== undefined && next.x === pt.x) continue; // keep ties together
    const n = end + 1;
    if (n < 3 || distinct < Math.max(2, minimums.points) || !(pt.x / (sorted[0] as DataPoint).x >= minimums.xRange)) continue;
    const { b, seB } = fit.slope();
    const sigma = b / seB;
    const dof = n - 2;
    const p = Number.isNaN(sigma) ? 1 : known ? normalTwoSided(sigma) : tTwoSided(sigma, dof); // 0/0: no slope at all
    prefix.push({ maxX: pt.x, n, b, seB, sigma, p, dof, test: known ? 'z' : 't' });
  }
  return { prefix, significantFrom: significantFrom(prefix, threshold) };
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

  add(pt: DataPoint): void {
    const s = this.known ? 1 / (pt.se as number) : 1;
    const a1 = s;
    let a2 = s * Math.log(pt.x);
    let t = s * pt.y;
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
