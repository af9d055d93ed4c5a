/**
 * The points of a large table that a plot draws. An SVG with a million circles is a 100 MB file nobody can
 * open (and checkers/plot/svg-plot.ts spreads the coordinates into Math.min, which overflows the stack past
 * about 100,000 arguments), so a plot of more than MAX_PLOT_POINTS points draws that many, evenly spaced in
 * x order, the smallest and the largest x always among them. The fits always use every row.
 */

/** Most points drawn in one plot. */
export const MAX_PLOT_POINTS = 20_000;

/**
 * At most `max` of the points, in x order, evenly spaced by rank (first and last kept); all of them when few.
 * Example: `plotSample([{x: 3}, {x: 1}, {x: 2}], 2)` is `[{x: 1}, {x: 3}]`.
 */
export function plotSample<P extends { x: number }>(points: readonly P[], max = MAX_PLOT_POINTS): P[] {
  if (points.length <= max) return [...points];
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const out: P[] = [];
  for (let k = 0; k < max; k++) out.push(sorted[Math.round((k * (sorted.length - 1)) / (max - 1))] as P);
  return out;
}
