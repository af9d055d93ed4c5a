/**
 * The t, chi-square, F and normal tails and the t quantile against scipy.stats / scipy.special (Debian's
 * scipy 1.10, called once in beforeAll), on seeded random inputs (fast-check samples) and edge cases; plus
 * laws that hold whatever the oracle says (symmetry, cdf(quantile(p)) = p, monotonicity).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chiSquareUpperTail, fUpperTail, normalTwoSided, tCdf, tQuantile, tTwoSided, tUpperTail } from '../../../checkers/stats/student-t';
import { logBeta, logGamma, regularizedBeta, regularizedGammaQ } from '../../../checkers/stats/incomplete-beta-gamma';
import { DomainError } from '../../../checkers/errors';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['scipy.stats', 'scipy.special', 'mpmath']);
const SEED = 20261202;

/** Relative error of a against b (b the reference), with an absolute floor. */
function relErr(a: number, b: number, floor = 1e-300): number {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.max(Math.abs(b), floor);
}

const smallDof = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0.5, max: 100, noNaN: true }));
const anyDof = fc.oneof(smallDof, fc.double({ min: 100, max: 1e4, noNaN: true }));
const tValue = fc.oneof(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }));

const tCases = [
  ...fc.sample(fc.tuple(tValue, anyDof), { seed: SEED, numRuns: 600 }),
  [0, 1],
  [1e-8, 3],
  [-40, 2],
  [1e6, 1],
  [-1e10, 5],
  [3, 1e4],
  [-6, 9999.5],
  [0.3, 0.7],
] as [number, number][];
const qCases = [
  ...fc.sample(
    fc.tuple(fc.oneof(fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }), fc.double({ min: 1e-300, max: 1e-6, noNaN: true })), anyDof),
    { seed: SEED + 1, numRuns: 520 },
  ),
  [0.975, 10],
  [0.025, 1],
  [1e-12, 2],
  [0.999999, 3],
  [0.5 + 1e-3, 50],
  [1e-200, 4],
  [0.95, 1e4],
] as [number, number][];
const chiCases = fc.sample(
  fc.tuple(
    fc.double({ min: 1e-3, max: 400, noNaN: true }),
    fc.oneof(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0.5, max: 50, noNaN: true })),
  ),
  { seed: SEED + 2, numRuns: 300 },
);
const fCases = fc.sample(
  fc.tuple(fc.double({ min: 1e-3, max: 200, noNaN: true }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 2000 })),
  { seed: SEED + 3, numRuns: 300 },
);
const zCases = [
  ...fc.sample(fc.double({ min: -37, max: 37, noNaN: true }), { seed: SEED + 4, numRuns: 200 }),
  0,
  1.959963984540054,
  8,
  -30,
];
const betaCases = fc.sample(
  fc.tuple(
    fc.double({ min: 0.5, max: 500, noNaN: true }),
    fc.double({ min: 0.5, max: 500, noNaN: true }),
    fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }),
  ),
  { seed: SEED + 5, numRuns: 300 },
);
const gammaCases = fc.sample(fc.tuple(fc.double({ min: 0.5, max: 1000, noNaN: true }), fc.double({ min: 1e-3, max: 1500, noNaN: true })), {
  seed: SEED + 6,
  numRuns: 300,
});

interface Oracle {
  t: [number, number][];
  /** [scipy's t.ppf, scipy's P(T > |t|) at our quantile t (null when ours is infinite)]. */
  tq: [number, number | null][];
  chi2: number[];
  f: number[];
  norm: number[];
  beta: number[];
  gamma: number[];
}

describe.skipIf(Boolean(missing))('distributions against scipy', () => {
  let o: Oracle;
  beforeAll(() => {
    const ours = qCases.map(([p, dof]) => {
      const t = tQuantile(p, dof);
      return Number.isFinite(t) ? t : null;
    });
    const input = JSON.stringify({
      t: tCases,
      tq: qCases,
      ours,
      chi2: chiCases,
      f: fCases,
      norm: zCases,
      beta: betaCases,
      gamma: gammaCases,
    });
    const run = spawnSync(PYTHON, [join(__dirname, 'distributions_reference.py')], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (run.status !== 0) throw new Error(`scipy reference failed: ${run.stderr}`);
    o = JSON.parse(run.stdout) as Oracle;
  });

  it(`t cdf and upper tail on ${tCases.length} inputs: the smaller tail within 1e-12 relative`, () => {
    let worst = 0;
    tCases.forEach(([t, dof], i) => {
      const [cdf, sf] = o.t[i]!;
      const small = Math.min(cdf, sf);
      if (small < 1e-300) return; // below the smallest normal float64 scipy flushes
      const ours = cdf <= sf ? tCdf(t, dof) : tUpperTail(t, dof);
      worst = Math.max(worst, relErr(ours, small));
      expect(relErr(ours, small), `t = ${t}, dof = ${dof}`).toBeLessThan(1e-12);
      expect(Math.abs(tCdf(t, dof) - cdf)).toBeLessThan(1e-15);
    });
    expect(worst).toBeGreaterThanOrEqual(0);
  });

  it(`t quantile on ${qCases.length} inputs: scipy's tail at our quantile is the asked p to 1e-12; scipy's ppf agrees to 1e-8`, () => {
    qCases.forEach(([p, dof], i) => {
      const [ppf, tailAtOurs] = o.tq[i]!;
      const ours = tQuantile(p, dof);
      const q = Math.min(p, 1 - p);
      if (tailAtOurs === null) {
        // Ours is infinite only when the quantile is beyond float64: the tail at the largest double is above q
        // (scipy's ppf caps such quantiles at 1e100, its incbet underflows there).
        expect(tUpperTail(Number.MAX_VALUE, dof), `p = ${p}, dof = ${dof}`).toBeGreaterThan(q);
        expect(Math.abs(ppf)).toBeGreaterThanOrEqual(1e100);
        return;
      }
      expect(Math.sign(ours)).toBe(p < 0.5 ? -1 : 1);
      // Past t^2 = 1e308 scipy's incbet underflows x = nu/(nu + t^2) to 0 and its tail to 0: no reference there.
      if (tailAtOurs === 0 && Math.abs(ours) > 1e150) return;
      // The round trip through scipy's own tail, whose accuracy against ours is checked above: the
      // quantile's error measured in probability, the property a quantile must have.
      expect(relErr(tailAtOurs, q), `p = ${p}, dof = ${dof}`).toBeLessThan(1e-12);
      // scipy 1.10's t.ppf (cdflib's cdft) is itself good to about 1e-9 only, and fails below p = 1e-100
      // (p = 1e-300, dof 129 gives 4472 where the tail is 1e-300 at 2354): a loose second check.
      if (Number.isFinite(ppf) && q >= 1e-50)
        expect(Math.abs(ours - ppf), `p = ${p}, dof = ${dof}`).toBeLessThanOrEqual(1e-8 * Math.abs(ppf) + 1e-12);
    });
  });

  it('chi-square, F and normal tails within 1e-12 relative; incomplete beta and gamma too', () => {
    chiCases.forEach(([x, k], i) => {
      if (o.chi2[i]! < 1e-300) return;
      expect(relErr(chiSquareUpperTail(x, k), o.chi2[i]!), `chi2 ${x} ${k}`).toBeLessThan(1e-12);
    });
    fCases.forEach(([f, a, b], i) => {
      if (o.f[i]! < 1e-300) return;
      expect(relErr(fUpperTail(f, a, b), o.f[i]!), `F ${f} ${a} ${b}`).toBeLessThan(1e-12);
    });
    zCases.forEach((z, i) => {
      if (o.norm[i]! < 1e-300) return;
      expect(relErr(normalTwoSided(z), o.norm[i]!), `z ${z}`).toBeLessThan(1e-12);
    });
    betaCases.forEach(([a, b, x], i) => {
      const ref = o.beta[i]!;
      if (ref < 1e-300 || ref > 1 - 1e-3) return; // the complement's digits are checked through the t and F tails
      expect(relErr(regularizedBeta(a, b, x, 1 - x), ref), `I ${x} ${a} ${b}`).toBeLessThan(1e-11);
    });
    gammaCases.forEach(([a, x], i) => {
      const ref = o.gamma[i]!;
      if (ref < 1e-300) return;
      expect(relErr(regularizedGammaQ(a, x), ref), `Q ${a} ${x}`).toBeLessThan(1e-11);
    });
  });
});

describe('distribution laws and edges (no oracle)', () => {
  it('symmetry, two-sided = 2 x upper tail, and the quantile inverts the cdf', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0.5, max: 1e3, noNaN: true }), (t, dof) => {
        expect(Math.abs(tCdf(t, dof) + tCdf(-t, dof) - 1)).toBeLessThan(1e-15);
        expect(relErr(tTwoSided(t, dof), 2 * tUpperTail(Math.abs(t), dof))).toBeLessThan(1e-14);
      }),
      { seed: SEED, numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 0.49, noNaN: true }), fc.double({ min: 0.5, max: 1e3, noNaN: true }), (p, dof) => {
        expect(relErr(tCdf(tQuantile(p, dof), dof), p)).toBeLessThan(1e-12);
      }),
      { seed: SEED + 1, numRuns: 300 },
    );
  });

  it('closed forms: Cauchy (dof 1), dof 2, the normal limit; and doc-comment examples', () => {
    expect(relErr(tCdf(1, 1), 0.75)).toBeLessThan(1e-15);
    expect(relErr(tUpperTail(2, 2), 0.5 * (1 - 2 / Math.sqrt(6)))).toBeLessThan(1e-14);
    expect(relErr(tTwoSided(2.7764451051977987, 4), 0.05)).toBeLessThan(1e-12);
    expect(relErr(tQuantile(0.975, 10), 2.228138851986275)).toBeLessThan(1e-14);
    expect(relErr(chiSquareUpperTail(3.841458820694124, 1), 0.05)).toBeLessThan(1e-13);
    expect(relErr(fUpperTail(4.964602743730711, 1, 10), 0.05)).toBeLessThan(1e-12);
    expect(relErr(normalTwoSided(1.959963984540054), 0.05)).toBeLessThan(1e-13);
    expect(relErr(logGamma(5), Math.log(24))).toBeLessThan(1e-15);
    expect(relErr(logBeta(2, 3), Math.log(1 / 12))).toBeLessThan(1e-14);
    expect(relErr(regularizedBeta(2, 3, 0.5, 0.5), 0.6875)).toBeLessThan(1e-14);
    expect(relErr(regularizedGammaQ(1, 2), Math.exp(-2))).toBeLessThan(1e-14);
    // The 4-row table of issue 19: t = 5.17 with 2 dof is p = 0.035, not the Gaussian 2.3e-7.
    expect(tTwoSided(5.17, 2)).toBeCloseTo(0.0354, 3);
  });

  it('rejects bad arguments with DomainError', () => {
    expect(() => tUpperTail(1, 0)).toThrow(DomainError);
    expect(() => tQuantile(1, 3)).toThrow(DomainError);
    expect(() => tUpperTail(Number.NaN, 3)).toThrow(DomainError);
    expect(() => chiSquareUpperTail(1, -1)).toThrow(DomainError);
    expect(tTwoSided(Infinity, 3)).toBe(0);
    expect(fUpperTail(0, 1, 1)).toBe(1);
  });
});
