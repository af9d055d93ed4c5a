/**
 * What the metrics panel plots: the runs and keys picked in one metrics file, the first choice when a file is
 * opened, and the series to ask for (each picked run's picked keys that it has).
 * Example: on logbook/distill.db (runs forward-kl and reverse-kl, keys train/loss and eval/loss) the first choice
 * is both runs and train/loss, and `seriesPicks` asks for train/loss of each run.
 */
import type { MetricsSourceView, SeriesPick } from '../../common/api/metrics';

export interface MetricsChoice {
  /** Run ids. */
  runs: string[];
  keys: string[];
}

/** Runs picked when a file opens: its first few. */
export const FIRST_RUNS = 4;

/** Every key of the file's runs (first seen first), with its non-finite count over those runs. */
export function keysOf(source: MetricsSourceView, runs?: readonly string[]): { key: string; points: number; nonFinite: number }[] {
  const out = new Map<string, { key: string; points: number; nonFinite: number }>();
  for (const r of source.runs) {
    if (runs !== undefined && !runs.includes(r.id)) continue;
    for (const k of r.keys) {
      const t = out.get(k.key) ?? { key: k.key, points: 0, nonFinite: 0 };
      t.points += k.points;
      t.nonFinite += k.nan + k.posInf + k.negInf;
      out.set(k.key, t);
    }
  }
  return [...out.values()];
}

/** The first choice for a file: its first runs, and its first key naming a loss (else its first key). */
export function firstChoice(source: MetricsSourceView): MetricsChoice {
  const runs = source.runs.slice(0, FIRST_RUNS).map((r) => r.id);
  const keys = keysOf(source, runs).map((k) => k.key);
  const key = keys.find((k) => /loss/i.test(k)) ?? keys[0];
  return { runs, keys: key !== undefined ? [key] : [] };
}

/** The series to read: each picked run's picked keys that it has, runs in the file's order. */
export function seriesPicks(source: MetricsSourceView, choice: MetricsChoice): SeriesPick[] {
  const picks: SeriesPick[] = [];
  for (const r of source.runs) {
    if (!choice.runs.includes(r.id)) continue;
    for (const key of choice.keys) if (r.keys.some((k) => k.key === key)) picks.push({ run: r.id, key });
  }
  return picks;
}

/** `list` with `item` added or removed. */
export function toggled(list: readonly string[], item: string, on: boolean): string[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}
