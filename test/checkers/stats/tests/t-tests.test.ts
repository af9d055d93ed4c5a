/**
 * The paired, Student and Welch t tests against scipy.stats (ttest_rel, ttest_ind with equal_var True and
 * False; scipy 1.10 via Debian's python, called once in beforeAll) on 600 seeded random inputs each: sizes 2
 * to 40, scales 1e-3 to 1e4, a third of the cases rounded so that values tie, every alternative, levels
 * from 0.55 to 0.999. Tolerances: t to 1e-12 (relative, absolute below 1), p to 1e-10 relative (same method:
 * the Student-t tail), Welch's dof and the effect sizes to 1e-12; interval bounds against scipy's t.ppf to
 * 1e-8 of the half-width (cdflib's ppf is itself good to about 1e-9) and, sharper, by the round trip: scipy's
 * t.sf at our bound leaves alpha (or alpha/2) outside to 1e-9 relative.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { pairedTTest } from '../../../../checkers/stats/tests/paired-t';
import { studentTTest } from '../../../../checkers/stats/tests/student';
import type { TestResult } from '../../../../checkers/stats/tests/types';
import { welchTTest } from '../../../../checkers/stats/tests/welch';
import { DomainError } from '../../../../checkers/errors';
import { pythonModules } from '../../../helpers/required';
import { normalSample, ORACLE_MODULES, pick, randomAlternative, randomLevel, randomShape, relErr, round, scipyReference } from './oracle';

const missing = pythonModules(ORACLE_MODULES);
const SEED = 20261203;
const CASES = 600;

interface Case {
  a: number[];
  b: number[];
  alternative: 'two-sided' | 'greater' | 'less';
  level: number;
}

function size(rng: Xoshiro128): number {
  return rng.nextFloat() < 0.5 ? 2 + rng.nextInt(8) : 2 + rng.nextInt(39);
}

/** Pairs whose two values are correlated (b plus a scaled copy of noise), so both designs matter. */
function pairedCase(rng: Xoshiro128): Case {
  const shape = randomShape(rng);
  const n = size(rng);
  const b = normalSample(rng, n, shape);
  const shift = shape.sd * (rng.nextFloat() * 2 - 1);
  const noise = shape.sd * 10 ** (rng.nextFloat() * 2 - 2);
  const a = b.map((x) => round(x + shift + noise * rng.nextNormal(), shape.decimals));
  return { a, b, alternative: randomAlternative(rng), level: randomLevel(rng) };
}

function twoSampleCase(rng: Xoshiro128): Case {
  const shape = randomShape(rng);
  const a = normalSample(rng, size(rng), shape);
  const spread = pick(rng, [1, 1, 0.2, 5]);
  const b = normalSample(rng, size(rng), { ...shape, mean: shape.mean + shape.sd * (rng.nextFloat() * 2 - 1), sd: shape.sd * spread });
  return { a, b, alternative: randomAlternative(rng), level: randomLevel(rng) };
}

/** Cases whose spread is not rounding noise (those throw; counted and checked below). */
function cases(make: (rng: Xoshiro128) => Case, run: (c: Case) => TestResult, seed: number): { ok: Case[]; degenerate: Case[] } {
  const rng = new Xoshiro128(seed);
  const ok: Case[] = [];
  const degenerate: Case[] = [];
  while (ok.length < CASES) {
    const c = make(rng);
    try {
      run(c);
      ok.push(c);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      degenerate.push(c);
    }
  }
  return { ok, degenerate };
}

const runPaired = (c: Case): TestResult => pairedTTest(c.a, c.b, c);
const runStudent = (c: Case): TestResult => studentTTest(c.a, c.b, c);
const runWelch = (c: Case): TestResult => welchTTest(c.a, c.b, c);
const paired = cases(pairedCase, runPaired, SEED);
const student = cases(twoSampleCase, runStudent, SEED + 1);
const welch = cases(twoSampleCase, runWelch, SEED + 2);

/** The finite bound of an interval and the estimate it is measured from. */
function finiteBound(r: TestResult): number | null {
  if (!r.ci) return null;
  return Number.isFinite(r.ci.low) ? r.ci.low : r.ci.high;
}
function alphaTail(r: TestResult): number {
  return r.alternative === 'two-sided' ? (1 - r.ci!.level) / 2 : 1 - r.ci!.level;
}

function expectT(ours: TestResult, ref: { t: number; p: number; dof: number }, where: string): void {
  expect(Math.abs(ours.statistic - ref.t), `t ${where}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(ref.t)));
  if (ref.p > 1e-300) expect(relErr(ours.p, ref.p), `p ${where}: ${ours.p} vs ${ref.p}`).toBeLessThan(1e-10);
  expect(relErr(ours.dof!, ref.dof), `dof ${where}`).toBeLessThan(1e-12);
}

describe.skipIf(Boolean(missing))('t tests against scipy.stats', () => {
  let rel: number[][];
  let student_: number[][];
  let welch_: number[][];
  let ours: { paired: TestResult[]; student: TestResult[]; welch: TestResult[] };
  beforeAll(() => {
    ours = { paired: paired.ok.map(runPaired), student: student.ok.map(runStudent), welch: welch.ok.map(runWelch) };
    const o = scipyReference<{ ttest_rel: number[][]; ttest_ind: number[][] }>({
      ttest_rel: paired.ok.map((c, i) => [c.a, c.b, c.alternative, c.level, finiteBound(ours.paired[i]!)]),
      ttest_ind: [
        ...student.ok.map((c, i) => [c.a, c.b, true, c.alternative, c.level, finiteBound(ours.student[i]!)]),
        ...welch.ok.map((c, i) => [c.a, c.b, false, c.alternative, c.level, finiteBound(ours.welch[i]!)]),
      ],
    });
    rel = o.ttest_rel;
    student_ = o.ttest_ind.slice(0, CASES);
    welch_ = o.ttest_ind.slice(CASES);
  });

  it(`paired t (ttest_rel) on ${CASES} inputs: t, p, dof, interval, Cohen's d_z`, () => {
    expect(paired.ok.filter((c) => c.alternative !== 'two-sided').length).toBeGreaterThan(CASES / 4);
    paired.ok.forEach((c, i) => {
      const r = ours.paired[i]!;
      const [t, p, dof, low, high, dz, roundTrip] = rel[i]!;
      const where = `case ${i} n=${c.a.length} ${c.alternative}`;
      expectT(r, { t: t!, p: p!, dof: dof! }, where);
      const m = c.a.reduce((s, x, j) => s + x - c.b[j]!, 0) / c.a.length;
      for (const [mine, ref] of [
        [r.ci!.low, low!],
        [r.ci!.high, high!],
      ] as const) {
        if (!Number.isFinite(ref)) expect(mine, `bound ${where}`).toBe(ref);
        else expect(Math.abs(mine - ref), `bound ${where}`).toBeLessThanOrEqual(1e-8 * Math.abs(ref - m) + 1e-13 * Math.abs(m));
      }
      expect(relErr(roundTrip!, alphaTail(r)), `round trip ${where}`).toBeLessThan(1e-9);
      expect(Math.abs(r.effect!.value - dz!), `d_z ${where}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(dz!)));
    });
  });

  for (const [name, set, refOf, run] of [
    ['Student (equal_var=True)', student, () => student_, runStudent],
    ['Welch (equal_var=False)', welch, () => welch_, runWelch],
  ] as const) {
    it(`${name} on ${CASES} inputs: t, p, dof, interval half-width, effect size`, () => {
      const refs = refOf();
      set.ok.forEach((c, i) => {
        const r = run(c);
        const [t, p, dof, half, effect, roundTrip] = refs[i]!;
        const where = `case ${i} n=${c.a.length},${c.b.length} ${c.alternative}`;
        expectT(r, { t: t!, p: p!, dof: dof! }, where);
        const ci = r.ci!;
        const diff = c.a.reduce((s, x) => s + x, 0) / c.a.length - c.b.reduce((s, x) => s + x, 0) / c.b.length;
        const ours = r.alternative === 'two-sided' ? (ci.high - ci.low) / 2 : r.alternative === 'greater' ? diff - ci.low : ci.high - diff;
        expect(Math.abs(ours - half!), `half-width ${where}`).toBeLessThanOrEqual(1e-8 * half! + 1e-13 * Math.abs(diff));
        if (r.alternative === 'two-sided')
          expect(Math.abs((ci.low + ci.high) / 2 - diff), `centre ${where}`).toBeLessThanOrEqual(1e-12 * half! + 1e-14 * Math.abs(diff));
        expect(r.alternative === 'greater' ? ci.high : r.alternative === 'less' ? -ci.low : 0).toBe(
          r.alternative === 'two-sided' ? 0 : Infinity,
        );
        expect(relErr(roundTrip!, alphaTail(r)), `round trip ${where}`).toBeLessThan(1e-9);
        expect(Math.abs(r.effect!.value - effect!), `effect ${where}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(effect!)));
      });
    });
  }
});

describe('t tests: laws and degenerate input (no oracle)', () => {
  it('two-sided p is twice the smaller one-sided p; swapping a and b mirrors t, the interval and the alternative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const rng = new Xoshiro128(seed);
        const c = twoSampleCase(rng);
        for (const test of [studentTTest, welchTTest, ...(c.a.length === c.b.length ? [pairedTTest] : [])]) {
          let two: TestResult;
          try {
            two = test(c.a, c.b);
          } catch (e) {
            if (e instanceof DomainError) return;
            throw e;
          }
          const greater = test(c.a, c.b, { alternative: 'greater' });
          const less = test(c.a, c.b, { alternative: 'less' });
          expect(relErr(two.p, Math.min(1, 2 * Math.min(greater.p, less.p)))).toBeLessThan(1e-12);
          const mirrored = test(c.b, c.a, { alternative: 'less' });
          expect(mirrored.statistic).toBeCloseTo(-greater.statistic, 10);
          expect(relErr(mirrored.p, greater.p)).toBeLessThan(1e-9);
          expect(relErr(-test(c.b, c.a).ci!.low, two.ci!.high)).toBeLessThan(1e-9);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('a spread that is zero or only rounding throws a one-line DomainError; the generated sets had some', () => {
    expect(() => pairedTTest([1, 2, 3], [0, 1, 2])).toThrow(/^recheck\.domain: pairedTTest: the spread of the paired differences is zero/);
    // 0.3 - 0.1 and 0.5 - 0.3 differ in the last bit: rounding, not data.
    expect(() => pairedTTest([0.3, 0.5], [0.1, 0.3])).toThrow(DomainError);
    expect(() => studentTTest([2, 2], [5, 5, 5])).toThrow(/both samples/);
    expect(() => welchTTest([2, 2], [5, 5, 5])).toThrow(/both samples/);
    // One constant sample is fine for Welch: the dof are the other sample's n - 1.
    expect(welchTTest([2, 2, 2], [5, 6, 7, 9]).dof).toBeCloseTo(3, 12);
    // The generated sets met the rule too (rounded values of tiny samples): every such case is constant to rounding.
    for (const c of paired.degenerate) {
      const d = c.a.map((x, i) => x - c.b[i]!);
      expect(Math.max(...d) - Math.min(...d)).toBeLessThanOrEqual(1e-15 * Math.max(...c.a.map(Math.abs), ...c.b.map(Math.abs)) * 8);
    }
  });
});
