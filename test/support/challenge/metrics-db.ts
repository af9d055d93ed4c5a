/**
 * A small Trackio metrics database (Trackio 0.36's `metrics` table: run_id, timestamp, run_name, step and a
 * JSON blob), written with sql.js; with `nonFinite`, some loss values are Trackio's strings "NaN" and "Infinity".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Xoshiro128 } from '../../../checkers/random/xoshiro128';

interface SqlJsDb {
  run(sql: string, params?: unknown[]): void;
  export(): Uint8Array;
  close(): void;
}
let engine: Promise<{ Database: new () => SqlJsDb }> | undefined;

function sql(): Promise<{ Database: new () => SqlJsDb }> {
  const require = createRequire(import.meta.url);
  const init = require('sql.js') as (c: { wasmBinary: ArrayBuffer }) => Promise<{ Database: new () => SqlJsDb }>;
  const bytes = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
  engine ??= init({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  return engine;
}

export async function writeMetricsDb(path: string, rng: Xoshiro128, nonFinite: boolean): Promise<void> {
  const db = new (await sql()).Database();
  db.run(
    'CREATE TABLE metrics (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL, step INTEGER NOT NULL, metrics TEXT NOT NULL, log_id TEXT, space_id TEXT)',
  );
  const steps = 20 + rng.nextInt(50);
  const bad = nonFinite ? 5 + rng.nextInt(steps - 10) : -1;
  for (let s = 0; s < steps; s++) {
    const loss = nonFinite && s === bad ? '"NaN"' : nonFinite && s === bad + 1 ? '"Infinity"' : (2 / (1 + s)).toFixed(6);
    db.run('INSERT INTO metrics (run_id, timestamp, run_name, step, metrics) VALUES (?, ?, ?, ?, ?)', [
      '0123456789abcdef0123456789abcdef',
      `2026-11-29T15:${String(s % 60).padStart(2, '0')}:00`,
      'run-a',
      s,
      `{"loss":${loss},"acc":${(s / steps).toFixed(4)}}`,
    ]);
  }
  writeFileSync(path, db.export());
  db.close();
}
