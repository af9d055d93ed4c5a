/**
 * A series written out: `step,value` lines, a CSV with a `step,value` header (what `recheck fit --x step
 * --y value` reads), or a JSON value. Numbers are written in JavaScript's shortest round-trip form, so
 * reading a line back gives the same double. NaN and ±Infinity are written as NaN, Infinity, -Infinity (in
 * JSON as those strings, Trackio's own spelling): they stay visible rather than being dropped, and
 * `recheck fit` refuses such a line, naming it.
 */
import { trackioSpelling } from './entry';
import type { Series } from './model';

/**
 * One `step,value` line per point, no header.
 * Example: for steps [0, 1] and values [0.5, NaN], `seriesLines(s)` is '0,0.5\n1,NaN\n'.
 */
export function seriesLines(series: Series): string {
  const lines: string[] = [];
  for (let i = 0; i < series.steps.length; i++) lines.push(`${String(series.steps[i])},${String(series.values[i])}\n`);
  return lines.join('');
}

/**
 * A CSV table with the header `step,value`.
 * Example: for steps [0, 1] and values [0.5, Infinity], `seriesCsv(s)` is 'step,value\n0,0.5\n1,Infinity\n'.
 */
export function seriesCsv(series: Series): string {
  return `step,value\n${seriesLines(series)}`;
}

/** The series as JSON: points as [step, value] pairs, non-finite values as "NaN", "Infinity", "-Infinity". */
export interface SeriesJson {
  readonly run: { readonly id: string; readonly name: string };
  readonly key: string;
  readonly points: readonly (readonly [number, number | string])[];
  readonly count: number;
  readonly nonFinite: Series['nonFinite'];
  readonly restoredFromStrings: number;
  readonly other: Series['other'];
  readonly stepOrder: Series['order'];
}

/**
 * The series as a JSON-ready value.
 * Example: `seriesJson(s).points` is `[[0, 0.5], [1, 'NaN']]` for the series above.
 */
export function seriesJson(series: Series): SeriesJson {
  const points = series.steps.map((step, i) => [step, trackioSpelling(series.values[i] as number)] as const);
  return {
    run: { id: series.runId, name: series.runName },
    key: series.key,
    points,
    count: points.length,
    nonFinite: series.nonFinite,
    restoredFromStrings: series.restoredFromStrings,
    other: series.other,
    stepOrder: series.order,
  };
}
