/**
 * `runs.json` of a static-Space export: Trackio's own summary of the runs of `metrics.parquet`, an array of
 * `{id, name, created_at, last_step, log_count}` (id is run_id, or the name for old databases; created_at is
 * MIN(timestamp), last_step MAX(step), log_count COUNT(*)). Read as a second opinion: each run is compared
 * with what the rows themselves say, and every disagreement becomes a note.
 */
import { BadInputError } from '../errors';
import { JsonLimitError, parseJsonBounded } from '../../common/json/bounded';
import { shown } from '../text/display';
import type { MetricsLog, NamedBytes, RunSummary } from './model';

/** One entry of runs.json. */
export interface RunsJsonEntry {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string | null;
  readonly lastStep: number | null;
  readonly logCount: number;
}

/** At most this many disagreements are spelled out; the rest are counted. */
const MAX_SHOWN = 5;

/**
 * Parses runs.json; anything but an array of run objects is bad input naming the file and the entry.
 * Example: `parseRunsJson('[{"id":"a","name":"r","created_at":"t","last_step":3,"log_count":4}]', 'runs.json')[0].logCount` is 4.
 */
export function parseRunsJson(text: string, file: string): RunsJsonEntry[] {
  let doc: unknown;
  try {
    doc = parseJsonBounded(text);
  } catch (err) {
    throw new BadInputError(file, err instanceof JsonLimitError ? err.message : 'is not valid JSON');
  }
  if (!Array.isArray(doc)) throw new BadInputError(file, 'is not a JSON array of runs');
  return doc.map((entry, i) => entryOf(entry, file, `/${i}`));
}

function entryOf(v: unknown, file: string, where: string): RunsJsonEntry {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BadInputError(file, 'expected a run object', where);
  const o = v as Record<string, unknown>;
  const id = o.id;
  const name = o.name;
  if (typeof id !== 'string' && typeof id !== 'number') throw new BadInputError(file, 'id is not text', `${where}/id`);
  if (typeof name !== 'string') throw new BadInputError(file, 'name is not text', `${where}/name`);
  const logCount = o.log_count;
  if (typeof logCount !== 'number' || !Number.isInteger(logCount) || logCount < 0)
    throw new BadInputError(file, 'log_count is not a count', `${where}/log_count`);
  const lastStep = o.last_step;
  if (lastStep !== null && lastStep !== undefined && typeof lastStep !== 'number')
    throw new BadInputError(file, 'last_step is not a number', `${where}/last_step`);
  const createdAt = typeof o.created_at === 'string' ? o.created_at : null;
  return { id: String(id), name, createdAt, lastStep: lastStep ?? null, logCount };
}

/**
 * Notes comparing runs.json with the log read from the rows: one line when they agree, else one line per
 * disagreement (at most five, then a count).
 * Example: with runs.json saying log_count 10 where the rows hold 12, a note
 * `runs.json: run "r" (id a): log_count 10, the rows hold 12`.
 */
export function checkRunsJson(f: NamedBytes, log: MetricsLog): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(f.bytes);
  } catch {
    throw new BadInputError(f.file, 'is not valid UTF-8');
  }
  const entries = parseRunsJson(text, f.file);
  const problems = disagreements(
    entries,
    log.runs.filter((r) => r.count > 0),
    f.file,
  );
  if (problems.length === 0) return [`${f.file} agrees with the rows: ${entries.length} runs, same counts, last steps and creation times`];
  const shownProblems = problems.slice(0, MAX_SHOWN);
  if (problems.length > MAX_SHOWN) shownProblems.push(`${f.file}: ${problems.length - MAX_SHOWN} more disagreements`);
  return shownProblems;
}

function disagreements(entries: readonly RunsJsonEntry[], runs: readonly RunSummary[], file: string): string[] {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const listed = new Set<string>();
  const out: string[] = [];
  for (const e of entries) {
    listed.add(e.id);
    const run = byId.get(e.id);
    const label = `run "${shown(e.name, 80)}" (id ${shown(e.id, 40)})`;
    if (run === undefined) {
      out.push(`${file}: lists ${label}, which has no rows`);
      continue;
    }
    if (e.logCount !== run.count) out.push(`${file}: ${label}: log_count ${e.logCount}, the rows hold ${run.count}`);
    if (e.lastStep !== run.lastStep) out.push(`${file}: ${label}: last_step ${String(e.lastStep)}, the rows say ${String(run.lastStep)}`);
    if (e.createdAt !== null && e.createdAt !== run.createdAt)
      out.push(`${file}: ${label}: created_at ${shown(e.createdAt, 40)}, the rows say ${String(run.createdAt)}`);
    if (e.name !== run.name)
      out.push(`${file}: id ${shown(e.id, 40)} is named "${shown(e.name, 80)}", the rows say "${shown(run.name, 80)}"`);
  }
  for (const r of runs)
    if (!listed.has(r.id)) out.push(`${file}: does not list run "${shown(r.name, 80)}" (id ${shown(r.id, 40)}) of ${r.count} rows`);
  return out;
}
