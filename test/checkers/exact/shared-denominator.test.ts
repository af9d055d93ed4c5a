import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Fraction from 'fraction.js';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { Rational } from '../../../checkers/exact/rational';

const entry = fc.tuple(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: 1n, max: 60n })).map(([n, d]) => `${n}/${d}`);
const frac = (s: string) => new Fraction(s);
const same = (r: Rational, f: Fraction) => r.num === f.s * f.n && r.den === f.d;

describe('RationalVector (one shared denominator)', () => {
  it('adds, scales and dots like fraction.js per coordinate', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(entry, entry), { minLength: 1, maxLength: 5 }), entry, (pairs, s) => {
        const u = RationalVector.from(pairs.map((p) => p[0]));
        const v = RationalVector.from(pairs.map((p) => p[1]));
        const sum = u.add(v).toRationals();
        pairs.forEach(([a, b], k) => expect(same(sum[k]!, frac(a).add(frac(b)))).toBe(true));
        const scaled = u.scale(s).toRationals();
        pairs.forEach(([a], k) => expect(same(scaled[k]!, frac(a).mul(frac(s)))).toBe(true));
        const dot = pairs.reduce((acc, [a, b]) => acc.add(frac(a).mul(frac(b))), new Fraction(0));
        expect(same(u.dot(v), dot)).toBe(true);
        expect(
          u
            .sub(u)
            .toRationals()
            .every((r) => r.isZero()),
        ).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('reduces lazily without changing the value', () => {
    const v = RationalVector.of([6n, -4n, 10n], 8n);
    const r = v.reduce();
    expect([r.nums, r.den]).toEqual([[3n, -2n, 5n], 4n]);
    expect(r.equals(v)).toBe(true);
    expect(RationalVector.from(['1/2', '1/3']).den).toBe(6n);
  });
});

describe('RationalMatrix (one shared denominator)', () => {
  it('multiplies like fraction.js entrywise', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 6, maxLength: 6 }), fc.array(entry, { minLength: 6, maxLength: 6 }), (a, b) => {
        const A = RationalMatrix.from([a.slice(0, 3), a.slice(3)]); // 2x3
        const B = RationalMatrix.from([b.slice(0, 2), b.slice(2, 4), b.slice(4)]); // 3x2
        const P = A.mul(B);
        for (let i = 0; i < 2; i++) {
          for (let j = 0; j < 2; j++) {
            let s = new Fraction(0);
            for (let k = 0; k < 3; k++) s = s.add(frac(a[i * 3 + k]!).mul(frac(b[k * 2 + j]!)));
            expect(same(P.at(i, j), s)).toBe(true);
          }
        }
        expect(P.reduce().equals(P)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('identity is neutral and sums keep one denominator', () => {
    const A = RationalMatrix.from([
      ['1/2', 1],
      [0, '2/3'],
    ]);
    expect(A.mul(RationalMatrix.identity(2)).equals(A)).toBe(true);
    expect(A.den).toBe(6n);
    expect(A.add(A).at(0, 0).equals(Rational.ONE)).toBe(true);
  });
});
