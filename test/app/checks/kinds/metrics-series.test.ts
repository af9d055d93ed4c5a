// The metrics-series check kind on a Trackio database written by Python's sqlite3 into a temp case folder (issue 20
// item 4): the reverse-KL run that turns into a strict +Inf/NaN alternation from step 150 while its eval stays finite
// and the forward-KL run stays finite is reported exactly so (onset, pattern, counts against the independent Python
// reference of test/checkers/series) and the finding is supported; a wrong onset, a NaN in eval, a finite run are
// not as the finding says; stays-finite over a window; the divergence test (its slope, se, t, dof, p, effective n
// and lag-1 autocorrelation against exact rationals and scipy), a stationary run not called diverging, too few
// points deciding nothing, a constant run refuting.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsSeriesKind, type MetricsSeriesParams } from '../../../../app/checks/kinds/metrics-series';
import type { CheckResult } from '../../../../app/checks/kind';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { pythonModules } from '../../../helpers/required';
import { REFERENCE_MODULES, referenceOf } from '../../../checkers/series/oracle';
import { ONSET, STEPS, writeKlDatabase, type Fixture } from './metrics-series-fixture';
import { MAX_BURSTS, seriesFacts } from '../../../../app/checks/kinds/metrics-series-evidence';
import { decideConditions } from '../../../../app/checks/kinds/metrics-series-decide';
import { nonFiniteReport } from '../../../../checkers/series/non-finite';
import { parquetBytes, structuralColumns, type ExportRow } from '../../metrics/parquet-fixture';

const scipy = pythonModules(REFERENCE_MODULES);

const finding: MetricsSeriesParams = {
  database: 'logbook/trackio.db',
  run: 'reverse-kl',
  metric: 'train/loss',
  expect: 'non-finite',
  onsetStep: ONSET,
  pattern: 'alternation',
  evalMetric: 'eval/ppl',
  compareRun: 'forward-kl',
};

interface NonFiniteRef {
  counts: [number, number, number, number];
  onset: [number, number, string] | null;
  pattern: string;
  bursts: { from: number; to: number; length: number; end: boolean; segments: [string[], number, number, number][] }[];
}
interface FiniteWhileRef {
  outcome: string;
  inside: number;
  first_bad: [number, string] | null;
}
interface CompareRef {
  common: number;
  tally: { both_finite: number; only_a: number; only_b: number; both_bad: number };
  first: [number, string, string] | null;
}
interface ExactFit {
  slope: number;
  se: number;
  t: number;
  dof: number;
  lag1: number;
  p_greater: number;
  ar1: { ne: number; se: number; t: number; p_greater: number } | null;
}
interface Reference {
  nonfinite: NonFiniteRef[];
  finite_while: FiniteWhileRef[];
  compare: CompareRef[];
  slopes: { exact: ExactFit; scipy: { slope: number; stderr: number; p_greater: number } }[];
}

const ev = (r: CheckResult) => r.evidence as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const close = (a: number, b: number, rel: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.max(Math.abs(b), 1e-300));

describe.skipIf(scipy !== '')('metrics-series on the forward- and reverse-KL runs of issue 20', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  let fx: Fixture;
  let ref: Reference;
  beforeAll(() => {
    fx = writeKlDatabase(dir);
    const s = fx.series;
    ref = referenceOf<Reference>({
      nonfinite: [s['reverse-kl']!['train/loss'], s['forward-kl']!['train/loss']],
      finite_while: [
        { p: s['reverse-kl']!['train/loss'], s: s['reverse-kl']!['eval/ppl'], min: 8 },
        { p: s['reverse-eval-nan']!['train/loss'], s: s['reverse-eval-nan']!['eval/ppl'], min: 8 },
      ],
      compare: [{ a: s['reverse-kl']!['train/loss'], b: s['forward-kl']!['train/loss'] }],
      slopes: [{ x: s.rising!['train/loss']!.steps, y: s.rising!['train/loss']!.values }],
    });
  });

  it('reports the onset at 150, the strict +Inf/NaN alternation, eval finite and the forward run finite: supported, exact', async () => {
    const r = await metricsSeriesKind.run(finding, ctx);
    const e = ev(r);
    const [nf] = ref.nonfinite;
    expect(r.outcome).toBe('supports');
    expect(r.guarantee).toEqual({ kind: 'exact' });
    expect(r.basis).toBe('logbook');
    expect(r.insufficient).toBeUndefined();
    // The reference, written from the checkers' doc comments in Python, on the values Python wrote.
    expect(nf!.onset).toEqual([ONSET, ONSET, '+Inf']);
    expect(e.series.onsetStep).toBe(nf!.onset![0]);
    expect(e.series.onsetKind).toBe('+Inf');
    expect([e.series.counts.finite, e.series.counts.nan, e.series.counts.posInf, e.series.counts.negInf]).toEqual(nf!.counts);
    expect(nf!.counts).toEqual([ONSET, (STEPS - ONSET) / 2, (STEPS - ONSET) / 2, 0]);
    expect(e.series.pattern).toBe(nf!.pattern);
    expect(nf!.bursts).toHaveLength(1);
    expect(nf!.bursts[0]!.segments).toEqual([[['+Inf', 'NaN'], ONSET, STEPS - 1, STEPS - ONSET]]);
    expect(e.series.alternation).toEqual({ cycle: ['+Inf', 'NaN'], pairs: (STEPS - ONSET) / 2, remainder: 0 });
    expect(e.series.description).toBe('strict alternation +Inf, NaN throughout from step 150 to 399 (125 pairs)');
    const [fw] = ref.finite_while;
    expect(e.eval).toMatchObject({ metric: 'eval/ppl', outcome: fw!.outcome, pointsInRanges: fw!.inside, firstNonFinite: null });
    expect(fw).toEqual({ outcome: 'stays-finite', inside: 25, first_bad: null });
    const [cmp] = ref.compare;
    expect(e.compare).toMatchObject({
      steps: cmp!.common,
      bothFinite: cmp!.tally.both_finite,
      onlyANonFinite: cmp!.tally.only_a,
      onlyBNonFinite: cmp!.tally.only_b,
      bothNonFinite: cmp!.tally.both_bad,
      firstOneSided: { step: cmp!.first![0], nonFinite: cmp!.first![1], kind: cmp!.first![2] },
    });
    expect(cmp!.tally).toEqual({ both_finite: ONSET, only_a: STEPS - ONSET, only_b: 0, both_bad: 0 });
    expect(e.conditions.map((c: { what: string; holds: boolean }) => [c.what, c.holds])).toEqual([
      ['non-finite', true],
      ['onset', true],
      ['pattern', true],
      ['eval', true],
      ['compare', true],
    ]);
    expect(r.summary).toBe(
      'train/loss of run reverse-kl in logbook/trackio.db: train/loss is non-finite from step 150 (strict alternation +Inf, NaN throughout from step 150 to 399 (125 pairs)); its first non-finite value is at step 150, as asserted; a strict alternation of +Inf and NaN to its last point; eval/ppl is finite at all 25 of its points in those steps; forward-kl is finite at all 400 common steps, reverse-kl non-finite at 250 of them from step 150; as the finding says.',
    );
    expect(r.dataSha256).toMatch(/^[0-9a-f]{64}$/);
    // The evidence is JSON as it stands (no NaN, no Infinity lost).
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('the same finding with the onset one step off, a NaN in eval, or on the finite run: refuted, saying what was found', async () => {
    const off = await metricsSeriesKind.run({ ...finding, onsetStep: 149 }, ctx);
    expect(off.outcome).toBe('refutes');
    expect(off.summary).toContain('its first non-finite value is at step 150, not at step 149 as asserted');
    const broken = await metricsSeriesKind.run({ ...finding, run: 'reverse-eval-nan', compareRun: undefined }, ctx);
    expect(broken.outcome).toBe('refutes');
    expect(ref.finite_while[1]).toEqual({ outcome: 'not-finite', inside: 25, first_bad: [300, 'NaN'] });
    expect(broken.summary).toContain('eval/ppl is not finite there: NaN at step 300');
    const forward = await metricsSeriesKind.run({ ...finding, run: 'forward-kl', compareRun: 'reverse-kl' }, ctx);
    expect(forward.outcome).toBe('refutes');
    expect(ref.nonfinite[1]!.onset).toBeNull();
    expect(forward.summary).toContain('train/loss is finite at all 400 recorded points');
    // The reverse run compared with itself: the other run is non-finite too.
    const self = await metricsSeriesKind.run({ ...finding, compareRun: 'reverse-kl' }, ctx);
    expect(self.outcome).toBe('refutes');
    expect(self.summary).toContain('reverse-kl is also non-finite at 250 of the 400 common steps');
  });

  it('throughout holds, alternation and throughout are exact; without extra assertions the onset alone decides', async () => {
    const r = await metricsSeriesKind.run({ ...finding, pattern: 'throughout', evalMetric: undefined, compareRun: undefined }, ctx);
    expect(r.outcome).toBe('supports');
    const bare = await metricsSeriesKind.run(
      { database: finding.database, run: 'reverse-kl', metric: 'train/loss', expect: 'non-finite' },
      ctx,
    );
    expect(bare.outcome).toBe('supports');
    expect(ev(bare).conditions).toHaveLength(1);
  });

  it('fewer eval points in the non-finite steps than minPoints: decides nothing, and says why', async () => {
    const r = await metricsSeriesKind.run({ ...finding, minPoints: 30 }, ctx);
    expect(r.outcome).toBe('neutral');
    expect(r.insufficient).toBe('eval/ppl has 25 points in the non-finite steps, fewer than the minimum of 30');
    expect(ev(r).decides).toBe(false);
  });

  it('stays-finite: the forward run, the reverse run before its onset (supported), the reverse run over all steps (refuted)', async () => {
    const base = { database: finding.database, metric: 'train/loss', expect: 'stays-finite' as const };
    const fw = await metricsSeriesKind.run({ ...base, run: 'forward-kl' }, ctx);
    expect(fw.outcome).toBe('supports');
    expect(fw.guarantee).toEqual({ kind: 'exact' });
    expect(ev(fw).window).toEqual({ fromStep: null, toStep: null, points: STEPS, nonFinite: 0, firstNonFinite: null });
    const before = await metricsSeriesKind.run({ ...base, run: 'reverse-kl', window: { toStep: ONSET - 1 } }, ctx);
    expect(before.outcome).toBe('supports');
    expect(ev(before).window.points).toBe(ONSET);
    const all = await metricsSeriesKind.run({ ...base, run: 'reverse-kl' }, ctx);
    expect(all.outcome).toBe('refutes');
    expect(ev(all).window.firstNonFinite).toEqual({ step: ONSET, kind: '+Inf' });
    expect(all.summary).toContain('train/loss has 250 non-finite of 400 points, the first +Inf at step 150');
    const empty = await metricsSeriesKind.run({ ...base, run: 'reverse-kl', window: { fromStep: 1000 } }, ctx);
    expect(empty.outcome).toBe('neutral');
    expect(empty.insufficient).toBe('train/loss has no recorded point in the window');
  });

  it('diverges: a rising loss is supported by the AR(1)-adjusted slope test, its numbers as exact rationals and scipy give them', async () => {
    const r = await metricsSeriesKind.run({ database: finding.database, run: 'rising', metric: 'train/loss', expect: 'diverges' }, ctx);
    const d = ev(r).divergence;
    const x = ref.slopes[0]!.exact;
    expect(r.outcome).toBe('supports');
    expect(d.outcome).toBe('diverging');
    expect(d.errors).toBe('ar1');
    expect(d.n).toBe(120);
    close(d.slope, x.slope, 1e-11);
    close(d.slope, ref.slopes[0]!.scipy.slope, 1e-11);
    close(d.residualLag1, x.lag1, 1e-9);
    close(d.effectiveN, x.ar1!.ne, 1e-9);
    close(d.se, x.ar1!.se, 1e-9);
    close(d.t, x.ar1!.t, 1e-9);
    close(d.dof, x.ar1!.ne - 2, 1e-9);
    close(d.p, x.ar1!.p_greater, 1e-6);
    close(d.plain.se, ref.slopes[0]!.scipy.stderr, 1e-9);
    close(d.plain.p, ref.slopes[0]!.scipy.p_greater, 1e-6);
    expect(d.plain.dof).toBe(118);
    expect(r.guarantee).toMatchObject({ kind: 'statistical', p: d.p, dof: d.dof, level: 0.05 });
    expect((r.guarantee as { test: string }).test).toMatch(/adjusted for AR\(1\) errors/);
    expect(d.p).toBeLessThan(1e-6);
  });

  it('diverges: the stationary run is not called diverging; 5 points decide nothing; a constant loss refutes, exactly', async () => {
    const base = { database: finding.database, metric: 'train/loss', expect: 'diverges' as const };
    const flat = await metricsSeriesKind.run({ ...base, run: 'stationary' }, ctx);
    expect(flat.outcome).toBe('neutral');
    expect(ev(flat).divergence.outcome).not.toBe('diverging');
    expect(flat.guarantee?.kind).toBe(ev(flat).divergence.outcome === 'cannot-tell' ? 'approximate' : 'statistical');
    const short = await metricsSeriesKind.run({ ...base, run: 'short' }, ctx);
    expect(short.outcome).toBe('neutral');
    expect(ev(short).divergence.outcome).toBe('cannot-tell');
    expect(short.guarantee).toEqual({
      kind: 'approximate',
      bound: 'no test: 5 finite points in the window, fewer than the stated minimum of 8',
    });
    expect(short.insufficient).toBe('no trend test: 5 finite points in the window, fewer than the stated minimum of 8');
    // Lowering the minimum to 5 runs the plain test (AR(1) would leave too few effective points).
    const five = await metricsSeriesKind.run({ ...base, run: 'short', minPoints: 5, errors: 'independent' }, ctx);
    expect(five.guarantee?.kind).toBe('statistical');
    expect(ev(five).divergence.dof).toBe(3);
    const constant = await metricsSeriesKind.run({ ...base, run: 'constant' }, ctx);
    expect(constant.outcome).toBe('refutes');
    expect(constant.guarantee).toEqual({ kind: 'exact' });
    // The reverse run's finite points before its onset: a decreasing loss, no increasing trend; NaN left out and counted.
    const rev = await metricsSeriesKind.run({ ...base, run: 'reverse-kl' }, ctx);
    expect(ev(rev).divergence.window).toEqual({ fromStep: null, toStep: null, points: ONSET, nonFinite: STEPS - ONSET });
    expect(rev.outcome).toBe('neutral');
  });
});

describe('metrics-series: the doc comments’ examples', () => {
  it('seriesFacts of a short alternation, and decideConditions with a part that cannot be told', () => {
    const f = seriesFacts(nonFiniteReport({ steps: [0, 1, 2, 3, 4], values: [1, Infinity, NaN, Infinity, NaN] }));
    expect(f).toMatchObject({ onsetStep: 1, pattern: 'throughout', alternation: { cycle: ['+Inf', 'NaN'], pairs: 2, remainder: 0 } });
    expect(f.description).toBe('strict alternation +Inf, NaN throughout from step 1 to 4 (2 pairs)');
    expect(
      decideConditions([
        { what: 'onset', holds: true, says: '' },
        { what: 'eval', holds: null, says: '3 eval points' },
      ]),
    ).toEqual({ outcome: 'neutral', insufficient: '3 eval points' });
  });

  it('bursts beyond MAX_BURSTS are counted, not kept; the longest is kept', () => {
    // 30 isolated NaN, then a run of 5 +Inf in the middle, then 10 more isolated values.
    const values: number[] = [];
    for (let i = 0; i < 30; i++) values.push(1, NaN);
    values.push(1, Infinity, Infinity, Infinity, Infinity, Infinity);
    for (let i = 0; i < 10; i++) values.push(1, NaN);
    values.push(1);
    const f = seriesFacts(nonFiniteReport({ steps: values.map((_, i) => i), values }));
    expect(f.burstCount).toBe(41);
    expect(f.bursts).toHaveLength(MAX_BURSTS);
    expect(f.burstsLeftOut).toBe(41 - MAX_BURSTS);
    expect(f.bursts[MAX_BURSTS - 1]).toMatchObject({ length: 5, counts: { posInf: 5 } });
  });
});

describe.skipIf(scipy !== '')('metrics-series on a Parquet export of the same runs', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  beforeAll(() => {
    const fx = writeKlDatabase(dir);
    // One row per logged step and run: train/loss at every step, eval/ppl where it was logged, else null.
    const rows: ExportRow[] = [];
    const loss: (number | null)[] = [];
    const ppl: (number | null)[] = [];
    for (const [i, name] of ['forward-kl', 'reverse-kl'].entries()) {
      const s = fx.series[name]!;
      s['train/loss']!.steps.forEach((step, j) => {
        rows.push({ runId: `r${i}`, runName: name, timestamp: `2026-08-01T00:00:${String(j % 60).padStart(2, '0')}`, step: BigInt(step) });
        loss.push(s['train/loss']!.values[j]!);
        const k = s['eval/ppl']!.steps.indexOf(step);
        ppl.push(k >= 0 ? s['eval/ppl']!.values[k]! : null);
      });
    }
    mkdirSync(join(dir, 'export'));
    writeFileSync(
      join(dir, 'export', 'metrics.parquet'),
      parquetBytes(
        { ...structuralColumns(rows), 'train/loss': { type: 'float64', values: loss }, 'eval/ppl': { type: 'float64', values: ppl } },
        'ZSTD',
      ),
    );
  });

  it('reads the export as the database: the same onset, pattern, eval and comparison, and the same decision', async () => {
    const fromDb = await metricsSeriesKind.run(finding, ctx);
    const fromParquet = await metricsSeriesKind.run({ ...finding, database: 'export/metrics.parquet' }, ctx);
    expect(fromParquet.outcome).toBe('supports');
    expect(ev(fromParquet).format).toBe('trackio-parquet');
    for (const key of ['series', 'eval', 'conditions'] as const) expect(ev(fromParquet)[key]).toEqual(ev(fromDb)[key]);
    expect(ev(fromParquet).compare.steps).toBe(STEPS);
  });
});
