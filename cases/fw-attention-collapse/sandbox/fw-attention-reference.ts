/**
 * Our re-implementation of the paper's fw-attention step, written the plain way (one Rational per
 * coordinate, a gcd on every operation) and with its own hull test (Caratheodory: the origin is in the
 * closed hull of 2-D points iff it is a point, lies on a segment between two, or in a triangle of three).
 * It shares no code with checkers/dynamics or checkers/geometry beyond Rational, so the case test can
 * cross-check the fast exact run against it. Slow on purpose: O(n^3) hull test, gcd per operation.
 *
 *   g_t = 2 / (t + c);  j*(i) = smallest j minimising <x_i, x_j>;  x_i(t) = (1 - g_t) x_i(t-1) + g_t x_{j*(i)}(t-1)
 */
import { Rational } from '../../../checkers/exact/rational';

export type Point = readonly Rational[];

function dot(a: Point, b: Point): Rational {
  return a.reduce((s, v, k) => s.add(v.mul(b[k]!)), Rational.ZERO);
}

/** One step from t - 1 to t. */
export function referenceStep(x: readonly Point[], t: number, c: number): Point[] {
  const g = Rational.of(2n, BigInt(t + c));
  const keep = Rational.ONE.sub(g);
  const jStar = x.map((xi) => {
    let best = 0;
    for (let j = 1; j < x.length; j++) if (dot(xi, x[j]!).compare(dot(xi, x[best]!)) < 0) best = j;
    return best;
  });
  return x.map((xi, i) => xi.map((v, k) => keep.mul(v).add(g.mul(x[jStar[i]!]![k]!))));
}

function cross(a: Point, b: Point): Rational {
  return a[0]!.mul(b[1]!).sub(a[1]!.mul(b[0]!));
}

/** Origin in the closed convex hull of 2-D points, by enumerating points, segments and triangles. */
export function referenceOriginInHull(x: readonly Point[]): boolean {
  const n = x.length;
  for (let i = 0; i < n; i++) {
    if (x[i]!.every((v) => v.isZero())) return true;
    for (let j = i + 1; j < n; j++) {
      if (cross(x[i]!, x[j]!).isZero() && dot(x[i]!, x[j]!).sign() <= 0) return true;
      for (let k = j + 1; k < n; k++) {
        const s = [cross(x[i]!, x[j]!), cross(x[j]!, x[k]!), cross(x[k]!, x[i]!)].map((r) => r.sign());
        const area = cross(x[j]!.map((v, d) => v.sub(x[i]![d]!)), x[k]!.map((v, d) => v.sub(x[i]![d]!)));
        if (!area.isZero() && (s.every((v) => v >= 0) || s.every((v) => v <= 0))) return true;
      }
    }
  }
  return false;
}

/** First step in 0..horizon at which the origin is outside the closed hull, else null. */
export function referenceFirstExit(points: readonly Point[], c: number, horizon: number): number | null {
  let x = [...points];
  if (!referenceOriginInHull(x)) return 0;
  for (let t = 1; t <= horizon; t++) {
    x = referenceStep(x, t, c);
    if (!referenceOriginInHull(x)) return t;
  }
  return null;
}
