/**
 * What the tests decide, probed on seeded simulations (fast-check draws the seeds and shapes) and on the
 * worked example of issue 20:
 * - under a true null (seeded normal data), the two-sided paired t rejects at 0.05 in at most 0.05 + 3
 *   standard errors of the simulations (and at least 0.05 - 3: it is exact, not conservative); Student, Welch,
 *   Wilcoxon, Mann-Whitney and the permutation test reject at most 0.05 + 3 standard errors;
 * - on strongly correlated pairs (a large spread between seeds, a small consistent gain), the paired p is
 *   smaller than Welch's: pairing removes the between-seed spread;
 * - the five-seed table: Welch's unpaired test is far from significant (p about 0.63) while the paired test
 *   is highly significant (t = sqrt 320, p about 5.7e-5), both p values asserted against scipy; the exact
 *   paired permutation test cannot go below 2/32 = 0.0625 with five pairs, which a reviewer must know
 *   before calling five seeds "highly significant" without assuming normal differences (and the signed-rank
 *   test's normal approximation, used because two |differences| tie, undershoots that floor and says so).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { mannWhitneyTest } from '../../../../checkers/stats/tests/mann-whitney';
import { pairedTTest } from '../../../../checkers/stats/tests/paired-t';
import { permutationTest } from '../../../../checkers/stats/tests/permutation';
import { studentTTest } from '../../../../checkers/stats/tests/student';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { welchTTest } from '../../../../checkers/stats/tests/welch';
import { wilcoxonTest } from '../../../../checkers/stats/tests/wilcoxon';
import { pythonModules } from '../../../helpers/required';
import { ORACLE_MODULES, relErr, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261208;
const ALPHA = 0.05;

interface Simulation {
  seed: number;
  n: number;
  m: number;
  rho: number;
  scale: number;
  mean: number;
  ratio: number;
}

const simulation: fc.Arbitrary<Simulation> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  n: fc.integer({ min: 2, max: 30 }),
  m: fc.integer({ min: 2, max: 30 }),
  rho: fc.double({ min: -0.9, max: 0.95, noNaN: true }),
  scale: fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
  mean: fc.double({ min: -100, max: 100, noNaN: true }),
  ratio: fc.constantFrom(1, 1, 0.25, 4),
});

/** Paired data with correlation rho and equal means: the paired null holds. */
function pairedNull(s: Simulation): { a: number[]; b: number[] } {
  const rng = new Xoshiro128(s.seed);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < s.n; i++) {
    const z1 = rng.nextNormal();
    const z2 = rng.nextNormal();
    b.push(s.mean + s.scale * z1);
    a.push(s.mean + s.scale * (s.rho * z1 + Math.sqrt(1 - s.rho * s.rho) * z2));
  }
  return { a, b };
}

/** Independent samples from one normal law (sizes n and m; Welch's case: sd ratio too). */
function twoSampleNull(s: Simulation, unequal: boolean): { a: number[]; b: number[] } {
  const rng = new Xoshiro128(s.seed);
  const a = Array.from({ length: s.n }, () => s.mean + s.scale * rng.nextNormal());
  const b = Array.from({ length: s.m }, () => s.mean + s.scale * (unequal ? s.ratio : 1) * rng.nextNormal());
  return { a, b };
}

/** Share of simulations rejecting at ALPHA, with the standard error of a share at ALPHA. */
function rejectionRate(sims: readonly Simulation[], test: (s: Simulation) => TestResult): { rate: number; se: number } {
  const rejected = sims.filter((s) => test(s).p <= ALPHA).length;
  return { rate: rejected / sims.length, se: Math.sqrt((ALPHA * (1 - ALPHA)) / sims.length) };
}

describe('decisions under a true null (seeded simulations)', () => {
  it('the two-sided paired t rejects at 0.05 within 0.05 +- 3 standard errors (4,000 simulations)', () => {
    const sims = fc.sample(simulation, { seed: SEED, numRuns: 4000 });
    const { rate, se } = rejectionRate(sims, (s) => {
      const { a, b } = pairedNull(s);
      return pairedTTest(a, b);
    });
    expect(rate).toBeLessThanOrEqual(ALPHA + 3 * se);
    expect(rate).toBeGreaterThanOrEqual(ALPHA - 3 * se);
  });

  it('Student, Welch (n >= 5), Wilcoxon, Mann-Whitney and the permutation test reject at most 0.05 + 3 standard errors', () => {
    const sims = fc.sample(simulation, { seed: SEED + 1, numRuns: 2000 });
    const tests: [string, (s: Simulation) => TestResult][] = [
      ['student', (s) => studentTTest(twoSampleNull(s, false).a, twoSampleNull(s, false).b)],
      [
        'welch',
        (s) =>
          welchTTest(
            twoSampleNull({ ...s, n: Math.max(5, s.n), m: Math.max(5, s.m) }, true).a,
            twoSampleNull({ ...s, n: Math.max(5, s.n), m: Math.max(5, s.m) }, true).b,
          ),
      ],
      ['wilcoxon', (s) => wilcoxonTest(pairedNull(s).a, pairedNull(s).b)],
      ['mann-whitney', (s) => mannWhitneyTest(twoSampleNull(s, false).a, twoSampleNull(s, false).b)],
      [
        'permutation',
        (s) =>
          permutationTest(pairedNull({ ...s, n: Math.min(s.n, 12) }).a, pairedNull({ ...s, n: Math.min(s.n, 12) }).b, { paired: true }),
      ],
    ];
    for (const [name, test] of tests) {
      const { rate, se } = rejectionRate(sims, test);
      expect(rate, name).toBeLessThanOrEqual(ALPHA + 3 * se);
    }
  });

  it("on strongly correlated pairs the paired p is smaller than Welch's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 3, max: 20 }),
        fc.double({ min: 0.2, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 0.2, noNaN: true }),
        fc.double({ min: 5, max: 50, noNaN: true }),
        (seed, n, gain, noise, spread) => {
          const rng = new Xoshiro128(seed);
          const b = Array.from({ length: n }, () => 70 + spread * rng.nextNormal());
          const a = b.map((x) => x + gain + noise * rng.nextNormal());
          expect(pairedTTest(a, b).p).toBeLessThan(welchTTest(a, b).p);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

/**
 * Five seeds of a baseline and a method: the method gains 1.0 +- 0.125 on every seed, while the seeds
 * themselves differ by several points. The differences are [1.125, 0.875, 1.125, 0.875, 1]: mean 1,
 * variance 1/64, so the paired t is sqrt(5 * 64) = sqrt(320) with 4 dof.
 */
const baseline = [71.4, 67.62, 75.78, 70.26, 73.44];
const method = [72.525, 68.495, 76.905, 71.135, 74.44];

describe.skipIf(Boolean(missing))('worked example: five seeds, unpaired Welch against the paired t (scipy)', () => {
  let ref: { ttest_rel: number[][]; ttest_ind: number[][]; wilcoxon: number[][]; perm: number[][] };
  beforeAll(() => {
    ref = scipyReference({
      ttest_rel: [[method, baseline, 'two-sided', 0.95, null]],
      ttest_ind: [[method, baseline, false, 'two-sided', 0.95, null]],
      wilcoxon: [[method, baseline, 'two-sided']],
      perm: [[method, baseline, true, 'two-sided']],
    });
  });

  it('Welch: t about 0.50, p about 0.63; paired: t = sqrt 320, p about 5.7e-5; both as scipy computes them', () => {
    const welch = welchTTest(method, baseline);
    const paired = pairedTTest(method, baseline);
    expect(relErr(welch.p, ref.ttest_ind[0]![1]!)).toBeLessThan(1e-10);
    expect(relErr(paired.p, ref.ttest_rel[0]![1]!)).toBeLessThan(1e-10);
    expect(welch.statistic).toBeCloseTo(0.502, 3);
    expect(welch.p).toBeGreaterThan(0.6);
    expect(relErr(paired.statistic, Math.sqrt(320))).toBeLessThan(1e-9);
    expect(paired.p).toBeCloseTo(5.74e-5, 7);
    expect(paired.dof).toBe(4);
    // The interval for the mean gain excludes 0 by far; Welch's interval for the difference of means does not.
    expect(paired.ci!.low).toBeGreaterThan(0.8);
    expect(welch.ci!.low).toBeLessThan(-3);
  });

  it('with five pairs the exact permutation test bottoms out at 2/32 = 0.0625; the tied signed ranks fall to the normal approximation, which says it is poor (scipy agrees on both)', () => {
    const p = permutationTest(method, baseline, { paired: true });
    expect(p.guarantee.kind).toBe('exact');
    expect(p.p).toBe(0.0625);
    expect(p.p).toBe(ref.perm[0]![1]);
    // |d| ties (1.125 twice in float64 too): scipy's method='approx', below what any exact test of 5 pairs can give.
    const w = wilcoxonTest(method, baseline);
    expect(w.guarantee.kind).toBe('approximate');
    expect(relErr(w.p, ref.wilcoxon[0]![3]!)).toBeLessThan(1e-10);
    expect(w.p).toBeLessThan(0.0625);
    expect(w.pAccuracy).toMatch(/poor .* no exact test of 5 pairs can give p below 0.0625/);
    // Asked for, the exact law conditional on the tied ranks gives the floor: every difference is positive.
    const exact = wilcoxonTest(method, baseline, { method: 'exact' });
    expect([exact.guarantee.kind, exact.p]).toEqual(['exact', 0.0625]);
    expect(exact.p).toBe(ref.wilcoxon[0]![5]);
  });
});
