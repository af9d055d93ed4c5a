// metrics-series over random runs written to Trackio databases (fast-check, seeded): the onset, counts, pattern,
// bursts, eval-while-non-finite and run comparison it reports are the independent Python reference's
// (test/checkers/series/series_reference.py) on the values Python wrote; the outcome is the one the finding's
// conditions imply from the reference; the trend test's p and dof are the exact-rational AR(1) reference's, and it
// decides only from minPoints effective points; every letter sentence is drawn from the evidence; and on stationary
// AR(1) noise (phi 0.7) the default AR(1) test rarely calls a run diverging where the plain test often does.
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsSeriesKind, type MetricsSeriesParams } from '../../../../app/checks/kinds/metrics-series';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { pythonModules } from '../../../helpers/required';
import { REFERENCE_MODULES, referenceOf } from '../../../checkers/series/oracle';
import { hexId, isoAt, writeTrackioDatabase, type RowSpec } from '../../metrics/sqlite-fixture';
import { ar1Noise, problems, view, type Written } from './metrics-series-fixture';

const scipy = pythonModules(REFERENCE_MODULES);
const KINDS = [Number.NaN, Infinity, -Infinity];

/** A loss with finite stretches, single non-finite values, runs of one kind and exact cycles; steps increasing, some repeated. */
const mixedArb = fc.array(
  fc.oneof(
    fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 8 }),
    fc.constantFrom(...KINDS).map((k) => [k]),
    fc.tuple(fc.constantFrom(...KINDS), fc.integer({ min: 2, max: 9 })).map(([k, n]) => Array<number>(n).fill(k)),
    fc
      .tuple(fc.array(fc.constantFrom(...KINDS), { minLength: 2, maxLength: 3 }), fc.integer({ min: 2, max: 14 }))
      .map(([cycle, n]) => Array.from({ length: n }, (_, i) => cycle[i % cycle.length] as number)),
  ),
  { minLength: 1, maxLength: 8 },
);
/** A finite stretch, then a strict alternation of two kinds (sometimes glitched) to the end: the finding of issue 20. */
const alternatingArb = fc
  .tuple(
    fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 0, maxLength: 20 }),
    fc.shuffledSubarray(KINDS, { minLength: 2, maxLength: 2 }),
    fc.integer({ min: 1, max: 30 }),
    fc.boolean(),
  )
  .map(([prefix, pair, n, glitch]) => {
    const tail = Array.from({ length: n }, (_, i) => pair[i % 2] as number);
    if (glitch && n > 3) tail[n - 2] = tail[n - 1] as number;
    return [[...prefix, ...tail]];
  });
const lossArb = fc.oneof(mixedArb, alternatingArb).chain((parts) => {
  const values = parts.flat();
  return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: values.length, maxLength: values.length }).map((gaps) => {
    let step = 0;
    const steps = gaps.map((g) => (step += g));
    return { steps, values };
  });
});
const finiteValue = fc.double({ min: 1, max: 50, noNaN: true });
const evalArb = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: 300 }),
    fc.oneof({ arbitrary: finiteValue, weight: 12 }, { arbitrary: fc.constantFrom(...KINDS), weight: 1 }),
  ),
  { minLength: 1, maxLength: 20 },
);

function rows(loss: Written, evalPpl?: Written): RowSpec[] {
  const out: RowSpec[] = loss.steps.map((step, i) => ({ step, timestamp: isoAt(i), metrics: { loss: loss.values[i] as number } }));
  evalPpl?.steps.forEach((step, i) => out.push({ step, timestamp: isoAt(1000 + i), metrics: { ppl: evalPpl.values[i] as number } }));
  return out;
}

interface Ref {
  nonfinite: {
    counts: number[];
    onset: [number, number, string] | null;
    pattern: string;
    bursts: { segments: [string[], number, number, number][] }[];
  }[];
  finite_while: { outcome: string; inside: number }[];
  compare: { common: number; tally: { only_a: number; only_b: number; both_bad: number } }[];
  slopes: { exact: { lag1: number | null; ar1: { ne: number; p_greater: number } | null } }[];
}

describe.skipIf(scipy !== '')('metrics-series over random runs', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  const losses = fc.sample(lossArb, { seed: 4, numRuns: 100 });
  const evals = fc.sample(evalArb, { seed: 5, numRuns: 100 }).map((pts) => ({ steps: pts.map((p) => p[0]), values: pts.map((p) => p[1]) }));
  // Compared with a run finite throughout (even runs) or one with a NaN every 17 steps (odd runs).
  const clean: Written = { steps: Array.from({ length: 300 }, (_, i) => i), values: Array.from({ length: 300 }, (_, i) => i) };
  const dirty: Written = { steps: clean.steps, values: clean.values.map((v, i) => (i % 17 === 16 ? Number.NaN : v)) };
  const trends = fc.sample(
    fc.tuple(
      fc.integer({ min: 3, max: 60 }),
      fc.double({ min: 0, max: 0.9, noNaN: true }),
      fc.double({ min: -0.02, max: 0.05, noNaN: true }),
    ),
    {
      seed: 6,
      numRuns: 40,
    },
  );
  const rng = new Xoshiro128(7);
  const trendSeries = trends.map(([n, phi, drift]) => ({
    steps: Array.from({ length: n }, (_, i) => i),
    values: ar1Noise(rng, n, phi, 0.05).map((e, i) => 1 + drift * i + e),
  }));
  let ref: Ref;
  beforeAll(() => {
    writeTrackioDatabase({
      path: join(dir, 'runs.db'),
      schema: 'current',
      blob: true,
      runs: [
        ...losses.map((l, i) => ({ runId: hexId(i + 1), name: `r${i}`, rows: rows(l, evals[i]) })),
        { runId: hexId(998), name: 'clean', rows: rows(clean) },
        { runId: hexId(999), name: 'dirty', rows: rows(dirty) },
        ...trendSeries.map((t, i) => ({ runId: hexId(2000 + i), name: `t${i}`, rows: rows(t) })),
      ],
    });
    ref = referenceOf<Ref>({
      nonfinite: losses,
      finite_while: losses.map((p, i) => ({ p, s: evals[i], min: 3 })),
      compare: losses.map((a, i) => ({ a, b: i % 2 === 0 ? clean : dirty })),
      slopes: trendSeries.map((t) => ({ x: t.steps, y: t.values })),
    });
  });

  it("non-finite: the facts are the reference's, the outcome the one the conditions imply, every sentence from the evidence", async () => {
    const seen = { supports: 0, refutes: 0, neutral: 0 };
    for (let i = 0; i < losses.length; i++) {
      const params: MetricsSeriesParams = {
        database: 'runs.db',
        run: `r${i}`,
        metric: 'loss',
        expect: 'non-finite',
        pattern: 'alternation',
        evalMetric: 'ppl',
        compareRun: i % 2 === 0 ? 'clean' : 'dirty',
        minPoints: 3,
      };
      const r = await metricsSeriesKind.run(params, ctx);
      const e = r.evidence as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const nf = ref.nonfinite[i]!;
      expect([e.series.counts.finite, e.series.counts.nan, e.series.counts.posInf, e.series.counts.negInf], `r${i}`).toEqual(nf.counts);
      expect(e.series.onsetStep).toBe(nf.onset?.[0] ?? null);
      expect(e.series.pattern).toBe(nf.pattern);
      expect(e.series.burstCount).toBe(nf.bursts.length);
      const seg = nf.bursts[0]?.segments;
      const alternation = nf.pattern === 'throughout' && seg?.length === 1 && seg[0]![0].length === 2 && seg[0]![0][0] !== seg[0]![0][1];
      expect(e.series.alternation !== null, `r${i}`).toBe(alternation);
      const fw = ref.finite_while[i]!;
      const cmp = ref.compare[i]!;
      expect(e.eval.outcome).toBe(fw.outcome);
      expect(e.eval.pointsInRanges).toBe(fw.inside);
      expect([e.compare.steps, e.compare.onlyANonFinite, e.compare.onlyBNonFinite, e.compare.bothNonFinite]).toEqual([
        cmp.common,
        cmp.tally.only_a,
        cmp.tally.only_b,
        cmp.tally.both_bad,
      ]);
      // The outcome from the reference alone: any contradicted part refutes; else a part that cannot be told is neutral.
      const bBad = cmp.tally.only_b + cmp.tally.both_bad;
      const wrong = nf.onset === null || !alternation || fw.outcome === 'not-finite' || bBad > 0;
      const unknown = fw.outcome === 'too-few-points' || cmp.common === 0 || cmp.tally.only_a === 0;
      expect(r.outcome, `r${i}`).toBe(wrong ? 'refutes' : unknown ? 'neutral' : 'supports');
      expect(r.guarantee).toEqual({ kind: 'exact' });
      expect(problems(view(r)), `r${i}`).toEqual([]);
      seen[r.outcome]++;
    }
    // The sample reaches every outcome.
    expect(seen.refutes).toBeGreaterThan(20);
    expect(seen.supports).toBeGreaterThan(3);
    expect(seen.neutral).toBeGreaterThan(3);
  });

  it("diverges: p and dof are the AR(1) reference's; no decision below minPoints effective points; sentences from the evidence", async () => {
    let decided = 0;
    let refused = 0;
    for (let i = 0; i < trendSeries.length; i++) {
      const r = await metricsSeriesKind.run({ database: 'runs.db', run: `t${i}`, metric: 'loss', expect: 'diverges' }, ctx);
      const d = (r.evidence as Record<string, any>).divergence; // eslint-disable-line @typescript-eslint/no-explicit-any
      const x = ref.slopes[i]!.exact;
      const n = trendSeries[i]!.steps.length;
      if (n < 8 || x.ar1 === null || x.ar1.ne < 8) {
        expect(d.outcome, `t${i}`).toBe('cannot-tell');
        expect(r.outcome).toBe('neutral');
        expect(r.guarantee?.kind).toBe('approximate');
        refused++;
      } else {
        expect(Math.abs(d.effectiveN - x.ar1.ne)).toBeLessThanOrEqual(1e-9 * x.ar1.ne);
        expect(Math.abs(d.p - x.ar1.p_greater)).toBeLessThanOrEqual(1e-6 * x.ar1.p_greater + 1e-300);
        expect(r.outcome).toBe(x.ar1.p_greater < 0.05 ? 'supports' : 'neutral');
        expect(r.guarantee).toMatchObject({ kind: 'statistical', p: d.p, dof: d.dof, level: 0.05 });
        decided++;
      }
      expect(problems(view(r)), `t${i}`).toEqual([]);
    }
    expect(decided).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(3);
  });
});

describe('metrics-series on stationary AR(1) noise (phi 0.9, 60 points, 60 runs, level 0.05)', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  const RUNS = 60;
  const rng = new Xoshiro128(11);
  const series = Array.from({ length: RUNS }, () => ({
    steps: Array.from({ length: 60 }, (_, i) => i * 10),
    values: ar1Noise(rng, 60, 0.9, 0.05).map((e) => 2 + e),
  }));
  beforeAll(() => {
    writeTrackioDatabase({
      path: join(dir, 'noise.db'),
      schema: 'current',
      blob: true,
      runs: series.map((t, i) => ({ runId: hexId(i + 1), name: `n${i}`, rows: rows(t) })),
    });
  });
  it('the default AR(1) test calls few runs diverging (at most 10%); the plain test, which assumes independent errors, many more', async () => {
    const count = { ar1: 0, independent: 0, refused: 0 };
    for (let i = 0; i < RUNS; i++) {
      const params: MetricsSeriesParams = { database: 'noise.db', run: `n${i}`, metric: 'loss', expect: 'diverges' };
      const ar1 = await metricsSeriesKind.run(params, ctx);
      const plain = await metricsSeriesKind.run({ ...params, errors: 'independent' }, ctx);
      if (ar1.outcome === 'supports') count.ar1++;
      if (plain.outcome === 'supports') count.independent++;
      if ((ar1.evidence as { divergence: { outcome: string } }).divergence.outcome === 'cannot-tell') count.refused++;
      expect(ar1.outcome).not.toBe('refutes');
    }
    // Measured: 1/60 diverging with AR(1) errors (48 refused: too few effective points), 18/60 with independent errors.
    expect(count.ar1).toBeLessThanOrEqual(RUNS * 0.1);
    expect(count.independent).toBeGreaterThanOrEqual(RUNS * 0.2);
  });
});
