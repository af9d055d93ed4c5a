import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { originInClosedHull, originInClosedHullExact } from '../../../checkers/geometry/origin-in-hull';
import { RationalVector } from '../../../checkers/exact/rational-vector';

// Brute-force oracle (Caratheodory): the origin is in the closed hull iff it is one of the points, on a
// segment between two, in a non-degenerate triangle of three, or (3-D) in a non-degenerate tetrahedron.
// Uses its own determinant code, independent of the library's predicates.
type P = bigint[];
const sub = (a: P, b: P): P => a.map((x, k) => x - b[k]!);
const dot = (a: P, b: P): bigint => a.reduce((s, x, k) => s + x * b[k]!, 0n);
const cross = (a: P, b: P): P => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const det2 = (a: P, b: P): bigint => a[0]! * b[1]! - a[1]! * b[0]!;
const sgn = (x: bigint): number => (x > 0n ? 1 : x < 0n ? -1 : 0);
const lift = (p: P): P => (p.length === 2 ? [p[0]!, p[1]!, 0n] : p);
const O3: P = [0n, 0n, 0n];

function onSegment(p: P, q: P): boolean {
  return cross(lift(p), lift(q)).every((x) => x === 0n) && dot(p, q) <= 0n;
}
function inTriangle(p: P, q: P, r: P): boolean {
  const [a, b, c] = [lift(p), lift(q), lift(r)];
  const n = cross(sub(b, a), sub(c, a));
  if (n.every((x) => x === 0n)) return false; // degenerate: covered by segments
  if (dot(n, a) !== 0n) return false; // origin not in the triangle's plane
  const s = [dot(n, cross(sub(b, a), sub(O3, a))), dot(n, cross(sub(c, b), sub(O3, b))), dot(n, cross(sub(a, c), sub(O3, c)))].map(sgn);
  return s.every((x) => x >= 0) || s.every((x) => x <= 0);
}
function orient3(a: P, b: P, c: P, d: P): number {
  return sgn(dot(cross(sub(b, a), sub(c, a)), sub(d, a)));
}
function inTetra(p: P, q: P, r: P, s: P): boolean {
  const o = orient3(p, q, r, s);
  if (o === 0) return false;
  return [orient3(O3, q, r, s), orient3(p, O3, r, s), orient3(p, q, O3, s), orient3(p, q, r, O3)].every((x) => x === 0 || x === o);
}
function bruteForce(pts: P[]): boolean {
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    if (pts[i]!.every((x) => x === 0n)) return true;
    for (let j = i + 1; j < n; j++) {
      if (onSegment(pts[i]!, pts[j]!)) return true;
      for (let k = j + 1; k < n; k++) {
        if (inTriangle(pts[i]!, pts[j]!, pts[k]!)) return true;
        if (pts[0]!.length === 3) for (let l = k + 1; l < n; l++) if (inTetra(pts[i]!, pts[j]!, pts[k]!, pts[l]!)) return true;
      }
    }
  }
  return false;
}
void det2;

const coord = fc.bigInt({ min: -3n, max: 3n });
const cloud = (d: number) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 1, maxLength: 6 });
const asVectors = (pts: P[], den = 1n) => pts.map((p) => RationalVector.of(p, den));

describe('origin in the closed convex hull', () => {
  it('2-D: agrees with the brute-force Caratheodory oracle on small integer points', () => {
    let inside = 0;
    fc.assert(
      fc.property(cloud(2), (pts) => {
        const expected = bruteForce(pts);
        if (expected) inside++;
        expect(originInClosedHullExact(asVectors(pts))).toBe(expected);
        expect(originInClosedHull(asVectors(pts, 7n))).toBe(expected);
      }),
      { numRuns: 600 },
    );
    expect(inside).toBeGreaterThan(40); // both answers are well represented
  });

  it('3-D: agrees with the brute-force Caratheodory oracle on small integer points', () => {
    fc.assert(
      fc.property(cloud(3), (pts) => {
        const expected = bruteForce(pts);
        expect(originInClosedHullExact(asVectors(pts))).toBe(expected);
        expect(originInClosedHull(asVectors(pts))).toBe(expected);
      }),
      { numRuns: 600 },
    );
  });

  it.each([
    [
      'origin on an edge (closed hull counts it)',
      [
        ['-1', '0'],
        ['1', '0'],
        ['0', '1'],
      ],
      true,
    ],
    [
      'origin at a vertex',
      [
        ['0', '0'],
        ['1', '1'],
      ],
      true,
    ],
    [
      'just outside by 1/10^40',
      [
        ['-1', '1e-40'],
        ['1', '1e-40'],
        ['0', '1'],
      ],
      false,
    ],
    [
      'the issue example at t = 0',
      [
        ['-3', '1/4'],
        ['-3', '-3'],
        ['-1/3', '-7/4'],
        ['3', '1/2'],
      ],
      true,
    ],
    [
      'all on one open ray',
      [
        ['1', '2'],
        ['2', '4'],
        ['1/2', '1'],
      ],
      false,
    ],
    [
      '3-D coplanar square around the origin',
      [
        ['1', '0', '0'],
        ['-1', '0', '0'],
        ['0', '1', '0'],
        ['0', '-1', '0'],
      ],
      true,
    ],
    [
      '3-D triangle missing the origin',
      [
        ['1', '0', '1'],
        ['-1', '0', '1'],
        ['0', '1', '1'],
      ],
      false,
    ],
  ])('%s', (_name, pts, expected) => {
    const vs = pts.map((p) => RationalVector.from(p));
    expect(originInClosedHull(vs)).toBe(expected);
    expect(originInClosedHullExact(vs)).toBe(expected);
  });
});
