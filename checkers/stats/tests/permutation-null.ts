/**
 * The null distributions of the permutation test's difference of means, counted against the observed value:
 * how many rearrangements give a statistic <= observed + gamma and >= observed - gamma (gamma a tolerance
 * for values equal in exact arithmetic but not in float64, as scipy.stats.permutation_test uses).
 * - paired, exact: all 2^n sign patterns of the differences (swapping a pair's two values flips the sign of
 *   its difference), by meeting in the middle: the 2^(n/2) signed sums of each half, one half sorted, so
 *   each pattern's mean (l + r) / n is counted by a binary search; every sum is formed by at most n additions.
 * - independent, exact: every split of the pooled values into groups of n_a and n_b, each group's sum formed
 *   by direct additions over its members (depth-first over which group each value joins).
 * - Monte Carlo (both designs): R seeded rearrangements drawn with xoshiro128** (checkers/random), random sign
 *   bits for paired data, a partial Fisher-Yates shuffle for independent samples.
 *
 * Example: `signFlipCounts([1, 2, 3], 2, 1e-14)` is { le: 8, ge: 1, total: 8 } (only all-positive reaches 2).
 */
import { Xoshiro128 } from '../../random/xoshiro128';

/** Rearrangements at or below (le) and at or above (ge) the observed statistic, of `total`. */
export interface TailCounts {
  readonly le: number;
  readonly ge: number;
  readonly total: number;
}

/** C(n, k), the splits of n values into groups of k and n - k, or Infinity once above `cap`. Example: `splitsUpTo(6, 3, 100)` is 20. */
export function splitsUpTo(n: number, k: number, cap: number): number {
  const j = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= j; i++) {
    c = (c * (n - j + i)) / i;
    if (c > cap) return Infinity;
  }
  return Math.round(c);
}

/** Every signed sum +-x_0 +- x_1 ... of xs (2^len values), each from len additions. */
function signedSums(xs: readonly number[]): number[] {
  let sums = [0];
  for (const x of xs) sums = [...sums.map((s) => s + x), ...sums.map((s) => s - x)];
  return sums;
}

/** The number of sorted values v with pred(v) true, where pred is true on a prefix of `sorted`. */
function prefixCount(sorted: readonly number[], pred: (v: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(sorted[mid] as number)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Exact counts over all 2^n sign flips of the paired differences d; the statistic is mean(+-d). */
export function signFlipCounts(d: readonly number[], observed: number, gamma: number): TailCounts {
  const n = d.length;
  const half = Math.floor(n / 2);
  const left = signedSums(d.slice(0, half));
  const right = signedSums(d.slice(half)).sort((x, y) => x - y);
  let le = 0;
  let ge = 0;
  for (const l of left) {
    // (l + r) / n is non-decreasing in r: the r meeting each bound form a prefix (le) or a suffix (ge).
    le += prefixCount(right, (r) => (l + r) / n <= observed + gamma);
    ge += right.length - prefixCount(right, (r) => (l + r) / n < observed - gamma);
  }
  return { le, ge, total: left.length * right.length };
}

/** Exact counts over all C(N, n_a) splits of `pooled` into a group of n_a (first) and the rest. */
export function splitCounts(pooled: readonly number[], na: number, observed: number, gamma: number): TailCounts {
  const nn = pooled.length;
  const nb = nn - na;
  let le = 0;
  let ge = 0;
  let total = 0;
  const visit = (i: number, inA: number, sumA: number, sumB: number): void => {
    if (i === nn) {
      const stat = sumA / na - sumB / nb;
      if (stat <= observed + gamma) le++;
      if (stat >= observed - gamma) ge++;
      total++;
      return;
    }
    const x = pooled[i] as number;
    if (inA < na) visit(i + 1, inA + 1, sumA + x, sumB);
    if (i - inA < nb) visit(i + 1, inA, sumA, sumB + x);
  };
  visit(0, 0, 0, 0);
  return { le, ge, total };
}

/** Monte Carlo counts over `resamples` random sign patterns of d (seeded). */
export function signFlipSample(d: readonly number[], observed: number, gamma: number, resamples: number, seed: number): TailCounts {
  const rng = new Xoshiro128(seed);
  const n = d.length;
  let le = 0;
  let ge = 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let bits = 0;
    for (let i = 0; i < n; i++) {
      if (i % 32 === 0) bits = rng.nextUint32();
      sum += (bits >>> (i % 32)) & 1 ? (d[i] as number) : -(d[i] as number);
    }
    const stat = sum / n;
    if (stat <= observed + gamma) le++;
    if (stat >= observed - gamma) ge++;
  }
  return { le, ge, total: resamples };
}

/** Monte Carlo counts over `resamples` random splits of `pooled` into n_a and the rest (seeded). */
export function splitSample(
  pooled: readonly number[],
  na: number,
  observed: number,
  gamma: number,
  resamples: number,
  seed: number,
): TailCounts {
  const rng = new Xoshiro128(seed);
  const nn = pooled.length;
  const nb = nn - na;
  const order = pooled.map((_, i) => i);
  let le = 0;
  let ge = 0;
  for (let r = 0; r < resamples; r++) {
    // A partial Fisher-Yates shuffle: the first n_a places get a uniformly random n_a-subset.
    for (let i = 0; i < na; i++) {
      const j = i + rng.nextInt(nn - i);
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    let sumA = 0;
    let sumB = 0;
    for (let i = 0; i < na; i++) sumA += pooled[order[i] as number] as number;
    for (let i = na; i < nn; i++) sumB += pooled[order[i] as number] as number;
    const stat = sumA / na - sumB / nb;
    if (stat <= observed + gamma) le++;
    if (stat >= observed - gamma) ge++;
  }
  return { le, ge, total: resamples };
}
