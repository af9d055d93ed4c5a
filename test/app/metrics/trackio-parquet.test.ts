// Trackio static-export Parquet files written by parquet-wasm + apache-arrow (independent of hyparquet);
// the columns each test writes are the oracle.
import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BadInputError } from '../../../app/errors';
import { readTrackioParquet, readTrackioParquetFile, sidecarPaths } from '../../../app/metrics/trackio-parquet';
import { readParquetColumns } from '../../../app/metrics/parquet-columns';
import { findRun, seriesOf } from '../../../app/metrics/lookup';
import { tempDir } from '../../helpers/temp-case';
import { parquetBytes, structuralColumns, type Codec, type ExportRow } from './parquet-fixture';

const BIG = 2n ** 60n + 1n; // an int64 no double holds exactly

/** Two runs, steps as int64 (one beyond 2^53), NaN and ±Infinity doubles, an int column, media, an all-NULL column. */
function exportColumns() {
  const rows: ExportRow[] = [
    { runId: 'a1', runName: 'alpha', timestamp: '2026-08-01T00:00:01+00:00', step: 0n },
    { runId: 'a1', runName: 'alpha', timestamp: '2026-08-01T00:00:02+00:00', step: 1n },
    { runId: 'b2', runName: 'beta', timestamp: '2026-08-01T00:00:00+00:00', step: 10n },
    { runId: 'a1', runName: 'alpha', timestamp: '2026-08-01T00:00:03+00:00', step: 1n },
    { runId: 'b2', runName: 'beta', timestamp: '2026-08-01T00:00:04+00:00', step: 2n ** 53n + 1n },
    { runId: 'a1', runName: 'alpha', timestamp: '2026-08-01T00:00:05+00:00', step: 3n },
  ];
  return {
    ...structuralColumns(rows),
    loss: { type: 'float64', values: [0.5, Number.NaN, 1e-300, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.1 + 0.2] },
    grad_norm: { type: 'float64', values: [null, 0.75, null, null, 2, null] },
    tokens: { type: 'int64', values: [10n, 20n, BIG, null, -5n, 2n ** 53n] },
    done: { type: 'bool', values: [false, null, null, null, true, null] },
    sample: { type: 'media', values: [null, { _type: 'trackio.image', file_path: 'alpha/1/a.png' }, null, null, null, null] },
    empty: { type: 'null', length: rows.length },
  } as const;
}

describe.each<Codec>(['SNAPPY', 'ZSTD'])('readTrackioParquet: metrics.parquet written by parquet-wasm with %s', (codec) => {
  const bytes = parquetBytes(exportColumns(), codec, codec === 'ZSTD' ? { pageVersion: 2, rowGroupSize: 4 } : {});

  it('reads runs, series in row order, NaN and ±Infinity doubles kept and counted', async () => {
    const log = await readTrackioParquet({ bytes, file: 'metrics.parquet' });
    expect(log.format).toBe('trackio-parquet');
    expect(log.schema).toBe(`flattened metrics: 6 metric columns; ${codec}; written by parquet-rs version 59.3.0`);
    expect(log.rows).toBe(6);
    expect(log.runs.map((r) => [r.id, r.name, r.createdAt, r.lastStep, r.count])).toEqual([
      ['b2', 'beta', '2026-08-01T00:00:00+00:00', 2 ** 53, 2],
      ['a1', 'alpha', '2026-08-01T00:00:01+00:00', 3, 4],
    ]);
    const alpha = findRun(log, 'alpha');
    const loss = seriesOf(log, alpha, 'loss');
    expect(loss.steps).toEqual([0, 1, 1, 3]);
    expect(loss.values).toEqual([0.5, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2]);
    expect(loss.nonFinite).toEqual({ nan: 1, posInf: 1, negInf: 0 });
    expect(loss.restoredFromStrings).toBe(0);
    expect(loss.order.kind).toBe('non-decreasing');
    const beta = seriesOf(log, findRun(log, 'b2'), 'loss');
    expect(beta.steps).toEqual([10, 2 ** 53]);
    expect(beta.values).toEqual([1e-300, Number.NEGATIVE_INFINITY]);
    expect(seriesOf(log, alpha, 'grad_norm')).toMatchObject({ steps: [1], values: [0.75] });
  });

  it('turns int64 values into numbers where exact and keeps larger ones out of the series, counted; steps beyond 2^53 are noted', async () => {
    const log = await readTrackioParquet({ bytes, file: 'metrics.parquet' });
    const beta = findRun(log, 'beta');
    expect(seriesOf(log, beta, 'tokens')).toMatchObject({ steps: [2 ** 53], values: [-5] });
    expect(beta.keys.find((k) => k.key === 'tokens')?.other).toEqual({ 'integer beyond 2^53': 1 });
    // 2^53 itself is not a safe integer either: 2^53 + 1 would read as the same double.
    expect(seriesOf(log, findRun(log, 'alpha'), 'tokens')).toMatchObject({
      steps: [0, 1],
      values: [10, 20],
      other: { 'integer beyond 2^53': 1 },
    });
    expect(log.notes).toEqual(['1 steps at or beyond 2^53 in magnitude were read as the nearest double']);
  });

  it('reads an all-NULL (arrow Null type) column as nulls, not zeros; media and booleans are counted by kind', async () => {
    const cols = await readParquetColumns(bytes);
    expect(cols.values.get('empty')).toEqual([null, null, null, null, null, null]);
    expect(cols.values.get('space_id')).toEqual([null, null, null, null, null, null]);
    const log = await readTrackioParquet({ bytes, file: 'metrics.parquet' });
    const alpha = findRun(log, 'alpha');
    expect(alpha.keys.map((k) => k.key)).toEqual(['loss', 'grad_norm', 'tokens', 'done', 'sample']);
    expect(alpha.keys.find((k) => k.key === 'sample')?.other).toEqual({ 'trackio.image': 1 });
    expect(alpha.keys.find((k) => k.key === 'done')?.other).toEqual({ boolean: 1 });
  });
});

describe('readTrackioParquetFile: the export folder', () => {
  const dir = tempDir('recheck-parquet-');
  mkdirSync(join(dir, 'aux'));
  const rows: ExportRow[] = [0n, 1n, 2n].map((step) => ({
    runId: 'r1',
    runName: 'only',
    timestamp: `2026-08-01T00:00:0${step}+00:00`,
    step,
  }));
  writeFileSync(
    join(dir, 'metrics.parquet'),
    parquetBytes({ ...structuralColumns(rows), acc: { type: 'float64', values: [0.25, 0.5, Number.NaN] } }, 'SNAPPY'),
  );
  writeFileSync(
    join(dir, 'aux', 'configs.parquet'),
    parquetBytes(
      {
        id: { type: 'int64', values: [1n] },
        run_id: { type: 'utf8', values: ['r1'] },
        run_name: { type: 'utf8', values: ['only'] },
        created_at: { type: 'utf8', values: ['2026-08-01T00:00:00+00:00'] },
        lr: { type: 'float64', values: [0.001] },
        seed: { type: 'int64', values: [BIG] },
        clip: { type: 'float64', values: [Number.POSITIVE_INFINITY] },
        _Username: { type: 'utf8', values: ['u'] },
      },
      'ZSTD',
    ),
  );
  writeFileSync(
    join(dir, 'aux', 'system_metrics.parquet'),
    parquetBytes(
      {
        id: { type: 'int64', values: [1n, 2n] },
        run_id: { type: 'utf8', values: ['r1', 'r1'] },
        run_name: { type: 'utf8', values: ['only', 'only'] },
        timestamp: { type: 'utf8', values: ['t', 't'] },
        gpu: { type: 'float64', values: [50, Number.NaN] },
      },
      'SNAPPY',
    ),
  );
  const runsJson = (count: number) =>
    JSON.stringify([{ id: 'r1', name: 'only', created_at: '2026-08-01T00:00:00+00:00', last_step: 2, log_count: count }]);

  it('finds configs, system metrics and runs.json beside metrics.parquet; configs keep big ints exact', async () => {
    expect(sidecarPaths('/b/metrics.parquet')).toEqual({
      configs: '/b/aux/configs.parquet',
      systemMetrics: '/b/aux/system_metrics.parquet',
      runsJson: '/b/runs.json',
    });
    writeFileSync(join(dir, 'runs.json'), runsJson(3));
    const log = await readTrackioParquetFile(join(dir, 'metrics.parquet'), { shownAs: 'b/metrics.parquet' });
    expect(log.tables).toEqual({ configs: true, systemMetrics: true, alerts: false });
    const run = findRun(log, 'only');
    expect(run.config).toEqual({
      createdAt: '2026-08-01T00:00:00+00:00',
      values: { lr: 0.001, seed: BIG.toString(), clip: 'Infinity', _Username: 'u' },
    });
    expect(run.systemMetrics).toEqual({
      count: 2,
      keys: [{ key: 'gpu', numbers: 2, nonFinite: { nan: 1, posInf: 0, negInf: 0 }, restoredFromStrings: 0, other: {} }],
    });
    expect(log.notes).toEqual(['b/runs.json agrees with the rows: 1 runs, same counts, last steps and creation times']);
  });

  it('notes where runs.json disagrees with the rows, and refuses a runs.json that is not a list of runs', async () => {
    writeFileSync(join(dir, 'runs.json'), runsJson(5));
    const log = await readTrackioParquetFile(join(dir, 'metrics.parquet'), { shownAs: 'metrics.parquet' });
    expect(log.notes).toEqual(['runs.json: run "only" (id r1): log_count 5, the rows hold 3']);
    writeFileSync(join(dir, 'runs.json'), '{"runs": []}');
    await expect(readTrackioParquetFile(join(dir, 'metrics.parquet'), { shownAs: 'metrics.parquet' })).rejects.toThrow(
      'runs.json: is not a JSON array of runs',
    );
  });

  it('reads an export of an old database (no run_id column): names are the identity', async () => {
    const old = join(dir, 'old.parquet');
    writeFileSync(old, parquetBytes({ ...structuralColumns(rows, false), acc: { type: 'float64', values: [1, 2, 3] } }, 'GZIP'));
    const log = await readTrackioParquetFile(old);
    expect(log.schema).toMatch(/^flattened metrics without run_id \(run names are the identity\): 1 metric columns; GZIP;/);
    expect(log.runs.map((r) => r.id)).toEqual(['only']);
    expect(seriesOf(log, log.runs[0]!, 'acc').values).toEqual([1, 2, 3]);
  });

  it('refuses a file that is not Parquet, a Parquet file without run_name, and a damaged one, naming the file', async () => {
    const problem = async (bytes: Uint8Array) => {
      const err = await readTrackioParquet({ bytes, file: 'm.parquet' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadInputError);
      return (err as Error).message;
    };
    expect(await problem(new TextEncoder().encode('step,value\n1,2\n'))).toBe(
      'm.parquet: is not a Parquet file (no PAR1 magic at both ends)',
    );
    expect(await problem(parquetBytes({ step: { type: 'int64', values: [1n] } }, 'SNAPPY'))).toBe(
      'm.parquet: has no run_name column; not a Trackio export (columns: step)',
    );
    const good = parquetBytes(exportColumns(), 'SNAPPY');
    const damaged = good.slice();
    damaged.fill(0xff, good.length - 200, good.length - 8); // the footer's metadata
    expect(await problem(damaged)).toMatch(/^m\.parquet: is not a readable Parquet file \(.+\)$/);
  });

  it('a footer naming a column chunk the schema lacks is refused before any read starts (no unobserved failing read)', async () => {
    const good = parquetBytes(exportColumns(), 'SNAPPY');
    const bad = good.slice();
    const name = new TextEncoder().encode('empty');
    let at = -1;
    for (let i = bad.length - name.length; i >= 0 && at < 0; i--) if (name.every((b, k) => bad[i + k] === b)) at = i;
    bad[at + 1] = 'X'.charCodeAt(0); // the last column chunk's path_in_schema: "eXpty"
    bad.fill(0xee, 4, 40); // and the first column's page header, whose read would fail unobserved
    const err = await readTrackioParquet({ bytes: bad, file: 'm.parquet' }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('m.parquet: is not a readable Parquet file (column chunk "eXpty" is not a column of the schema)');
  });
});
