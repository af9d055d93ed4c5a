/**
 * Ranks and normal tails for the rank tests (Wilcoxon signed-rank, Mann-Whitney U).
 * - `averageRanks`: ranks 1..n with tied values given the mean of the ranks they span (scipy.stats.rankdata,
 *   method 'average'); values are tied only when equal as float64 numbers, as in scipy.
 * - `tieGroups`: the sizes t of the groups of equal values (t > 1 only), for the tie corrections
 *   sum(t^3 - t) (Mann-Whitney) and sum t(t^2 - 1) / 2 (signed ranks).
 * - `normalSf`: P(Z > z) for a standard normal Z, from the complementary incomplete gamma (no 1 - cdf
 *   cancellation in the upper tail), and `normalPValue` for an alternative.
 *
 * Guarantee: ranks are exact (sums of at most n whole or half-whole numbers); the normal tail has relative
 * error below 1e-12 (normalTwoSided in student-t.ts, checked against scipy).
 *
 * Example: `averageRanks([10, 30, 20, 20])` is [1, 4, 2.5, 2.5]; `tieGroups([1, 2, 2, 2])` is [3];
 * `normalSf(1.6448536269514722)` is 0.05.
 */
import { normalTwoSided } from '../student-t';
import type { Alternative } from './types';

/** The average ranks of xs (1-based). */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((i, j) => (xs[i] as number) - (xs[j] as number));
  const ranks = new Array<number>(xs.length);
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && xs[order[end] as number] === xs[order[start] as number]) end++;
    const rank = (start + 1 + end) / 2; // mean of ranks start+1 .. end
    for (let k = start; k < end; k++) ranks[order[k] as number] = rank;
    start = end;
  }
  return ranks;
}

/** Sizes of the groups of equal values with more than one member. */
export function tieGroups(xs: readonly number[]): number[] {
  const sorted = [...xs].sort((x, y) => x - y);
  const groups: number[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    if (end - start > 1) groups.push(end - start);
    start = end;
  }
  return groups;
}

/** P(Z > z). */
export function normalSf(z: number): number {
  if (z === Infinity) return 0;
  if (z === -Infinity) return 1;
  const half = normalTwoSided(z) / 2;
  return z >= 0 ? half : 1 - half;
}

/** P-value of a standardized statistic z for an alternative (two-sided: 2 P(Z > |z|), capped at 1). */
export function normalPValue(z: number, alternative: Alternative): number {
  if (alternative === 'greater') return normalSf(z);
  if (alternative === 'less') return normalSf(-z);
  return Math.min(1, 2 * normalSf(Math.abs(z)));
}
