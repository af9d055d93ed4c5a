/**
 * Reads a Trackio project database (`<project>.db`, Trackio's `SQLiteStorage`) read-only, page by page
 * (sqlite-reader.ts: the file is read on demand, never held whole): the `metrics` table (one row per `log()`
 * call: run, timestamp, step and a JSON blob of the metrics), and, when present, `configs`, `system_metrics`
 * and `alerts`. Schema facts (trackio-formats.md §2):
 * - `run_id` exists only from Trackio 0.24 on, and no migration adds it: without it the run name is the
 *   identity; `log_id` and `space_id` appear from 0.17 on. Columns are read from the CREATE TABLE text;
 * - the JSON blob is a BLOB (orjson bytes) for rows written by 0.5 and later, TEXT before; both are read;
 * - Trackio keeps local databases in WAL mode: a `<db>-wal` sidecar is read too (its newest committed copy of
 *   a page wins, as in SQLite; wal-overlay.ts).
 *
 * The file is untrusted: it is opened as a regular file under a size cap and read through bounds-checked
 * pages; anything SQLite could not read, or a row of the wrong shape, is BadInputError naming the file (and
 * the page or the row).
 */
import { lstat } from 'node:fs/promises';
import { BadInputError, BudgetExceededError } from '../errors';
import { JsonLimitError, parseJsonBounded } from '../../common/json/bounded';
import { shown } from '../text/display';
import { MetricsCollector } from './collect';
import type { AlertRecord, MetricsLog, NamedBytes, RunConfig } from './model';
import { SqliteFormatError } from './sqlite-pages';
import { SqliteReader, type TableInfo } from './sqlite-reader';
import type { SqliteValue } from './sqlite-record';
import { SourceError, bytesSource, openFileSource, type ByteSource } from './sqlite-source';
import { WalError, indexWal, type WalIndex } from './wal-overlay';

/**
 * Largest database (and -wal) file read: 64 GiB. The reader holds no copy of the file (a page cache of about
 * 2 MB, a 256 KB read-ahead window and one bit per page); what grows is the model of the values read
 * (collect.ts), bounded by MAX_DATABASE_POINTS.
 */
export const MAX_DATABASE_BYTES = 64 * 1024 ** 3;

/**
 * Most numeric points (metric and system values) read from one database: 24 M. Measured: `recheck metrics` on
 * a 299 MB database of 648 k rows (3.24 M points) peaked at 224 MB of rss against 57 MB for a tiny database,
 * about 52 bytes per point, so the budget is about 1.3 GB. A database over it is refused with one line
 * (BudgetExceededError) at the row that crosses it, before the memory is taken.
 */
export const MAX_DATABASE_POINTS = 24_000_000;

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Options of readTrackioDatabaseFile. */
export interface DatabaseReadOptions {
  /** Name used in messages (default: the path). */
  readonly shownAs?: string;
  /** Largest accepted file, in bytes (default MAX_DATABASE_BYTES). */
  readonly maxBytes?: number;
}

/** A file open for reading on demand, and its name as shown in messages. */
export interface NamedSource {
  readonly source: ByteSource;
  readonly file: string;
}

/** What lies beside a database file: its -wal (opened; the caller closes it), and a note when a -journal is left over. */
export interface DatabaseSidecars {
  readonly wal?: NamedSource | NamedBytes;
  readonly journalNote?: string;
}

/**
 * Opens the sidecars of the database at `path`: the `-wal` (as an untrusted regular file under the cap), and
 * notes a non-empty `-journal` (left by an interrupted transaction in rollback mode; it is not applied).
 * Close them with closeSidecars. Example: `await databaseSidecars('/t/p.db', 'p.db', MAX_DATABASE_BYTES)` is `{}`
 * without sidecars.
 */
export async function databaseSidecars(path: string, file: string, maxBytes: number): Promise<DatabaseSidecars> {
  const wal = (await exists(`${path}-wal`))
    ? { source: openFileSource(`${path}-wal`, `${file}-wal`, maxBytes), file: `${file}-wal` }
    : undefined;
  let journal: boolean;
  try {
    journal = await exists(`${path}-journal`, true);
  } catch (err) {
    wal?.source.close();
    throw err;
  }
  const journalNote = journal
    ? `${file}-journal exists: a transaction may have been interrupted; open the database once with sqlite3 or Trackio to roll it back`
    : undefined;
  return { ...(wal !== undefined ? { wal } : {}), ...(journalNote !== undefined ? { journalNote } : {}) };
}

/** Closes what databaseSidecars opened. */
export function closeSidecars(sidecars: DatabaseSidecars): void {
  if (sidecars.wal !== undefined && 'source' in sidecars.wal) sidecars.wal.source.close();
}

/**
 * Reads the database at `path` with its sidecars (databaseSidecars).
 * Example: `(await readTrackioDatabaseFile('/home/u/.cache/huggingface/trackio/proj.db')).runs.map((r) => r.name)`.
 */
export async function readTrackioDatabaseFile(path: string, o: DatabaseReadOptions = {}): Promise<MetricsLog> {
  const file = o.shownAs ?? shown(path);
  const maxBytes = o.maxBytes ?? MAX_DATABASE_BYTES;
  const source = openFileSource(path, file, maxBytes);
  try {
    const sidecars = await databaseSidecars(path, file, maxBytes);
    try {
      return readTrackioDatabase({ source, file }, sidecars);
    } finally {
      closeSidecars(sidecars);
    }
  } finally {
    source.close();
  }
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

function sourceOf(named: NamedSource | NamedBytes): ByteSource {
  return 'source' in named ? named.source : bytesSource(named.bytes);
}

/**
 * Reads a database (bytes in memory, or a file opened with openFileSource) and its WAL, when given, into the
 * shared model, refusing more than `maxPoints` numeric values (BudgetExceededError). Example: `readTrackioDatabase({ bytes: readFileSync('p.db'), file: 'p.db' })`.
 */
export function readTrackioDatabase(
  db: NamedSource | NamedBytes,
  sidecars: DatabaseSidecars = {},
  maxPoints = MAX_DATABASE_POINTS,
): MetricsLog {
  const collector = new MetricsCollector();
  const main = sourceOf(db);
  const wal = walOf(main, sidecars.wal, collector);
  if (sidecars.journalNote !== undefined) collector.note(sidecars.journalNote);
  if (main.size === 0 && (wal === undefined || wal.index.pages === 0)) throw new BadInputError(db.file, 'is empty, not a SQLite database');
  if (main.size > 0 && !hasSqliteMagic(main.read(0, Math.min(100, main.size))))
    throw new BadInputError(db.file, 'is not a SQLite database (no "SQLite format 3" header); expected a Trackio <project>.db');
  try {
    return readTables(SqliteReader.open(main, wal), db.file, collector, maxPoints);
  } catch (err) {
    if (err instanceof SqliteFormatError)
      throw new BadInputError(db.file, `is not a readable SQLite database (${shown(err.message, 200)})`);
    if (err instanceof SourceError) throw new BadInputError(db.file, `cannot be read (${err.message})`);
    throw err;
  }
}

function walOf(
  main: ByteSource,
  wal: NamedSource | NamedBytes | undefined,
  collector: MetricsCollector,
): { source: ByteSource; index: WalIndex } | undefined {
  if (wal === undefined) return undefined;
  const source = sourceOf(wal);
  try {
    const head = main.size >= 100 ? main.read(0, 100) : null;
    const dbPageSize = head !== null && hasSqliteMagic(head) ? pageSizeOf(head) : null;
    const index = indexWal(source, dbPageSize, main.size);
    if (index.committed > 0)
      collector.note(`folded ${index.committed} committed frames (database of ${index.pages} pages) from ${wal.file}`);
    if (index.uncommitted > 0)
      collector.note(`left out ${index.uncommitted} frames of an unfinished transaction at the end of ${wal.file}`);
    return { source, index };
  } catch (err) {
    if (err instanceof SourceError) throw new BadInputError(wal.file, `cannot be read (${err.message})`);
    if (!(err instanceof WalError)) throw err;
    throw new BadInputError(
      wal.file,
      `cannot be applied (${err.reason}); checkpoint the database with Trackio or sqlite3, or move the -wal file away to read only the checkpointed rows`,
    );
  }
}

function pageSizeOf(head: Uint8Array): number {
  const raw = ((head[16] as number) << 8) | (head[17] as number);
  return raw === 1 ? 65536 : raw;
}

/** True when `bytes` starts with SQLite's header string and is long enough to hold the header. */
export function hasSqliteMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 100) return false;
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** A cell as the model wants it: INTEGER beyond 2^53 as the nearest double (as SQLite's own double conversion). */
type Cell = number | string | Uint8Array | null;

function cellOf(v: SqliteValue): Cell {
  return typeof v === 'bigint' ? Number(v) : v;
}

/** The open database, its tables (by lower-cased name) and the points budget. */
interface Layout {
  readonly reader: SqliteReader;
  readonly tables: ReadonlyMap<string, TableInfo>;
  readonly maxPoints: number;
}

/** The table's column names as declared. */
function columnsOf(table: TableInfo): ReadonlySet<string> {
  return new Set(table.columns.map((c) => c.name));
}

/**
 * Every row of `table` in rowid order with the values of `names` (a name the table lacks reads as NULL, as the
 * former `SELECT NULL` did): `each([rowid, ...values])`.
 */
function forEachRow(layout: Layout, table: TableInfo, names: readonly string[], each: (row: Cell[]) => void): void {
  const present = columnsOf(table);
  const real = names.filter((n) => present.has(n));
  layout.reader.scan(
    table,
    real,
    (rowid, values) => {
      let k = 0;
      const row: Cell[] = [cellOf(rowid)];
      for (const n of names) row.push(present.has(n) ? cellOf(values[k++] as SqliteValue) : null);
      each(row);
    },
    { blobViews: true }, // every BLOB here is JSON, decoded within `each`
  );
}

function readTables(reader: SqliteReader, file: string, collector: MetricsCollector, maxPoints: number): MetricsLog {
  const layout: Layout = { reader, tables: reader.tables(), maxPoints };
  const metricsTable = layout.tables.get('metrics');
  if (metricsTable === undefined) throw new BadInputError(file, 'has no metrics table; not a Trackio project database');
  const metrics = columnsOf(metricsTable);
  const missing = ['run_name', 'step', 'metrics'].filter((c) => !metrics.has(c));
  if (missing.length > 0)
    throw new BadInputError(file, `the metrics table has no ${missing.join(', ')} column; not a Trackio project database`);
  readMetricRows(layout, metricsTable, file, collector);
  const configs = layout.tables.get('configs');
  if (configs !== undefined) readConfigRows(layout, configs, file, collector);
  const system = layout.tables.get('system_metrics');
  if (system !== undefined) readSystemRows(layout, system, file, collector);
  const alertTable = layout.tables.get('alerts');
  const alerts = alertTable !== undefined ? readAlertRows(layout, alertTable, file) : [];
  return collector.finish({
    file,
    format: 'trackio-sqlite',
    schema: schemaLine(metrics),
    tables: { configs: configs !== undefined, systemMetrics: system !== undefined, alerts: alertTable !== undefined },
    alerts,
  });
}

function schemaLine(metrics: ReadonlySet<string>): string {
  const extra = ['run_id', 'log_id', 'space_id'].filter((c) => metrics.has(c));
  if (!metrics.has('run_id'))
    return `metrics without run_id (Trackio before 0.24: run names are the identity)${extra.length > 0 ? `; with ${extra.join(', ')}` : ''}`;
  return `metrics with ${extra.join(', ')}`;
}

/** Refuses a database whose numeric points exceed `max` (MAX_DATABASE_POINTS), at the row that crosses it. */
function checkPoints(collector: MetricsCollector, file: string, where: string, max: number): void {
  if (collector.points <= max) return;
  throw new BudgetExceededError(
    file,
    `holds more than ${max} numeric metric values (at ${where}), over what one read keeps in memory; export fewer runs or keys (e.g. with Trackio) and read that`,
  );
}

function readMetricRows(layout: Layout, table: TableInfo, file: string, collector: MetricsCollector): void {
  forEachRow(layout, table, ['run_id', 'run_name', 'timestamp', 'step', 'metrics'], (row) => {
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
    checkPoints(collector, file, where, layout.maxPoints);
  });
}

function readConfigRows(layout: Layout, table: TableInfo, file: string, collector: MetricsCollector): void {
  const columns = columnsOf(table);
  if (!columns.has('run_name') || !columns.has('config')) return;
  forEachRow(layout, table, ['run_id', 'run_name', 'config', 'created_at'], (row) => {
    const where = `configs row ${String(row[0])}`;
    const config: RunConfig = {
      createdAt: optionalText(row[4], file, where, 'created_at'),
      values: jsonObjectCell(row[3], file, where, 'config'),
    };
    collector.config(optionalText(row[1], file, where, 'run_id'), textCell(row[2], file, where, 'run_name'), config);
  });
}

function readSystemRows(layout: Layout, table: TableInfo, file: string, collector: MetricsCollector): void {
  const columns = columnsOf(table);
  if (!columns.has('run_name') || !columns.has('metrics')) return;
  forEachRow(layout, table, ['run_id', 'run_name', 'metrics'], (row) => {
    const where = `system_metrics row ${String(row[0])}`;
    const run = collector.systemRow(optionalText(row[1], file, where, 'run_id'), textCell(row[2], file, where, 'run_name'));
    const values = jsonObjectCell(row[3], file, where, 'metrics');
    for (const key of Object.keys(values)) collector.systemValue(run, key, values[key]);
    checkPoints(collector, file, where, layout.maxPoints);
  });
}

function readAlertRows(layout: Layout, table: TableInfo, file: string): AlertRecord[] {
  const alerts: AlertRecord[] = [];
  forEachRow(layout, table, ['run_id', 'run_name', 'timestamp', 'title', 'text', 'level', 'step'], (row) => {
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

function textCell(v: Cell | undefined, file: string, where: string, column: string): string {
  if (typeof v === 'string') return v;
  throw new BadInputError(file, `${column} is ${describe(v)}, expected text`, where);
}

function optionalText(v: Cell | undefined, file: string, where: string, column: string): string | null {
  return v === null || v === undefined ? null : textCell(v, file, where, column);
}

function stepCell(v: Cell | undefined, file: string, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new BadInputError(file, `step is ${describe(v)}, expected a number`, where);
}

function describe(v: Cell | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Uint8Array) return `a BLOB of ${v.length} bytes`;
  if (typeof v === 'string') return `"${shown(v, 40)}"`;
  return String(v);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON object stored as TEXT or as a BLOB of UTF-8 bytes (Trackio's orjson output). */
function jsonObjectCell(v: Cell | undefined, file: string, where: string, column: string): Record<string, unknown> {
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
