/**
 * The reproduced values of a `metric-claim` (and `recheck claim`), one per seed, with where each came from:
 * - a CSV table's column (a row per seed; trailing blank cells end the column, a blank between values is bad
 *   input naming its line), optionally a column derived by `derive` ('NAME = EXPR' in the calc grammar, as
 *   `recheck fit --derive` computes it: app/logbook/extract-derived.ts). A cell is a decimal number or one of
 *   nan, inf, -inf, infinity (any case): a seed that diverged is data, and decides nothing (checkers/claims);
 * - a Trackio database or Parquet export (read as `recheck metrics` reads it, app/metrics/read.ts): a metric's
 *   last value (at the largest step) or its value at `step`, one run per seed (the named `runs`, else every run
 *   that logged the metric). Several points at that step with different values are bad input (which one is the
 *   seed's is not ours to guess);
 * - numbers given inline.
 * The source record names the file, its sha256, the column or metric, and the derived columns.
 * Example: on `seed,acc\n1,0.91\n2,0.93\n3,nan\n`, `tableValues(path, 't.csv', 'acc', [])` gives the values
 * 0.91, 0.93, NaN labelled "line 2".."line 4".
 */
import { BadInputError } from '../../errors';
import { sha256 } from '../../fs/hash';
import { shown } from '../../text/display';
import { cell, numberCell, parseCsv, requireColumns, type CsvTable } from '../../tables/csv';
import { MAX_TABLE_BYTES, readTextFile } from '../../tables/text-file';
import type { DerivedColumnRecord } from '../../logbook/extract-derived';
import { withDerivedColumns } from './derived-columns';

/** One seed's value as read, with where it was read. */
export interface SeedValue {
  /** "line 4" (a table), the run's name (a database), "value 2" (inline). */
  readonly seed: string;
  readonly value: number;
  /** Databases: the run's id and the step read. */
  readonly runId?: string;
  readonly step?: number;
}

export interface ValuesSource {
  readonly kind: 'table' | 'metrics' | 'inline';
  readonly file: string | null;
  readonly sha256: string | null;
  readonly column?: string;
  readonly derived?: readonly DerivedColumnRecord[];
  readonly metric?: string;
  readonly step?: number | 'last';
  readonly format?: string;
  /** Runs of the database without the metric (when every run was taken). */
  readonly skippedRuns?: readonly string[];
}

export interface ReadValues {
  readonly seeds: readonly SeedValue[];
  readonly source: ValuesSource;
  /** The hash two checks compare to tell one source from two (app/checks/gates.ts). */
  readonly dataSha256: string;
}

const NON_FINITE: Readonly<Record<string, number>> = {
  nan: Number.NaN,
  inf: Infinity,
  '+inf': Infinity,
  '-inf': -Infinity,
  infinity: Infinity,
  '+infinity': Infinity,
  '-infinity': -Infinity,
};

/** A seed's cell: a decimal number, or a spelled-out non-finite value. */
function seedCell(table: CsvTable, row: CsvTable['rows'][number], column: string): number {
  const special = NON_FINITE[cell(table, row, column).toLowerCase()];
  return special !== undefined ? special : numberCell(table, row, column);
}

/** The values of `column` (with `derive` applied first), one per row up to the column's last non-blank cell. */
export async function tableValues(
  path: string,
  shownAs: string,
  column: string,
  derive: readonly string[],
  digits?: number,
): Promise<ReadValues> {
  const raw = await readTextFile(path, shownAs, MAX_TABLE_BYTES);
  // The shared path of the kinds that read a table's columns (derived-columns.ts): nothing loaded without `derive`.
  const { table, derived: evidence } = await withDerivedColumns(
    parseCsv(raw, shownAs),
    { derive: [...derive], ...(digits !== undefined ? { deriveDigits: digits } : {}) },
    'derive',
  );
  // The source keeps the records as `recheck claim --json` has always written them.
  const derived: readonly DerivedColumnRecord[] = evidence.map(({ exact: _exact, described: _described, ...record }) => record);
  requireColumns(table, [column]);
  let n = table.rows.length;
  while (n > 0 && cell(table, table.rows[n - 1]!, column) === '') n--;
  if (n === 0) throw new BadInputError(table.file, `column "${shown(column)}" has no values`, 'line 1');
  const seeds = table.rows.slice(0, n).map((row) => {
    if (cell(table, row, column) === '')
      throw new BadInputError(
        table.file,
        `column "${shown(column)}": empty cell between values (one value per seed, no gaps)`,
        `line ${row.line}`,
      );
    return { seed: `line ${row.line}`, value: seedCell(table, row, column) };
  });
  const hash = sha256(raw);
  return {
    seeds,
    source: { kind: 'table', file: shownAs, sha256: hash, column, ...(derived.length > 0 ? { derived } : {}) },
    dataSha256: hash,
  };
}

/** A metric per run of a Trackio file: its last value (largest step) or its value at `step`. */
export async function metricsValues(
  path: string,
  shownAs: string,
  metric: string,
  runs: readonly string[] | undefined,
  step: number | undefined,
): Promise<ReadValues> {
  const [{ readMetricsFile }, { findRun, seriesOf }, { fileSha256 }, { MAX_DATABASE_BYTES }] = await Promise.all([
    import('../../metrics/read'),
    import('../../metrics/lookup'),
    import('../../metrics/sqlite-source'),
    import('../../metrics/trackio-db'),
  ]);
  const log = await readMetricsFile(path, { shownAs });
  const picked = runs !== undefined ? runs.map((r) => findRun(log, r)) : log.runs.filter((r) => log.series.get(r.id)?.has(metric) === true);
  if (picked.length === 0) throw new BadInputError(log.file, `no run logged the metric "${shown(metric, 80)}"`);
  const twice = picked.find((r, i) => picked.findIndex((q) => q.id === r.id) !== i);
  if (twice !== undefined) throw new BadInputError(log.file, `run "${shown(twice.name, 80)}" is named twice: one run is one seed`);
  const skippedRuns = runs === undefined ? log.runs.filter((r) => !picked.includes(r)).map((r) => r.name) : [];
  const seeds = picked.map((run): SeedValue => {
    const s = seriesOf(log, run, metric);
    if (s.steps.length === 0) throw new BadInputError(log.file, `run "${shown(run.name, 80)}" has no point of "${shown(metric, 80)}"`);
    const at = step ?? s.steps.reduce((a, b) => Math.max(a, b), -Infinity);
    const here = s.steps.flatMap((t, i) => (t === at ? [s.values[i] as number] : []));
    if (here.length === 0)
      throw new BadInputError(log.file, `run "${shown(run.name, 80)}" has no point of "${shown(metric, 80)}" at step ${at}`);
    if (here.some((v) => String(v) !== String(here[0])))
      throw new BadInputError(
        log.file,
        `run "${shown(run.name, 80)}" logged "${shown(metric, 80)}" ${here.length} times at step ${at} with different values`,
      );
    return { seed: run.name, value: here[0] as number, runId: run.id, step: at };
  });
  // Hashed in chunks: a database may be far larger than the memory its values need (app/metrics/sqlite-source.ts).
  const fileHash = fileSha256(path, shownAs, MAX_DATABASE_BYTES);
  const points = JSON.stringify(seeds.map((s) => [s.runId, metric, s.step, Number.isFinite(s.value) ? s.value : String(s.value)]));
  return {
    seeds,
    source: {
      kind: 'metrics',
      file: shownAs,
      sha256: fileHash,
      metric,
      step: step ?? 'last',
      format: log.format,
      ...(skippedRuns.length > 0 ? { skippedRuns } : {}),
    },
    dataSha256: sha256(points),
  };
}

/** Numbers given inline, labelled "value 1".."value n". */
export function inlineValues(values: readonly number[]): ReadValues {
  const seeds = values.map((value, i) => ({ seed: `value ${i + 1}`, value }));
  return { seeds, source: { kind: 'inline', file: null, sha256: null }, dataSha256: sha256(JSON.stringify(values)) };
}
