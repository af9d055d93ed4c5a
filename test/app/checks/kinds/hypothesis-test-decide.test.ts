// The pure decision rules of the hypothesis-test kind: the smallest p an exact rank, sign-flip or binomial test
// can reach (the floor that makes a test unable to decide) against scipy's p on the most extreme data; the
// Monte Carlo gate; and the mismatch sentences (fast-check: a test matches itself, paired against unpaired is
// always named, and one- against two-sided).
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { designGaps, mismatches, smallestP, type TestSpecOf } from '../../../../app/checks/kinds/hypothesis-test-decide';
import { isPaired } from '../../../../app/checks/kinds/hypothesis-test-data';
import { runHypothesisTest } from '../../../../checkers/stats/tests/run';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { PYTHON, pythonModules } from '../../../helpers/required';

const scipy = pythonModules(['scipy.stats']);
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe.skipIf(scipy !== '')('smallestP: the most extreme data reach it exactly (scipy)', () => {
  // Paired: n distinct positive differences; unpaired: every a above every b.
  const pairs = [3, 4, 5, 6, 8, 10];
  const groups: [number, number][] = [
    [3, 3],
    [3, 5],
    [4, 4],
    [5, 5],
    [6, 3],
  ];
  let ref: { wilcoxon: number[]; mw: number[]; binom: number[] } = { wilcoxon: [], mw: [], binom: [] };
  beforeAll(() => {
    const script = `
import json, sys
from scipy import stats
pairs, groups = json.loads(sys.argv[1])
out = {'wilcoxon': [], 'mw': [], 'binom': []}
for n in pairs:
    out['wilcoxon'].append(float(stats.wilcoxon([i + 0.5 for i in range(1, n + 1)], method='exact').pvalue))
    out['binom'].append(float(stats.binomtest(n, n).pvalue))
for na, nb in groups:
    a = [100 + i for i in range(na)]
    b = [i for i in range(nb)]
    out['mw'].append(float(stats.mannwhitneyu(a, b, method='exact').pvalue))
print(json.dumps(out))`;
    ref = JSON.parse(execFileSync(PYTHON, ['-c', script, JSON.stringify([pairs, groups])], { encoding: 'utf8' })) as typeof ref;
  });

  it('Wilcoxon and the sign-flip permutation test: 2 / 2^n two-sided, as scipy gives on n positive differences', () => {
    pairs.forEach((n, i) => {
      const d = range(n).map((x) => x + 0.5);
      const zero = d.map(() => 0);
      const w = runHypothesisTest({ test: 'wilcoxon', a: d, b: zero, method: 'exact' });
      expect(w.p).toBeCloseTo(ref.wilcoxon[i]!, 14);
      expect(smallestP(w)).toBeCloseTo(ref.wilcoxon[i]!, 14);
      const perm = runHypothesisTest({ test: 'permutation', a: d, b: zero, paired: true });
      if (perm.guarantee.kind === 'exact') expect(smallestP(perm)).toBeCloseTo(perm.p, 14);
      const one = runHypothesisTest({ test: 'wilcoxon', a: d, b: zero, method: 'exact', alternative: 'greater' });
      expect(smallestP(one)).toBeCloseTo(one.p, 14);
    });
  });

  it('Mann-Whitney: 2 / C(na + nb, na) two-sided on separated groups, as scipy', () => {
    groups.forEach(([na, nb], i) => {
      const r = runHypothesisTest({ test: 'mann-whitney', a: range(na, 100), b: range(nb, 0), method: 'exact' });
      expect(r.p).toBeCloseTo(ref.mw[i]!, 14);
      expect(smallestP(r)).toBeCloseTo(ref.mw[i]!, 14);
    });
  });

  it('binomial with p0 = 1/2: n successes of n reach it (2 / 2^n two-sided, 1 / 2^n as the bound states)', () => {
    pairs.forEach((n, i) => {
      const r = runHypothesisTest({ test: 'binomial', a: range(n).map(() => 1) });
      expect(r.p).toBeCloseTo(ref.binom[i]!, 14);
      expect(smallestP(r)!).toBeLessThanOrEqual(r.p); // a lower bound
    });
  });

  it('the floor never exceeds an attained p (random data, exact methods)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 2, maxLength: 9 }),
        (a, b) => {
          const n = Math.min(a.length, b.length);
          for (const r of [
            runHypothesisTest({ test: 'mann-whitney', a, b, method: 'exact' }),
            runHypothesisTest({ test: 'permutation', a, b, paired: false }),
            runHypothesisTest({ test: 'permutation', a: a.slice(0, n), b: b.slice(0, n), paired: true }),
          ]) {
            const floor = smallestP(r);
            if (floor !== null) expect(floor).toBeLessThanOrEqual(r.p * (1 + 1e-12));
          }
        },
      ),
      { numRuns: 200, seed: 3 },
    );
  });
});

describe('designGaps', () => {
  const mc = (p: number, resamples: number): TestResult => ({
    test: 'permutation',
    alternative: 'two-sided',
    statistic: 1,
    dof: null,
    p,
    ci: null,
    effect: null,
    n: { a: 30 },
    guarantee: { kind: 'statistical', method: 'Monte Carlo', seed: 1, resamples },
    pAccuracy: '',
  });
  it('a Monte Carlo p within 3 standard errors of the level does not decide; one far from it does', () => {
    // se at p = 0.05 with 9999 resamples is 0.00218: 0.052 is within 3 se, 0.08 is not.
    expect(designGaps(mc(0.052, 9999), true, 0.05)).toEqual([
      expect.stringMatching(/Monte Carlo p \(9999 resamples\) lies within 3 standard errors of the level 0\.05/),
    ]);
    expect(designGaps(mc(0.08, 9999), true, 0.05)).toEqual([]);
    expect(designGaps(mc(0.001, 9999), true, 0.05)).toEqual([]);
  });
});

describe('mismatches (fast-check)', () => {
  const spec = fc.record({
    test: fc.constantFrom('paired-t', 'student', 'welch', 'wilcoxon', 'mann-whitney', 'permutation') as fc.Arbitrary<TestSpecOf['test']>,
    alternative: fc.constantFrom('two-sided', 'greater', 'less') as fc.Arbitrary<TestSpecOf['alternative']>,
    paired: fc.boolean(),
  });
  it('a test matches itself; paired against unpaired and one- against two-sided are always named; any difference is', () => {
    fc.assert(
      fc.property(spec, spec, (c, f) => {
        expect(mismatches(c, c)).toEqual([]);
        const m = mismatches(c, f);
        const pairedDiffers = isPaired(c.test, c.paired) !== isPaired(f.test, f.paired);
        expect(m.some((s) => /paired observations|unpaired observations/.test(s))).toBe(pairedDiffers);
        expect(m.some((s) => /one-sided where|two-sided where/.test(s))).toBe(
          (c.alternative === 'two-sided') !== (f.alternative === 'two-sided'),
        );
        const same = c.test === f.test && c.alternative === f.alternative && (c.test !== 'permutation' || c.paired === f.paired);
        expect(m.length === 0).toBe(same);
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
