import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { originInClosedHullLP } from '../../../checkers/geometry/hull-lp';
import { originInClosedHull, originInClosedHullExact } from '../../../checkers/geometry/origin-in-hull';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { Rational } from '../../../checkers/exact/rational';

const coord = fc.integer({ min: -3, max: 3 });
const cloud = (d: number) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 1, maxLength: 6 });
const vs = (pts: number[][]) => pts.map((p) => RationalVector.from(p));

/** The weights really certify membership: nonnegative, sum 1, combination equal to 0. */
function certifies(pts: RationalVector[], w: Rational[]): boolean {
  if (w.some((x) => x.sign() < 0) || !w.reduce((s, x) => s.add(x), Rational.ZERO).equals(Rational.ONE)) return false;
  for (let k = 0; k < pts[0]!.length; k++) if (!pts.reduce((s, p, i) => s.add(p.at(k).mul(w[i]!)), Rational.ZERO).isZero()) return false;
  return true;
}

describe('origin in the closed hull by exact LP', () => {
  for (const d of [2, 3]) {
    it(`${d}-D: agrees with the separation algorithm, and the weights certify membership`, () => {
      fc.assert(
        fc.property(cloud(d), (raw) => {
          const pts = vs(raw);
          const lp = originInClosedHullLP(pts);
          expect(lp.inside).toBe(originInClosedHullExact(pts));
          if (lp.inside) expect(certifies(pts, lp.weights!)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('4-D and 1-D: a simplex around the origin, shifted off it, and points on a line', () => {
    const simplex = [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
      [-1, -1, -1, -1],
    ];
    const inside = originInClosedHullLP(vs(simplex));
    expect(inside.inside).toBe(true);
    expect(inside.weights!.map(String)).toEqual(['1/5', '1/5', '1/5', '1/5', '1/5']);
    expect(originInClosedHull(vs(simplex.map((p) => p.map((x) => x + 2))))).toBe(false);
    // On the boundary: the origin is a face point of a 4-D simplex (midpoint of an edge).
    expect(
      originInClosedHull(
        vs([
          [1, 0, 0, 0],
          [-1, 0, 0, 0],
          [5, 1, 1, 1],
          [5, 2, 1, 3],
          [7, 1, 4, 1],
        ]),
      ),
    ).toBe(true);
    expect(originInClosedHull(vs([[2], [-1]]))).toBe(true);
    expect(originInClosedHull(vs([[2], [1]]))).toBe(false);
  });
});
