/**
 * The exact binomial test against scipy.stats.binomtest and its Clopper-Pearson proportion_ci(method='exact')
 * (scipy 1.10), on 600 seeded random (k, n, p0, alternative, level): n from 1 to 10^5 (most below 2,000), k
 * anywhere from 0 to n (near n p0 in most cases), p0 in (0.01, 0.99) or 1/2. The statistic is k/n exactly;
 * p agrees to 1e-10 relative and the interval bounds to 1e-9 relative (scipy's beta.ppf).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { binomialExactTest } from '../../../../checkers/stats/tests/binomial';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { DomainError } from '../../../../checkers/errors';
import { pythonModules } from '../../../helpers/required';
import { ORACLE_MODULES, randomAlternative, randomLevel, relErr, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261206;
const CASES = 600;

interface Case {
  k: number;
  n: number;
  p0: number;
  alternative: 'two-sided' | 'greater' | 'less';
  level: number;
}

function makeCase(rng: Xoshiro128): Case {
  const u = rng.nextFloat();
  const n = u < 0.4 ? 1 + rng.nextInt(30) : u < 0.9 ? 1 + rng.nextInt(2000) : 1 + rng.nextInt(100_000);
  const p0 = rng.nextFloat() < 0.3 ? 0.5 : 0.01 + 0.98 * rng.nextFloat();
  const sd = Math.sqrt(n * p0 * (1 - p0));
  const k = rng.nextFloat() < 0.2 ? rng.nextInt(n + 1) : Math.min(n, Math.max(0, Math.round(n * p0 + sd * 4 * (rng.nextFloat() * 2 - 1))));
  return { k, n, p0, alternative: randomAlternative(rng), level: randomLevel(rng) };
}

const rng = new Xoshiro128(SEED);
const cases = Array.from({ length: CASES }, () => makeCase(rng));
const run = (c: Case): TestResult => binomialExactTest(c.k, c.n, c);

describe.skipIf(Boolean(missing))('binomial test against scipy.stats.binomtest', () => {
  let ref: number[][];
  let ours: TestResult[];
  beforeAll(() => {
    ours = cases.map(run);
    ref = scipyReference<{ binom: number[][] }>({ binom: cases.map((c) => [c.k, c.n, c.p0, c.alternative, c.level]) }).binom;
  });

  it(`${CASES} inputs: k/n, p and the Clopper-Pearson interval`, () => {
    const alternatives = new Set<string>();
    cases.forEach((c, i) => {
      const r = ours[i]!;
      const [share, p, low, high] = ref[i]!;
      const where = `case ${i} k=${c.k} n=${c.n} p0=${c.p0} ${c.alternative} ${c.level}`;
      alternatives.add(c.alternative);
      expect(r.statistic, where).toBe(share);
      if (p! > 1e-300) expect(relErr(r.p, p!), `${where}: ${r.p} vs ${p}`).toBeLessThan(1e-10);
      else expect(r.p, where).toBeLessThan(1e-290);
      expect(relErr(r.ci!.low, low!, 1e-300), `low ${where}`).toBeLessThan(1e-9);
      expect(relErr(r.ci!.high, high!, 1e-300), `high ${where}`).toBeLessThan(1e-9);
      expect(r.ci!.level).toBe(c.level);
    });
    expect(alternatives.size).toBe(3);
  });
});

describe('binomial test: edges (no oracle)', () => {
  it('one-sided p-values are the tails; the effect is Cohen h; bad input throws one line', () => {
    const g = binomialExactTest(15, 20, { alternative: 'greater' });
    // P(X >= 15) for Bin(20, 1/2) = (C(20,15) + ... + C(20,20)) / 2^20 = 21700 / 1048576.
    expect(relErr(g.p, 21700 / 1048576)).toBeLessThan(1e-14);
    expect(relErr(binomialExactTest(5, 20, { alternative: 'less' }).p, 21700 / 1048576)).toBeLessThan(1e-14);
    expect(g.ci!.high).toBe(1);
    expect(g.effect!.value).toBeCloseTo(2 * Math.asin(Math.sqrt(0.75)) - Math.PI / 2, 14);
    expect(() => binomialExactTest(3, 2)).toThrow(/^recheck\.domain: binomialExactTest: k must be a whole number in \[0, n\]/);
    expect(() => binomialExactTest(1, 0)).toThrow(DomainError);
    expect(() => binomialExactTest(1, 4, { p0: 1.5 })).toThrow(/p0 must be in/);
    expect(() => binomialExactTest(1, 4, { alternative: 'greater', level: 0.4 })).toThrow(/above 0.5/);
    expect(() => binomialExactTest(1, 4, { level: 1 })).toThrow(/level must be in/);
  });
});
