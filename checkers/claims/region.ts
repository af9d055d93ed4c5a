/**
 * The region of values a claim's number allows (the `metric-claim` kind, `recheck claim`): a reported number
 * with its direction and tolerance, in the claim's own unit.
 * - `equal`: the claimed value within an absolute tolerance (`{ kind: 'abs', value: t }`: [c - t, c + t]) or a
 *   relative one (`{ kind: 'rel', value: r }`: [c - r|c|, c + r|c|]);
 * - `at-least`: [c - margin, +inf) ("at least 8x faster", "+4pp or more");
 * - `at-most`: (-inf, c + margin] ("at most 3.1% quality loss").
 * The margin (default 0) widens the claim in its favour, as a reader grants a claim stated with rounding.
 * Bad input (a DomainError naming `claimRegion` and the problem): a non-finite claimed value, `equal` without a
 * tolerance or with a zero one (an interval never lies within a point), a tolerance on a one-sided claim or a
 * margin on `equal`, a negative or non-finite tolerance or margin, a relative tolerance of a claim of 0.
 * Guarantee: exact up to one float64 rounding of c +- t (or c +- r|c|).
 * Example: `claimRegion({ claimed: 4, direction: 'equal', tolerance: { kind: 'abs', value: 0.5 } })` is
 * `{ low: 3.5, high: 4.5, ... }`; `claimRegion({ claimed: 8, direction: 'at-least', margin: 0.2 })` is
 * `{ low: 7.8, high: Infinity, ... }`.
 */
import { DomainError } from '../errors';

export type ClaimDirection = 'equal' | 'at-least' | 'at-most';

/** Every direction, for validation and loops in tests. */
export const CLAIM_DIRECTIONS: readonly ClaimDirection[] = ['equal', 'at-least', 'at-most'];

/** A tolerance of an `equal` claim: absolute (in the claim's unit) or relative to |claimed|. */
export interface ClaimTolerance {
  readonly kind: 'abs' | 'rel';
  readonly value: number;
}

/** A claim's number as the paper states it. */
export interface ClaimSpec {
  readonly claimed: number;
  readonly direction: ClaimDirection;
  /** `equal` only. */
  readonly tolerance?: ClaimTolerance;
  /** `at-least` / `at-most` only: how far past the claimed value still counts as the claim (default 0). */
  readonly margin?: number;
}

/** The closed region [low, high] the claim allows; an open side is infinite. */
export interface ClaimRegion {
  readonly claimed: number;
  readonly direction: ClaimDirection;
  readonly low: number;
  readonly high: number;
  /** The half-width of an `equal` claim in the claim's unit, else the margin (0 when none). */
  readonly allowance: number;
  /** "within 4 +- 0.5 (3.5 to 4.5)", "at least 8 - 0.2 = 7.8", "at most 3.1". */
  readonly words: string;
}

const OP = 'claimRegion';

/** Twelve significant digits, for words only (the numbers themselves stay in the fields). */
const g = (v: number) => String(Number(v.toPrecision(12)));

function nonNegative(what: string, v: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new DomainError(OP, `${what} must be a finite number >= 0, got ${String(v)}`);
}

/** The region a claim allows (see the file comment). */
export function claimRegion(spec: ClaimSpec): ClaimRegion {
  const { claimed: c, direction } = spec;
  if (typeof c !== 'number' || !Number.isFinite(c))
    throw new DomainError(OP, `the claimed value must be a finite number, got ${String(c)}`);
  if (direction === 'equal') {
    if (spec.margin !== undefined) throw new DomainError(OP, 'an equal claim takes a tolerance, not a margin');
    const tol = spec.tolerance;
    if (tol === undefined)
      throw new DomainError(OP, 'an equal claim needs a tolerance (abs or rel): an interval never lies within a single point');
    if (tol.kind !== 'abs' && tol.kind !== 'rel') throw new DomainError(OP, `a tolerance is abs or rel, got ${String(tol.kind)}`);
    nonNegative(`the ${tol.kind} tolerance`, tol.value);
    if (tol.kind === 'rel' && c === 0) throw new DomainError(OP, 'a relative tolerance of a claim of 0 is 0: give an absolute tolerance');
    const half = tol.kind === 'abs' ? tol.value : tol.value * Math.abs(c);
    if (!(half > 0)) throw new DomainError(OP, 'the tolerance is 0: an interval never lies within a single point');
    const low = c - half;
    const high = c + half;
    const how = tol.kind === 'rel' ? ` (${g(100 * tol.value)}% of ${g(Math.abs(c))})` : '';
    return { claimed: c, direction, low, high, allowance: half, words: `within ${g(c)} +- ${g(half)}${how}, from ${g(low)} to ${g(high)}` };
  }
  if (direction !== 'at-least' && direction !== 'at-most')
    throw new DomainError(OP, `the direction must be equal, at-least or at-most, got ${String(direction)}`);
  if (spec.tolerance !== undefined) throw new DomainError(OP, `an ${direction} claim takes a margin, not a tolerance`);
  const margin = spec.margin ?? 0;
  nonNegative('the margin', margin);
  if (direction === 'at-least') {
    const low = c - margin;
    return {
      claimed: c,
      direction,
      low,
      high: Infinity,
      allowance: margin,
      words: `at least ${g(c)}${margin > 0 ? ` - ${g(margin)} = ${g(low)}` : ''}`,
    };
  }
  const high = c + margin;
  return {
    claimed: c,
    direction,
    low: -Infinity,
    high,
    allowance: margin,
    words: `at most ${g(c)}${margin > 0 ? ` + ${g(margin)} = ${g(high)}` : ''}`,
  };
}
