/**
 * The Mann-Whitney U test against scipy.stats.mannwhitneyu (scipy 1.10, defaults: continuity correction,
 * method 'auto') on 600 seeded random pairs of samples: sizes 1 to 40 with the smaller at most 8 in about
 * half the cases (exact), ties in part of them (asymptotic with tie correction), every alternative. U of a
 * equals scipy's statistic exactly; p agrees with scipy's default to 1e-12 (exact) or 1e-10 (asymptotic)
 * relative. The exact law (Gaussian binomial coefficients in BigInt) is also checked against brute-force
 * enumeration and against the recurrence f(m, n, k) = f(m-1, n, k-n) + f(m, n-1, k) scipy cites. Forced
 * methods: 'approx' is scipy's 'asymptotic' (1e-10); 'exact' without ties is scipy's method='exact' at any
 * size here (1e-12); 'exact' with ties (the law conditional on the tied ranks) is scipy.stats.permutation_test
 * over the pooled midranks (exact, up to 5,000 splits) to 1e-12.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { mannWhitneyTest, uLowerCount } from '../../../../checkers/stats/tests/mann-whitney';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { DomainError } from '../../../../checkers/errors';
import { pythonModules } from '../../../helpers/required';
import { normalSample, ORACLE_MODULES, randomAlternative, relErr, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261205;
const CASES = 600;

interface Case {
  a: number[];
  b: number[];
  alternative: 'two-sided' | 'greater' | 'less';
}

function makeCase(rng: Xoshiro128): Case {
  const small = 1 + rng.nextInt(8);
  const other = rng.nextFloat() < 0.5 ? 1 + rng.nextInt(40) : 9 + rng.nextInt(32);
  const [na, nb] = rng.nextFloat() < 0.5 ? [small, other] : [other, small];
  const big = rng.nextFloat() < 0.4; // both larger than 8
  const sd = 10 ** (rng.nextFloat() * 4 - 2);
  const decimals = rng.nextFloat() < 0.35 ? Math.max(0, Math.round(-Math.log10(sd))) : null;
  const a = normalSample(rng, big ? 9 + rng.nextInt(30) : na, { mean: 0, sd, decimals });
  const b = normalSample(rng, big ? 9 + rng.nextInt(30) : nb, { mean: sd * (rng.nextFloat() * 2 - 1), sd, decimals });
  return { a, b, alternative: randomAlternative(rng) };
}

const rng = new Xoshiro128(SEED);
const cases = Array.from({ length: CASES }, () => makeCase(rng));

describe.skipIf(Boolean(missing))('Mann-Whitney U against scipy.stats.mannwhitneyu', () => {
  let ref: number[][];
  let ours: TestResult[];
  let forced: { approx: TestResult; exact: TestResult | null }[];
  beforeAll(() => {
    ours = cases.map((c) => mannWhitneyTest(c.a, c.b, c));
    forced = cases.map((c) => {
      const approx = mannWhitneyTest(c.a, c.b, { ...c, method: 'approx' });
      const pooled = [...c.a, ...c.b];
      const small = new Set(pooled).size === pooled.length || choose(pooled.length, c.a.length) <= 5000;
      return { approx, exact: small ? mannWhitneyTest(c.a, c.b, { ...c, method: 'exact' }) : null };
    });
    ref = scipyReference<{ mwu: number[][] }>({ mwu: cases.map((c) => [c.a, c.b, c.alternative]) }).mwu;
  });

  it(`${CASES} inputs: U, the method scipy's 'auto' picks, p and the rank-biserial effect`, () => {
    const seen = { exact: 0, approximate: 0, ties: 0 };
    cases.forEach((c, i) => {
      const r = ours[i]!;
      const [u, p, pAsym] = ref[i]!;
      const pooled = [...c.a, ...c.b];
      const ties = new Set(pooled).size < pooled.length;
      const exact = Math.min(c.a.length, c.b.length) <= 8 && !ties;
      const where = `case ${i} n=${c.a.length},${c.b.length} ties=${ties} ${c.alternative}`;
      expect(r.statistic, where).toBe(u);
      expect(r.guarantee.kind, where).toBe(exact ? 'exact' : 'approximate');
      seen[r.guarantee.kind as 'exact' | 'approximate']++;
      if (ties) seen.ties++;
      expect(relErr(r.p, p!), `${where}: ${r.p} vs ${p}`).toBeLessThan(exact ? 1e-12 : 1e-10);
      if (!exact) expect(relErr(r.p, pAsym!), where).toBeLessThan(1e-10);
      expect(Math.abs(r.effect!.value - ((2 * u!) / (c.a.length * c.b.length) - 1)), where).toBeLessThanOrEqual(1e-15);
    });
    expect(Math.min(seen.exact, seen.approximate)).toBeGreaterThan(150);
    expect(seen.ties).toBeGreaterThan(100);
  });

  it(`${CASES} inputs with the method forced: approx is scipy's asymptotic, exact is scipy's exact or the conditional law`, () => {
    let conditional = 0;
    let exactLarge = 0;
    cases.forEach((c, i) => {
      const [, , pAsym, pExact, pCond] = ref[i]!;
      const where = `case ${i} n=${c.a.length},${c.b.length} ${c.alternative}`;
      const { approx, exact } = forced[i]!;
      expect(relErr(approx.p, pAsym!), where).toBeLessThan(1e-10);
      if (pExact !== null) {
        expect(relErr(exact!.p, pExact!), `${where}: ${exact!.p} vs ${pExact}`).toBeLessThan(1e-12);
        if (Math.min(c.a.length, c.b.length) > 8) exactLarge++;
      } else if (pCond !== null) {
        conditional++;
        expect(exact!.guarantee.method, where).toMatch(/^exact law of U conditional on the tied ranks/);
        expect(relErr(exact!.p, pCond!), `${where}: ${exact!.p} vs ${pCond}`).toBeLessThan(1e-12);
      }
    });
    expect(Math.min(conditional, exactLarge)).toBeGreaterThan(20);
  });
});

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** f(m, n, k): arrangements of m a's and n b's with U_a = k, by scipy's recurrence (BigInt, memoized). */
function recurrence(m: number, n: number): bigint[] {
  const memo = new Map<string, bigint>();
  const f = (mm: number, nn: number, k: number): bigint => {
    if (k < 0 || mm < 0 || nn < 0 || k > mm * nn) return 0n;
    if (k === 0) return 1n;
    const key = `${mm},${nn},${k}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const v = f(mm - 1, nn, k - nn) + f(mm, nn - 1, k);
    memo.set(key, v);
    return v;
  };
  return Array.from({ length: m * n + 1 }, (_, k) => f(m, n, k));
}

describe('Mann-Whitney: the exact law and edges (no oracle)', () => {
  it('cumulative counts equal brute force (all C(m+n, m) rank sets, m + n <= 12) and the recurrence (up to 8 x 60)', () => {
    for (let m = 1; m <= 7; m++) {
      for (let n = 1; m + n <= 12; n++) {
        const counts = new Array<number>(m * n + 1).fill(0);
        for (let mask = 0; mask < 2 ** (m + n); mask++) {
          if (mask.toString(2).split('1').length - 1 !== m) continue;
          let ra = 0;
          for (let k = 0; k < m + n; k++) if (mask & (1 << k)) ra += k + 1;
          counts[ra - (m * (m + 1)) / 2]!++;
        }
        let cum = 0;
        counts.forEach((c, k) => {
          cum += c;
          expect(uLowerCount(k, m, n)).toEqual([BigInt(cum), BigInt(counts.reduce((s, x) => s + x, 0))]);
        });
      }
    }
    for (const [m, n] of [
      [8, 60],
      [3, 45],
      [8, 8],
    ] as const) {
      const f = recurrence(m, n);
      let cum = 0n;
      f.forEach((c, k) => {
        cum += c;
        if (k % 7 === 0 || k === f.length - 1) expect(uLowerCount(k, m, n)[0]).toBe(cum);
        expect(uLowerCount(k, n, m)[0]).toBe(uLowerCount(k, m, n)[0]);
      });
    }
  });

  it('two-sided p = min(1, 2 min(one-sided p)) on the exact law; swapping samples swaps greater and less', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -500, max: 500 }), { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (xs, cut) => {
          const k = Math.min(cut, xs.length - 1);
          const a = xs.slice(0, k);
          const b = xs.slice(k);
          const two = mannWhitneyTest(a, b);
          const g = mannWhitneyTest(a, b, { alternative: 'greater' });
          const l = mannWhitneyTest(a, b, { alternative: 'less' });
          expect(two.guarantee.kind).toBe('exact');
          expect(relErr(two.p, Math.min(1, 2 * Math.min(g.p, l.p)))).toBeLessThan(1e-15);
          expect(mannWhitneyTest(b, a, { alternative: 'less' }).p).toBe(g.p);
          expect(g.p + l.p).toBeGreaterThanOrEqual(1 - 1e-15);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a large exact case stays fast and agrees with the normal approximation in the bulk; bad input throws', () => {
    const rng2 = new Xoshiro128(5);
    const a = Array.from({ length: 8 }, () => rng2.nextNormal() + 0.3);
    const b = Array.from({ length: 5000 }, () => rng2.nextNormal());
    const r = mannWhitneyTest(a, b);
    expect(r.guarantee.kind).toBe('exact');
    // At n = 8 the normal law is rough but not wild: within 0.02 in the bulk.
    const z = (Math.max(r.statistic, 8 * 5000 - r.statistic) - 20000 - 0.5) / Math.sqrt((8 * 5000 * 5009) / 12);
    expect(Math.abs(r.p - Math.min(1, 2 * (1 - 0.5 * (1 + erf(z / Math.SQRT2)))))).toBeLessThan(0.02);
    expect(() => mannWhitneyTest([], [1])).toThrow(/^recheck\.domain: mannWhitneyTest: a needs at least 1 observation/);
    expect(() => mannWhitneyTest([1], [Infinity])).toThrow(DomainError);
    expect(mannWhitneyTest([1, 1], [1, 1, 1]).p).toBe(1);
  });
});

/** erf by Abramowitz and Stegun 7.1.26 (|error| < 1.5e-7): enough for a bulk comparison. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
