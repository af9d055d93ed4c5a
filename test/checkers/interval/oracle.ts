/** Test helpers: exact rational oracles (plain BigInt cross-multiplication) for interval containment. */
import Decimal from 'decimal.js';
import type { RationalPair } from '../../../checkers/interval/arena';

/** A rational with den > 0, not necessarily reduced. */
export type Q = { num: bigint; den: bigint };

export const q = (num: bigint, den: bigint): Q => (den < 0n ? { num: -num, den: -den } : { num, den });
export const qAdd = (a: Q, b: Q): Q => q(a.num * b.den + b.num * a.den, a.den * b.den);
export const qSub = (a: Q, b: Q): Q => q(a.num * b.den - b.num * a.den, a.den * b.den);
export const qMul = (a: Q, b: Q): Q => q(a.num * b.num, a.den * b.den);
export const qDiv = (a: Q, b: Q): Q => q(a.num * b.den, a.den * b.num);

/** a <= b for rationals with positive denominators. */
export const qLe = (a: RationalPair | Q, b: RationalPair | Q): boolean => a.num * b.den <= b.num * a.den;

/** lo <= x <= hi, exactly. */
export function encloses(bounds: { lo: RationalPair; hi: RationalPair }, x: Q): boolean {
  return qLe(bounds.lo, x) && qLe(x, bounds.hi);
}

const Wide = Decimal.clone({ precision: 400 });

/** A dyadic bound as a decimal.js value (exact: 400 digits cover the bounds used in these tests). */
export const toDecimal = (r: RationalPair): Decimal => new Wide(r.num.toString()).div(r.den.toString());

/**
 * Containment of a value known only to within `tol` (a decimal.js reference at much higher precision):
 * lo <= ref + tol and ref - tol <= hi. With tol far below the interval's own rounding unit, an endpoint
 * rounded the wrong way is caught.
 */
export function enclosesApprox(bounds: { lo: RationalPair; hi: RationalPair }, ref: Decimal, tol: Decimal): boolean {
  return toDecimal(bounds.lo).lte(ref.plus(tol)) && ref.minus(tol).lte(toDecimal(bounds.hi));
}

/** hi - lo as a decimal.js value. */
export const width = (bounds: { lo: RationalPair; hi: RationalPair }): Decimal => toDecimal(bounds.hi).minus(toDecimal(bounds.lo));
