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
  return { k, initial, requests: pages.map((page, t) => ({ page, predictedNext: -(next[t] as number) })) };
}
