/**
 * The plan of a blind review: which pair is shown at each position and on which side each of its images is,
 * fixed by the review's seed (xoshiro128**, one sub-stream per decision so that changing the repeat share never
 * reshuffles the order or the sides). Pure.
 *
 * - Order: the pairs in a uniformly random order (Fisher-Yates).
 * - Sides: per pair, image A on the left or on the right, a fair coin.
 * - Repeats: round(repeatShare * pairs) pairs, chosen at random, are shown a second time, each somewhere after
 *   its first showing (at least MIN_GAP items later when the review is long enough). In compare mode about half
 *   of the repeats (round(repeats / 2)) swap the sides, so that a reviewer who answers by position disagrees with
 *   themself; in rate-right mode a repeat shows the same image on the right (the answer is about that image, so
 *   only the same image can be compared).
 *
 * Example: `reviewPlan({ pairCount: 3, seed: 7, repeatShare: 0, mode: 'compare' }).length` is 3.
 */
import { shuffled, splitSeed, Xoshiro128 } from '../../checkers/random/xoshiro128';
import type { PerceptualMode } from '../../common/api/contract-perceptual';

/** One position of the review. */
export interface PlanItem {
  /** Index of the pair in the pairs table (0-based, data rows). */
  readonly pair: number;
  /** Image A (the table's image_a) is shown on the left. */
  readonly aOnLeft: boolean;
  /** For a repeat: the position of the pair's first showing. */
  readonly repeatOf?: number;
}

export interface PlanSettings {
  readonly pairCount: number;
  /** 32-bit unsigned. */
  readonly seed: number;
  /** Share of pairs shown twice, 0..0.5. */
  readonly repeatShare: number;
  readonly mode: PerceptualMode;
}

/** Fewest items between a pair's first showing and its repeat, when the review is long enough. */
const MIN_GAP = 3;

const STREAM = { order: 0, sides: 1, repeats: 2, swaps: 3, positions: 4 } as const;

/** Number of repeats of a review of `pairCount` pairs. Example: `repeatCount(128, 0.1)` is 13. */
export function repeatCount(pairCount: number, repeatShare: number): number {
  return Math.min(pairCount, Math.round(repeatShare * pairCount));
}

export function reviewPlan(s: PlanSettings): PlanItem[] {
  if (!Number.isInteger(s.pairCount) || s.pairCount < 0)
    throw new RangeError(`reviewPlan: pairCount must be a whole number, got ${s.pairCount}`);
  if (!(s.repeatShare >= 0 && s.repeatShare <= 0.5))
    throw new RangeError(`reviewPlan: repeatShare must be in [0, 0.5], got ${s.repeatShare}`);
  const pairs = Array.from({ length: s.pairCount }, (_, i) => i);
  const order = shuffled(pairs, new Xoshiro128(splitSeed(s.seed, STREAM.order)));
  const sides = new Xoshiro128(splitSeed(s.seed, STREAM.sides));
  const aOnLeft = pairs.map(() => sides.nextUint32() >>> 31 === 0);
  const repeated = shuffled(pairs, new Xoshiro128(splitSeed(s.seed, STREAM.repeats))).slice(0, repeatCount(s.pairCount, s.repeatShare));
  const swapped = new Set(
    s.mode === 'compare'
      ? shuffled(repeated, new Xoshiro128(splitSeed(s.seed, STREAM.swaps))).slice(0, Math.round(repeated.length / 2))
      : [],
  );

  // Items as [pair, isRepeat]; repeats are inserted one by one after their first showing.
  const items: { pair: number; repeat: boolean }[] = order.map((pair) => ({ pair, repeat: false }));
  const positions = new Xoshiro128(splitSeed(s.seed, STREAM.positions));
  for (const pair of repeated) {
    const first = items.findIndex((it) => it.pair === pair && !it.repeat);
    const earliest = Math.min(first + 1 + MIN_GAP, items.length);
    const at = earliest + positions.nextInt(items.length - earliest + 1);
    items.splice(at, 0, { pair, repeat: true });
  }
  const firstAt = new Map<number, number>();
  return items.map((it, index) => {
    if (!it.repeat) {
      firstAt.set(it.pair, index);
      return { pair: it.pair, aOnLeft: aOnLeft[it.pair] as boolean };
    }
    const left = aOnLeft[it.pair] as boolean;
    return { pair: it.pair, aOnLeft: swapped.has(it.pair) ? !left : left, repeatOf: firstAt.get(it.pair) as number };
  });
}
