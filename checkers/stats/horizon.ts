/**
 * Horizon analysis of a growth fit: the log model y = a + b ln x refitted on every prefix of the data
 * sorted by x, so that a reviewer sees from which sweep size on the data reject "no growth". A sweep that
 * stopped before `significantFrom` could not have seen the growth at the chosen significance.
 * Guarantee: approximate (floating point, see wls.ts); the prefix bookkeeping is exact.
 */
import type { DataPoint } from './growth-models';
import { fitLog, hasKnownErrors } from './growth-models';

export interface PrefixFit {
  /** Largest x in the prefix. */
  maxX: number;
  /** Points in the prefix. */
  n: number;
  /** Log-model slope on the prefix. */
  b: number;
  /** b / se(b) on the prefix. */
  sigma: number;
}

export interface HorizonAnalysis {
  prefix: PrefixFit[];
  /** Smallest maxX from which sigma stays at or above the threshold for every longer prefix; null if never. */
  significantFrom: number | null;
}

/**
 * Prefix fits from the 3rd point on. Points with equal x enter a prefix together (a prefix ends at a
 * distinct x); a prefix is fitted once it has at least 3 points and 2 distinct x values.
 * Example: for y = 1 + 0.5 ln x plus small noise at x = 2..1024, `significantFrom` is the first maxX whose
 * prefix and all longer ones have b/se(b) >= 5.
 */
export function horizonAnalysis(points: readonly DataPoint[], threshold = 5): HorizonAnalysis {
  hasKnownErrors(points); // validates: all points or none carry a standard error
  const sorted = [...points].sort((p, q) => p.x - q.x);
  const prefix: PrefixFit[] = [];
  let distinct = 0;
  for (let end = 0; end < sorted.length; end++) {
    const x = (sorted[end] as DataPoint).x;
    if (end === 0 || x !== (sorted[end - 1] as DataPoint).x) distinct += 1;
    const next = sorted[end + 1];
    if (next !== undefined && next.x === x) continue; // keep ties together
    const n = end + 1;
    if (n < 3 || distinct < 2) continue;
    const fit = fitLog(sorted.slice(0, n));
    const b = fit.params.b as number;
    const seB = fit.se.b as number;
    prefix.push({ maxX: x, n, b, sigma: b / seB });
  }
  return { prefix, significantFrom: significantFrom(prefix, threshold) };
}

/**
 * The smallest maxX from which every prefix fit has sigma >= threshold, or null when the last one is below.
 * Example: sigmas [1, 6, 4, 7, 8] at maxX [4, 8, 16, 32, 64] give 32.
 */
export function significantFrom(prefix: readonly PrefixFit[], threshold = 5): number | null {
  let from: number | null = null;
  for (let i = prefix.length - 1; i >= 0; i--) {
    const pf = prefix[i] as PrefixFit;
    if (!(pf.sigma >= threshold)) break;
    from = pf.maxX;
  }
  return from;
}
