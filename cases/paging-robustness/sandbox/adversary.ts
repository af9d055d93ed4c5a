/**
 * The adversarial input for the paging-robustness sweep: k + 2 pages, marking phases of k distinct pages
 * that alternately bring 1 and 2 new pages (the pages left out of the previous phase), new pages first,
 * then the stale ones in random order; the pages left out of each phase are the ones the previous phase
 * requested first. Against this, randomized marking pays about (3H_k - 1)/2 faults per phase while the
 * offline optimum pays about 1. Predictions are inverted: the predicted next request of a page is minus
 * its true next request time, so the page needed soonest looks furthest away.
 */
import type { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { shuffled } from '../../../checkers/random/xoshiro128';
import { nextRequestTimes } from './paging';
import type { Request } from './paging';

export interface AdversarialInput {
  k: number;
  /** Pages cached (and marked) before the first request. */
  initial: number[];
  /** Predictions for the initial pages, inverted like the others: minus the time of their first request. */
  initialPredicted: Map<number, number>;
  requests: Request[];
}

/** `phases` adversarial phases for cache size k (k >= 2), drawn with `rng`. */
export function adversarialInput(k: number, phases: number, rng: Xoshiro128): AdversarialInput {
  const initial = Array.from({ length: k }, (_, i) => i);
  let prev = initial;
  let outside = [k, k + 1];
  const pages: number[] = [];
  for (let j = 1; j <= phases; j++) {
    const m = Math.min(j % 2 === 1 ? 1 : 2, k);
    const fresh = shuffled(outside, rng).slice(0, m);
    const excluded = prev.slice(0, m);
    const stale = shuffled(prev.slice(m), rng);
    const phase = [...fresh, ...stale];
    outside = [...excluded, ...outside.filter((p) => !fresh.includes(p))];
    pages.push(...phase);
    prev = phase;
  }
  const next = nextRequestTimes(pages);
  const initialPredicted = new Map<number, number>();
  for (const p of initial) {
    const first = pages.indexOf(p);
    initialPredicted.set(p, first === -1 ? Number.NEGATIVE_INFINITY : -first);
  }
  return { k, initial, initialPredicted, requests: pages.map((page, t) => ({ page, predictedNext: -(next[t] as number) })) };
}

/**
 * Exact expected faults of follow-then-mark on `phases` adversarial phases, k >= 3 (hand-derived; the
 * random order of stale pages does not matter). A phase with one new page: the new page faults and, trusting
 * the inverted prediction, evicts the stale page requested next, which faults and ends the trust; the one
 * hole left is then uniform over the k - 1 unrequested unmarked pages, costing sum_{i=2}^{k-1} 1/i:
 * H_{k-1} + 1 in all. A phase with two new pages: both fault and evict the next two stale pages, both of
 * which fault, leaving two uniform holes over k - 2 candidates, costing sum_{c=3}^{k-2} 2/c: 2 H_{k-2} + 1.
 */
export function expectedFaults(k: number, phases: number): number {
  if (k < 3) throw new RangeError('expectedFaults: k >= 3');
  let h1 = 0;
  for (let i = 1; i <= k - 1; i++) h1 += 1 / i;
  const h2 = h1 - 1 / (k - 1);
  const ones = Math.ceil(phases / 2);
  return ones * (h1 + 1) + (phases - ones) * (2 * h2 + 1);
}
