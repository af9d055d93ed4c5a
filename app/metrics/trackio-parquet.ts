/**
 * Reads a Trackio static-Space export (`export_for_static_space`, trackio-formats.md §3): `metrics.parquet`,
 * the SQLite `metrics` table flattened into one column per top-level metric key beside the structural
 * columns (id, run_id, timestamp, run_name, step, log_id, space_id, created_at), and when present beside it
 * `aux/configs.parquet` (configs flattened the same way), `aux/system_metrics.parquet` and `runs.json`
 * (checked against the rows). Trackio's local Parquet sync (`<project>.parquet` with `<project>_configs` and
 * `<project>_system`) has the same columns and is read the same way.
 *
 * Values: INT64 is a BigInt in the file; steps become numbers (from 2^53 on in magnitude: the nearest double,
 * counted in the notes); metric values become numbers when they are safe integers (|v| < 2^53) and are
 * otherwise kept out of the series, counted as "integer beyond 2^53" (configs keep them exact, as decimal
 * strings). NaN and ±Infinity doubles are kept and counted; rows without a key hold null, which is no entry.
 */
import { basename, dirname, join } from 'node:path';
import { lstat } from 'node:fs/promises';
import { BadInputError } from '../errors';
import { readRegularFile } from '../fs/confine';
import { shown } from '../text/display';
import { MetricsCollector, type RunTally } from './collect';
import { jsonValue } from './json-value';
import { STRUCTURAL_COLUMNS, type MetricsLog, type NamedBytes, type RunConfig } from './model';
import { ParquetBudgetError, ParquetFormatError, hasParquetMagic, readParquetColumns, type ParquetColumns } from './parquet-columns';
import { checkRunsJson } from './runs-json';

/** Largest Parquet file read: 2 GiB. */
export const MAX_PARQUET_BYTES = 2 * 1024 ** 3;

/** The export's other files, each optional. */
export interface ParquetSidecars {
  readonly configs?: NamedBytes;
  readonly systemMetrics?: NamedBytes;
  readonly runsJson?: NamedBytes;
}

/** Where the sidecars of a metrics Parquet file would be. */
export interface SidecarPaths {
  readonly configs: string;
  readonly systemMetrics: string;
  readonly runsJson: string | null;
}

/**
 * The sidecar paths of `path`: `aux/configs.parquet`, `aux/system_metrics.parquet` and `runs.json` beside a
 * `metrics.parquet`; `<project>_configs.parquet` and `<project>_system.parquet` beside a `<project>.parquet`.
 * Example: `sidecarPaths('/b/metrics.parquet').configs` is '/b/aux/configs.parquet'.
 */
export function sidecarPaths(path: string): SidecarPaths {
  const dir = dirname(path);
  const name = basename(path);
  if (name === 'metrics.parquet')
    return {
      configs: join(dir, 'aux', 'configs.parquet'),
      systemMetrics: join(dir, 'aux', 'system_metrics.parquet'),
      runsJson: join(dir, 'runs.json'),
    };
  const stem = name.replace(/\.parquet$/i, '');
  return { configs: join(dir, `${stem}_configs.parquet`), systemMetrics: join(dir, `${stem}_system.parquet`), runsJson: null };
}

/** Options of readTrackioParquetFile. */
export interface ParquetReadOptions {
  /** Name used in messages (default: the path); sidecars are named beside it. */
  readonly shownAs?: string;
  /** Largest accepted file, in bytes (default MAX_PARQUET_BYTES). */
  readonly maxBytes?: number;
}

/**
 * Reads the sidecars of `path` that exist (sidecarPaths), each as an untrusted regular file under the cap,
 * named in messages beside `file`.
 * Example: `await parquetSidecars('/b/metrics.parquet', 'metrics.parquet', MAX_PARQUET_BYTES)`.
 */
export async function parquetSidecars(path: string, file: string, maxBytes: number): Promise<ParquetSidecars> {
  const paths = sidecarPaths(path);
  const read = async (p: string | null): Promise<NamedBytes | undefined> => {
    if (p === null || !(await exists(p))) return undefined;
    const name = join(dirname(file), p.slice(dirname(path).length + 1));
    return { bytes: await readRegularFile(p, { maxBytes, shownAs: name }), file: name };
  };
  const configs = await read(paths.configs);
  const systemMetrics = await read(paths.systemMetrics);
  const runsJson = await read(paths.runsJson);
  return { ...(configs ? { configs } : {}), ...(systemMetrics ? { systemMetrics } : {}), ...(runsJson ? { runsJson } : {}) };
}

/**
 * Reads `path` and the sidecars found beside it (parquetSidecars).
 * Example: `(await readTrackioParquetFile('bucket/metrics.parquet')).runs[0].keys.map((k) => k.key)`.
 */
export async function readTrackioParquetFile(path: string, o: ParquetReadOptions = {}): Promise<MetricsLog> {
  const file = o.shownAs ?? shown(path);
  const maxBytes = o.maxBytes ?? MAX_PARQUET_BYTES;
  const bytes = await readRegularFile(path, { maxBytes, shownAs: file });
  return readTrackioParquet({ bytes, file }, await parquetSidecars(path, file, maxBytes));
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Reads a metrics Parquet file (and its sidecars) held in memory into the shared model.
 * Example: `await readTrackioParquet({ bytes: readFileSync('metrics.parquet'), file: 'metrics.parquet' })`.
 */
export async function readTrackioParquet(metrics: NamedBytes, sidecars: ParquetSidecars = {}): Promise<MetricsLog> {
  const collector = new MetricsCollector();
  const table = await columnsOf(metrics);
  readMetricRows(table, metrics.file, collector);
  if (sidecars.configs !== undefined) readConfigRows(await columnsOf(sidecars.configs), sidecars.configs.file, collector);
  if (sidecars.systemMetrics !== undefined) readSystemRows(await columnsOf(sidecars.systemMetrics), sidecars.systemMetrics.file, collector);
  const log = collector.finish({
    file: metrics.file,
    format: 'trackio-parquet',
    schema: schemaLine(table),
    tables: { configs: sidecars.configs !== undefined, systemMetrics: sidecars.systemMetrics !== undefined, alerts: false },
    alerts: [],
  });
  if (sidecars.runsJson === undefined) return log;
  return { ...log, notes: [...log.notes, ...checkRunsJson(sidecars.runsJson, log)] };
}

async function columnsOf(f: NamedBytes): Promise<ParquetColumns> {
  if (f.bytes.length === 0) throw new BadInputError(f.file, 'is empty, not a Parquet file');
  if (!hasParquetMagic(f.bytes)) throw new BadInputError(f.file, 'is not a Parquet file (no PAR1 magic at both ends)');
  try {
    return await readParquetColumns(f.bytes);
  } catch (err) {
    if (err instanceof ParquetBudgetError)
      throw new BadInputError(f.file, `is too large to read: ${shown(err.reason, 200)}; export fewer runs or metrics`);
    if (err instanceof ParquetFormatError) throw new BadInputError(f.file, `is not a readable Parquet file (${shown(err.reason, 200)})`);
    throw err;
  }
}

function schemaLine(t: ParquetColumns): string {
  const metricColumns = t.names.filter((n) => !STRUCTURAL_COLUMNS.has(n)).length;
  const identity = t.names.includes('run_id') ? '' : ' without run_id (run names are the identity)';
  const writer = t.createdBy !== null ? `; written by ${shown(t.createdBy, 80)}` : '';
  return `flattened metrics${identity}: ${metricColumns} metric columns; ${t.codecs.join(', ') || 'no column chunks'}${writer}`;
}

/** A structural column, or bad input naming the file when a required one is missing. */
function column(t: ParquetColumns, name: string, file: string, required: boolean): readonly unknown[] | null {
  const values = t.values.get(name);
  if (values !== undefined) return values;
  if (required) throw new BadInputError(file, `has no ${name} column; not a Trackio export (columns: ${shown(t.names.join(', '), 200)})`);
  return null;
}

function readMetricRows(t: ParquetColumns, file: string, collector: MetricsCollector): void {
  const runNames = column(t, 'run_name', file, true) as readonly unknown[];
  const stepColumn = column(t, 'step', file, true) as readonly unknown[];
  const runIds = column(t, 'run_id', file, false);
  const timestamps = column(t, 'timestamp', file, false);
  const runs: RunTally[] = [];
  const steps: number[] = [];
  for (let i = 0; i < t.rows; i++) {
    const where = `row ${i + 1}`;
    const step = stepValue(stepColumn[i], file, where);
    steps.push(step);
    runs.push(
      collector.metricRow(
        optionalText(runIds?.[i], file, where, 'run_id'),
        text(runNames[i], file, where, 'run_name'),
        optionalText(timestamps?.[i], file, where, 'timestamp'),
        step,
      ),
    );
  }
  for (const name of t.names) {
    if (STRUCTURAL_COLUMNS.has(name)) continue;
    const values = t.values.get(name) as readonly unknown[];
    for (let i = 0; i < t.rows; i++) collector.value(runs[i] as RunTally, name, values[i], steps[i] as number);
  }
}

function readConfigRows(t: ParquetColumns, file: string, collector: MetricsCollector): void {
  const runNames = column(t, 'run_name', file, true) as readonly unknown[];
  const runIds = column(t, 'run_id', file, false);
  const created = column(t, 'created_at', file, false);
  const keys = t.names.filter((n) => !STRUCTURAL_COLUMNS.has(n));
  for (let i = 0; i < t.rows; i++) {
    const where = `row ${i + 1}`;
    const values: Record<string, unknown> = {};
    for (const k of keys) {
      const v = t.values.get(k)?.[i];
      if (v !== null && v !== undefined) values[k] = jsonValue(v);
    }
    const config: RunConfig = { createdAt: optionalText(created?.[i], file, where, 'created_at'), values };
    collector.config(optionalText(runIds?.[i], file, where, 'run_id'), text(runNames[i], file, where, 'run_name'), config);
  }
}

function readSystemRows(t: ParquetColumns, file: string, collector: MetricsCollector): void {
  const runNames = column(t, 'run_name', file, true) as readonly unknown[];
  const runIds = column(t, 'run_id', file, false);
  const runs: RunTally[] = [];
  for (let i = 0; i < t.rows; i++) {
    const where = `row ${i + 1}`;
    runs.push(collector.systemRow(optionalText(runIds?.[i], file, where, 'run_id'), text(runNames[i], file, where, 'run_name')));
  }
  for (const name of t.names) {
    if (STRUCTURAL_COLUMNS.has(name)) continue;
    const values = t.values.get(name) as readonly unknown[];
    for (let i = 0; i < t.rows; i++) collector.systemValue(runs[i] as RunTally, name, values[i]);
  }
}

function text(v: unknown, file: string, where: string, name: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString();
  throw new BadInputError(file, `${name} is ${v === null || v === undefined ? 'null' : `a ${typeof v}`}, expected text`, where);
}

function optionalText(v: unknown, file: string, where: string, name: string): string | null {
  return v === null || v === undefined ? null : text(v, file, where, name);
}

function stepValue(v: unknown, file: string, where: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const what = v === null || v === undefined ? 'null' : typeof v === 'number' ? String(v) : `a ${typeof v}`;
  throw new BadInputError(file, `step is ${what}, expected a number`, where);
}
