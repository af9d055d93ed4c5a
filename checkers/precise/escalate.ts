/**
 * Precision escalation: run the same high-precision computation at p and at 2p digits and report how many
 * leading significant digits the two results share. Agreement is evidence, not proof, that the p-digit
 * result is that accurate (use checkers/interval for a proof); disagreement proves that at least one of the
 * two runs lost precision (cancellation, an ill-conditioned step).
 */
import Decimal from 'decimal.js';
import type { Mpfr } from './mpfr';
import { createPrecise, type Precise } from './precise';

/** The outcome of `escalate`: the 2p-digit value and the number of digits (0..p) on which both runs agree. */
export interface Escalation {
  readonly value: Decimal;
  /** The p-digit result, for display beside `value`. */
  readonly low: Decimal;
  readonly digitsAgreed: number;
  readonly p: number;
}

const Rel = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_EVEN });

/**
 * Number of significant decimal digits on which `a` and `b` agree, measured as floor(-log10 |a - b| / |b|)
 * and clamped to [0, max] (equal values agree on `max` digits; zero against nonzero agrees on 0).
 * Measured on the relative difference, so 0.1499999 and 0.1500001 agree on 5 digits although their
 * leading characters differ. Example: `digitsAgreed(new Decimal('3.14159'), new Decimal('3.14160'), 10)` returns 5.
 */
export function digitsAgreed(a: Decimal, b: Decimal, max: number): number {
  if (a.eq(b)) return max;
  if (a.isZero() || b.isZero()) return 0;
  const rel = new Rel(a).minus(b).abs().div(new Rel(b).abs());
  const k = rel.log(10).neg().floor().toNumber();
  return Math.max(0, Math.min(max, k));
}

/**
 * Evaluates `fn` at p and at 2p significant digits. Example:
 * `escalate((P) => P.ln('2'), 30, mpfr)` returns `{ digitsAgreed: 30, p: 30, value: 0.6931...(60 digits), ... }`;
 * a computation that cancels catastrophically, such as `(P) => P.sub(P.exp('1e-40'), 1)`, agrees on fewer.
 */
export function escalate(fn: (P: Precise) => Decimal, p: number, mpfr: Mpfr): Escalation {
  const low = fn(createPrecise({ digits: p, mpfr }));
  const value = fn(createPrecise({ digits: 2 * p, mpfr }));
  return { value, low, digitsAgreed: digitsAgreed(low, value, p), p };
}
