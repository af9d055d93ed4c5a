/**
 * Harmonic numbers shared across the rows of a derived column (checkers/calc/columns.ts): a column `ratio -
 * H_k` over k = 1..2000 asked exact.ts for every H_k from scratch, about 2 million additions of growing
 * rationals (277 s measured); here each H_n is built from the largest one already known below it, so the
 * whole column costs max(k) additions. Guarantee: exact (the same sum 1 + 1/2 + ... + 1/n in rationals).
 * Harmonic numbers whose size bound passes exact.ts's limit (harmonicBitsBound(n) > MAX_EXACT_BITS, from
 * about n = 7,000) are left as calls, for the enclosure to evaluate as before.
 * Example: `new HarmonicCache().value(3n)` is 11/6; `withCachedHarmonics(tree of "H(4) - x", cache)` is the
 * tree of "25/12 - x".
 */
import { Rational } from '../exact/rational';
import type { CalcNode } from './ast';
import { harmonicBitsBound, MAX_EXACT_BITS } from './exact';

export class HarmonicCache {
  private readonly known = new Map<bigint, Rational>([[0n, Rational.ZERO]]);
  /** The indices in `known`, ascending. */
  private readonly indices: bigint[] = [0n];
  private readonly tooLarge = new Map<bigint, boolean>();

  /** H_n exactly, or null when n is not a non-negative integer within the exact size limit. */
  value(n: Rational): Rational | null {
    if (n.den !== 1n || n.num < 0n) return null;
    const k = n.num;
    const hit = this.known.get(k);
    if (hit !== undefined) return hit;
    if (this.overLimit(k)) return null;
    const below = this.largestBelow(k);
    let total = this.known.get(below) as Rational;
    for (let j = below + 1n; j <= k; j++) total = total.add(Rational.of(1n, j));
    this.known.set(k, total);
    this.indices.splice(this.indices.indexOf(below) + 1, 0, k);
    return total;
  }

  private overLimit(k: bigint): boolean {
    let over = this.tooLarge.get(k);
    if (over === undefined) {
      over = harmonicBitsBound(k) > MAX_EXACT_BITS;
      this.tooLarge.set(k, over);
    }
    return over;
  }

  /** The largest known index below k (binary search; 0 is always known). */
  private largestBelow(k: bigint): bigint {
    let [lo, hi] = [0, this.indices.length - 1];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((this.indices[mid] as bigint) < k) lo = mid;
      else hi = mid - 1;
    }
    return this.indices[lo] as bigint;
  }
}

/** `node` with every H(n) of a literal index replaced by its cached exact value (others unchanged). */
export function withCachedHarmonics(node: CalcNode, cache: HarmonicCache): CalcNode {
  switch (node.kind) {
    case 'number':
    case 'name':
      return node;
    case 'neg':
      return { ...node, arg: withCachedHarmonics(node.arg, cache) };
    case 'binary':
      return { ...node, left: withCachedHarmonics(node.left, cache), right: withCachedHarmonics(node.right, cache) };
    case 'sum':
      return {
        ...node,
        body: withCachedHarmonics(node.body, cache),
        lo: withCachedHarmonics(node.lo, cache),
        hi: withCachedHarmonics(node.hi, cache),
      };
    case 'call': {
      const args = node.args.map((a) => withCachedHarmonics(a, cache));
      const arg = args[0] as CalcNode;
      if (node.fn !== 'H' || arg.kind !== 'number') return { ...node, args };
      const value = cache.value(arg.value);
      return value === null ? { ...node, args } : { kind: 'number', value, column: node.column };
    }
  }
}
