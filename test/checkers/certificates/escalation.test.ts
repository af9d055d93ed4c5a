// The verification cliff (issue 25): when float64 radii cannot decide, the enclosure stepper escalates to exact
// ball enclosures at 128 and 1024 bits replayed from the nearest checkpoint, and takes the exact state only for
// exact zeros. Checked: the balls really enclose the exact state; the ball kernel's signs are the exact signs;
// near-ties that force escalation give the --exact verdict; the 30,674-step certificate replays no exact step.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { FwAttentionExact } from '../../../checkers/dynamics/fw-attention';
import { FwAttentionEnclosure } from '../../../checkers/dynamics/fw-attention-enclosure';
import { ballStep, seedBall, type FwBall } from '../../../checkers/dynamics/fw-attention-ball';
import { jumpState } from '../../../checkers/dynamics/fw-attention-jump';
import { ballKernel, ballSign } from '../../../checkers/geometry/ball-kernel';
import { exactKernel } from '../../../checkers/geometry/sign-kernel';
import { undecidedKernel } from '../../../checkers/geometry/undecided-kernel';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { Rational } from '../../../checkers/exact/rational';
import { validateFwCertificate } from '../../../checkers/certificates/certificate';
import { verifyFwCertificate } from '../../../checkers/certificates/verify-fw';

const EXAMPLE = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];
const cert = (c: number, points: readonly (readonly string[])[], step: number) =>
  validateFwCertificate(
    { format: 'recheck.certificate/1', dynamic: 'fw-attention', params: { c }, points, claim: { kind: 'origin-leaves-hull', step } },
    true,
  );
const coord = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 1, max: 9 })).map(([p, q]) => `${p}/${q}`);
const config = fc
  .integer({ min: 2, max: 3 })
  .chain((d) => fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 2, maxLength: 5 }));

/** |lambda x - M| <= R for every coordinate, in exact rationals (lambda = lambdaDen * 2^lambdaExp). */
function expectBallEncloses(b: FwBall, x: RationalMatrix): void {
  const two = Rational.from(2);
  let lambda = Rational.of(b.lambdaDen, 1n);
  for (let k = 0; k < Math.abs(b.lambdaExp); k++) lambda = b.lambdaExp > 0 ? lambda.mul(two) : lambda.div(two);
  x.toRationals()
    .flat()
    .forEach((xi, k) => {
      const gap = Rational.of(b.mids[k]!, 1n).sub(xi.mul(lambda)).abs();
      expect(gap.compare(Rational.of(b.rads[k]!, 1n))).toBeLessThanOrEqual(0);
    });
}

describe('ball enclosures of the fw-attention state', () => {
  it('seeded from x(0) and stepped along the exact argmins, the balls contain the exact state (64 and 128 bits)', () => {
    fc.assert(
      fc.property(config, fc.integer({ min: 1, max: 40 }), fc.constantFrom(64, 128), (pts, c, prec) => {
        const exact = new FwAttentionExact(RationalMatrix.from(pts), c);
        const { nums, den } = exact.numerators();
        let b = seedBall(nums, den, 0, prec);
        for (let t = 0; t < 60; t++) {
          if (t % 20 === 0) expectBallEncloses(b, exact.positions());
          const jStar = exact.argmins();
          b = ballStep(b, jStar, exact.dim, c);
          exact.step();
        }
        expectBallEncloses(b, exact.positions());
        expect(b.t).toBe(60);
      }),
      { numRuns: 40, seed: 25 },
    );
  });

  it('the ball kernel answers only nonzero signs, each the exact sign of the enclosed points', () => {
    const big = fc.bigInt({ min: -(1n << 70n), max: 1n << 70n });
    const points = fc
      .integer({ min: 2, max: 3 })
      .chain((d) => fc.array(fc.array(big, { minLength: d, maxLength: d }), { minLength: 3, maxLength: 5 }));
    fc.assert(
      fc.property(
        points,
        fc.array(fc.bigInt({ min: 0n, max: 1n << 40n }), { minLength: 15, maxLength: 15 }),
        fc.array(fc.bigInt({ min: -(1n << 40n), max: 1n << 40n }), { minLength: 15, maxLength: 15 }),
        (pts, rads, offs) => {
          const dim = pts[0]!.length;
          const flat = pts.flat();
          // Centres off the exact points by at most their radius: the balls contain the points.
          const r = flat.map((_, k) => rads[k]!);
          const m = flat.map((x, k) => x + (offs[k]! % (r[k]! + 1n)));
          const B = ballKernel(m, r, pts.length, dim, () => undecidedKernel(pts.length, dim));
          const E = exactKernel(pts);
          const agree = <T>(ask: (K: typeof E) => T): void => {
            let got: T | 'open';
            try {
              got = ask(B);
            } catch {
              got = 'open';
            }
            if (got !== 'open') expect(got).toEqual(ask(E));
          };
          const n = pts.length;
          for (let i = 0; i < n; i++) {
            agree((K) => K.isZero(i));
            for (let j = 0; j < n; j++) {
              agree((K) => K.dotSign(i, j));
              agree((K) => K.dotDiffSign(i, j, (j + 1) % n));
              if (dim === 2) agree((K) => K.orient2(i, j));
              else {
                agree((K) => K.parallel3(i, j));
                agree((K) => K.det3(i, j, (i + 2) % n));
                agree((K) => K.planeOrient(i, j, (i + 1) % n, (j + 2) % n));
              }
            }
          }
        },
      ),
      { numRuns: 200, seed: 5 },
    );
    expect(ballSign({ m: 0n, r: 0n })).toBeNull();
    expect(ballSign({ m: 5n, r: 4n })).toBe(1);
    expect(ballSign({ m: -5n, r: 5n })).toBeNull();
  });
});

describe('escalation before the exact path', () => {
  it('near-ties below float64 and below 128 bits force escalation; every verdict equals --exact', () => {
    // A near-duplicate particle (argmin gap 10^-k) or a nearly collinear pair (orient2 about 10^-k).
    const gap = fc.integer({ min: 17, max: 250 });
    const nearTie = fc.tuple(fc.integer({ min: 1, max: 60 }), gap, fc.boolean()).map(([c, k, dup]) => {
      const tiny = `1/${10n ** BigInt(k)}`;
      const eps = Rational.parse(tiny);
      const pts = dup
        ? [...EXAMPLE, ['3', Rational.parse('1/2').add(eps).toString()]]
        : [
            ['7', '1/10'],
            ['-7/10', Rational.parse('-1/100').add(eps).toString()],
          ];
      return { c, pts, k };
    });
    let escalatedRuns = 0;
    let level2 = 0;
    fc.assert(
      fc.property(nearTie, fc.integer({ min: 1, max: 120 }), ({ c, pts }, step) => {
        const a = verifyFwCertificate(cert(c, pts, step));
        const b = verifyFwCertificate(cert(c, pts, step), { stepper: 'exact' });
        expect([a.holds, a.firstExitStep]).toEqual([b.holds, b.firstExitStep]);
        const e = a.run.enclosure!;
        if (e.escalated > 0) escalatedRuns++;
        if (e.ballSteps > 0 && e.escalated > 0 && e.reasons.width === 0) level2++;
        expect(e.exactSteps).toBe(e.reasons.tie + e.reasons.degenerateHull + e.reasons.width);
      }),
      { numRuns: 60, seed: 2025 },
    );
    expect(escalatedRuns).toBeGreaterThan(10);
    expect(level2).toBeGreaterThan(0);
  });

  it('a gap of 10^-200 is decided by the 1024-bit ball, the same argmins and hull decisions as the exact stepper', () => {
    const tiny = Rational.parse(`1/${10n ** 200n}`);
    const pts = RationalMatrix.from([...EXAMPLE, ['3', Rational.parse('1/2').add(tiny).toString()]]);
    const exact = new FwAttentionExact(pts, 20, { filter: false });
    const enc = new FwAttentionEnclosure(pts, 20);
    for (let t = 0; t < 50; t++) {
      expect(enc.argmins()).toEqual(exact.argmins());
      expect(enc.originInHull()).toBe(exact.originInHull());
      // After each escalation the float64 enclosure is re-seeded from the ball: it still contains lambda x(t).
      const { mid, rad, scale } = enc.enclosure();
      const lambda = Rational.of(scale.num, scale.den);
      exact
        .positions()
        .toRationals()
        .flat()
        .forEach((xi, k) => {
          expect(Rational.fromFloat64(mid[k]!).sub(xi.mul(lambda)).abs().compare(Rational.fromFloat64(rad[k]!))).toBeLessThanOrEqual(0);
        });
      enc.step();
      exact.step();
    }
    const s = enc.enclosureStats();
    expect(s.escalated).toBeGreaterThan(0);
    expect([s.exactSteps, s.replayedSteps]).toEqual([0, 0]);
    // With only the 128-bit ball, the same run needs the exact path (counted as width).
    const narrow = new FwAttentionEnclosure(pts, 20, { precisions: [128] });
    for (let t = 0; t < 50; t++) {
      narrow.argmins();
      narrow.originInHull();
      narrow.step();
    }
    expect(narrow.enclosureStats().reasons.width).toBeGreaterThan(0);
  });

  it('exact ties still take the exact path, replayed from the last exact checkpoint (one step at a time)', () => {
    const r = verifyFwCertificate(cert(10, [...EXAMPLE, ['3', '1/2']], 40));
    const x = verifyFwCertificate(cert(10, [...EXAMPLE, ['3', '1/2']], 40), { stepper: 'exact' });
    expect([r.holds, r.firstExitStep]).toEqual([x.holds, x.firstExitStep]);
    const e = r.run.enclosure!;
    expect(e.reasons.tie).toBeGreaterThan(0);
    expect(e.longestReplay).toBe(1);
  });

  it('the 30,674-step certificate (c = 8200, found by `recheck search --exact`) verifies with no exact step replayed', () => {
    const v = verifyFwCertificate(cert(8200, EXAMPLE, 30674));
    expect([v.holds, v.firstExitStep]).toEqual([true, 30674]);
    const e = v.run.enclosure!;
    // Before escalation: one width failure at step 30,045 and 30,045 exact steps replayed from step 0.
    expect(e.escalated).toBeGreaterThanOrEqual(1);
    expect([e.exactSteps, e.replayedSteps, e.longestReplay]).toEqual([0, 0, 0]);
    expect(e.ballSteps).toBeLessThanOrEqual(30674 * 2);
  });

  it('a long exact replay is a product tree of the step matrices: the same state as stepping, for random histories', () => {
    fc.assert(
      fc.property(config, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 300 }), (pts, c, steps) => {
        const m = RationalMatrix.from(pts);
        const seq = new FwAttentionExact(m, c);
        const history: Int32Array[] = [];
        for (let t = 0; t < steps; t++) {
          history.push(Int32Array.from(seq.argmins()));
          seq.step();
        }
        const start = new FwAttentionExact(m, c);
        const { nums, den } = start.numerators();
        const j = jumpState(nums, den, 0, history, c, start.dim);
        expect(RationalMatrix.of(start.n, start.dim, j.nums, j.den).reduce().equals(seq.positions())).toBe(true);
        const jumped = new FwAttentionExact(m, c);
        jumped.advanceBy(history);
        expect([jumped.t, jumped.positions().equals(seq.positions())]).toEqual([steps, true]);
        expect(jumped.argmins()).toEqual(seq.argmins());
      }),
      { numRuns: 30, seed: 31 },
    );
    // The doc example of fw-attention-jump.ts.
    expect(jumpState([3n, 0n, 0n, 1n], 1n, 0, [Int32Array.of(1, 0)], 2, 2)).toEqual({ nums: [3n, 2n, 6n, 1n], den: 3n });
  });
});
