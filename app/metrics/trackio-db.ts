/**
 * Reads a Trackio project database (`<project>.db`, Trackio's `SQLiteStorage`) read-only through sql.js:
 * the `metrics` table (one row per `log()` call: run, timestamp, step and a JSON blob of the metrics),
 * and, when present, `configs`, `system_metrics` and `alerts`. Schema facts (trackio-formats.md §2):
 * - `run_id` exists only from Trackio 0.24 on, and no migration adds it: without it the run name is the
 *   identity; `log_id` and `space_id` appear from 0.17 on. Columns are found with PRAGMA table_info;
 * - the JSON blob is a BLOB (orjson bytes) for rows written by 0.5 and later, TEXT before; both are read;
 * - Trackio keeps local databases in WAL mode: a `<db>-wal` sidecar is folded in (wal-overlay.ts).
 *
 * The file is untrusted: it is read as a regular file under a size cap, opened as an in-memory copy, and
 * anything SQLite cannot read, or a row of the wrong shape, is BadInputError naming the file (and the row).
 */
import { lstat } from 'node:fs/promises';
import { BadInputError } from '../errors';
import { readRegularFile } from '../fs/confine';
import { JsonLimitError, parseJsonBounded } from '../../common/json/bounded';
import { shown } from '../text/display';
import { MetricsCollector } from './collect';
import type { AlertRecord, MetricsLog, NamedBytes, RunConfig } from './model';
import { SqliteError, forEachRow, rowsOf, withDatabase, type SqlDatabase, type SqlValue } from './sqlite-engine';
import { WalError, applyWal } from './wal-overlay';

/** Largest database (and -wal) file read: 2 GiB. sql.js holds a copy in memory besides the file's bytes. */
export const MAX_DATABASE_BYTES = 2 * 1024 ** 3;

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Options of readTrackioDatabaseFile. */
export interface DatabaseReadOptions {
  /** Name used in messages (default: the path). */
  readonly shownAs?: string;
  /** Largest accepted file, in bytes (default MAX_DATABASE_BYTES). */
  readonly maxBytes?: number;
}

/** What lies beside a database file: its -wal (read), and a note when a -journal is left over. */
export interface DatabaseSidecars {
  readonly wal?: NamedBytes;
  readonly journalNote?: string;
}

/**
 * Reads the sidecars of the database at `path`: the `-wal` (as an untrusted regular file under the cap), and
 * notes a non-empty `-journal` (left by an interrupted transaction in rollback mode; it is not applied).
 * Example: `await databaseSidecars('/t/p.db', 'p.db', MAX_DATABASE_BYTES)` is `{}` without sidecars.
 */
export async function databaseSidecars(path: string, file: string, maxBytes: number): Promise<DatabaseSidecars> {
  const wal = (await exists(`${path}-wal`))
    ? { bytes: await readRegularFile(`${path}-wal`, { maxBytes, shownAs: `${file}-wal` }), file: `${file}-wal` }
    : undefined;
  const journal = await exists(`${path}-journal`, true);
  const journalNote = journal
    ? `${file}-journal exists: a transaction may have been interrupted; open the database once with sqlite3 or Trackio to roll it back`
    : undefined;
  return { ...(wal !== undefined ? { wal } : {}), ...(journalNote !== undefined ? { journalNote } : {}) };
}

/**
 * Reads the database at `path` with its sidecars (databaseSidecars).
 * Example: `(await readTrackioDatabaseFile('/home/u/.cache/huggingface/trackio/proj.db')).runs.map((r) => r.name)`.
 */
export async function readTrackioDatabaseFile(path: string, o: DatabaseReadOptions = {}): Promise<MetricsLog> {
  const file = o.shownAs ?? shown(path);
  const maxBytes = o.maxBytes ?? MAX_DATABASE_BYTES;
  const bytes = await readRegularFile(path, { maxBytes, shownAs: file });
  return readTrackioDatabase({ bytes, file }, await databaseSidecars(path, file, maxBytes));
}

async function exists(path: string, nonEmpty = false): Promise<boolean> {
  try {
    const st = await lstat(path);
    return !nonEmpty || st.size > 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Reads a database image (and its WAL, when given) into the shared model.
 * Example: `await readTrackioDatabase({ bytes: readFileSync('p.db'), file: 'p.db' })`.
 */
export async function readTrackioDatabase(db: NamedBytes, sidecars: DatabaseSidecars = {}): Promise<MetricsLog> {
  const collector = new MetricsCollector();
  const image = foldedImage(db, sidecars.wal, collector);
  if (sidecars.journalNote !== undefined) collector.note(sidecars.journalNote);
  if (image.length === 0) throw new BadInputError(db.file, 'is empty, not a SQLite database');
  if (!hasSqliteMagic(image))
    throw new BadInputError(db.file, 'is not a SQLite database (no "SQLite format 3" header); expected a Trackio <project>.db');
  try {
    return await withDatabase(image, (handle) => readTables(handle, db.file, collector));
  } catch (err) {
    if (err instanceof SqliteError) throw new BadInputError(db.file, `is not a readable SQLite database (${shown(err.message, 200)})`);
    throw err;
  }
}

function foldedImage(db: NamedBytes, wal: NamedBytes | undefined, collector: MetricsCollector): Uint8Array {
  if (wal === undefined) return db.bytes;
  try {
    const folded = applyWal(db.bytes, wal.bytes);
    if (folded.committedFrames > 0)
      collector.note(`folded ${folded.committedFrames} committed frames (database of ${folded.pages} pages) from ${wal.file}`);
    if (folded.uncommittedFrames > 0)
      collector.note(`left out ${folded.uncommittedFrames} frames of an unfinished transaction at the end of ${wal.file}`);
    return folded.image;
  } catch (err) {
    if (!(err instanceof WalError)) throw err;
    throw new BadInputError(
      wal.file,
      `cannot be applied (${err.reason}); checkpoint the database with Trackio or sqlite3, or move the -wal file away to read only the checkpointed rows`,
    );
  }
}

/** True when `bytes` starts with SQLite's header string and is long enough to hold the header. */
export function hasSqliteMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 100) return false;
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Column names of each table of interest; a missing table is absent from the map. */
type Layout = ReadonlyMap<string, ReadonlySet<string>>;

const TABLES = ['metrics', 'configs', 'system_metrics', 'alerts'] as const;

function layoutOf(db: SqlDatabase): Layout {
  const names = new Set(rowsOf(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => r[0]));
  const layout = new Map<string, ReadonlySet<string>>();
  for (const t of TABLES) {
    if (names.has(t)) layout.set(t, new Set(rowsOf(db, `PRAGMA table_info(${t})`).map((r) => String(r[1]))));
  }
  return layout;
}

function readTables(db: SqlDatabase, file: string, collector: MetricsCollector): MetricsLog {
  const layout = layoutOf(db);
  const metrics = layout.get('metrics');
  if (metrics === undefined) throw new BadInputError(file, 'has no metrics table; not a Trackio project database');
  const missing = ['run_name', 'step', 'metrics'].filter((c) => !metrics.has(c));
  if (missing.length > 0)
    throw new BadInputError(file, `the metrics table has no ${missing.join(', ')} column; not a Trackio project database`);
  readMetricRows(db, file, metrics, collector);
  const configs = layout.get('configs');
  if (configs !== undefined) readConfigRows(db, file, configs, collector);
  const system = layout.get('system_metrics');
  if (system !== undefined) readSystemRows(db, file, system, collector);
  const alertColumns = layout.get('alerts');
  const alerts = alertColumns !== undefined ? readAlertRows(db, file, alertColumns) : [];
  return collector.finish({
    file,
    format: 'trackio-sqlite',
    schema: schemaLine(metrics),
    tables: { configs: configs !== undefined, systemMetrics: system !== undefined, alerts: alertColumns !== undefined },
    alerts,
  });
}

function schemaLine(metrics: ReadonlySet<string>): string {
  const extra = ['run_id', 'log_id', 'space_id'].filter((c) => metrics.has(c));
  if (!metrics.has('run_id'))
    return `metrics without run_id (Trackio before 0.24: run names are the identity)${extra.length > 0 ? `; with ${extra.join(', ')}` : ''}`;
  return `metrics with ${extra.join(', ')}`;
}

/** `name` when the table has that column, else NULL: queries are built from fixed names only. */
function col(columns: ReadonlySet<string>, name: string): string {
  return columns.has(name) ? name : 'NULL';
}

function readMetricRows(db: SqlDatabase, file: string, columns: ReadonlySet<string>, collector: MetricsCollector): void {
  const sql = `SELECT rowid, ${col(columns, 'run_id')}, run_name, ${col(columns, 'timestamp')}, step, metrics FROM metrics ORDER BY rowid`;
  forEachRow(db, sql, (row) => {
    const where = `metrics row ${String(row[0])}`;
    const runName = textCell(row[2], file, where, 'run_name');
    const step = stepCell(row[4], file, where);
    const run = collector.metricRow(
      optionalText(row[1], file, where, 'run_id'),
      runName,
      optionalText(row[3], file, where, 'timestamp'),
      step,
    );
    const values = jsonObjectCell(row[5], file, where, 'metrics');
    for (const key of Object.keys(values)) collector.value(run, key, values[key], step);
  });
}

function readConfigRows(db: SqlDatabase, file: string, columns: ReadonlySet<string>, collector: MetricsCollector): void {
  if (!columns.has('run_name') || !columns.has('config')) return;
  const sql = `SELECT rowid, ${col(columns, 'run_id')}, run_name, config, ${col(columns, 'created_at')} FROM configs ORDER BY rowid`;
  forEachRow(db, sql, (row) => {
    const where = `configs row ${String(row[0])}`;
    const config: RunConfig = {
      createdAt: optionalText(row[4], file, where, 'created_at'),
      values: jsonObjectCell(row[3], file, where, 'config'),
    };
    collector.config(optionalText(row[1], file, where, 'run_id'), textCell(row[2], file, where, 'run_name'), config);
  });
}

function readSystemRows(db: SqlDatabase, file: string, columns: ReadonlySet<string>, collector: MetricsCollector): void {
  if (!columns.has('run_name') || !columns.has('metrics')) return;
  const sql = `SELECT rowid, ${col(columns, 'run_id')}, run_name, metrics FROM system_metrics ORDER BY rowid`;
  forEachRow(db, sql, (row) => {
    const where = `system_metrics row ${String(row[0])}`;
    const run = collector.systemRow(optionalText(row[1], file, where, 'run_id'), textCell(row[2], file, where, 'run_name'));
    const values = jsonObjectCell(row[3], file, where, 'metrics');
    for (const key of Object.keys(values)) collector.systemValue(run, key, values[key]);
  });
}

function readAlertRows(db: SqlDatabase, file: string, columns: ReadonlySet<string>): AlertRecord[] {
  const names = ['run_id', 'run_name', 'timestamp', 'title', 'text', 'level', 'step'].map((c) => col(columns, c));
  const alerts: AlertRecord[] = [];
  forEachRow(db, `SELECT rowid, ${names.join(', ')} FROM alerts ORDER BY rowid`, (row) => {
    const where = `alerts row ${String(row[0])}`;
    const runName = optionalText(row[2], file, where, 'run_name') ?? '';
    alerts.push({
      runId: optionalText(row[1], file, where, 'run_id') ?? runName,
      runName,
      timestamp: optionalText(row[3], file, where, 'timestamp') ?? '',
      title: optionalText(row[4], file, where, 'title') ?? '',
      text: optionalText(row[5], file, where, 'text'),
      level: optionalText(row[6], file, where, 'level') ?? 'warn',
      step: row[7] === null || row[7] === undefined ? null : stepCell(row[7], file, where),
    });
  });
  return alerts;
}

function textCell(v: SqlValue | undefined, file: string, where: string, column: string): string {
  if (typeof v === 'string') return v;
  throw new BadInputError(file, `${column} is ${describe(v)}, expected text`, where);
}

function optionalText(v: SqlValue | undefined, file: string, where: string, column: string): string | null {
  return v === null || v === undefined ? null : textCell(v, file, where, column);
}

function stepCell(v: SqlValue | undefined, file: string, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new BadInputError(file, `step is ${describe(v)}, expected a number`, where);
}

function describe(v: SqlValue | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Uint8Array) return `a BLOB of ${v.length} bytes`;
  if (typeof v === 'string') return `"${shown(v, 40)}"`;
  return String(v);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON object stored as TEXT or as a BLOB of UTF-8 bytes (Trackio's orjson output). */
function jsonObjectCell(v: SqlValue | undefined, file: string, where: string, column: string): Record<string, unknown> {
  let text: string;
  if (typeof v === 'string') text = v;
  else if (v instanceof Uint8Array) {
    try {
      text = UTF8.decode(v);
    } catch {
      throw new BadInputError(file, `${column} is not valid UTF-8`, where);
    }
  } else throw new BadInputError(file, `${column} is ${describe(v)}, expected a JSON object`, where);
  let parsed: unknown;
  try {
    parsed = parseJsonBounded(text);
  } catch (err) {
    const why = err instanceof JsonLimitError ? err.message : 'malformed JSON';
    throw new BadInputError(file, `${column} is not a JSON object (${why})`, where);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BadInputError(file, `${column} is not a JSON object`, where);
  return parsed as Record<string, unknown>;
}
