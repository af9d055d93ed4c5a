// Issue 24, finding 4 (metrics files): small hostile files that took gigabytes. A 74 KB SQLite database with a
// 4 KB write-ahead log whose one commit frame claims 1,048,576 pages made the WAL fold allocate 4 GiB
// (pages x page size); a few-hundred-KB Parquet file of millions of run-length-encoded constant rows decoded to
// 2.8 GB of JavaScript values. Both are generated here at test time and must be refused with one line naming
// the file, before the memory is taken: the WAL within what the two files hold, the Parquet file by a
// rows x columns budget read from its footer. Memory is measured by rss deltas in process (WAL) and by running
// the CLI in a child whose V8 heap is capped (Parquet: without the budget the child dies of OOM).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as arrow from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { BadInputError } from '../../app/errors';
import { MAX_PARQUET_CELLS } from '../../app/metrics/parquet-columns';
import { readMetricsFile } from '../../app/metrics/read';
import { WalError, applyWal } from '../../app/metrics/wal-overlay';
import { PYTHON } from '../app/metrics/sqlite-fixture';
import { tempDir } from '../helpers/temp-case';

const pw = createRequire(import.meta.url)('parquet-wasm/node') as typeof import('parquet-wasm/node');
const ROOT = resolve(import.meta.dirname, '../..');
const MIB = 1024 * 1024;
const dir = tempDir('recheck-budget-');

/** SQLite's WAL checksum (fileformat2.html 4.1), big-endian words (magic 0x377f0683). */
function walChecksum(b: Uint8Array, off: number, len: number, seed: [number, number]): [number, number] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let [s0, s1] = seed;
  for (let i = off; i < off + len; i += 8) {
    s0 = (s0 + v.getUint32(i) + s1) >>> 0;
    s1 = (s1 + v.getUint32(i + 4) + s0) >>> 0;
  }
  return [s0, s1];
}

/** A WAL of one valid commit frame (page 1 = the database's own page 1) whose size after commit is `claimedPages`. */
function hostileWal(db: Uint8Array, pageSize: number, claimedPages: number): Uint8Array {
  const wal = new Uint8Array(32 + 24 + pageSize);
  const v = new DataView(wal.buffer);
  v.setUint32(0, 0x377f0683);
  v.setUint32(4, 3007000);
  v.setUint32(8, pageSize);
  v.setUint32(12, 0);
  v.setUint32(16, 0x12345678);
  v.setUint32(20, 0x9abcdef0);
  const h = walChecksum(wal, 0, 24, [0, 0]);
  v.setUint32(24, h[0]);
  v.setUint32(28, h[1]);
  v.setUint32(32, 1); // page number
  v.setUint32(36, claimedPages); // database size after commit
  v.setUint32(40, 0x12345678);
  v.setUint32(44, 0x9abcdef0);
  wal.set(db.subarray(0, pageSize), 56);
  let s = walChecksum(wal, 32, 8, h);
  s = walChecksum(wal, 56, pageSize, s);
  v.setUint32(48, s[0]);
  v.setUint32(52, s[1]);
  return wal;
}

let dbPath: string;
let db: Uint8Array;

beforeAll(() => {
  // SQLite itself (Python's sqlite3, rollback journal: no -wal of its own) writes a ~74 KB Trackio-like database.
  dbPath = join(dir, 'proj.db');
  const r = spawnSync(
    PYTHON,
    [
      '-c',
      String.raw`
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TABLE metrics (id INTEGER PRIMARY KEY, timestamp TEXT, run_name TEXT, step INTEGER, metrics TEXT)")
c.executemany("INSERT INTO metrics (timestamp, run_name, step, metrics) VALUES (?, ?, ?, ?)", [("2026-01-01T00:00:00", "run-a", i, '{"loss": %f}' % (1.0 / (i + 1))) for i in range(1500)])
c.commit(); c.close()
`,
      dbPath,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  db = new Uint8Array(readFileSync(dbPath));
});

describe('budgets of the metrics readers (issue 24, finding 4)', () => {
  it('a WAL frame claiming 1,048,576 pages is refused before allocating (WalError), within a few MB', () => {
    const pageSize = ((db[16] as number) << 8) | (db[17] as number);
    const wal = hostileWal(db, pageSize, 1_048_576);
    expect(wal.length).toBeLessThanOrEqual(4200);
    const before = process.memoryUsage().rss;
    let err: unknown = null;
    try {
      applyWal(db, wal);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WalError);
    expect((err as WalError).reason).toMatch(/claims 1048576 pages/);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MIB);
    // A commit that only re-writes page 1 of the database at its real size still folds.
    expect(applyWal(db, hostileWal(db, pageSize, Math.floor(db.length / pageSize))).committedFrames).toBe(1);
  });

  it('recheck metrics on that database says so in one line naming the -wal file', async () => {
    const pageSize = ((db[16] as number) << 8) | (db[17] as number);
    writeFileSync(`${dbPath}-wal`, hostileWal(db, pageSize, 1_048_576));
    const err = await readMetricsFile(dbPath, { shownAs: 'proj.db' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toMatch(/^proj\.db-wal: cannot be applied \(a commit frame claims 1048576 pages/);
    expect((err as Error).message).not.toMatch(/\n/);
  });

  it('a small Parquet file of millions of constant rows is refused from its footer (a heap-capped child exits 2, not OOM)', () => {
    const rows = 7_000_000; // x 3 columns = 21 M cells, over MAX_PARQUET_CELLS (16 M)
    expect(rows * 3).toBeGreaterThan(MAX_PARQUET_CELLS);
    const file = join(dir, 'metrics.parquet');
    const table = new arrow.Table({
      run_name: arrow.vectorFromArray(new Array<string>(rows).fill('run-a'), new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32())),
      step: arrow.makeVector(new BigInt64Array(rows)),
      loss: arrow.makeVector(new Float64Array(rows).fill(0.5)),
    });
    writeFileSync(file, parquetBytesOf(table));
    expect(readFileSync(file).length).toBeLessThan(2 * MIB);
    const r = spawnSync(process.execPath, ['--max-old-space-size=256', join(ROOT, 'bin/recheck.mjs'), 'metrics', file], {
      encoding: 'utf8',
      env: { ...process.env, RECHECK_CLI: 'tsx' },
    });
    expect(r.stderr).toMatch(/metrics\.parquet: is too large to read: 7000000 rows x 3 columns is 21000000 cells/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.status).toBe(2);
  });
});

/** A table of typed arrays written by parquet-wasm (Rust's parquet crate), as the fixture writes its tables. */
function parquetBytesOf(table: arrow.Table): Uint8Array {
  const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression.SNAPPY).build();
  return pw.writeParquet(pw.Table.fromIPCStream(arrow.tableToIPC(table, 'stream')), props);
}
