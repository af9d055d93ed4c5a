/**
 * The metrics capability: a case's Trackio metrics (a project's `<name>.db` or a static Space's `metrics.parquet`
 * anywhere in the case folder, read as `recheck metrics` reads them: app/metrics/), for the metrics plot.
 * Each method is declared once here (common/api/method.ts); app/api/slices/metrics.ts implements them.
 * Example: `await api.listMetricsSources('kl-direction')` lists `logbook/distill.db` with its runs forward-kl and
 * reverse-kl and their keys; `await api.readMetricsSeries('kl-direction', 'logbook/distill.db', [{ run: '<id>', key:
 * 'train/loss' }])` returns that series, non-finite values spelled "NaN", "Infinity", "-Infinity".
 */
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name, record } from './validate';

/** A value of a series as it crosses the API: JSON has no NaN or Infinity, so those are spelled as Trackio spells them. */
export type SeriesValueView = number | 'NaN' | 'Infinity' | '-Infinity';

/** One metric key of one run: its points and how many of them are non-finite. */
export interface MetricKeyView {
  key: string;
  /** Numeric points (finite or not). */
  points: number;
  nan: number;
  posInf: number;
  negInf: number;
}

/** One run of a metrics file. */
export interface MetricsRunView {
  /** Trackio's run_id (the name where the file has none). */
  id: string;
  name: string;
  createdAt: string | null;
  lastStep: number | null;
  /** Metric rows (one per log() call). */
  rows: number;
  /** Keys with at least one numeric point, in the order first logged. */
  keys: MetricKeyView[];
}

/** A Trackio metrics file of the case, read; or why it could not be read. */
export interface MetricsSourceView {
  /** Relative to the case folder, e.g. `logbook/distill.db`. */
  path: string;
  format?: 'trackio-sqlite' | 'trackio-parquet';
  runs: MetricsRunView[];
  /** What a reader should know (a WAL folded in, steps beyond 2^53, ...). */
  notes: string[];
  /** One line: why the file is not a readable Trackio metrics file (then `runs` is empty). */
  error?: string;
}

/** Which series to read: a run (its id, as listed) and a metric key. */
export interface SeriesPick {
  run: string;
  key: string;
}

/** One series in stored order: steps and values, with notes on the step order. */
export interface MetricsSeriesView {
  runId: string;
  runName: string;
  key: string;
  steps: number[];
  values: SeriesValueView[];
  /** E.g. "steps are not increasing: ..." (empty when strictly increasing). */
  notes: string[];
}

/** Most series one call reads. */
export const MAX_SERIES_PICKS = 24;

const relativePath = (m: string, v: unknown): string => {
  const p = name(m, 'path', v, 1024);
  const parts = p.split('/');
  if (p.startsWith('/') || p.includes('\\') || parts.some((x) => x === '' || x === '.' || x === '..'))
    throw new ApiArgumentError(m, 'path must be a relative path inside the case (no "..")');
  return p;
};

const picks = (m: string, v: unknown): SeriesPick[] => {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_SERIES_PICKS)
    throw new ApiArgumentError(m, `series must be a list of 1 to ${MAX_SERIES_PICKS} {run, key}`);
  return v.map((x) => {
    const r = record(m, x, ['run', 'key']);
    return { run: name(m, 'run', r.run, 500), key: name(m, 'key', r.key, 500) };
  });
};

/** Trackio metrics of a case. */
export const METRICS = {
  /** Every Trackio metrics file of the case (`*.db`, `*.parquet` outside runs/ and aux/), with its runs and keys. */
  listMetricsSources: method({
    validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]),
    result: returns<MetricsSourceView[]>(),
  }),
  /** Series of one metrics file of the case, in the order asked; an unknown run or key is bad input naming what exists. */
  readMetricsSeries: method({
    validate: (a, m): [caseId: string, path: string, series: SeriesPick[]] => {
      arity(m, a, 3);
      return [id(m, 'caseId', a[0]), relativePath(m, a[1]), picks(m, a[2])];
    },
    result: returns<MetricsSeriesView[]>(),
  }),
};
