/**
 * "Eval stays finite while train loss is non-finite": given two series of one run (a primary, such as the train
 * loss, and a secondary, such as eval perplexity, usually logged at other steps), is the secondary finite over
 * the primary's non-finite ranges? The ranges are the primary's stretches of consecutive non-finite points in
 * step order (compare-runs.ts StepRange), both ends included; a range that runs to the primary's last point is
 * open-ended (the primary never recovers, so any later secondary point counts). Each series keeps one value per
 * step (its last stored).
 *
 * Outcomes: `stays-finite` (at least `minPoints` secondary points fall in the ranges, all finite);
 * `not-finite` (some secondary point in the ranges is non-finite: one such point decides); `too-few-points`
 * (all finite, but fewer than `minPoints`); `primary-finite` (the primary has no non-finite value).
 * Guarantee: exact (counting).
 *
 * Example: `finiteWhileNonFinite({ label: 'train/loss', steps: [0, 1, 2, 3], values: [2, NaN, Infinity, NaN] },
 * { label: 'eval/ppl', steps: [0, 2, 4], values: [9, 8, 8] }, { minPoints: 1 })` is 'stays-finite' with
 * 2 secondary points in the ranges (steps 2 and 4; the range from step 1 is open-ended).
 */
import { DomainError } from '../errors';
import { runSide, type LabelledSeries, type StepRange } from './compare-runs';
import { countKinds, type KindCounts, type NonFiniteKind, type Point } from './points';

export type FiniteWhileOutcome = 'stays-finite' | 'not-finite' | 'too-few-points' | 'primary-finite';

export interface FiniteWhileResult {
  readonly outcome: FiniteWhileOutcome;
  readonly minPoints: number;
  readonly primary: {
    readonly label: string;
    readonly onsetStep: number | null;
    readonly ranges: readonly StepRange[];
  };
  readonly secondary: {
    readonly label: string;
    /** Its points (one per step) in the primary's non-finite ranges. */
    readonly pointsInRanges: number;
    readonly counts: KindCounts;
    readonly firstNonFinite: { readonly step: number; readonly kind: NonFiniteKind } | null;
    /** First and last of its steps in the ranges. */
    readonly firstStep: number | null;
    readonly lastStep: number | null;
  };
  readonly guarantee: { readonly kind: 'exact' };
}

function inRanges(step: number, ranges: readonly StepRange[]): boolean {
  for (const r of ranges) {
    if (step < r.fromStep) return false; // ranges are in step order
    if (step <= r.toStep || r.reachesEnd) return true;
  }
  return false;
}

/**
 * The secondary's finiteness over the primary's non-finite ranges. `minPoints` is a positive integer.
 * Example: see the module comment.
 */
export function finiteWhileNonFinite(
  primary: LabelledSeries,
  secondary: LabelledSeries,
  options: { readonly minPoints: number },
): FiniteWhileResult {
  const { minPoints } = options;
  if (!Number.isInteger(minPoints) || minPoints < 1)
    throw new DomainError('finiteWhileNonFinite', `minPoints must be a positive integer, got ${minPoints}`);
  const P = runSide(primary).side;
  const S = runSide(secondary);
  const ranges = P.ranges;
  const inside = S.points.filter((p: Point) => inRanges(p.step, ranges));
  const counts = countKinds(inside.map((p) => p.kind));
  const bad = inside.find((p) => p.kind !== 'finite');
  const firstNonFinite = bad !== undefined ? { step: bad.step, kind: bad.kind as NonFiniteKind } : null;
  const outcome: FiniteWhileOutcome =
    ranges.length === 0
      ? 'primary-finite'
      : bad !== undefined
        ? 'not-finite'
        : inside.length >= minPoints
          ? 'stays-finite'
          : 'too-few-points';
  return {
    outcome,
    minPoints,
    primary: { label: P.label, onsetStep: P.report.onset?.step ?? null, ranges },
    secondary: {
      label: S.side.label,
      pointsInRanges: inside.length,
      counts,
      firstNonFinite,
      firstStep: inside[0]?.step ?? null,
      lastStep: inside[inside.length - 1]?.step ?? null,
    },
    guarantee: { kind: 'exact' },
  };
}
