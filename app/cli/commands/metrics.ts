/** `recheck metrics <file.db|metrics.parquet> [--run NAME] [--key METRIC] [--csv] [--json]`: Trackio metrics. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT } from '../../errors';
import { shown } from '../../text/display';
import { findRun, seriesOf } from '../../metrics/lookup';
import { seriesCsv, seriesJson, seriesLines } from '../../metrics/series-text';
import { describeStepOrder } from '../../metrics/step-order';
import type { AlertRecord, MetricKeySummary, MetricsLog, RunSummary, Series } from '../../metrics/model';

/** Alerts listed in the human report; --json lists them all. */
const MAX_ALERTS_SHOWN = 20;

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'read a Trackio project database or metrics.parquet export: runs, configs, metric keys, one series',
  usage: `usage: recheck metrics <file.db|metrics.parquet> [--run NAME] [--key METRIC] [--csv] [--json]

Reads Trackio's metrics read-only, from either
  <project>.db     a project's SQLite database (any Trackio schema: without run_id before 0.24, the run
                   name is the identity); a <project>.db-wal beside it is folded in (the newest rows of a
                   live run are often only there); a WAL that cannot be applied is bad input, saying why
  metrics.parquet  a static Space's export (SNAPPY, GZIP, ZSTD, BROTLI, LZ4), with aux/configs.parquet,
                   aux/system_metrics.parquet and runs.json beside it when present (runs.json is checked
                   against the rows; disagreements are noted)
The format is told from the file's first bytes. Files are untrusted: regular files; a database of at most
64 GiB is read page by page, never held whole, and at most 24 M numeric values are kept (about 1.3 GB);
a Parquet file is read whole, at most 2 GiB.
Without --key: the runs (id, name, creation time, last step, rows), each run's config, metric keys (points,
NaN/+Infinity/-Infinity counts, entries that are not numbers by kind, e.g. trackio.image) and system
metrics, and the alerts. --run NAME (a run name or id) lists that run only.
With --key METRIC: that metric's series in the run given by --run (which may be left out when there is only
one run), as "step,value" lines in stored order, after "# " lines saying what was read.
--csv writes the series as a CSV with the header step,value (for recheck fit --x step --y value); notes go
to stderr.
Values: NaN and +/-Infinity are kept (Trackio stores them as the strings "NaN", "Infinity", "-Infinity" and
turns them back at the top level only, as here) and written as NaN, Infinity, -Infinity (recheck fit refuses
such lines, naming them). Steps are as stored, not necessarily increasing; a note says when they are not.
An int64 metric beyond 2^53 in Parquet is not a point (counted as "integer beyond 2^53"); configs keep it
exact as a string.
A run name shared by several runs, an unknown run or an unknown metric is bad input naming what exists.
JSON keys (listing): file, format, schema, rows, tables, notes, runs [{id, name, createdAt, lastStep, count,
config, keys, systemMetrics}], alerts. With --key: file, format, notes, series {run, key, points
[[step, value]], count, nonFinite, restoredFromStrings, other, stepOrder}; non-finite values as "NaN",
"Infinity", "-Infinity".`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'metrics',
      args,
      { run: { type: 'string' }, key: { type: 'string' }, csv: { type: 'boolean' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<file.db|metrics.parquet>' },
    );
    if (values.csv && values.json) throw new UsageError('metrics', '--csv and --json exclude each other');
    if (values.csv && values.key === undefined) throw new UsageError('metrics', '--csv writes one series: give --key METRIC');
    const file = positionals[0] as string;
    const { readMetricsFile } = await import('../../metrics/read');
    const log = await readMetricsFile(resolve(io.cwd, file), { shownAs: shown(file) });
    if (values.key !== undefined) return printSeries(log, seriesOf(log, runFor(log, values.run), values.key), values, io.stdout, io.stderr);
    const runs = values.run !== undefined ? [findRun(log, values.run)] : log.runs;
    io.stdout(values.json ? `${JSON.stringify(listingJson(log, runs), null, 2)}\n` : formatListing(log, runs));
    return EXIT.ok;
  },
};

/** The run named by --run, or the only run when --run is left out. */
function runFor(log: MetricsLog, ref: string | undefined): RunSummary {
  if (ref !== undefined) return findRun(log, ref);
  if (log.runs.length === 1) return log.runs[0] as RunSummary;
  const names = log.runs
    .map((r) => shown(r.name, 80))
    .slice(0, 20)
    .join(', ');
  throw new UsageError('metrics', `--key needs --run NAME: ${log.file} has ${log.runs.length} runs${names !== '' ? ` (${names})` : ''}`);
}

function printSeries(
  log: MetricsLog,
  s: Series,
  o: { csv?: boolean; json?: boolean },
  out: (t: string) => void,
  err: (t: string) => void,
): number {
  const notes = [...log.notes, ...seriesNotes(s)];
  if (o.json) out(`${JSON.stringify({ file: log.file, format: log.format, notes, series: seriesJson(s) }, null, 2)}\n`);
  else if (o.csv) {
    out(seriesCsv(s));
    for (const n of notes) err(`recheck: note: ${n}\n`);
  } else {
    out(
      `# ${log.file}: run "${shown(s.runName, 80)}" (id ${shown(s.runId, 80)}), metric "${shown(s.key, 80)}": ${pointsLine(s.steps.length, s.nonFinite, s.restoredFromStrings)}\n`,
    );
    for (const n of notes) out(`# ${n}\n`);
    out(seriesLines(s));
  }
  return EXIT.ok;
}

/** What a reader of one series should know: step order, entries that are not points. */
function seriesNotes(s: Series): string[] {
  const notes: string[] = [];
  const order = describeStepOrder(s.order);
  if (order !== null) notes.push(order);
  const other = kindsLine(s.other);
  if (other !== '') notes.push(`entries that are not numbers, not in the series: ${other}`);
  return notes;
}

function pointsLine(points: number, nf: Series['nonFinite'], restored: number): string {
  const parts = [`${points} point${points === 1 ? '' : 's'}`];
  const nonFinite = [
    nf.nan > 0 ? `NaN ${nf.nan}` : '',
    nf.posInf > 0 ? `+Infinity ${nf.posInf}` : '',
    nf.negInf > 0 ? `-Infinity ${nf.negInf}` : '',
  ].filter((p) => p !== '');
  if (nonFinite.length > 0)
    parts.push(`${nonFinite.join(', ')}${restored > 0 ? ` (${restored} from Trackio's "NaN"/"Infinity" strings)` : ''}`);
  return parts.join('; ');
}

function kindsLine(other: Readonly<Record<string, number>>): string {
  return Object.entries(other)
    .map(([k, n]) => `${shown(k, 60)} ${n}`)
    .join(', ');
}

function keyLine(k: MetricKeySummary): string {
  const other = kindsLine(k.other);
  const points = k.numbers > 0 || other === '' ? pointsLine(k.numbers, k.nonFinite, k.restoredFromStrings) : '';
  return [points, other !== '' ? `not numbers: ${other}` : ''].filter((p) => p !== '').join('; ');
}

function formatListing(log: MetricsLog, runs: readonly RunSummary[]): string {
  const lines = [
    `${log.file}: Trackio ${log.format === 'trackio-sqlite' ? 'SQLite database' : 'Parquet export'}; ${log.schema}`,
    `${log.rows} metric rows, ${log.runs.length} runs`,
  ];
  for (const n of log.notes) lines.push(`note: ${n}`);
  for (const r of runs) lines.push(...runLines(r));
  if (log.tables.alerts) lines.push(...alertLines(log.alerts));
  return `${lines.join('\n')}\n`;
}

function runLines(r: RunSummary): string[] {
  const id = r.id !== r.name ? `  id ${shown(r.id, 80)}` : '';
  const lines = [
    `run ${shown(r.name, 120)}${id}  created ${shown(r.createdAt ?? '?', 40)}  last step ${r.lastStep ?? '-'}  ${r.count} rows`,
  ];
  if (r.config !== null) lines.push(`  config: ${shown(JSON.stringify(r.config.values), 300)}`);
  if (r.keys.length === 0) lines.push('  metrics: none');
  else lines.push('  metrics:', ...r.keys.map((k) => `    ${shown(k.key, 80)}: ${keyLine(k)}`));
  if (r.systemMetrics !== null) {
    lines.push(
      `  system metrics: ${r.systemMetrics.count} rows`,
      ...r.systemMetrics.keys.map((k) => `    ${shown(k.key, 80)}: ${keyLine(k)}`),
    );
  }
  return lines;
}

function alertLines(alerts: readonly AlertRecord[]): string[] {
  const lines = [
    `alerts: ${alerts.length}${alerts.length > MAX_ALERTS_SHOWN ? ` (the first ${MAX_ALERTS_SHOWN} shown; --json lists all)` : ''}`,
  ];
  for (const a of alerts.slice(0, MAX_ALERTS_SHOWN)) {
    const step = a.step !== null ? ` step ${a.step}` : '';
    const text = a.text !== null && a.text !== '' ? `: ${shown(a.text, 200)}` : '';
    lines.push(`  [${shown(a.level, 10)}] ${shown(a.timestamp, 40)} run ${shown(a.runName, 80)}${step}: ${shown(a.title, 120)}${text}`);
  }
  return lines;
}

function listingJson(log: MetricsLog, runs: readonly RunSummary[]) {
  return {
    file: log.file,
    format: log.format,
    schema: log.schema,
    rows: log.rows,
    tables: log.tables,
    notes: log.notes,
    runs,
    alerts: log.alerts,
  };
}
