// The enclosure stepper of fw-attention against the exact stepper: identical decisions at every step (argmins,
// hull test, first exit), a state enclosure that really contains the exact state, and the exact fallback taken
// (and counted, with its reason) where the enclosure cannot decide.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { FwAttentionExact } from '../../../checkers/dynamics/fw-attention';
import { FwAttentionEnclosure, type FwEnclosureOptions } from '../../../checkers/dynamics/fw-attention-enclosure';
import { FwAttentionRun } from '../../../checkers/dynamics/fw-attention-run';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { Rational } from '../../../checkers/exact/rational';
import { parseFwCertificate } from '../../../checkers/certificates/certificate';
import { verifyFwCertificate } from '../../../checkers/certificates/verify-fw';

const EXAMPLE = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];
const CASE = resolve(import.meta.dirname, '../../../cases/fw-attention-collapse');

/** Steps both steppers side by side, expecting the same argmins and hull decision at every state. */
function lockstep(
  points: readonly (readonly string[])[],
  c: number,
  steps: number,
  options: FwEnclosureOptions = {},
): FwAttentionEnclosure {
  const m = RationalMatrix.from(points);
  const exact = new FwAttentionExact(m, c, { filter: false });
  const enc = new FwAttentionEnclosure(m, c, options);
  for (let t = 0; t < steps; t++) {
    expect(enc.t).toBe(t);
    expect(enc.argmins()).toEqual(exact.argmins());
    expect(enc.originInHull()).toBe(exact.originInHull());
    exact.step();
    enc.step();
  }
  expect(enc.positions().equals(exact.positions())).toBe(true);
  return enc;
}

/** |mid - lambda x| <= rad for every coordinate, checked in exact rationals. */
function expectEncloses(enc: FwAttentionEnclosure, exact: FwAttentionExact): void {
  const { mid, rad, scale } = enc.enclosure();
  const x = exact.positions().toRationals().flat();
  const lambda = Rational.of(scale.num, scale.den);
  x.forEach((xi, k) => {
    const gap = Rational.fromFloat64(mid[k]!).sub(xi.mul(lambda)).abs();
    expect(gap.compare(Rational.fromFloat64(rad[k]!))).toBeLessThanOrEqual(0);
  });
}

describe('fw-attention enclosure stepper', () => {
  it('random 2-D and 3-D configurations: same argmins and hull decisions at every step as the exact stepper', () => {
    const coord = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 1, max: 9 })).map(([p, q]) => `${p}/${q}`);
    const config = fc
      .integer({ min: 2, max: 3 })
      .chain((d) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 2, maxLength: 5 }));
    fc.assert(
      fc.property(config, fc.integer({ min: 1, max: 30 }), (pts, c) => {
        lockstep(pts, c, 30);
      }),
      { numRuns: 60, seed: 13 },
    );
  });

  it('random configurations: the same first exit as the exact run over 300 steps', () => {
    const coord = fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: 1, max: 7 })).map(([p, q]) => `${p}/${q}`);
    const config = fc
      .integer({ min: 2, max: 3 })
      .chain((d) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 2, maxLength: 6 }));
    fc.assert(
      fc.property(config, fc.integer({ min: 1, max: 300 }), (pts, c) => {
        const m = RationalMatrix.from(pts);
        const a = new FwAttentionRun(m, c, 300, { stepper: 'exact' }).runToEnd();
        const b = new FwAttentionRun(m, c, 300, { stepper: 'enclosure' }).runToEnd();
        expect(b.firstExitStep).toBe(a.firstExitStep);
        expect(b.enclosure).not.toBeNull();
        expect(a.enclosure).toBeNull();
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('every decision taken from the enclosure is sound and the enclosure contains the exact state (800 steps, c = 200)', () => {
    const m = RationalMatrix.from(EXAMPLE);
    const exact = new FwAttentionExact(m, 200);
    const enc = new FwAttentionEnclosure(m, 200);
    let exitAt: number | null = null;
    for (let t = 0; t <= 800; t++) {
      expectEncloses(enc, exact);
      const inside = enc.originInHull();
      expect(inside).toBe(exact.originInHull());
      if (!inside && exitAt === null) exitAt = t;
      expect(enc.argmins()).toEqual(exact.argmins());
      enc.step();
      exact.step();
    }
    expect(exitAt).toBe(706);
    // The enclosure is read at every step above without forcing the exact path.
    expect(enc.enclosureStats().exactSteps).toBe(0);
  });

  it('the collinear float trap: the exact answer (no exit), reached through the exact path at the exact zero', () => {
    // x_1 reaches 0 exactly at step 2 and stays; every dot product with it is then exactly 0 (a tie).
    const r = new FwAttentionRun(
      RationalMatrix.from([
        ['1/10', '3/10'],
        ['-1/5', '-3/5'],
      ]),
      1,
      100,
      { stepper: 'enclosure' },
    ).runToEnd();
    expect(r.firstExitStep).toBeNull();
    expect(r.float64FirstExitStep).toBe(2);
    expect(r.enclosure!.exactSteps).toBeGreaterThan(0);
    expect(r.enclosure!.reasons.degenerateHull + r.enclosure!.reasons.tie).toBeGreaterThan(0);
    // Exactly collinear with the origin on the segment: exit at 11 exactly, float64 says 0.
    const early = new FwAttentionRun(
      RationalMatrix.from([
        ['7', '1/10'],
        ['-7/10', '-1/100'],
      ]),
      200,
      100,
      { stepper: 'enclosure' },
    ).runToEnd();
    expect(early.firstExitStep).toBe(11);
    expect(early.float64FirstExitStep).toBe(0);
    expect(early.enclosure!.exactSteps).toBeGreaterThan(0);
    lockstep(
      [
        ['1/10', '3/10'],
        ['-1/5', '-3/5'],
      ],
      1,
      60,
    );
    lockstep(
      [
        ['7', '1/10'],
        ['-7/10', '-1/100'],
      ],
      200,
      60,
    );
  });

  it('exact ties force the exact path: counted as ties, same decisions', () => {
    // A duplicated particle stays duplicated: <x_i, x_4> = <x_i, x_5> exactly at every step, and x_4 is the
    // argmin of x_1, so that comparison is a tie the enclosure (radii > 0 after step 0) cannot decide.
    const enc = lockstep([...EXAMPLE, ['3', '1/2']], 10, 40);
    const s = enc.enclosureStats();
    expect(s.exactSteps).toBeGreaterThan(0);
    expect(s.reasons.tie).toBeGreaterThan(0);
    expect(s.exactSteps).toBe(s.reasons.tie + s.reasons.degenerateHull + s.reasons.width);
  });

  it('near-degenerate configurations below float64 resolution: decided by a high-precision ball, or (no balls) by the exact path, counted as width', () => {
    // Nearly collinear with the origin (orient2 about 1e-18), and a near-duplicate particle (argmin gap about 1e-18).
    for (const pts of [
      [
        ['7', '1/10'],
        ['-7/10', '-99999999999999999/10000000000000000000'],
      ],
      [...EXAMPLE, ['3', '500000000000000001/1000000000000000000']],
    ]) {
      const s = lockstep(pts, 20, 60, { precisions: [] }).enclosureStats();
      expect(s.reasons.width).toBeGreaterThan(0);
      expect(s.exactSteps).toBe(s.reasons.tie + s.reasons.degenerateHull + s.reasons.width);
      const escalated = lockstep(pts, 20, 60).enclosureStats();
      expect(escalated.escalated).toBeGreaterThan(0);
      // (the one exact replay is lockstep's own final positions() call)
      expect([escalated.exactSteps, escalated.reasons.width]).toEqual([0, 0]);
    }
  });

  it('re-seeding when widths pass a bound and a short replay history give the same decisions', () => {
    const tight = lockstep(EXAMPLE, 10, 120, { maxRelativeWidth: 2 ** -50 });
    expect(tight.enclosureStats().reseeds).toBeGreaterThan(0);
    const short = lockstep(EXAMPLE, 10, 120, { historyLimit: 16 });
    expect(short.enclosureStats().replayedSteps).toBeGreaterThanOrEqual(112);
    lockstep(
      [
        ['-3', '1/4', '1'],
        ['-3', '-3', '-1'],
        ['-1/3', '-7/4', '1/2'],
        ['3', '1/2', '-1'],
        ['1', '1', '-1/2'],
      ],
      20,
      60,
    );
  });

  it('the bundled certificates and the 3000-step benchmark certificate: same verdicts as the exact path', () => {
    const files = [
      'logbook/counterexample/certificate-c200.json',
      'logbook/counterexample/certificate-collinear.json',
      'sandbox/certificates/example-c200.json',
      'sandbox/certificates/example-c824.json',
    ];
    for (const f of files) {
      const cert = parseFwCertificate(readFileSync(resolve(CASE, f), 'utf8'), true);
      const byEnclosure = verifyFwCertificate(cert);
      const byExact = verifyFwCertificate(cert, { stepper: 'exact' });
      expect([f, byEnclosure.holds, byEnclosure.firstExitStep]).toEqual([f, byExact.holds, byExact.firstExitStep]);
      expect(byEnclosure.run.enclosure).not.toBeNull();
      expect(byExact.run.enclosure).toBeNull();
    }
    const c824 = verifyFwCertificate(
      parseFwCertificate(readFileSync(resolve(CASE, 'sandbox/certificates/example-c824.json'), 'utf8'), true),
    );
    expect([c824.holds, c824.firstExitStep]).toEqual([true, 3000]);
    expect(c824.run.enclosure!.exactSteps).toBe(0);
  });
});

describe('fw-attention enclosure stepper, limits', () => {
  it('refuses a step whose t + c is beyond 2^53 rather than enclose inexact coefficients', () => {
    const enc = new FwAttentionEnclosure(RationalMatrix.from(EXAMPLE), Number.MAX_SAFE_INTEGER);
    expect(() => enc.step()).toThrow(/beyond 2\^53/);
  });
});
