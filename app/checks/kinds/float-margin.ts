/**
 * The guarantee of a decision read from a float64 comparison: when the compared value lies farther from the
 * decision's boundary than a proven bound on its rounding error (with a safety factor of 1000), no rounding
 * can have moved it across, so the side it falls on is rigorous (`enclosure`: the exact value lies within the
 * bound, and the whole enclosure is on that side); otherwise the result is `approximate` with that bound, and it
 * decides nothing (/work/notes/decisions-gates.md).
 * Example: `floatSideGuarantee(0.98, 2e-15, 'the normalised ratio')` is `{ kind: 'enclosure' }`;
 * `floatSideGuarantee(1e-14, 2e-15, 'the ratio')` is approximate.
 */
import type { Guarantee } from '../kind';

/** Unit roundoff of float64 (2^-53). */
export const FLOAT64_U = 2 ** -53;

/** How much farther than the error bound the value must lie from the boundary. */
export const MARGIN_SAFETY = 1000;

/**
 * `margin`: the value's relative distance to the nearest decision boundary; `bound`: a proven bound on its
 * relative rounding error; `what` names the value in the approximate guarantee's bound.
 */
export function floatSideGuarantee(margin: number, bound: number, what: string): Guarantee {
  if (Number.isFinite(margin) && Number.isFinite(bound) && bound >= 0 && margin > MARGIN_SAFETY * bound) return { kind: 'enclosure' };
  return {
    kind: 'approximate',
    bound: `${what}: relative rounding error at most ${bound.toExponential(1)}, not ${MARGIN_SAFETY}x inside its margin ${Number.isFinite(margin) ? margin.toExponential(1) : String(margin)} to the decision boundary`,
  };
}

/**
 * Relative distance of `r` to the boundaries `bounds` (positive numbers): min |r - b| / |r|.
 * Example: `relativeMargin(0.04, [1.9, 2.1])` is 46.5.
 */
export function relativeMargin(r: number, bounds: readonly number[]): number {
  if (r === 0) return 0;
  return Math.min(...bounds.map((b) => Math.abs(r - b) / Math.abs(r)));
}
