/**
 * Two runs of one metric compared step by step (a forward-KL run against a reverse-KL run): each run is read in
 * step order with one value per step (a step logged twice keeps its last stored value, and the dropped points
 * are counted), then aligned on the steps both logged. Reported: each run's non-finite report and its non-finite
 * step ranges (over its own steps), the counts of common steps by which side is non-finite, the first common step
 * where exactly one run is non-finite, and a summary holding only numbers and the runs' labels, ready to be
 * joined into a sentence ("b is non-finite from step 150 on, a finite there"). Guarantee: exact (counting).
 *
 * Example: `compareRuns({ label: 'forward', steps: [0, 1, 2], values: [1, 1, 1] },
 * { label: 'reverse', steps: [0, 1, 2], values: [1, Infinity, NaN] })` has `firstOneSided`
 * `{ step: 1, nonFinite: 'b', kind: '+Inf' }` and `summary.b.nonFiniteToEndFrom` 1.
 */
import { reportOfPoints, type NonFiniteReport } from './non-finite';
import { lastPerStep, nonFiniteTotal, orderedPoints, type NonFiniteKind, type Point, type StepValues } from './points';

export interface LabelledSeries extends StepValues {
  readonly label: string;
}

/** Consecutive non-finite points of one run (in its own step order), both ends included. */
export interface StepRange {
  readonly fromStep: number;
  readonly toStep: number;
  readonly points: number;
  /** The range runs to the run's last point. */
  readonly reachesEnd: boolean;
}

export interface RunSide {
  readonly label: string;
  /** Points after keeping one per step. */
  readonly points: number;
  /** Points dropped because a later one was stored at the same step. */
  readonly repeated: number;
  readonly report: NonFiniteReport;
  readonly ranges: readonly StepRange[];
}

export interface SideSummary {
  readonly label: string;
  readonly points: number;
  readonly nonFinite: number;
  readonly firstNonFiniteStep: number | null;
  /** Start of the last non-finite range when it runs to the end (the run never recovers), else null. */
  readonly nonFiniteToEndFrom: number | null;
}

export interface ComparisonSummary {
  readonly a: SideSummary;
  readonly b: SideSummary;
  readonly commonSteps: number;
  readonly firstCommonStep: number | null;
  readonly lastCommonStep: number | null;
  /** First common step where exactly one run is non-finite, and which. */
  readonly firstOneSidedStep: number | null;
  readonly firstOneSidedSide: 'a' | 'b' | null;
  /** Common steps where only a (only b) is non-finite. */
  readonly onlyANonFinite: number;
  readonly onlyBNonFinite: number;
}

export interface RunComparison {
  readonly a: RunSide;
  readonly b: RunSide;
  readonly common: {
    readonly steps: number;
    readonly onlyInA: number;
    readonly onlyInB: number;
    readonly bothFinite: number;
    readonly onlyANonFinite: number;
    readonly onlyBNonFinite: number;
    readonly bothNonFinite: number;
  };
  readonly firstOneSided: { readonly step: number; readonly nonFinite: 'a' | 'b'; readonly kind: NonFiniteKind } | null;
  readonly summary: ComparisonSummary;
  readonly guarantee: { readonly kind: 'exact' };
}

/** One run read in step order, one point per step. */
export function runSide(run: LabelledSeries): { readonly side: RunSide; readonly points: readonly Point[] } {
  const ordered = orderedPoints(run.label, run);
  const { points, repeated } = lastPerStep(ordered.points);
  const report = reportOfPoints(points, ordered.reordered);
  const ranges = report.bursts.map((b) => ({ fromStep: b.fromStep, toStep: b.toStep, points: b.length, reachesEnd: b.reachesEnd }));
  return { side: { label: run.label, points: points.length, repeated, report, ranges }, points };
}

function sideSummary(s: RunSide): SideSummary {
  const last = s.ranges[s.ranges.length - 1];
  return {
    label: s.label,
    points: s.points,
    nonFinite: nonFiniteTotal(s.report.counts),
    firstNonFiniteStep: s.report.onset?.step ?? null,
    nonFiniteToEndFrom: last !== undefined && last.reachesEnd ? last.fromStep : null,
  };
}

/** The comparison of runs `a` and `b`. Throws as orderedPoints does, naming the run's label. Example: see the module comment. */
export function compareRuns(a: LabelledSeries, b: LabelledSeries): RunComparison {
  const A = runSide(a);
  const B = runSide(b);
  let i = 0;
  let j = 0;
  let steps = 0;
  let bothFinite = 0;
  let onlyANonFinite = 0;
  let onlyBNonFinite = 0;
  let bothNonFinite = 0;
  let firstCommon: number | null = null;
  let lastCommon: number | null = null;
  let firstOneSided: RunComparison['firstOneSided'] = null;
  while (i < A.points.length && j < B.points.length) {
    const p = A.points[i] as Point;
    const q = B.points[j] as Point;
    if (p.step < q.step) i++;
    else if (q.step < p.step) j++;
    else {
      steps++;
      firstCommon ??= p.step;
      lastCommon = p.step;
      const aBad = p.kind !== 'finite';
      const bBad = q.kind !== 'finite';
      if (!aBad && !bBad) bothFinite++;
      else if (aBad && bBad) bothNonFinite++;
      else if (aBad) onlyANonFinite++;
      else onlyBNonFinite++;
      if (firstOneSided === null && aBad !== bBad)
        firstOneSided = { step: p.step, nonFinite: aBad ? 'a' : 'b', kind: (aBad ? p.kind : q.kind) as NonFiniteKind };
      i++;
      j++;
    }
  }
  const common = {
    steps,
    onlyInA: A.points.length - steps,
    onlyInB: B.points.length - steps,
    bothFinite,
    onlyANonFinite,
    onlyBNonFinite,
    bothNonFinite,
  };
  const summary: ComparisonSummary = {
    a: sideSummary(A.side),
    b: sideSummary(B.side),
    commonSteps: steps,
    firstCommonStep: firstCommon,
    lastCommonStep: lastCommon,
    firstOneSidedStep: firstOneSided?.step ?? null,
    firstOneSidedSide: firstOneSided?.nonFinite ?? null,
    onlyANonFinite,
    onlyBNonFinite,
  };
  return { a: A.side, b: B.side, common, firstOneSided, summary, guarantee: { kind: 'exact' } };
}
