import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Fraction from 'fraction.js';
import { compareDots, orientation2, orientation3, signDot } from '../../../checkers/geometry/predicates';
import { RationalVector } from '../../../checkers/exact/rational-vector';

const entry = fc.tuple(fc.bigInt({ min: -50n, max: 50n }), fc.bigInt({ min: 1n, max: 9n })).map(([n, d]) => `${n}/${d}`);
const vec = (d: number) => fc.array(entry, { minLength: d, maxLength: d });
const F = (s: string) => new Fraction(s);
const fdot = (a: string[], b: string[]) => a.reduce((s, x, k) => s.add(F(x).mul(F(b[k]!))), new Fraction(0));
const sign = (f: Fraction) => f.compare(0);

describe('exact predicates against fraction.js', () => {
  it('signDot and compareDots', () => {
    fc.assert(
      fc.property(vec(3), vec(3), vec(3), (u, v, w) => {
        const [U, V, W] = [u, v, w].map((x) => RationalVector.from(x)) as [RationalVector, RationalVector, RationalVector];
        expect(signDot(U, V)).toBe(sign(fdot(u, v)));
        expect(compareDots(U, V, W)).toBe(fdot(u, v).compare(fdot(u, w)));
        expect(compareDots(U, V, V)).toBe(0);
      }),
    );
  });

  it('orientation2 and orientation3 are the signs of the determinants', () => {
    fc.assert(
      fc.property(vec(2), vec(2), vec(2), (p, q, r) => {
        const [a0, a1] = [F(q[0]!).sub(F(p[0]!)), F(q[1]!).sub(F(p[1]!))];
        const [b0, b1] = [F(r[0]!).sub(F(p[0]!)), F(r[1]!).sub(F(p[1]!))];
        expect(orientation2(RationalVector.from(p), RationalVector.from(q), RationalVector.from(r))).toBe(sign(a0.mul(b1).sub(a1.mul(b0))));
      }),
    );
    fc.assert(
      fc.property(vec(3), vec(3), vec(3), vec(3), (p, q, r, s) => {
        const rel = (x: string[]) => x.map((c, k) => F(c).sub(F(p[k]!)));
        const [a, b, c] = [rel(q), rel(r), rel(s)];
        const det = a[0]!
          .mul(b[1]!.mul(c[2]!).sub(b[2]!.mul(c[1]!)))
          .sub(a[1]!.mul(b[0]!.mul(c[2]!).sub(b[2]!.mul(c[0]!))))
          .add(a[2]!.mul(b[0]!.mul(c[1]!).sub(b[1]!.mul(c[0]!))));
        expect(
          orientation3(
            ...([p, q, r, s].map((x) => RationalVector.from(x)) as [RationalVector, RationalVector, RationalVector, RationalVector]),
          ),
        ).toBe(sign(det));
      }),
    );
  });

  it('orientation2 of a counter-clockwise triangle is 1, of a collinear one 0', () => {
    const v = (a: string, b: string) => RationalVector.from([a, b]);
    expect(orientation2(v('0', '0'), v('1', '0'), v('0', '1'))).toBe(1);
    expect(orientation2(v('0', '0'), v('1/3', '1/3'), v('2/3', '2/3'))).toBe(0);
  });
});
