/**
 * Where a series stops being finite, and how: the onset (the first non-finite value in step order), whether
 * every value from there on is non-finite, the counts by kind, the bursts (maximal stretches of consecutive
 * non-finite values in step order) each written as runs and exact cycles (segments.ts), the overall pattern and
 * a compact description of it (non-finite-text.ts). Guarantee: exact (it only classifies and counts).
 *
 * Patterns: `none` (every value finite); `throughout` (one burst, reaching the last point: the series never
 * becomes finite again); `isolated` (every burst is a single value, and the series is finite after the last);
 * `bursts` (anything else: some burst longer than one value, or several bursts the last of which runs to the end).
 *
 * Example: `nonFiniteReport({ steps: [0, 1, 2, 3], values: [1, Infinity, NaN, Infinity] })` has onset
 * `{ step: 1, index: 1, kind: '+Inf' }`, `throughout: true`, pattern 'throughout', counts
 * `{ finite: 1, nan: 1, posInf: 2, negInf: 0 }` and description 'non-finite throughout from step 1 to 3
 * (3 values: +Inf at step 1; then NaN at step 2; then +Inf at step 3)' (too short for a cycle: two are needed).
 */
import { describeNonFinite } from './non-finite-text';
import { countKinds, orderedPoints, type KindCounts, type NonFiniteKind, type Point, type StepValues } from './points';
import { segmentsOf, type Segment } from './segments';

/** A maximal stretch of consecutive non-finite values in step order. */
export interface Burst {
  readonly fromStep: number;
  readonly toStep: number;
  readonly length: number;
  /** Position of its first value among the points in step order (0-based). */
  readonly fromPosition: number;
  readonly counts: KindCounts;
  readonly segments: readonly Segment[];
  /** Whether it runs to the last point of the series. */
  readonly reachesEnd: boolean;
}

export type NonFinitePattern = 'none' | 'throughout' | 'isolated' | 'bursts';

export interface NonFiniteReport {
  readonly points: number;
  readonly counts: KindCounts;
  /** The first non-finite value in step order: its step, its position in the stored order, its kind. */
  readonly onset: { readonly step: number; readonly index: number; readonly kind: NonFiniteKind } | null;
  /** Every value from the onset on is non-finite (false when there is no onset). */
  readonly throughout: boolean;
  /** The stored order was not non-decreasing in step, so the points were read sorted by step. */
  readonly reordered: boolean;
  readonly bursts: readonly Burst[];
  readonly pattern: NonFinitePattern;
  /** One line, e.g. 'strict alternation +Inf, NaN throughout from step 150 to 400 (126 pairs)'. */
  readonly description: string;
  readonly guarantee: { readonly kind: 'exact' };
}

/** The bursts of `points` (in step order). */
export function burstsOf(points: readonly Point[]): readonly Burst[] {
  const out: Burst[] = [];
  let i = 0;
  while (i < points.length) {
    if ((points[i] as Point).kind === 'finite') {
      i++;
      continue;
    }
    let j = i;
    while (j < points.length && (points[j] as Point).kind !== 'finite') j++;
    const stretch = points.slice(i, j);
    out.push({
      fromStep: (points[i] as Point).step,
      toStep: (points[j - 1] as Point).step,
      length: j - i,
      fromPosition: i,
      counts: countKinds(stretch.map((p) => p.kind)),
      segments: segmentsOf(stretch),
      reachesEnd: j === points.length,
    });
    i = j;
  }
  return out;
}

function patternOf(bursts: readonly Burst[]): NonFinitePattern {
  if (bursts.length === 0) return 'none';
  if (bursts.length === 1 && (bursts[0] as Burst).reachesEnd) return 'throughout';
  const last = bursts[bursts.length - 1] as Burst;
  if (!last.reachesEnd && bursts.every((b) => b.length === 1)) return 'isolated';
  return 'bursts';
}

/**
 * The non-finite report of a series (steps and values in stored order; steps may repeat or go back).
 * Throws DimensionError or DomainError (checkers/errors.ts) on a malformed series, naming `what`.
 * Example: see the module comment.
 */
export function nonFiniteReport(series: StepValues, what = 'series'): NonFiniteReport {
  const { points, reordered } = orderedPoints(what, series);
  return reportOfPoints(points, reordered);
}

/** The report of points already in step order (orderedPoints, or lastPerStep of them). */
export function reportOfPoints(points: readonly Point[], reordered: boolean): NonFiniteReport {
  const counts = countKinds(points.map((p) => p.kind));
  const bursts = burstsOf(points);
  const first = bursts[0];
  const onsetPoint = first !== undefined ? (points[first.fromPosition] as Point) : undefined;
  const onset =
    onsetPoint !== undefined ? { step: onsetPoint.step, index: onsetPoint.index, kind: onsetPoint.kind as NonFiniteKind } : null;
  const pattern = patternOf(bursts);
  const facts = { points: points.length, counts, bursts, pattern };
  return {
    points: points.length,
    counts,
    onset,
    throughout: pattern === 'throughout',
    reordered,
    bursts,
    pattern,
    description: describeNonFinite(facts),
    guarantee: { kind: 'exact' },
  };
}
