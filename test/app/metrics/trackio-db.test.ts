// Trackio SQLite databases written by Python's sqlite3 with Trackio's DDL; the spec each was written from is
// the oracle for what the reader must return.
import { describe, it, expect, beforeAll } from 'vitest';
import { copyFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BadInputError } from '../../../app/errors';
import { readTrackioDatabaseFile } from '../../../app/metrics/trackio-db';
import { findRun, seriesOf } from '../../../app/metrics/lookup';
import type { MetricsLog } from '../../../app/metrics/model';
import { tempDir } from '../../helpers/temp-case';
import { hexId, isoAt, writeTrackioDatabase, type RunSpec } from './sqlite-fixture';

const media = { _type: 'trackio.image', file_path: 'proj/run/3/a.png', caption: null };

/** Three runs, two of them named alike; NaN and ±Infinity at the top level and one nested NaN. */
function runs(): RunSpec[] {
  const loss = [2.5, 1.25, Number.NaN, 0.625, 0.1 + 0.2];
  return [
    {
      runId: hexId(1),
      name: 'baseline',
      rows: loss.map((l, step) => ({
        step,
        timestamp: isoAt(step),
        metrics: {
          loss: l,
          acc: step / 10,
          ...(step === 3 ? { grad_norm: Number.POSITIVE_INFINITY, sample: media } : {}),
          ...(step === 4 ? { grad_norm: Number.NEGATIVE_INFINITY, hist: { bins: [1, Number.NaN] } } : {}),
        },
      })),
      config: { lr: 0.001, batch: 32, _Username: 'u', _Created: isoAt(0), _Group: null, warmup: Number.POSITIVE_INFINITY },
      system: [{ gpu_util: 91.5, gpu_mem: 10 }, { gpu_util: Number.NaN }],
    },
    {
      runId: hexId(2),
      name: 'repeat',
      rows: [5, 7, 6, 6].map((step, i) => ({ step, timestamp: isoAt(100 + i), metrics: { loss: 1 / (i + 1), note: 'NaN-ish' } })),
      config: { lr: 0.01 },
    },
    { runId: hexId(3), name: 'repeat', rows: [{ step: 0, timestamp: isoAt(50), metrics: { loss: Number.NaN, flag: true } }] },
  ];
}

function expectSameNumbers(actual: readonly number[], expected: readonly number[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((v, i) => expect(Object.is(v, expected[i]) || v === expected[i]).toBe(true));
}

describe('readTrackioDatabaseFile: the 0.36 schema, metrics as BLOB', () => {
  const dir = tempDir('recheck-metrics-db-');
  const path = join(dir, 'proj.db');
  let log: MetricsLog;
  beforeAll(async () => {
    writeTrackioDatabase({
      path,
      schema: 'current',
      blob: true,
      runs: runs(),
      alerts: [
        { runId: hexId(1), runName: 'baseline', timestamp: isoAt(4), title: 'loss is NaN', text: 'at step 2', level: 'error', step: 2 },
      ],
    });
    log = await readTrackioDatabaseFile(path, { shownAs: 'proj.db' });
  });

  it('lists the runs by creation time with Trackio run_ids, last steps and row counts', () => {
    expect(log.format).toBe('trackio-sqlite');
    expect(log.schema).toBe('metrics with run_id, log_id, space_id');
    expect(log.rows).toBe(10);
    expect(log.runs.map((r) => [r.id, r.name, r.createdAt, r.lastStep, r.count])).toEqual([
      [hexId(1), 'baseline', isoAt(0), 4, 5],
      [hexId(3), 'repeat', isoAt(50), 0, 1],
      [hexId(2), 'repeat', isoAt(100), 7, 4],
    ]);
    expect(log.tables).toEqual({ configs: true, systemMetrics: true, alerts: true });
    expect(log.notes).toEqual([]);
  });

  it('gives each series exactly as written, NaN and ±Infinity restored from Trackio strings and counted', () => {
    const base = findRun(log, 'baseline');
    const loss = seriesOf(log, base, 'loss');
    expect(loss.steps).toEqual([0, 1, 2, 3, 4]);
    expectSameNumbers(loss.values, [2.5, 1.25, Number.NaN, 0.625, 0.1 + 0.2]);
    expect(loss.nonFinite).toEqual({ nan: 1, posInf: 0, negInf: 0 });
    expect(loss.restoredFromStrings).toBe(1);
    const grad = seriesOf(log, base, 'grad_norm');
    expect(grad.steps).toEqual([3, 4]);
    expectSameNumbers(grad.values, [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    expect(grad.nonFinite).toEqual({ nan: 0, posInf: 1, negInf: 1 });
    expect(seriesOf(log, base, 'acc').values).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it('keeps nested "NaN" strings as they are (top level only) and counts entries that are not numbers by kind', () => {
    const base = findRun(log, 'baseline');
    expect(base.keys.map((k) => k.key)).toEqual(['loss', 'acc', 'grad_norm', 'sample', 'hist']);
    expect(base.keys.find((k) => k.key === 'sample')?.other).toEqual({ 'trackio.image': 1 });
    expect(base.keys.find((k) => k.key === 'hist')?.other).toEqual({ object: 1 });
    const other = findRun(log, hexId(2));
    expect(other.keys.find((k) => k.key === 'note')?.other).toEqual({ string: 4 });
    expect(findRun(log, hexId(3)).keys.find((k) => k.key === 'flag')?.other).toEqual({ boolean: 1 });
  });

  it('keeps steps as stored and says they are not monotonic', () => {
    const s = seriesOf(log, findRun(log, hexId(2)), 'loss');
    expect(s.steps).toEqual([5, 7, 6, 6]);
    expect(s.order).toEqual({ kind: 'unordered', repeats: 1, decreases: 1, firstDecrease: { index: 2, step: 6, previous: 7 } });
  });

  it('reads configs, system metrics and alerts', () => {
    const base = findRun(log, 'baseline');
    expect(base.config).toEqual({
      createdAt: isoAt(0),
      values: { lr: 0.001, batch: 32, _Username: 'u', _Created: isoAt(0), _Group: null, warmup: 'Infinity' },
    });
    expect(base.systemMetrics?.count).toBe(2);
    expect(base.systemMetrics?.keys.map((k) => [k.key, k.numbers, k.nonFinite.nan])).toEqual([
      ['gpu_util', 2, 1],
      ['gpu_mem', 1, 0],
    ]);
    expect(findRun(log, hexId(3)).config).toBeNull();
    expect(log.alerts).toEqual([
      { runId: hexId(1), runName: 'baseline', timestamp: isoAt(4), title: 'loss is NaN', text: 'at step 2', level: 'error', step: 2 },
    ]);
  });

  it('refuses a name shared by two runs and names what exists on a miss', () => {
    expect(() => findRun(log, 'repeat')).toThrow(
      `proj.db: 2 runs are named "repeat"; give one of their ids with --run: ${hexId(3)}, ${hexId(2)}`,
    );
    expect(() => findRun(log, 'nope')).toThrow(`proj.db: no run "nope"; runs: baseline, repeat (id ${hexId(3)}), repeat (id ${hexId(2)})`);
    expect(() => seriesOf(log, findRun(log, 'baseline'), 'los')).toThrow(
      'proj.db: run "baseline" has no metric "los"; metrics: loss, acc, grad_norm, sample, hist',
    );
  });
});

describe('readTrackioDatabaseFile: the schema before run_id (Trackio 0.5-0.23), metrics as TEXT', () => {
  it('takes the run name as identity, so runs of one name are one run', async () => {
    const dir = tempDir('recheck-metrics-old-');
    const path = join(dir, 'old.db');
    const specs = runs().map(({ system: _none, ...run }) => run); // no system_metrics table before 0.14
    writeTrackioDatabase({
      path,
      schema: 'old',
      blob: false,
      runs: specs,
      order: [
        [0, 0],
        [1, 0],
        [0, 1],
        [2, 0],
        [0, 2],
        [1, 1],
        [0, 3],
        [1, 2],
        [0, 4],
        [1, 3],
      ],
    });
    const log = await readTrackioDatabaseFile(path, { shownAs: 'old.db' });
    expect(log.schema).toBe('metrics without run_id (Trackio before 0.24: run names are the identity)');
    expect(log.tables).toEqual({ configs: true, systemMetrics: false, alerts: false });
    expect(log.runs.map((r) => [r.id, r.name, r.count, r.lastStep])).toEqual([
      ['baseline', 'baseline', 5, 4],
      ['repeat', 'repeat', 5, 7],
    ]);
    const loss = seriesOf(log, findRun(log, 'repeat'), 'loss');
    // Stored order interleaves the two former runs: 5 (run 2), 0 (run 3), 7, 6, 6.
    expect(loss.steps).toEqual([5, 0, 7, 6, 6]);
    expectSameNumbers(loss.values, [1, Number.NaN, 1 / 2, 1 / 3, 1 / 4]);
    expect(loss.order.kind).toBe('unordered');
    expect(findRun(log, 'repeat').config?.values).toEqual({ lr: 0.01 });
    const base = seriesOf(log, findRun(log, 'baseline'), 'loss');
    expectSameNumbers(base.values, [2.5, 1.25, Number.NaN, 0.625, 0.1 + 0.2]);
  });
});

describe('readTrackioDatabaseFile: WAL mode', () => {
  const dir = tempDir('recheck-metrics-wal-');
  const path = join(dir, 'live.db');
  const spec = runs();
  const extra: RunSpec = {
    runId: hexId(9),
    name: 'late',
    rows: Array.from({ length: 40 }, (_, i) => ({ step: i, timestamp: isoAt(900 + i), metrics: { loss: i, blob: 'x'.repeat(400) } })),
  };
  const facts = writeTrackioDatabase({ path, schema: 'current', blob: true, runs: spec, wal: { checkpointAfter: 3, extra } });

  it('folds the rows that are only in the -wal file into the read, and says so', async () => {
    expect(facts.walBytes).toBeGreaterThan(0);
    const log = await readTrackioDatabaseFile(path, { shownAs: 'live.db' });
    expect(log.rows).toBe(10);
    expect(log.notes).toHaveLength(1);
    expect(log.notes[0]).toMatch(/^folded \d+ committed frames \(database of \d+ pages\) from live\.db-wal$/);
    expectSameNumbers(seriesOf(log, findRun(log, 'baseline'), 'loss').values, [2.5, 1.25, Number.NaN, 0.625, 0.1 + 0.2]);
    expect(findRun(log, 'baseline').config?.values.lr).toBe(0.001);
    expect(log.alerts).toEqual([]);
  });

  it('without the -wal file, only the checkpointed rows are there', async () => {
    const bare = join(dir, 'bare.db');
    copyFileSync(path, bare);
    const log = await readTrackioDatabaseFile(bare);
    expect(log.rows).toBe(3);
    expect(log.notes).toEqual([]);
  });

  it('leaves out a transaction whose commit frame is missing, as SQLite recovery does', async () => {
    const cut = join(dir, 'cut.db');
    copyFileSync(path, cut);
    copyFileSync(facts.walWithExtra as string, `${cut}-wal`);
    const full = await readTrackioDatabaseFile(cut);
    expect(full.rows).toBe(50);
    expect(seriesOf(full, findRun(full, 'late'), 'loss').values).toEqual(Array.from({ length: 40 }, (_, i) => i));
    truncateSync(`${cut}-wal`, facts.walWithExtraBytes - (24 + facts.pageSize));
    const partial = await readTrackioDatabaseFile(cut, { shownAs: 'cut.db' });
    expect(partial.rows).toBe(10);
    expect(partial.notes[1]).toMatch(/^left out \d+ frames of an unfinished transaction at the end of cut\.db-wal$/);
  });

  it('a -wal that cannot be applied is one line naming it and saying what to do', async () => {
    const bad = join(dir, 'bad.db');
    copyFileSync(path, bad);
    const wal = readFileSync(`${path}-wal`);
    wal[17] = (wal[17] as number) ^ 0xff; // a salt byte: the header checksum no longer matches
    writeFileSync(`${bad}-wal`, wal);
    const err = await readTrackioDatabaseFile(bad, { shownAs: 'bad.db' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(
      'bad.db-wal: cannot be applied (its header checksum does not match); checkpoint the database with Trackio or sqlite3, or move the -wal file away to read only the checkpointed rows',
    );
  });
});

describe('readTrackioDatabaseFile: untrusted files', () => {
  const dir = tempDir('recheck-metrics-bad-');
  const good = join(dir, 'good.db');
  writeTrackioDatabase({ path: good, schema: 'current', blob: true, runs: runs() });

  async function problem(path: string, maxBytes?: number): Promise<string> {
    const err = await readTrackioDatabaseFile(path, { shownAs: 'x.db', ...(maxBytes !== undefined ? { maxBytes } : {}) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BadInputError);
    return (err as Error).message;
  }

  it('refuses a file over the cap, a non-SQLite file, a truncated one and a missing one, naming the file', async () => {
    expect(await problem(good, 1000)).toMatch(/^x\.db: is \d+ bytes, over the limit of 1000$/);
    writeFileSync(join(dir, 'text.db'), 'hello, not sqlite at all'.repeat(10));
    expect(await problem(join(dir, 'text.db'))).toBe(
      'x.db: is not a SQLite database (no "SQLite format 3" header); expected a Trackio <project>.db',
    );
    const bytes = readFileSync(good);
    writeFileSync(join(dir, 'cut.db'), bytes.subarray(0, 4096 + 100));
    expect(await problem(join(dir, 'cut.db'))).toMatch(/^x\.db: is not a readable SQLite database \(.+\)$/);
    expect(await problem(join(dir, 'none.db'))).toBe('x.db: no such file');
  });

  it("refuses a database that is not Trackio's, and a metrics row of the wrong shape, naming the row", async () => {
    const other = join(dir, 'other.db');
    writeTrackioDatabase({ path: other, schema: 'old', blob: false, runs: [] });
    const { spawnSync } = await import('node:child_process');
    const { PYTHON } = await import('./sqlite-fixture');
    const run = (sql: string) =>
      expect(
        spawnSync(PYTHON, [
          '-c',
          `import sqlite3; c = sqlite3.connect(${JSON.stringify(other)}); c.executescript(${JSON.stringify(sql)}); c.commit()`,
        ]).status,
      ).toBe(0);
    run(`INSERT INTO metrics (timestamp, run_name, step, metrics) VALUES ('t', 'r', 0, '[1, 2]');`);
    expect(await problem(other)).toBe('x.db: metrics row 1: metrics is not a JSON object');
    run(`UPDATE metrics SET metrics = '{"a": 1}', step = 'abc';`);
    expect(await problem(other)).toBe('x.db: metrics row 1: step is "abc", expected a number');
    run('DROP TABLE metrics;');
    expect(await problem(other)).toBe('x.db: has no metrics table; not a Trackio project database');
  });
});
