/**
 * Is the origin in the CLOSED convex hull of finitely many points (2-D and 3-D)? Exact, via a sign kernel.
 *
 * The origin is outside the hull iff some vector w has <w, p> > 0 for every point p (strict separation of a
 * point from a compact convex set). Rotating such a w until it touches the points gives the tests below:
 * - 2-D: outside iff no point is 0 and some point p_k has, for every i, det[p_k, p_i] > 0, or det = 0 and
 *   <p_k, p_i> > 0 (p_k is the first point clockwise and the others lie strictly to its left or on its ray).
 * - 3-D: outside iff no point is 0 and either all points lie on one open ray, or some pair p_a, p_b spans a
 *   plane through 0 with all points on one closed side and the points ON the plane pass the 2-D test inside
 *   the plane (a facet of the pointed cone they generate).
 * Scaling a point by a positive factor does not change the answer, so integer numerators suffice.
 */
import { DimensionError } from '../errors';
import type { RationalVector } from '../exact/rational-vector';
import { originInClosedHullLP } from './hull-lp';
import { exactKernel, filteredKernel, type SignKernel } from './sign-kernel';

/** Origin in the closed hull of the kernel's points (d = 2 or 3; an empty list has an empty hull). Exact. */
export function originInClosedHullByKernel(K: SignKernel): boolean {
  if (K.count === 0) return false;
  for (let i = 0; i < K.count; i++) if (K.isZero(i)) return true;
  if (K.dim === 2) return !someSeparates2(K, all(K.count), (k, i) => K.orient2(k, i));
  if (K.dim === 3) return inHull3(K);
  throw new DimensionError(`dimension ${K.dim}`, 'dimension 2 or 3');
}

/**
 * Origin in the closed hull of rational points, exact: 2-D and 3-D through the sign kernel with a float filter
 * in front, other dimensions by exact LP (`originInClosedHullLP`).
 * Example: `originInClosedHull([["-1", "0"], ["1", "1"], ["1", "-1"]].map(p => RationalVector.from(p)))` is true.
 */
export function originInClosedHull(points: readonly RationalVector[]): boolean {
  const d = points[0]?.length ?? 2;
  if (d !== 2 && d !== 3) return originInClosedHullLP(points).inside;
  return originInClosedHullByKernel(filteredKernel(points.map((p) => p.nums)));
}

/** Same answer computed without the filter (BigInt only), for tests and benchmarks. */
export function originInClosedHullExact(points: readonly RationalVector[]): boolean {
  return originInClosedHullByKernel(exactKernel(points.map((p) => p.nums)));
}

function all(n: number): number[] {
  // A plain loop: Array.from over an array-like was a fifth of the enclosure stepper's time.
  const ids = new Array<number>(n);
  for (let i = 0; i < n; i++) ids[i] = i;
  return ids;
}

/** 2-D separation test on the subset `ids` with a given orientation predicate (points nonzero). */
function someSeparates2(K: SignKernel, ids: readonly number[], orient: (k: number, i: number) => number): boolean {
  for (const k of ids) {
    let ok = true;
    for (const i of ids) {
      if (i === k) continue;
      const o = orient(k, i);
      if (o < 0 || (o === 0 && K.dotSign(k, i) <= 0)) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

function inHull3(K: SignKernel): boolean {
  const n = K.count;
  let spanning = false;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (K.parallel3(a, b)) continue;
      spanning = true;
      for (const side of [1, -1]) {
        const onPlane: number[] = [];
        let closedSide = true;
        for (let i = 0; i < n; i++) {
          const s = K.det3(a, b, i) * side;
          if (s < 0) {
            closedSide = false;
            break;
          }
          if (s === 0) onPlane.push(i);
        }
        if (!closedSide) continue;
        // Orientation inside the plane, seen from the side's normal.
        if (someSeparates2(K, onPlane, (k, i) => side * K.planeOrient(a, b, k, i))) return false;
      }
    }
  }
  if (spanning) return true;
  // All points on one line through 0: outside iff they all lie on the same open ray.
  for (let i = 1; i < n; i++) if (K.dotSign(0, i) <= 0) return true;
  return false;
}
