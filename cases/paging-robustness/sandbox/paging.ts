/**
 * Paging with predictions, re-implemented for the paging-robustness case (our own reconstruction).
 *
 * - `followThenMark`: the algorithm under review. It runs marking phases (a requested page is marked; a
 *   fault with every cached page marked starts a new phase and unmarks all). On a fault it evicts, among
 *   unmarked cached pages, the one whose predicted next request is furthest away ("follow the
 *   predictions"), until a prediction fails within the phase (a page it evicted in this phase is requested
 *   again); from then to the end of the phase it evicts a uniformly random unmarked page (randomized
 *   marking). Each phase starts trusting the predictions again.
 * - `beladyCost`: the offline optimum (evict the cached page requested furthest in the future).
 * - Requests carry the predicted time of the page's next request (Lykouris and Vassilvitskii's model).
 *
 * Both start from the same full cache (pages 0..k-1, all marked), so cold-start faults are not counted.
 */
import type { Xoshiro128 } from '../../../checkers/random/xoshiro128';

export interface Request {
  page: number;
  /** Predicted time of the next request to this page (any number; larger = later). */
  predictedNext: number;
}

/** Time of the next request to the same page, for every position (Infinity when none). */
export function nextRequestTimes(pages: readonly number[]): number[] {
  const next = new Array<number>(pages.length);
  const last = new Map<number, number>();
  for (let t = pages.length - 1; t >= 0; t--) {
    const p = pages[t] as number;
    next[t] = last.get(p) ?? Number.POSITIVE_INFINITY;
    last.set(p, t);
  }
  return next;
}

/**
 * Faults of Belady's offline optimum with a cache of size k that starts holding `initial`.
 * Example: k = 2, initial [0, 1], requests 2, 0, 1 cost 2.
 */
export function beladyCost(pages: readonly number[], k: number, initial: readonly number[]): number {
  const next = nextRequestTimes(pages);
  const firstUse = new Map<number, number>();
  for (let t = pages.length - 1; t >= 0; t--) firstUse.set(pages[t] as number, t);
  const cached = new Map<number, number>(); // page -> time of its next request
  const heap = new MaxHeap();
  for (const p of initial) {
    const t = firstUse.get(p) ?? Number.POSITIVE_INFINITY;
    cached.set(p, t);
    heap.push(t, p);
  }
  let faults = 0;
  for (let t = 0; t < pages.length; t++) {
    const p = pages[t] as number;
    const nt = next[t] as number;
    if (!cached.has(p)) {
      faults += 1;
      if (cached.size >= k) {
        // Pop stale heap entries until one matches a cached page's current next-request time.
        for (;;) {
          const top = heap.pop();
          if (top === undefined) throw new Error('beladyCost: heap exhausted');
          if (cached.get(top.page) === top.key) {
            cached.delete(top.page);
            break;
          }
        }
      }
    }
    cached.set(p, nt);
    heap.push(nt, p);
  }
  return faults;
}

/**
 * Faults of the follow-then-mark algorithm on `requests` with cache size k starting from `initial`,
 * using `rng` for its random evictions; `initialPredicted` holds the predictions known for the initial
 * pages (a page without one counts as predicted furthest).
 */
export function followThenMark(
  requests: readonly Request[],
  k: number,
  initial: readonly number[],
  rng: Xoshiro128,
  initialPredicted: ReadonlyMap<number, number> = new Map(),
): number {
  const cache = new Set<number>(initial);
  const predicted = new Map<number, number>(initialPredicted); // last prediction seen for each page
  const marked = new Set<number>(initial); // start at the end of a phase
  let unmarked: number[] = []; // cached pages not marked, for O(1) random eviction
  const unmarkedIndex = new Map<number, number>();
  const evictedThisPhase = new Set<number>();
  let trust = true;
  let faults = 0;

  const removeUnmarked = (p: number) => {
    const i = unmarkedIndex.get(p);
    if (i === undefined) return;
    const last = unmarked.pop() as number;
    if (last !== p) {
      unmarked[i] = last;
      unmarkedIndex.set(last, i);
    }
    unmarkedIndex.delete(p);
  };

  for (const req of requests) {
    const p = req.page;
    if (!cache.has(p)) {
      faults += 1;
      if (evictedThisPhase.has(p)) trust = false; // a prediction failed in this phase
      if (cache.size >= k) {
        if (unmarked.length === 0) {
          // New phase: unmark every cached page and trust the predictions again.
          marked.clear();
          unmarked = [...cache];
          unmarkedIndex.clear();
          unmarked.forEach((q, i) => unmarkedIndex.set(q, i));
          evictedThisPhase.clear();
          trust = true;
        }
        let victim: number;
        if (trust) {
          victim = unmarked[0] as number;
          for (const q of unmarked) if ((predicted.get(q) ?? Number.POSITIVE_INFINITY) > (predicted.get(victim) ?? Number.POSITIVE_INFINITY)) victim = q;
        } else {
          victim = unmarked[rng.nextInt(unmarked.length)] as number;
        }
        removeUnmarked(victim);
        cache.delete(victim);
        evictedThisPhase.add(victim);
      }
      cache.add(p);
    }
    predicted.set(p, req.predictedNext);
    if (!marked.has(p)) {
      marked.add(p);
      removeUnmarked(p);
    }
  }
  return faults;
}

/** Binary max-heap of (key, page). */
class MaxHeap {
  private keys: number[] = [];
  private pages: number[] = [];
  push(key: number, page: number): void {
    this.keys.push(key);
    this.pages.push(page);
    let i = this.keys.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.keys[parent] as number) >= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): { key: number; page: number } | undefined {
    if (this.keys.length === 0) return undefined;
    const top = { key: this.keys[0] as number, page: this.pages[0] as number };
    const lastKey = this.keys.pop() as number;
    const lastPage = this.pages.pop() as number;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.pages[0] = lastPage;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.keys.length && (this.keys[l] as number) > (this.keys[m] as number)) m = l;
        if (r < this.keys.length && (this.keys[r] as number) > (this.keys[m] as number)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j] as number, this.keys[i] as number];
    [this.pages[i], this.pages[j]] = [this.pages[j] as number, this.pages[i] as number];
  }
}
