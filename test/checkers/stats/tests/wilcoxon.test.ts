/**
 * The Wilcoxon signed-rank test against scipy.stats.wilcoxon (scipy 1.10, defaults: zero_method 'wilcox',
 * no continuity correction, method 'auto'), on 600 seeded random paired samples: 1 to 70 pairs, zero
 * differences and tied |differences| in part of the cases, every alternative. Where scipy's default and ours
 * use the same method (always, except tied |d| without zeros at n <= 50, where scipy 1.10 applies its exact
 * law to a truncated tied rank sum), p agrees with scipy's default to 1e-12 (exact) or 1e-10 (normal
 * approximation) relative; in that exception ours agrees with scipy's method='approx' to 1e-10.
 * The exact law is also checked against brute-force enumeration of sign patterns. Forced methods: 'approx'
 * is scipy's method='approx' (1e-10) on every input; 'exact' with ties or zeros (the law conditional on the
 * tied ranks) is scipy.stats.permutation_test over the signed midranks (exact, up to 12 non-zero differences)
 * to 1e-12, and refuses past 20 non-zero differences.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { signedRankCounts, wilcoxonTest } from '../../../../checkers/stats/tests/wilcoxon';
import { DomainError } from '../../../../checkers/errors';
import { pythonModules } from '../../../helpers/required';
import { normalSample, ORACLE_MODULES, randomAlternative, relErr, round, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261204;
const CASES = 600;

interface Case {
  a: number[];
  b: number[];
  alternative: 'two-sided' | 'greater' | 'less';
}

function makeCase(rng: Xoshiro128): Case {
  const u = rng.nextFloat();
  const n = u < 0.6 ? 1 + rng.nextInt(20) : u < 0.85 ? 21 + rng.nextInt(30) : 51 + rng.nextInt(20);
  const sd = 10 ** (rng.nextFloat() * 4 - 2);
  const decimals = rng.nextFloat() < 0.4 ? Math.max(0, Math.round(-Math.log10(sd))) : null;
  const b = normalSample(rng, n, { mean: 5 * sd, sd, decimals });
  const shift = sd * (rng.nextFloat() - 0.5);
  const zeros = rng.nextFloat() < 0.2 ? 1 + rng.nextInt(3) : 0;
  const a = b.map((x, i) => (i < zeros ? x : round(x + shift + sd * 0.7 * rng.nextNormal(), decimals)));
  return { a, b, alternative: randomAlternative(rng) };
}

const rng = new Xoshiro128(SEED);
const cases: Case[] = [];
while (cases.length < CASES) {
  const c = makeCase(rng);
  if (c.a.some((x, i) => x !== c.b[i])) cases.push(c);
}

function features(c: Case): { n: number; zeros: boolean; ties: boolean } {
  const d = c.a.map((x, i) => x - c.b[i]!);
  const abs = d.filter((x) => x !== 0).map(Math.abs);
  return { n: d.length, zeros: abs.length < d.length, ties: new Set(abs).size < abs.length };
}

describe.skipIf(Boolean(missing))('Wilcoxon signed-rank against scipy.stats.wilcoxon', () => {
  let ref: number[][];
  let ours: TestResult[];
  let forced: { approx: TestResult; exact: TestResult | DomainError }[];
  beforeAll(() => {
    ours = cases.map((c) => wilcoxonTest(c.a, c.b, c));
    forced = cases.map((c) => {
      let exact: TestResult | DomainError;
      try {
        exact = wilcoxonTest(c.a, c.b, { ...c, method: 'exact' });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        exact = e;
      }
      return { approx: wilcoxonTest(c.a, c.b, { ...c, method: 'approx' }), exact };
    });
    ref = scipyReference<{ wilcoxon: number[][] }>({ wilcoxon: cases.map((c) => [c.a, c.b, c.alternative]) }).wilcoxon;
  });

  it(`${CASES} inputs: statistic, method, p and the rank-biserial effect`, () => {
    const seen = { exact: 0, approx: 0, zeros: 0, ties: 0, large: 0, tiesOnly: 0 };
    cases.forEach((c, i) => {
      const r = ours[i]!;
      const [autoStat, autoP, approxStat, approxP, rb] = ref[i]!;
      const f = features(c);
      const where = `case ${i} n=${f.n} zeros=${f.zeros} ties=${f.ties} ${c.alternative}`;
      const exact = f.n <= 50 && !f.zeros && !f.ties;
      expect(r.guarantee.kind, where).toBe(exact ? 'exact' : 'approximate');
      seen[exact ? 'exact' : 'approx']++;
      if (f.zeros) seen.zeros++;
      if (f.ties) seen.ties++;
      if (f.n > 50) seen.large++;
      expect(r.statistic, where).toBe(approxStat);
      if (exact) {
        expect(r.statistic, where).toBe(autoStat);
        expect(relErr(r.p, autoP!), `${where}: ${r.p} vs ${autoP}`).toBeLessThan(1e-12);
      } else {
        expect(relErr(r.p, approxP!), `${where}: ${r.p} vs ${approxP}`).toBeLessThan(1e-10);
        // scipy's default is the same method here, except tied |d| without zeros at n <= 50 (see above).
        if (f.zeros || f.n > 50 || !f.ties) expect(relErr(r.p, autoP!), where).toBeLessThan(1e-10);
        else seen.tiesOnly++;
      }
      expect(Math.abs(r.effect!.value - rb!), where).toBeLessThanOrEqual(1e-14);
    });
    expect(seen.exact).toBeGreaterThan(150);
    expect(seen.approx).toBeGreaterThan(150);
    expect(Math.min(seen.zeros, seen.ties, seen.large, seen.tiesOnly)).toBeGreaterThan(20);
  });

  it(`${CASES} inputs with the method forced: approx is scipy's approx; exact with ties or zeros is the conditional permutation law`, () => {
    let conditional = 0;
    cases.forEach((c, i) => {
      const [autoStat, autoP, , approxP, , condP] = ref[i]!;
      const f = features(c);
      const where = `case ${i} n=${f.n} zeros=${f.zeros} ties=${f.ties} ${c.alternative}`;
      const { approx, exact } = forced[i]!;
      expect(approx.guarantee.kind).toBe('approximate');
      expect(relErr(approx.p, approxP!), where).toBeLessThan(1e-10);
      const nonZero = c.a.filter((x, j) => x !== c.b[j]).length;
      if (!f.zeros && !f.ties) {
        if (f.n > 50) expect(exact, where).toBeInstanceOf(DomainError);
        else {
          expect((exact as TestResult).p, where).toBe(ours[i]!.p);
          expect(relErr((exact as TestResult).p, autoP!), where).toBeLessThan(1e-12);
          expect((exact as TestResult).statistic, where).toBe(autoStat);
        }
        return;
      }
      if (nonZero > 20) {
        expect(exact, where).toBeInstanceOf(DomainError);
        expect((exact as DomainError).message).toMatch(/at most 20 non-zero differences, got \d+; use method approx$/);
        return;
      }
      expect((exact as TestResult).guarantee.method, where).toMatch(/^exact law conditional on the tied ranks/);
      if (condP === null) return;
      conditional++;
      expect(relErr((exact as TestResult).p, condP!), `${where}: ${(exact as TestResult).p} vs ${condP}`).toBeLessThan(1e-12);
    });
    expect(conditional).toBeGreaterThan(50);
  });
});

describe('Wilcoxon signed-rank: the exact law and edges (no oracle)', () => {
  it('the subset-sum counts equal brute-force enumeration of sign patterns (n <= 12)', () => {
    for (let n = 0; n <= 12; n++) {
      const brute = new Array<number>((n * (n + 1)) / 2 + 1).fill(0);
      for (let mask = 0; mask < 2 ** n; mask++) {
        let s = 0;
        for (let k = 0; k < n; k++) if (mask & (1 << k)) s += k + 1;
        brute[s]!++;
      }
      expect(signedRankCounts(n)).toEqual(brute);
    }
    // The counts sum to 2^n and are symmetric, up to n = 50 (exact whole floats).
    const c50 = signedRankCounts(50);
    expect(c50.reduce((s, x) => s + x, 0)).toBe(2 ** 50);
    expect(c50).toEqual([...c50].reverse());
  });

  it('two-sided p = min(1, 2 min(one-sided p)) on the exact law; swapping a and b swaps greater and less', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -1000, max: 1000 }).filter((x) => x !== 0),
          { minLength: 1, maxLength: 25 },
        ),
        (d) => {
          const abs = d.map(Math.abs);
          fc.pre(new Set(abs).size === abs.length);
          const zero = d.map(() => 0);
          const two = wilcoxonTest(d, zero);
          const g = wilcoxonTest(d, zero, { alternative: 'greater' });
          const l = wilcoxonTest(d, zero, { alternative: 'less' });
          expect(two.guarantee.kind).toBe('exact');
          expect(two.p).toBe(Math.min(1, 2 * Math.min(g.p, l.p)));
          expect(wilcoxonTest(zero, d, { alternative: 'less' }).p).toBe(g.p);
          expect(g.p + l.p).toBeGreaterThanOrEqual(1);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('all-zero differences and bad input throw one-line DomainErrors', () => {
    expect(() => wilcoxonTest([1, 2], [1, 2])).toThrow(/^recheck\.domain: wilcoxonTest: every paired difference is zero/);
    expect(() => wilcoxonTest([1, 2], [1])).toThrow(DomainError);
    expect(() => wilcoxonTest([], [])).toThrow(/at least 1 observation/);
    expect(() => wilcoxonTest([1, Number.NaN], [0, 0])).toThrow(/a\[1\] is NaN/);
  });
});
