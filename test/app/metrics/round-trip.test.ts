// Property: whatever (step, value) rows a run logs, NaN, ±Infinity and -0 included, steps in any order, both
// readers give back exactly those rows as the run's series, with the non-finite values counted. The SQLite
// files are written by SQLite itself (sql.js, in memory) with Trackio's DDL and JSON spelling; the Parquet
// files by parquet-wasm.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { sqlEngine } from './sql-js';
import { readTrackioDatabase } from '../../../app/metrics/trackio-db';
import { readTrackioParquet } from '../../../app/metrics/trackio-parquet';
import type { MetricsLog } from '../../../app/metrics/model';
import { parquetBytes, structuralColumns } from './parquet-fixture';

interface Logged {
  readonly run: number;
  readonly step: number;
  readonly value: number;
}

const rowsArb = fc.array(
  fc.record({ run: fc.integer({ min: 0, max: 2 }), step: fc.integer({ min: -1000, max: 1000 }), value: fc.double() }),
  { minLength: 1, maxLength: 60 },
);

/** Trackio's JSON spelling of one value: non-finite as strings; -0 as orjson writes it. */
function spelled(v: number): string {
  if (Number.isNaN(v)) return '"NaN"';
  if (v === Number.POSITIVE_INFINITY) return '"Infinity"';
  if (v === Number.NEGATIVE_INFINITY) return '"-Infinity"';
  return Object.is(v, -0) ? '-0.0' : JSON.stringify(v);
}

interface WritableDb {
  run(sql: string, params?: unknown[]): void;
  export(): Uint8Array;
  close(): void;
}

async function sqliteOf(rows: readonly Logged[]): Promise<Uint8Array> {
  const sql = (await sqlEngine()) as unknown as { Database: new () => WritableDb };
  const db = new sql.Database();
  try {
    db.run(`CREATE TABLE metrics (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL,
      run_name TEXT NOT NULL, step INTEGER NOT NULL, metrics TEXT NOT NULL, log_id TEXT, space_id TEXT)`);
    rows.forEach((r, i) => {
      const json = new TextEncoder().encode(`{"value":${spelled(r.value)}}`); // a BLOB, as orjson's bytes are stored
      db.run('INSERT INTO metrics (run_id, timestamp, run_name, step, metrics, log_id) VALUES (?, ?, ?, ?, ?, ?)', [
        `id${r.run}`,
        `t${String(i).padStart(4, '0')}`,
        `run${r.run}`,
        r.step,
        json,
        `log${i}`,
      ]);
    });
    return db.export();
  } finally {
    db.close();
  }
}

function parquetOf(rows: readonly Logged[]): Uint8Array {
  const structural = structuralColumns(
    rows.map((r, i) => ({
      runId: `id${r.run}`,
      runName: `run${r.run}`,
      timestamp: `t${String(i).padStart(4, '0')}`,
      step: BigInt(r.step),
    })),
  );
  return parquetBytes({ ...structural, value: { type: 'float64', values: rows.map((r) => r.value) } }, 'SNAPPY');
}

function expectSeries(log: MetricsLog, rows: readonly Logged[], restored: boolean) {
  for (const run of [0, 1, 2]) {
    const mine = rows.filter((r) => r.run === run);
    const series = log.series.get(`id${run}`)?.get('value');
    if (mine.length === 0) {
      expect(series).toBeUndefined();
      continue;
    }
    expect(series?.steps).toEqual(mine.map((r) => r.step));
    mine.forEach((r, i) => expect(Object.is(series?.values[i], r.value)).toBe(true));
    const nonFinite = {
      nan: mine.filter((r) => Number.isNaN(r.value)).length,
      posInf: mine.filter((r) => r.value === Infinity).length,
      negInf: mine.filter((r) => r.value === -Infinity).length,
    };
    expect(series?.nonFinite).toEqual(nonFinite);
    expect(series?.restoredFromStrings).toBe(restored ? nonFinite.nan + nonFinite.posInf + nonFinite.negInf : 0);
    const decreases = mine.slice(1).filter((r, i) => r.step < (mine[i] as Logged).step).length;
    expect(series?.order.decreases).toBe(decreases);
    const summary = log.runs.find((x) => x.id === `id${run}`);
    expect(summary?.count).toBe(mine.length);
    expect(summary?.lastStep).toBe(Math.max(...mine.map((r) => r.step)));
  }
}

describe('series round trip (property)', () => {
  it('SQLite: the logged rows come back exactly, non-finite values restored from strings and counted', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, async (rows) => {
        const log = await readTrackioDatabase({ bytes: await sqliteOf(rows), file: 'p.db' });
        expect(log.rows).toBe(rows.length);
        expectSeries(log, rows, true);
      }),
      { seed: 20261130, numRuns: 60 },
    );
  });

  it('Parquet: the logged rows come back exactly, non-finite doubles kept and counted', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, async (rows) => {
        const log = await readTrackioParquet({ bytes: parquetOf(rows), file: 'metrics.parquet' });
        expect(log.rows).toBe(rows.length);
        expectSeries(log, rows, false);
      }),
      { seed: 20261201, numRuns: 60 },
    );
  });
});
