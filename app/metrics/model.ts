/**
 * The one model of a Trackio metrics log, whichever file it was read from: a project's SQLite database
 * (`<project>.db`, app/metrics/trackio-db.ts) or a static Space's `metrics.parquet` export
 * (app/metrics/trackio-parquet.ts). Both readers feed rows to one collector (collect.ts), so a run, its keys
 * and its series mean the same thing for both.
 *
 * Conventions (docs: /work/research/trackio-formats.md §2.4, §3):
 * - a run's identity is Trackio's `run_id`; databases older than Trackio 0.24 have none, and then the run
 *   name is the identity (as Trackio's own readers do);
 * - a series is the (step, value) pairs of one metric key in one run, in the order the rows were stored
 *   (SQLite rowid, Parquet row order). Steps are kept as stored: not necessarily increasing nor unique;
 * - NaN, +Infinity and -Infinity are kept as numbers and counted. Trackio stores them as the strings "NaN",
 *   "Infinity", "-Infinity" in its JSON and turns them back at the top level only; so do we, and a string
 *   that was turned back is counted as restored;
 * - a value that is not a number (a media dict tagged `_type`, a string, a list, a boolean, an integer
 *   beyond 2^53 kept exact) is not a point of the series; it is counted by kind.
 */

/** A file's bytes and its name as shown in messages. */
export interface NamedBytes {
  readonly bytes: Uint8Array;
  readonly file: string;
}

/** Which file format a log came from. */
export type MetricsFormat = 'trackio-sqlite' | 'trackio-parquet';

/** How many NaN, +Infinity and -Infinity values. */
export interface NonFiniteCounts {
  readonly nan: number;
  readonly posInf: number;
  readonly negInf: number;
}

/** What one metric key holds in one run (or in one run's system metrics). */
export interface MetricKeySummary {
  readonly key: string;
  /** Numeric entries, finite or not: the points of the key's series. */
  readonly numbers: number;
  readonly nonFinite: NonFiniteCounts;
  /** Non-finite numbers read from Trackio's strings "NaN", "Infinity", "-Infinity" (top level only). */
  readonly restoredFromStrings: number;
  /** Entries that are not numbers, by kind (`trackio.image`, `string`, `list`, `integer beyond 2^53`, ...). */
  readonly other: Readonly<Record<string, number>>;
}

/** A run's configuration: Trackio's `configs` row (or `aux/configs.parquet` row), as JSON values. */
export interface RunConfig {
  readonly createdAt: string | null;
  /** The config's keys and values; non-finite numbers appear as Trackio's strings "NaN", "Infinity", "-Infinity". */
  readonly values: Readonly<Record<string, unknown>>;
}

/** A run's system metrics (no steps): how many rows and what each key holds. */
export interface SystemMetricsSummary {
  readonly count: number;
  readonly keys: readonly MetricKeySummary[];
}

/** One run of the project. */
export interface RunSummary {
  /** Trackio's run_id, or the run name where the file has no run ids. */
  readonly id: string;
  readonly name: string;
  /** Earliest timestamp of its metric rows (Trackio's `MIN(timestamp)`), else its config's, else null. */
  readonly createdAt: string | null;
  /** Largest step logged (Trackio's `MAX(step)`), null without metric rows. */
  readonly lastStep: number | null;
  /** Number of metric rows (one per `log()` call). */
  readonly count: number;
  readonly keys: readonly MetricKeySummary[];
  readonly config: RunConfig | null;
  readonly systemMetrics: SystemMetricsSummary | null;
}

/** A row of Trackio's `alerts` table. */
export interface AlertRecord {
  readonly runId: string;
  readonly runName: string;
  readonly timestamp: string;
  readonly title: string;
  readonly text: string | null;
  readonly level: string;
  readonly step: number | null;
}

/** How the steps of a series are ordered. */
export interface StepOrder {
  /** `increasing` (strictly), `non-decreasing` (some repeats), or `unordered` (some step below its predecessor). */
  readonly kind: 'increasing' | 'non-decreasing' | 'unordered';
  /** Points whose step equals the previous point's step. */
  readonly repeats: number;
  /** Points whose step is below the previous point's step. */
  readonly decreases: number;
  /** The first point below its predecessor: its index in the series, its step and the previous step. */
  readonly firstDecrease: { readonly index: number; readonly step: number; readonly previous: number } | null;
}

/** One metric of one run: (step, value) pairs in stored order. */
export interface Series {
  readonly runId: string;
  readonly runName: string;
  readonly key: string;
  readonly steps: readonly number[];
  readonly values: readonly number[];
  readonly nonFinite: NonFiniteCounts;
  readonly restoredFromStrings: number;
  /** Entries of the key that are not numbers (not points), by kind. */
  readonly other: Readonly<Record<string, number>>;
  readonly order: StepOrder;
}

/** Which of Trackio's tables (or export files) the source had. */
export interface SourceTables {
  readonly configs: boolean;
  readonly systemMetrics: boolean;
  readonly alerts: boolean;
}

/** A Trackio metrics log, read. Immutable. */
export interface MetricsLog {
  /** The file as shown in messages. */
  readonly file: string;
  readonly format: MetricsFormat;
  /** One line on the layout found, e.g. "metrics with run_id, log_id, space_id". */
  readonly schema: string;
  /** Metric rows read. */
  readonly rows: number;
  /** Runs by creation time (ties: first seen first). */
  readonly runs: readonly RunSummary[];
  readonly tables: SourceTables;
  /** Alerts, empty when there is no `alerts` table (see `tables.alerts`). */
  readonly alerts: readonly AlertRecord[];
  /** Facts a reader should know: a WAL folded in, steps beyond 2^53, runs.json disagreeing, ... */
  readonly notes: readonly string[];
  /** Series by run id, then by key. Use seriesOf (series.ts) to look one up by name. */
  readonly series: ReadonlyMap<string, ReadonlyMap<string, Series>>;
}

/** Trackio's structural columns of a flattened export: everything else in metrics.parquet is a metric key. */
export const STRUCTURAL_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'run_id',
  'timestamp',
  'run_name',
  'step',
  'log_id',
  'space_id',
  'created_at',
]);
