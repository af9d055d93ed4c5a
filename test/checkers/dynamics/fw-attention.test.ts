import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Fraction from 'fraction.js';
import { FwAttentionExact } from '../../../checkers/dynamics/fw-attention';
import { FwAttentionFloat } from '../../../checkers/dynamics/fw-attention-float';
import { FwAttentionRun } from '../../../checkers/dynamics/fw-attention-run';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { originInClosedHullExact } from '../../../checkers/geometry/origin-in-hull';
import { originInClosedHullLP } from '../../../checkers/geometry/hull-lp';

/** The dynamic written out per coordinate with fraction.js: the independent oracle. */
function fractionRun(points: string[][], c: number, steps: number): Fraction[][][] {
  let x = points.map((p) => p.map((v) => new Fraction(v)));
  const out = [x];
  for (let t = 1; t <= steps; t++) {
    const g = new Fraction(2, t + c);
    const dot = (a: Fraction[], b: Fraction[]) => a.reduce((s, v, k) => s.add(v.mul(b[k]!)), new Fraction(0));
    const jStar = x.map((xi) => {
      let best = 0;
      for (let j = 1; j < x.length; j++) if (dot(xi, x[j]!).compare(dot(xi, x[best]!)) < 0) best = j;
      return best;
    });
    x = x.map((xi, i) => xi.map((v, k) => new Fraction(1).sub(g).mul(v).add(g.mul(x[jStar[i]!]![k]!))));
    out.push(x);
  }
  return out;
}

const EXAMPLE = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];

describe('fw-attention, exact', () => {
  it('matches the per-coordinate fraction.js oracle step by step (filtered, unfiltered, any reduction period)', () => {
    const steps = 60;
    const oracle = fractionRun(EXAMPLE, 10, steps);
    const runs = [
      new FwAttentionExact(RationalMatrix.from(EXAMPLE), 10),
      new FwAttentionExact(RationalMatrix.from(EXAMPLE), 10, { filter: false, reduceEvery: 0 }),
      new FwAttentionExact(RationalMatrix.from(EXAMPLE), 10, { reduceEvery: 1 }),
    ];
    for (let t = 0; t <= steps; t++) {
      for (const r of runs) {
        const got = r.positions().toRationals();
        got.forEach((row, i) =>
          row.forEach((v, k) => {
            const f = oracle[t]![i]![k]!;
            expect(v.num === f.s * f.n && v.den === f.d).toBe(true);
          }),
        );
        r.step();
      }
    }
  });

  it('first exit of the issue example (c = 10) agrees with hull tests on the oracle positions', () => {
    const oracle = fractionRun(EXAMPLE, 10, 8);
    const inside = oracle.map((x) => originInClosedHullExact(x.map((p) => RationalVector.from(p.map((f) => `${f.s * f.n}/${f.d}`)))));
    const run = new FwAttentionRun(RationalMatrix.from(EXAMPLE), 10, 8).runToEnd();
    expect(run.firstExitStep).toBe(inside.indexOf(false));
    expect(run.firstExitStep).toBe(5);
  });

  it('filtered and unfiltered runs take identical decisions on random 2-D and 3-D configurations', () => {
    const coord = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 1, max: 9 })).map(([p, q]) => `${p}/${q}`);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 3 })
          .chain((d) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 2, maxLength: 5 })),
        fc.integer({ min: 1, max: 30 }),
        (pts, c) => {
          const a = new FwAttentionExact(RationalMatrix.from(pts), c);
          const b = new FwAttentionExact(RationalMatrix.from(pts), c, { filter: false });
          for (let t = 0; t < 25; t++) {
            expect(a.argmins()).toEqual(b.argmins());
            expect(a.originInHull()).toBe(b.originInHull());
            a.step();
            b.step();
          }
          expect(a.positions().equals(b.positions())).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('3-D: the hull decision at every step agrees with the exact LP on the positions', () => {
    const pts = [
      ['-3', '1/4', '1'],
      ['-3', '-3', '-1'],
      ['-1/3', '-7/4', '1/2'],
      ['3', '1/2', '-1'],
      ['1', '1', '-1/2'],
    ];
    for (const c of [20, 200]) {
      const r = new FwAttentionExact(RationalMatrix.from(pts), c);
      for (let t = 0; t < 40; t++) {
        const m = r.positions();
        const rows = Array.from({ length: m.rows }, (_, i) => m.row(i));
        expect(r.originInHull()).toBe(originInClosedHullLP(rows).inside);
        r.step();
      }
    }
    expect(new FwAttentionRun(RationalMatrix.from(pts), 20, 100).runToEnd().firstExitStep).toBe(3);
  });

  it('hulls only shrink: once outside, the origin stays outside', () => {
    const r = new FwAttentionExact(RationalMatrix.from(EXAMPLE), 10);
    const seq: boolean[] = [];
    for (let t = 0; t < 40; t++) {
      seq.push(r.originInHull());
      r.step();
    }
    expect(seq.indexOf(false)).toBe(5);
    expect(seq.slice(5).every((v) => !v)).toBe(true);
  });
});

describe('fw-attention, float64 run', () => {
  it('stays within 1e-12 of the exact positions over 100 steps of the example', () => {
    const e = new FwAttentionExact(RationalMatrix.from(EXAMPLE), 50);
    const f = new FwAttentionFloat(
      [
        [-3, 0.25],
        [-3, -3],
        [-1 / 3, -7 / 4],
        [3, 0.5],
      ],
      50,
    );
    for (let t = 0; t < 100; t++) {
      e.step();
      f.step();
    }
    const ex = e.positions().toRationals();
    f.positions().forEach((row, i) => row.forEach((v, k) => expect(Math.abs(v - ex[i]![k]!.toNumber())).toBeLessThan(1e-12)));
  });

  it('can disagree with exact arithmetic in both directions on collinear configurations', () => {
    // (1/10)(1, 3) and -(1/5)(1, 3), c = 1: exactly, x_1 hits 0 at step 2 and stays there (all dot products 0,
    // j* = 0), so the origin never leaves the hull; in float64, (1/3)(-2u) + (2/3)u is not 0 and the run "exits".
    const fake = new FwAttentionRun(
      RationalMatrix.from([
        ['1/10', '3/10'],
        ['-1/5', '-3/5'],
      ]),
      1,
      100,
    ).runToEnd();
    expect(fake.firstExitStep).toBeNull();
    expect(fake.float64FirstExitStep).toBe(2);
    // (7, 1/10) and (-7/10, -1/100) are exactly collinear with 0 (origin on the segment); float64 says outside at 0.
    const early = new FwAttentionRun(
      RationalMatrix.from([
        ['7', '1/10'],
        ['-7/10', '-1/100'],
      ]),
      200,
      100,
    ).runToEnd();
    expect(early.firstExitStep).toBe(11);
    expect(early.float64FirstExitStep).toBe(0);
  });
});
