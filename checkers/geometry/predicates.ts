/**
 * Exact geometric predicates on rational vectors: signs of dot products, comparison of dot products,
 * orientation in 2-D and 3-D. All exact (BigInt after clearing denominators, which are positive, so signs
 * are unchanged). Integer versions (`*Int`) work directly on numerator arrays.
 */
import { DimensionError } from '../errors';
import type { RationalVector } from '../exact/rational-vector';

export type Sign = -1 | 0 | 1;

function signOf(x: bigint): Sign {
  return x < 0n ? -1 : x > 0n ? 1 : 0;
}

/** <a, b> for integer vectors. Exact. Example: `dotInt([1n, 2n], [3n, -4n])` returns `-5n`. */
export function dotInt(a: readonly bigint[], b: readonly bigint[]): bigint {
  if (a.length !== b.length) throw new DimensionError(`length ${b.length}`, `length ${a.length}`);
  let s = 0n;
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
  return s;
}

/** det[a, b] = a0 b1 - a1 b0 for 2-D integer vectors. Exact. Example: `det2Int([1n, 0n], [0n, 1n])` returns `1n`. */
export function det2Int(a: readonly bigint[], b: readonly bigint[]): bigint {
  return a[0]! * b[1]! - a[1]! * b[0]!;
}

/** a x b for 3-D integer vectors. Exact. Example: `cross3Int([1n, 0n, 0n], [0n, 1n, 0n])` is [0n, 0n, 1n]. */
export function cross3Int(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

/** det[a, b, c] = <a x b, c> for 3-D integer vectors. Exact. */
export function det3Int(a: readonly bigint[], b: readonly bigint[], c: readonly bigint[]): bigint {
  return dotInt(cross3Int(a, b), c);
}

/** Sign of <u, v>. Exact. Example: sign of (1/2, -1) . (2, 1) is 0. */
export function signDot(u: RationalVector, v: RationalVector): Sign {
  return signOf(dotInt(u.nums, v.nums));
}

/** Compare <u, v> with <u, w>: -1, 0, 1 as the first is smaller, equal, larger. Exact. */
export function compareDots(u: RationalVector, v: RationalVector, w: RationalVector): Sign {
  // <u,v> = U.V / (du dv) and <u,w> = U.W / (du dw): compare U.V dw with U.W dv (du > 0 cancels).
  return signOf(dotInt(u.nums, v.nums) * w.den - dotInt(u.nums, w.nums) * v.den);
}

/**
 * Orientation of the triangle p, q, r in the plane: 1 counter-clockwise, -1 clockwise, 0 collinear. Exact.
 * Example: (0,0), (1,0), (0,1) gives 1.
 */
export function orientation2(p: RationalVector, q: RationalVector, r: RationalVector): Sign {
  if (p.length !== 2 || q.length !== 2 || r.length !== 2) throw new DimensionError('a non-2-D point', '2-D points');
  // det[q - p, r - p] with everything over the common denominator dp dq dr (positive).
  const a = [q.nums[0]! * p.den - p.nums[0]! * q.den, q.nums[1]! * p.den - p.nums[1]! * q.den];
  const b = [r.nums[0]! * p.den - p.nums[0]! * r.den, r.nums[1]! * p.den - p.nums[1]! * r.den];
  return signOf(det2Int(a, b));
}

/**
 * Orientation of the tetrahedron p, q, r, s: sign of det[q - p, r - p, s - p] (1 when s is on the positive
 * side of the plane p, q, r with the right-hand rule). Exact.
 */
export function orientation3(p: RationalVector, q: RationalVector, r: RationalVector, s: RationalVector): Sign {
  for (const x of [p, q, r, s]) if (x.length !== 3) throw new DimensionError(`length ${x.length}`, '3-D points');
  const rel = (x: RationalVector): bigint[] => x.nums.map((n, k) => n * p.den - p.nums[k]! * x.den);
  return signOf(det3Int(rel(q), rel(r), rel(s)));
}
