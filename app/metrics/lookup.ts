/**
 * Finding a run and one of its series in a MetricsLog by what a person types: a run id or a run name, and a
 * metric key. A name shared by several runs (Trackio allows it) is refused rather than guessed, and a miss
 * names what exists, so the error alone is enough to retry.
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import type { MetricsLog, RunSummary, Series } from './model';

/** At most this many names are listed in a message. */
const MAX_LISTED = 20;

/**
 * The run whose id is `ref`, else the one run named `ref`. Bad input (naming the file and the runs that
 * exist) when there is none, or when several runs share the name.
 * Example: `findRun(log, 'run-a').id` is run-a's run_id, when only one run is named run-a.
 */
export function findRun(log: MetricsLog, ref: string): RunSummary {
  const byId = log.runs.find((r) => r.id === ref);
  if (byId !== undefined) return byId;
  const named = log.runs.filter((r) => r.name === ref);
  if (named.length === 1) return named[0] as RunSummary;
  if (named.length > 1) {
    throw new BadInputError(
      log.file,
      `${named.length} runs are named "${shown(ref, 80)}"; give one of their ids with --run: ${listed(named.map((r) => r.id))}`,
    );
  }
  if (log.runs.length === 0) throw new BadInputError(log.file, `no run "${shown(ref, 80)}": the file has no runs`);
  throw new BadInputError(log.file, `no run "${shown(ref, 80)}"; runs: ${listed(log.runs.map(runLabel(log)))}`);
}

/**
 * The series of `key` in `run`. Bad input naming the keys the run has when it has no such key.
 * Example: `seriesOf(log, findRun(log, 'run-a'), 'loss').values` are run-a's losses in stored order.
 */
export function seriesOf(log: MetricsLog, run: RunSummary, key: string): Series {
  const series = log.series.get(run.id)?.get(key);
  if (series !== undefined) return series;
  const keys = run.keys.map((k) => k.key);
  const has = keys.length > 0 ? `metrics: ${listed(keys)}` : 'it has no metrics';
  throw new BadInputError(log.file, `run "${shown(run.name, 80)}" has no metric "${shown(key, 80)}"; ${has}`);
}

/** A run as listed in a message: its name, and its id too when another run has the same name. */
function runLabel(log: MetricsLog): (r: RunSummary) => string {
  const counts = new Map<string, number>();
  for (const r of log.runs) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  return (r) => ((counts.get(r.name) ?? 0) > 1 ? `${r.name} (id ${r.id})` : r.name);
}

function listed(items: readonly string[]): string {
  const head = items.slice(0, MAX_LISTED).map((s) => shown(s, 80));
  return items.length > MAX_LISTED ? `${head.join(', ')}, and ${items.length - MAX_LISTED} more` : head.join(', ');
}
