/**
 * The numbers a `metrics-series` result keeps (metrics-series.ts), trimmed so that a series with thousands of
 * bursts stays a small report: at most MAX_BURSTS bursts (the first ones, and the longest when it lies later),
 * each with at most MAX_SEGMENTS runs or cycles, and counts of what was left out. Non-finite numbers in the
 * evidence (a t of ±Infinity for points exactly on a line) are written as the strings "Infinity" / "-Infinity"
 * (JSON has no infinity). Pure: no file is read here.
 *
 * Example: `seriesFacts(nonFiniteReport({ steps: [0, 1, 2, 3, 4], values: [1, Infinity, NaN, Infinity, NaN] }))`
 * has onsetStep 1, pattern 'throughout', `alternation: { cycle: ['+Inf', 'NaN'], pairs: 2, remainder: 0 }` and
 * the description 'strict alternation +Inf, NaN throughout from step 1 to 4 (2 pairs)'.
 */
import type { NonFiniteReport, Burst } from '../../../checkers/series/non-finite';
import type { DivergenceResult } from '../../../checkers/series/divergence';
import { reasonText } from '../../../checkers/series/divergence';
import type { Segment } from '../../../checkers/series/segments';

/** Bursts kept in the evidence. */
export const MAX_BURSTS = 10;
/** Segments (runs, cycles) kept per burst. */
export const MAX_SEGMENTS = 6;

/** A strict alternation of two non-finite kinds from the onset to the last point, when the series is one. */
export interface Alternation {
  readonly cycle: readonly string[];
  readonly pairs: number;
  readonly remainder: number;
}

/** Whether the report is one burst to the end made of one cycle of two different kinds (a strict alternation). */
export function alternationOf(r: NonFiniteReport): Alternation | null {
  const burst = r.bursts[0];
  if (r.pattern !== 'throughout' || burst === undefined || burst.segments.length !== 1) return null;
  const s = burst.segments[0] as Segment;
  if (s.shape !== 'cycle' || s.cycle.length !== 2 || s.cycle[0] === s.cycle[1]) return null;
  return { cycle: s.cycle, pairs: s.cycles, remainder: s.remainder };
}

function segmentFacts(s: Segment) {
  return s.shape === 'run'
    ? { shape: s.shape, kind: s.kind, fromStep: s.fromStep, toStep: s.toStep, length: s.length }
    : {
        shape: s.shape,
        cycle: s.cycle,
        fromStep: s.fromStep,
        toStep: s.toStep,
        length: s.length,
        cycles: s.cycles,
        remainder: s.remainder,
      };
}

function burstFacts(b: Burst) {
  return {
    fromStep: b.fromStep,
    toStep: b.toStep,
    length: b.length,
    counts: b.counts,
    reachesEnd: b.reachesEnd,
    segments: b.segments.slice(0, MAX_SEGMENTS).map(segmentFacts),
    segmentsLeftOut: Math.max(0, b.segments.length - MAX_SEGMENTS),
  };
}

/** The bursts kept: the first MAX_BURSTS - 1, and the longest (or the MAX_BURSTS-th) last. */
function keptBursts(bursts: readonly Burst[]): Burst[] {
  if (bursts.length <= MAX_BURSTS) return [...bursts];
  let longest = bursts[0] as Burst;
  for (const b of bursts) if (b.length > longest.length) longest = b;
  const head = bursts.slice(0, MAX_BURSTS - 1);
  return head.includes(longest) ? bursts.slice(0, MAX_BURSTS) : [...head, longest];
}

/** The non-finite report of one series, trimmed. Example: see the module comment. */
export function seriesFacts(r: NonFiniteReport) {
  const kept = keptBursts(r.bursts);
  return {
    points: r.points,
    counts: r.counts,
    nonFinite: r.counts.nan + r.counts.posInf + r.counts.negInf,
    onsetStep: r.onset?.step ?? null,
    onsetKind: r.onset?.kind ?? null,
    throughout: r.throughout,
    reordered: r.reordered,
    pattern: r.pattern,
    alternation: alternationOf(r),
    description: r.description,
    burstCount: r.bursts.length,
    bursts: kept.map(burstFacts),
    burstsLeftOut: r.bursts.length - kept.length,
  };
}

/** The divergence test's numbers: the deciding slope test (adjusted for AR(1) errors when asked) and the plain one. */
export function divergenceFacts(d: DivergenceResult) {
  const used = d.adjusted ?? d.slope;
  return {
    outcome: d.outcome,
    reason: d.reason,
    reasonText: d.reason !== null ? reasonText(d.reason) : null,
    window: d.window,
    scale: d.scale,
    direction: d.direction,
    errors: d.errors,
    level: d.level,
    minPoints: d.minPoints,
    test: d.guarantee?.kind === 'statistical' ? d.guarantee.test : null,
    n: d.slope?.n ?? null,
    slope: used?.slope ?? null,
    intercept: used?.intercept ?? null,
    se: used?.se ?? null,
    t: used?.t ?? null,
    dof: used?.dof ?? null,
    p: used?.p ?? null,
    effectiveN: d.adjusted?.effectiveN ?? (d.reason?.code === 'too-few-effective-points' ? d.reason.effectiveN : null),
    residualLag1: d.slope?.residualLag1 ?? null,
    plain: d.slope !== null ? { se: d.slope.se, t: d.slope.t, dof: d.slope.dof, p: d.slope.p } : null,
    ratio: d.ratio,
  };
}

/** `value` with non-finite numbers written as "Infinity", "-Infinity", "NaN" (JSON has none of them). */
export function jsonNumbers<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))) as T;
}
