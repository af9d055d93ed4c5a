/**
 * A stretch of consecutive non-finite values written compactly: as runs of one kind ("NaN x 12") and cycles
 * that repeat exactly ("+Inf, NaN, +Inf, NaN, ..."), found greedily from the left. At each position the
 * segment taken is the longest of: the run of the kind there, or a stretch with an exact period p (2 <= p <=
 * MAX_PERIOD) covering at least two full cycles; a tie goes to the shorter period (so a cycle never repeats a
 * shorter one inside it). Exact and deterministic: it only compares kinds.
 *
 * Example: the kinds +Inf, NaN, +Inf, NaN, +Inf, NaN, NaN at steps 10..16 give two segments:
 * `{ shape: 'cycle', cycle: ['+Inf', 'NaN'], fromStep: 10, toStep: 15, length: 6, cycles: 3, remainder: 0 }`
 * and `{ shape: 'run', kind: 'NaN', fromStep: 16, toStep: 16, length: 1 }`.
 */
import type { NonFiniteKind, Point } from './points';

/** The longest cycle looked for: the three non-finite kinds give the patterns of interest within 4. */
export const MAX_PERIOD = 4;

/** Values of one kind in a row. */
export interface RunSegment {
  readonly shape: 'run';
  readonly kind: NonFiniteKind;
  readonly fromStep: number;
  readonly toStep: number;
  readonly length: number;
}

/** A cycle of kinds repeated exactly: `cycles` full cycles, then the first `remainder` kinds of one more. */
export interface CycleSegment {
  readonly shape: 'cycle';
  readonly cycle: readonly NonFiniteKind[];
  readonly fromStep: number;
  readonly toStep: number;
  readonly length: number;
  readonly cycles: number;
  readonly remainder: number;
}

export type Segment = RunSegment | CycleSegment;

/** Length of the longest stretch from `start` in which kinds[j] = kinds[j - period]. */
function periodicLength(kinds: readonly NonFiniteKind[], start: number, period: number): number {
  let j = start + period;
  while (j < kinds.length && kinds[j] === kinds[j - period]) j++;
  return Math.min(j, kinds.length) - start;
}

/**
 * The segments of `points`, which must all be non-finite and consecutive in step order (one burst).
 * Example: see the module comment.
 */
export function segmentsOf(points: readonly Point[]): readonly Segment[] {
  const kinds = points.map((p) => {
    if (p.kind === 'finite') throw new RangeError(`segmentsOf: the value at step ${p.step} is finite`);
    return p.kind;
  });
  const out: Segment[] = [];
  let i = 0;
  while (i < kinds.length) {
    let bestPeriod = 1;
    let bestLength = periodicLength(kinds, i, 1);
    for (let p = 2; p <= MAX_PERIOD && i + 2 * p <= kinds.length; p++) {
      const length = periodicLength(kinds, i, p);
      if (length >= 2 * p && length > bestLength) {
        bestPeriod = p;
        bestLength = length;
      }
    }
    const fromStep = (points[i] as Point).step;
    const toStep = (points[i + bestLength - 1] as Point).step;
    if (bestPeriod === 1) out.push({ shape: 'run', kind: kinds[i] as NonFiniteKind, fromStep, toStep, length: bestLength });
    else {
      const cycle = kinds.slice(i, i + bestPeriod);
      out.push({
        shape: 'cycle',
        cycle,
        fromStep,
        toStep,
        length: bestLength,
        cycles: Math.floor(bestLength / bestPeriod),
        remainder: bestLength % bestPeriod,
      });
    }
    i += bestLength;
  }
  return out;
}
