// The metric-claim check kind (issue 20 item 3) on a case folder: a logbook's seeds table (values as fractions, the
// claim "+4pp at least" in points, scale 100 recorded), its numbers against scipy on the same values, the outcome by
// what the finding says, a derived column, a Trackio database written by Python's sqlite3 (one run per seed, last
// value and a named step), the seeds gate (2 seeds only with the case's reason, quoted), a nan cell, the units
// refusal and the other bad inputs as one line naming case.json, and the figure built from the evidence.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricClaimKind, type MetricClaimParams } from '../../../../app/checks/kinds/metric-claim';
import type { CheckResult } from '../../../../app/checks/kind';
import { BadInputError } from '../../../../app/errors';
import { metricClaimFigures } from '../../../../common/figures/kinds/metric-claim';
import { figuresFor } from '../../../../common/figures/registry';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../../helpers/required';
import { ACC_AT_50, ACC_LAST, GAIN, seedsCsv, writeSeedsDatabase } from './metric-claim-fixture';
import { hexId } from '../../metrics/sqlite-fixture';
import { parquetBytes, structuralColumns, type ExportRow } from '../../metrics/parquet-fixture';

const scipy = pythonModules(['scipy.stats', 'numpy']);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ev = (r: CheckResult) => r.evidence as Record<string, any>;

const ORACLE = `
import json, sys
import numpy as np
from scipy import stats
out = []
for x, conf, b, alt in json.load(sys.stdin):
    x = np.array(x); n = len(x); se = np.std(x, ddof=1) / np.sqrt(n)
    lo, hi = stats.t.interval(conf, n - 1, loc=np.mean(x), scale=se)
    r = stats.ttest_1samp(x, b, alternative=alt)
    out.append([float(np.mean(x)), float(np.std(x, ddof=1)), float(lo), float(hi), float(r.statistic), float(r.pvalue)])
print(json.dumps(out))`;

const base: MetricClaimParams = {
  table: 'logbook/seeds.csv',
  column: 'gain',
  claimed: 4,
  direction: 'at-least',
  claimUnit: 'pp',
  valuesUnit: 'fraction',
  scale: 100,
};

describe.skipIf(scipy !== '')('metric-claim on a case folder', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'logbook'));
  writeFileSync(join(dir, 'logbook', 'seeds.csv'), seedsCsv());
  writeFileSync(join(dir, 'logbook', 'two.csv'), seedsCsv(2));
  writeFileSync(join(dir, 'logbook', 'nan.csv'), 'seed,gain\n1,0.0452\n2,NaN\n3,0.0435\n');
  const ctx = makeTestContext(dir);
  let ref: number[][] = [];
  beforeAll(() => {
    writeSeedsDatabase(join(dir, 'logbook', 'trackio.db'));
    const pp = GAIN.map((g) => g * 100);
    const cases = [
      [pp, 0.95, 4, 'greater'],
      [ACC_LAST, 0.9, 0.8, 'greater'],
      [ACC_AT_50, 0.95, 0.75, 'less'],
    ];
    const run = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(cases), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    ref = JSON.parse(run.stdout) as number[][];
  });

  const close = (a: number, b: number, tol = 1e-9) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

  it('a table of fractions against "+4pp at least": reproduced (scale 100 recorded), so it refutes the falsification', async () => {
    const r = await metricClaimKind.run(base, ctx);
    const e = ev(r);
    const [m, sd, lo, hi, t, p] = ref[0] as number[];
    close(e.mean, m as number);
    close(e.sd, sd as number);
    close(e.interval.low, lo as number);
    close(e.interval.high, hi as number);
    close(e.tests[0].statistic, t as number);
    close(e.tests[0].pGreater, p as number);
    expect(e.decision).toBe('reproduced');
    expect(r.outcome).toBe('refutes');
    expect(r.seeds).toBe(5);
    expect(r.guarantee).toEqual({
      kind: 'statistical',
      test: 'one-sample t, one-sided greater',
      p: e.deciding.p,
      dof: 4,
      level: e.deciding.level,
    });
    close(e.deciding.level, 0.025, 1e-15);
    expect(e.units).toEqual({ claimUnit: 'pp', valuesUnit: 'fraction', scale: 100, words: 'values in fraction times 100 give pp' });
    expect(e.seeds[0]).toEqual({ seed: 'line 2', raw: 0.0452, value: 0.0452 * 100 });
    const sha = createHash('sha256').update(seedsCsv()).digest('hex');
    expect(e.source).toEqual({ kind: 'table', file: 'logbook/seeds.csv', sha256: sha, column: 'gain' });
    expect(r.dataSha256).toBe(sha);
    expect(r.summary).toMatch(
      /^Claim at least 4 pp; 5 seeds from column gain of logbook\/seeds\.csv \(values in fraction times 100 give pp\) \(mean 4\.59 pp, sd 0\.1723\): the 95% interval \[4\.37602, 4\.80398\] of the mean 4\.59 lies within the claim's region \(at least 4\)\. The claim's number is reproduced, not as the finding says\.$/,
    );
    // The same decision for a finding that says the number is reproduced: it supports.
    expect((await metricClaimKind.run({ ...base, finding: 'reproduced' }, ctx)).outcome).toBe('supports');
  });

  it('not reproduced supports the falsification; straddling is neutral with why', async () => {
    const far = await metricClaimKind.run({ ...base, claimed: 5 }, ctx);
    expect(ev(far).decision).toBe('not-reproduced');
    expect(far.outcome).toBe('supports');
    const near = await metricClaimKind.run({ ...base, claimed: 4.5 }, ctx);
    expect(near.outcome).toBe('neutral');
    expect(near.insufficient).toMatch(
      /^the seeds cannot tell whether the claim's number is reproduced: the 95% interval .* straddles the claim's boundary 4\.5 /,
    );
  });

  it('a derived column (method - baseline) decides as the printed gain does', async () => {
    const r = await metricClaimKind.run({ ...base, column: 'd', derive: ['d = method - baseline'] }, ctx);
    const e = ev(r);
    expect(e.source.derived).toEqual([
      { name: 'd', expression: 'method - baseline', inputs: ['method', 'baseline'], digits: 20, exactCells: 5, roundedCells: 0 },
    ]);
    e.seeds.forEach((s: { raw: number }, i: number) => close(s.raw, GAIN[i] as number, 1e-12));
    expect(e.decision).toBe('reproduced');
  });

  it('a Trackio database: one run per seed, the last value or a named step, against scipy', async () => {
    const last = await metricClaimKind.run(
      { database: 'logbook/trackio.db', metric: 'eval/acc', claimed: 0.8, direction: 'at-least', confidence: 0.9 },
      ctx,
    );
    const e = ev(last);
    expect(e.seeds.map((s: { seed: string; value: number; step: number }) => [s.seed, s.value, s.step])).toEqual(
      ACC_LAST.map((v, i) => [`seed-${i + 1}`, v, 100]),
    );
    expect(e.source.skippedRuns).toEqual(['baseline-only']);
    expect(e.source.step).toBe('last');
    expect(e.source.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [m, , lo, hi, t, p] = ref[1] as number[];
    close(e.mean, m as number);
    close(e.interval.low, lo as number);
    close(e.interval.high, hi as number);
    close(e.tests[0].statistic, t as number);
    close(e.tests[0].pGreater, p as number);
    expect(e.decision).toBe('reproduced');
    const at50 = await metricClaimKind.run(
      {
        database: 'logbook/trackio.db',
        metric: 'eval/acc',
        step: 50,
        runs: ['seed-1', 'seed-2', 'seed-3', 'seed-4', 'seed-5'],
        claimed: 0.75,
        direction: 'at-least',
      },
      ctx,
    );
    const [m50, , lo50, hi50, t50, p50] = ref[2] as number[];
    close(ev(at50).mean, m50 as number);
    close(ev(at50).interval.low, lo50 as number);
    close(ev(at50).interval.high, hi50 as number);
    close(ev(at50).tests[0].statistic, t50 as number);
    close(ev(at50).tests[0].pLess, p50 as number);
    expect(ev(at50).decision).toBe('not-reproduced');
    await expect(
      metricClaimKind.run({ database: 'logbook/trackio.db', metric: 'eval/acc', step: 55, claimed: 1, direction: 'at-most' }, ctx),
    ).rejects.toThrow(/logbook\/trackio\.db: run "seed-1" has no point of "eval\/acc" at step 55/);
  });

  it('a Parquet export of the same runs gives the same seeds and decision (another file, another sha256)', async () => {
    const rows: ExportRow[] = [];
    const acc: number[] = [];
    ACC_LAST.forEach((last, r) =>
      [0, 50, 100].forEach((step) => {
        rows.push({
          runId: hexId(r + 1),
          runName: `seed-${r + 1}`,
          timestamp: `2026-08-01T00:0${r}:${String(step % 60).padStart(2, '0')}`,
          step: BigInt(step),
        });
        acc.push(step === 100 ? last : step === 50 ? (ACC_AT_50[r] as number) : 0.5);
      }),
    );
    mkdirSync(join(dir, 'export'), { recursive: true });
    writeFileSync(
      join(dir, 'export', 'metrics.parquet'),
      parquetBytes({ ...structuralColumns(rows), 'eval/acc': { type: 'float64', values: acc } }, 'ZSTD'),
    );
    const params: MetricClaimParams = {
      database: 'logbook/trackio.db',
      metric: 'eval/acc',
      claimed: 0.8,
      direction: 'at-least',
      confidence: 0.9,
    };
    const fromDb = await metricClaimKind.run(params, ctx);
    const fromParquet = await metricClaimKind.run({ ...params, database: 'export/metrics.parquet' }, ctx);
    expect(ev(fromParquet).source.format).toBe('trackio-parquet');
    expect(ev(fromParquet).seeds).toEqual(ev(fromDb).seeds);
    expect(ev(fromParquet).interval).toEqual(ev(fromDb).interval);
    expect(fromParquet.outcome).toBe(fromDb.outcome);
    expect(ev(fromParquet).source.sha256).not.toBe(ev(fromDb).source.sha256);
  });

  it('the seeds gate: 2 seeds cannot tell unless the case says why, then decide and quote it', async () => {
    const silent = await metricClaimKind.run({ ...base, table: 'logbook/two.csv', claimed: 3 }, ctx);
    expect(silent.outcome).toBe('neutral');
    expect(silent.seeds).toBe(2);
    expect(ev(silent).intervalSays).toBe('reproduced');
    expect(silent.insufficient).toMatch(/2 seeds, below the minimum of 3, and the case states no reason why fewer suffice/);
    const said = await metricClaimKind.run(
      { ...base, table: 'logbook/two.csv', claimed: 3, fewerSeedsBecause: 'each run costs 4,000 GPU hours' },
      ctx,
    );
    expect(said.outcome).toBe('refutes');
    expect(ev(said).gate).toEqual({ n: 2, minSeeds: 3, passed: true, fewerSeedsBecause: 'each run costs 4,000 GPU hours' });
    expect(said.summary).toContain('only 2 seeds, below the minimum of 3, because the case says: "each run costs 4,000 GPU hours"');
  });

  it('a nan cell is read and decides nothing (approximate, no interval)', async () => {
    const r = await metricClaimKind.run({ ...base, table: 'logbook/nan.csv' }, ctx);
    expect(r.outcome).toBe('neutral');
    expect(ev(r).seeds[1].value).toBe('NaN');
    expect(r.guarantee).toEqual({ kind: 'approximate', bound: 'no t interval: seed 2 is NaN: the mean of non-finite values says nothing' });
    expect(metricClaimFigures(r.evidence)[0]!.caption).toContain('Not plotted (not finite): line 3 (NaN).');
  });

  it.each<[Partial<MetricClaimParams>, RegExp]>([
    [
      { claimUnit: 's', valuesUnit: 'ms', scale: undefined },
      /the claim is in "s" and the values in "ms": state the factor that puts the values into the claim's unit \(scale\)$/,
    ],
    [{ claimUnit: 'pp', valuesUnit: 'pp', scale: 100 }, /both are in "pp", yet a scale of 100 is given/],
    [{ direction: 'equal' }, /an equal claim needs a tolerance/],
    [{ values: [1, 2, 3] }, /give one source of values, not "table" and "values"/],
    [{ metric: 'eval/acc' }, /"metric" is not read with "table"/],
    [{ table: '../outside.csv' }, /case\.json: path "\.\.\/outside\.csv" leaves the case folder/],
    [{ column: 'nope' }, /logbook\/seeds\.csv: line 1: no column "nope"/],
    [{ derive: ['d = method - nope'], column: 'd' }, /logbook\/seeds\.csv: .*derived column "d"/],
  ])('bad input, one line: %j', async (change, message) => {
    const err = await metricClaimKind.run({ ...base, ...change } as MetricClaimParams, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('inline values; the figure: seeds, the mean with its interval as an error bar, the claim as lines', async () => {
    const r = await metricClaimKind.run(
      { values: [3.9, 4.1, 4.3, 3.8, 4.2], claimed: 4, direction: 'equal', tolerance: { kind: 'abs', value: 0.5 }, basis: 'recomputed' },
      ctx,
    );
    expect(r.basis).toBe('recomputed');
    expect(ev(r).decision).toBe('reproduced');
    const figs = figuresFor('metric-claim', r.evidence);
    expect(figs).toHaveLength(1);
    const f = figs[0]!;
    if (f.type !== 'xy') throw new Error('expected an xy figure');
    expect(f.layers[0]).toMatchObject({ label: 'seeds', x: [1, 2, 3, 4, 5], y: [3.9, 4.1, 4.3, 3.8, 4.2] });
    const e = ev(r);
    expect(f.layers[1]).toMatchObject({ x: [6], y: [e.mean] });
    close(f.layers[1]!.err![0]!, (e.interval.high - e.interval.low) / 2, 1e-15);
    expect(f.hlines).toEqual([
      { y: 4, label: 'claimed 4' },
      { y: 3.5, label: 'lower boundary 3.5' },
      { y: 4.5, label: 'upper boundary 4.5' },
    ]);
    expect(f.caption).toMatch(/^5 seeds; mean 4\.06, 95% interval \[3\.8, 4\.32\]: reproduced \(the 95% interval/);
  });
});
