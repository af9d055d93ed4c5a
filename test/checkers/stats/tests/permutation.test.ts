/**
 * The permutation test of a difference of means against scipy.stats.permutation_test with n_resamples=inf
 * (exact; scipy 1.10; permutation_type 'samples' for paired data, 'independent' otherwise), on 600 seeded
 * random inputs: 2 to 11 pairs, or two samples whose splits number at most 1,000 (plus 2^16 sign flips and C(16, 8) = 12,870 splits once each),
 * values continuous or rounded to a few whole numbers (so that many rearrangements tie with the observed
 * one), every alternative. The statistic agrees to 1e-12 and the exact p to 1e-12 relative (both are whole
 * counts over the same total, so agreement means the same rearrangements counted as at least as extreme).
 * Monte Carlo runs (the exact bound set to 0) agree with the exact p within 5 binomial standard errors, are
 * reproducible from the seed in the result and never report p below 1/(R + 1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { permutationTest, PERMUTATION_EXACT_MAX } from '../../../../checkers/stats/tests/permutation';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { DomainError } from '../../../../checkers/errors';
import { pythonModules } from '../../../helpers/required';
import { normalSample, ORACLE_MODULES, randomAlternative, relErr, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261207;
const CASES = 600;
const MC_CASES = 60;
const R = 20_000;

interface Case {
  a: number[];
  b: number[];
  paired: boolean;
  alternative: 'two-sided' | 'greater' | 'less';
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

function makeCase(rng: Xoshiro128, big = false, design?: 'paired' | 'independent'): Case {
  const paired = design ? design === 'paired' : rng.nextFloat() < 0.5;
  const whole = rng.nextFloat() < 0.4; // a few whole values: many ties
  const shape = whole
    ? { mean: 3, sd: 1.5, decimals: 0 }
    : { mean: 10 * rng.nextFloat(), sd: 10 ** (rng.nextFloat() * 3 - 1), decimals: null };
  const shift = shape.sd * (rng.nextFloat() * 2 - 1);
  if (paired) {
    const n = big ? 16 : 2 + rng.nextInt(10);
    const b = normalSample(rng, n, shape);
    const a = b.map((x) => (whole ? Math.round(x + shift + 1.2 * rng.nextNormal()) : x + shift + shape.sd * rng.nextNormal()));
    return { a, b, paired, alternative: randomAlternative(rng) };
  }
  let na: number;
  let nb: number;
  do {
    na = 2 + rng.nextInt(big ? 9 : 11);
    nb = 2 + rng.nextInt(big ? 9 : 11);
  } while (big ? choose(na + nb, na) !== 12870 : choose(na + nb, na) > 1000);
  return {
    a: normalSample(rng, na, { ...shape, mean: shape.mean + shift }),
    b: normalSample(rng, nb, shape),
    paired,
    alternative: randomAlternative(rng),
  };
}

const rng = new Xoshiro128(SEED);
const cases = [...Array.from({ length: CASES }, () => makeCase(rng)), makeCase(rng, true, 'paired'), makeCase(rng, true, 'independent')];
const mcCases = cases.slice(0, MC_CASES);
const run = (c: Case, extra: { maxExact?: number; resamples?: number; seed?: number } = {}): TestResult =>
  permutationTest(c.a, c.b, { ...c, ...extra });

describe.skipIf(Boolean(missing))('permutation test against scipy.stats.permutation_test (exact)', () => {
  let ref: number[][];
  let ours: TestResult[];
  beforeAll(() => {
    ours = cases.map((c) => run(c));
    ref = scipyReference<{ perm: number[][] }>({ perm: cases.map((c) => [c.a, c.b, c.paired, c.alternative]) }).perm;
  });

  it(`${cases.length} inputs, exact enumeration: statistic and p`, () => {
    let ties = 0;
    cases.forEach((c, i) => {
      const r = ours[i]!;
      const [stat, p] = ref[i]!;
      const where = `case ${i} ${c.paired ? 'paired' : 'independent'} n=${c.a.length},${c.b.length} ${c.alternative}`;
      expect(r.guarantee.kind, where).toBe('exact');
      expect(Math.abs(r.statistic - stat!), where).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(stat!)));
      expect(relErr(r.p, p!), `${where}: ${r.p} vs ${p}`).toBeLessThan(1e-12);
      if (c.a.every(Number.isInteger) && c.b.every(Number.isInteger)) ties++;
    });
    expect(ties).toBeGreaterThan(150);
  });

  it(`${MC_CASES} Monte Carlo runs (${R} resamples each) fall within 5 standard errors of the exact p`, () => {
    let worst = 0;
    mcCases.forEach((c, i) => {
      const exact = ref[i]![1]!;
      const mc = run(c, { maxExact: 0, resamples: R, seed: 1000 + i });
      expect(mc.guarantee).toMatchObject({ kind: 'statistical', seed: 1000 + i, resamples: R });
      expect(mc.guarantee.method).toContain(`Monte Carlo, seed ${1000 + i}, ${R} resamples`);
      const one = c.alternative === 'two-sided' ? exact / 2 : exact;
      const se = (c.alternative === 'two-sided' ? 2 : 1) * Math.sqrt((one * (1 - one)) / R);
      const gap = Math.abs(mc.p - exact);
      worst = Math.max(worst, gap / (se + 1e-300));
      expect(gap, `case ${i}: ${mc.p} vs exact ${exact}`).toBeLessThanOrEqual(5 * se + 2 / (R + 1));
      expect(mc.p).toBeGreaterThanOrEqual(1 / (R + 1));
    });
    expect(worst).toBeGreaterThan(0); // the estimates are estimates
  });
});

describe('permutation test: Monte Carlo mechanics and edges (no oracle)', () => {
  it('the seed reproduces the run, another seed changes it, and an extreme observation gets p = 1/(R+1)', () => {
    const a = Array.from({ length: 30 }, (_, i) => i + 0.5);
    const b = Array.from({ length: 30 }, (_, i) => i);
    const one = permutationTest(a, b, { paired: true, alternative: 'greater', seed: 7 });
    expect(one.guarantee.kind).toBe('statistical'); // 2^30 sign flips exceed the default bound
    expect(permutationTest(a, b, { paired: true, alternative: 'greater', seed: 7 })).toEqual(one);
    expect(one.p).toBe(1 / 10000); // every difference is +0.5: only all-positive reaches the observed mean
    const c = a.map((x, i) => (i % 3 === 0 ? x - 1 : x));
    expect(permutationTest(c, b, { paired: true, seed: 7 }).p).not.toBe(permutationTest(c, b, { paired: true, seed: 8 }).p);
    expect(PERMUTATION_EXACT_MAX).toBe(2 ** 20);
    // At the bound it enumerates: 20 pairs are 2^20 sign flips.
    expect(permutationTest(a.slice(0, 20), b.slice(0, 20), { paired: true, alternative: 'greater' }).p).toBe(2 ** -20);
  });

  it('bad input: one-line DomainErrors', () => {
    expect(() => permutationTest([1], [2], {} as never)).toThrow(/^recheck\.domain: permutationTest: say whether the samples are paired/);
    expect(() => permutationTest([1, 2, 3], [2, 3], { paired: true })).toThrow(/equal lengths, got 3 and 2/);
    expect(() => permutationTest([1, 2], [3], { paired: false })).toThrow(/b needs at least 2 observations, got 1/);
    expect(() => permutationTest([1, 2], [2, -Infinity], { paired: false })).toThrow(/b\[1\] is -Infinity/);
    expect(() => permutationTest([1, 2], [2, 3], { paired: false, resamples: 0 })).toThrow(/resamples must be a whole number/);
    expect(() => permutationTest([1, 2], [2, 3], { paired: false, seed: -1 })).toThrow(DomainError);
    expect(() => permutationTest([1, 2], [2, 3], { paired: false, maxExact: 2 ** 25 })).toThrow(/maxExact/);
  });
});
