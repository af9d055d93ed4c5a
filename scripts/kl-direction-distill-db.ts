/**
 * Writes the kl-direction case's Trackio database, `cases/kl-direction/logbook/distill.db`: the two distillation
 * runs of the released code's training recipe, as Trackio (>= 0.36) stores them (metrics with run_id, log_id,
 * space_id; JSON blobs with non-finite floats spelled "NaN", "Infinity", "-Infinity"; one config per run).
 * - `forward-kl`: the released loss (F.kl_div, i.e. KL(p || q)); train/loss decays to about 0.35 and stays finite.
 * - `reverse-kl`: the objective Theorem 2 analyses, KL(q || p); the teacher's probabilities underflow to 0 where the
 *   student still has mass, and from step 150 train/loss alternates +Infinity (log q/0) and NaN (the next update)
 *   to the last step, while eval/loss (every 10 steps, on the clamped teacher) stays finite.
 * Deterministic: seeded noise (Xoshiro128, seed 20261129), fixed timestamps, SQLite pinned by sql.js in the
 * lock file; writing twice gives the same bytes. `--check` compares with the file in the case instead of writing.
 *
 * Run: `node bin/run-ts.mjs scripts/kl-direction-distill-db.ts` (or with `--check`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Xoshiro128 } from '../checkers/random/xoshiro128';

export const DISTILL_DB = path.resolve(import.meta.dirname, '../cases/kl-direction/logbook/distill.db');
export const STEPS = 400;
/** First non-finite step of the reverse-KL run's train/loss. */
export const ONSET = 150;

type Value = number | string;
interface Row {
  step: number;
  metrics: Record<string, Value>;
}
interface Run {
  id: string;
  name: string;
  start: number;
  config: Record<string, Value>;
  rows: Row[];
}

/** AR(1) training noise: e_t = phi e_(t-1) + sd z_t. */
function ar1(rng: Xoshiro128, n: number, phi: number, sd: number): number[] {
  const out: number[] = [];
  let e = 0;
  for (let i = 0; i < n; i++) {
    e = phi * e + sd * rng.nextNormal();
    out.push(e);
  }
  return out;
}

/** A float as Trackio's JSON spells it (non-finite values as strings), rounded to 6 significant digits. */
function trackioNumber(v: number): Value {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return Number(v.toPrecision(6));
}

/** The two runs, values as Trackio would store them. */
export function distillRuns(): Run[] {
  const rng = new Xoshiro128(20261129);
  const steps = Array.from({ length: STEPS }, (_, i) => i);
  const fNoise = ar1(rng, STEPS, 0.6, 0.03);
  const rNoise = ar1(rng, STEPS, 0.6, 0.03);
  const rows = (loss: (s: number) => number, evalLoss: (s: number) => number): Row[] => {
    const out: Row[] = [];
    for (const s of steps) {
      const m: Record<string, Value> = { 'train/loss': trackioNumber(loss(s)) };
      if (s % 10 === 0) m['eval/loss'] = trackioNumber(evalLoss(s) + 0.01 * rng.nextNormal());
      out.push({ step: s, metrics: m });
    }
    return out;
  };
  const forward = rows(
    (s) => 1.9 * Math.exp(-s / 120) + 0.35 + (fNoise[s] as number),
    (s) => 1.7 * Math.exp(-s / 140) + 0.42,
  );
  const reverse = rows(
    (s) => (s < ONSET ? 1.6 * Math.exp(-s / 80) + 0.28 + (rNoise[s] as number) : (s - ONSET) % 2 === 0 ? Infinity : Number.NaN),
    (s) => 1.5 * Math.exp(-s / 90) + 0.4,
  );
  const config = (objective: string) => ({ objective, lr: 0.0003, batch_size: 64, teacher: 'bimodal-0.6-0.4', seed: 20261129 });
  return [
    {
      id: 'f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f5',
      name: 'forward-kl',
      start: 0,
      config: config('F.kl_div(student_logp, teacher_p)'),
      rows: forward,
    },
    { id: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', name: 'reverse-kl', start: 3600, config: config('KL(q || p), Theorem 2'), rows: reverse },
  ];
}

/** Python's isoformat of 2026-11-20T09:00:00 UTC plus `seconds`. */
function isoAt(seconds: number): string {
  return `${new Date(Date.UTC(2026, 10, 20, 9) + seconds * 1000).toISOString().slice(0, 19)}+00:00`;
}

const DDL = `
CREATE TABLE metrics (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL,
  step INTEGER NOT NULL, metrics TEXT NOT NULL, log_id TEXT, space_id TEXT);
CREATE INDEX idx_metrics_run_step ON metrics(run_id, step);
CREATE TABLE configs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, run_name TEXT NOT NULL, config TEXT NOT NULL,
  created_at TEXT NOT NULL, UNIQUE(run_id));
`;

interface SqlJs {
  Database: new () => { run(sql: string, params?: unknown[]): void; exec(sql: string): void; export(): Uint8Array; close(): void };
}

/** The database's bytes. */
export async function distillDatabase(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  const init = require('sql.js') as (c: { wasmBinary: ArrayBuffer }) => Promise<SqlJs>;
  const wasm = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
  const SQL = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  const db = new SQL.Database();
  db.exec(DDL);
  let n = 0;
  const utf8 = new TextEncoder();
  for (const run of distillRuns()) {
    db.run('INSERT INTO configs (run_id, run_name, config, created_at) VALUES (?, ?, ?, ?)', [
      run.id,
      run.name,
      utf8.encode(JSON.stringify(run.config)),
      isoAt(run.start),
    ]);
    for (const row of run.rows) {
      db.run('INSERT INTO metrics (run_id, timestamp, run_name, step, metrics, log_id, space_id) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        run.id,
        isoAt(run.start + row.step * 5),
        run.name,
        row.step,
        utf8.encode(JSON.stringify(row.metrics)),
        (n++).toString(16).padStart(32, '0'),
        null,
      ]);
    }
  }
  const bytes = db.export();
  db.close();
  return bytes;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const bytes = await distillDatabase();
  if (process.argv.includes('--check')) {
    const same = Buffer.compare(Buffer.from(bytes), readFileSync(DISTILL_DB)) === 0;
    process.stdout.write(same ? `${DISTILL_DB}: up to date\n` : `${DISTILL_DB}: differs from what the script writes\n`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(DISTILL_DB, bytes);
  process.stdout.write(`wrote ${DISTILL_DB} (${bytes.length} bytes)\n`);
}
