// The float64 stage of the sign kernels over arbitrary enclosures (enclosureKernel), its "answer nothing"
// fallback (undecidedKernel), and the exact-divisor operation the enclosure stepper uses (fDivExact).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { enclosureKernel, exactKernel, type SignKernel } from '../../../checkers/geometry/sign-kernel';
import { UndecidedSign, undecidedKernel } from '../../../checkers/geometry/undecided-kernel';
import { exactFloat, fDivExact, type Filtered } from '../../../checkers/geometry/filtered';
import { originInClosedHullByKernel } from '../../../checkers/geometry/origin-in-hull';
import { Rational } from '../../../checkers/exact/rational';

/** Every question the kernels answer, as functions of a kernel. */
function questions(n: number, dim: number): ((K: SignKernel) => unknown)[] {
  const out: ((K: SignKernel) => unknown)[] = [];
  for (let i = 0; i < n; i++) {
    out.push((K) => K.isZero(i));
    for (let j = 0; j < n; j++) {
      out.push((K) => K.dotSign(i, j));
      out.push(dim === 2 ? (K) => K.orient2(i, j) : (K) => K.parallel3(i, j));
      for (let k = 0; k < n; k++) {
        out.push((K) => K.dotDiffSign(i, j, k));
        if (dim === 3) out.push((K) => K.det3(i, j, k));
      }
    }
  }
  return out;
}

describe('enclosureKernel', () => {
  it('around exact small integers it decides every nonzero question alone, as the exact kernel does', () => {
    // Each operation's bound includes an underflow term, so an exactly zero sign is never decided by floats:
    // those questions (and only those) go to the fallback, as degenerate ones.
    const pts = fc
      .integer({ min: 2, max: 3 })
      .chain((d) => fc.array(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: d, maxLength: d }), { minLength: 1, maxLength: 5 }));
    fc.assert(
      fc.property(pts, (rows) => {
        const n = rows.length;
        const dim = rows[0]!.length;
        const K = enclosureKernel(
          rows.flat().map((v) => exactFloat(v)),
          n,
          dim,
          () => undecidedKernel(n, dim),
        );
        const E = exactKernel(rows.map((r) => r.map(BigInt)));
        let decided = 0;
        for (const ask of questions(n, dim)) {
          try {
            expect(ask(K)).toBe(ask(E));
            decided++;
          } catch (e) {
            if (!(e instanceof UndecidedSign)) throw e;
            expect(e.isExactlyDegenerate(E)).toBe(true);
          }
        }
        expect(decided).toBeGreaterThan(0);
        const withExact = enclosureKernel(
          rows.flat().map((v) => exactFloat(v)),
          n,
          dim,
          () => E,
        );
        expect(originInClosedHullByKernel(withExact)).toBe(originInClosedHullByKernel(E));
      }),
      { numRuns: 100, seed: 3 },
    );
  });

  it('leaves to its fallback what the radii cannot decide, naming the question and its kind', () => {
    // (1, 0) and (1 +- 1e-9, 0): their orientation and the argmin comparison between them are open.
    const floats: Filtered[] = [exactFloat(1), exactFloat(0), { v: 1, e: 1e-9 }, { v: 0, e: 1e-9 }];
    const K = enclosureKernel(floats, 2, 2, () => undecidedKernel(2, 2));
    expect(K.dotSign(0, 1)).toBe(1);
    expect(K.isZero(1)).toBe(false);
    const caught = (f: () => unknown): UndecidedSign => {
      try {
        f();
      } catch (e) {
        if (e instanceof UndecidedSign) return e;
        throw e;
      }
      throw new Error('expected an UndecidedSign');
    };
    const o = caught(() => K.orient2(0, 1));
    expect([o.kind, o.question]).toEqual(['hull', 'orient2(0, 1)']);
    const a = caught(() => K.dotDiffSign(0, 1, 0));
    expect(a.kind).toBe('argmin');
    // Asked of exact kernels: collinear points are degenerate, a skewed pair is not.
    expect(
      o.isExactlyDegenerate(
        exactKernel([
          [1n, 0n],
          [2n, 0n],
        ]),
      ),
    ).toBe(true);
    expect(
      o.isExactlyDegenerate(
        exactKernel([
          [1n, 0n],
          [2n, 1n],
        ]),
      ),
    ).toBe(false);
    // A fallback that answers (here: an exact kernel of points inside the enclosures) is used instead.
    const withExact = enclosureKernel(floats, 2, 2, () =>
      exactKernel([
        [1n, 0n],
        [1n, 0n],
      ]),
    );
    expect(withExact.orient2(0, 1)).toBe(0);
  });
});

describe('fDivExact', () => {
  it('encloses X / m for every X within the input enclosure (checked exactly)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.double({ min: 0, max: 1e-3, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 53 - 1 }),
        (v, e, m) => {
          const r = fDivExact({ v, e }, m);
          for (const X of [
            Rational.fromFloat64(v),
            Rational.fromFloat64(v).add(Rational.fromFloat64(e)),
            Rational.fromFloat64(v).sub(Rational.fromFloat64(e)),
          ]) {
            const gap = X.div(Rational.from(m)).sub(Rational.fromFloat64(r.v)).abs();
            expect(gap.compare(Rational.fromFloat64(r.e))).toBeLessThanOrEqual(0);
          }
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });
});
