import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { exactKernel, filteredKernel, type FilterStats } from '../../../checkers/geometry/sign-kernel';
import { fAdd, fMul, fSub, filteredSign, scaleToFloats } from '../../../checkers/geometry/filtered';
import { originInClosedHullByKernel } from '../../../checkers/geometry/origin-in-hull';
import { Rational } from '../../../checkers/exact/rational';

// Points built to stress the filter: huge coordinates (hundreds of bits) and exact or near degeneracies
// (collinear and coplanar points, equal dot products), where float64 alone cannot decide.
const big = fc.bigInt({ min: -(1n << 300n), max: 1n << 300n });
const small = fc.bigInt({ min: -3n, max: 3n });
function cloud(d: number) {
  return fc
    .tuple(
      fc.array(fc.array(big, { minLength: d, maxLength: d }), { minLength: 2, maxLength: 3 }),
      fc.array(fc.tuple(small, small, small, fc.bigInt({ min: -2n, max: 2n })), { minLength: 1, maxLength: 4 }),
    )
    .map(([base, mixes]) => {
      // Extra points are integer combinations of the first ones plus a tiny perturbation: near-degenerate.
      const extra = mixes.map(([a, b, c, eps]) => base[0]!.map((x, k) => a * x + b * base[1]![k]! + c * (base[2]?.[k] ?? 0n) + eps));
      return [...base, ...extra];
    });
}

/** The exact rational value of a finite double (doubles are dyadic rationals). */
function floatToRational(v: number): Rational {
  let k = 0;
  let x = v;
  while (!Number.isInteger(x)) {
    x *= 2;
    k++;
  }
  return Rational.of(BigInt(x), 1n << BigInt(k));
}

describe('filtered predicates', () => {
  for (const d of [2, 3]) {
    it(`${d}-D: every filtered sign equals the exact sign, and the hull answer agrees`, () => {
      const stats: FilterStats = { filtered: 0, exact: 0 };
      fc.assert(
        fc.property(cloud(d), (pts) => {
          const E = exactKernel(pts);
          const F = filteredKernel(pts, stats);
          const n = pts.length;
          for (let i = 0; i < n; i++) {
            for (let j = 0; j < n; j++) {
              expect(F.dotSign(i, j)).toBe(E.dotSign(i, j));
              for (let k = 0; k < n; k++) {
                expect(F.dotDiffSign(i, j, k)).toBe(E.dotDiffSign(i, j, k));
                if (d === 3) expect(F.det3(i, j, k)).toBe(E.det3(i, j, k));
              }
              if (d === 2) expect(F.orient2(i, j)).toBe(E.orient2(i, j));
              if (d === 3) expect(F.planeOrient(0, 1, i, j)).toBe(E.planeOrient(0, 1, i, j));
            }
          }
          expect(originInClosedHullByKernel(F)).toBe(originInClosedHullByKernel(E));
        }),
        { numRuns: 50 },
      );
      // The generator really produces undecidable cases, and easy ones. (Not "more easy than hard ones": with an
      // unseeded generator that ratio varies from run to run; 7,635 filtered against 7,738 exact failed it once.)
      expect(stats.exact).toBeGreaterThan(0);
      expect(stats.filtered).toBeGreaterThan(0);
    });
  }

  it('error bounds enclose the exact value of a small expression', () => {
    fc.assert(
      fc.property(big, big, big, big, (a, b, c, e) => {
        const { floats, shift } = scaleToFloats([a, b, c, e]);
        const [A, B, C, E] = floats.map((f) => f);
        const r = fSub(fMul(A!, B!), fAdd(fMul(C!, E!), A!));
        // Exact value of (ab - (ce + a 2^shift)) / 4^shift: |exact - r.v| <= r.e, checked in rationals.
        const exact = Rational.of(a * b - c * e - a * (1n << BigInt(shift)), 1n << BigInt(2 * shift));
        expect(exact.sub(floatToRational(r.v)).abs().compare(floatToRational(r.e))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it('filteredSign is undecided on non-finite values and within the bound', () => {
    expect(filteredSign({ v: Infinity, e: 0 })).toBeNull();
    expect(filteredSign({ v: 1, e: 1 })).toBeNull();
    expect(filteredSign({ v: -2, e: 1 })).toBe(-1);
    expect(filteredSign({ v: 0, e: 0 })).toBe(0);
  });
});
