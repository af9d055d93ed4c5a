/**
 * Rounding modes, shared by the exact (Rational) and high-precision (Precise) layers, and the one exact
 * primitive every rounding is built on: rounding a quotient of integers to an integer.
 *
 * The names follow decimal.js and Java's RoundingMode: `up` rounds away from zero and `down` toward zero
 * (`away-from-zero` and `toward-zero` are the same two modes under names that cannot be misread); `floor`
 * rounds toward -infinity, `ceiling` toward +infinity; the `half-*` modes round to the nearest and break an
 * exact tie to the even neighbour, away from zero (`half-up`) or toward zero (`half-down`).
 */
import Decimal from 'decimal.js';
import { DomainError } from '../errors';

export { ROUNDING_MODES, isRoundingMode, requireRoundingMode, type RoundingMode } from './rounding-modes';
import type { RoundingMode } from './rounding-modes';

/** True for the modes that round to the nearest value (they differ only on exact ties). */
export function isNearestMode(mode: RoundingMode): boolean {
  return mode.startsWith('half-');
}

/** The decimal.js constant of a mode (decimal.js rounds + - x / exactly this way). */
export function decimalJsRounding(mode: RoundingMode): Decimal.Rounding {
  switch (mode) {
    case 'half-even':
      return Decimal.ROUND_HALF_EVEN;
    case 'half-up':
      return Decimal.ROUND_HALF_UP;
    case 'half-down':
      return Decimal.ROUND_HALF_DOWN;
    case 'up':
    case 'away-from-zero':
      return Decimal.ROUND_UP;
    case 'down':
    case 'toward-zero':
      return Decimal.ROUND_DOWN;
    case 'floor':
      return Decimal.ROUND_FLOOR;
    case 'ceiling':
      return Decimal.ROUND_CEIL;
  }
}

/**
 * num/den rounded to an integer in `mode` (den != 0). Exact.
 * Example: `roundQuotient(5n, 2n, 'half-even')` is 2n, `roundQuotient(-5n, 2n, 'half-up')` is -3n,
 * `roundQuotient(-7n, 2n, 'floor')` is -4n.
 */
export function roundQuotient(num: bigint, den: bigint, mode: RoundingMode): bigint {
  if (den === 0n) throw new DomainError('round', 'zero denominator');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const negative = num < 0n;
  const n = negative ? -num : num;
  // |x| = q + r/den with 0 <= r < den; decide whether the magnitude goes up to q + 1.
  const q = n / den;
  const r = n - q * den;
  if (r === 0n) return negative ? -q : q;
  const away = awayFromZero(mode, negative, 2n * r, den, q);
  const magnitude = away ? q + 1n : q;
  return negative ? -magnitude : magnitude;
}

/** Whether an inexact magnitude q + r/den (twiceR = 2r) rounds away from zero. */
function awayFromZero(mode: RoundingMode, negative: boolean, twiceR: bigint, den: bigint, q: bigint): boolean {
  switch (mode) {
    case 'up':
    case 'away-from-zero':
      return true;
    case 'down':
    case 'toward-zero':
      return false;
    case 'floor':
      return negative;
    case 'ceiling':
      return !negative;
    case 'half-up':
      return twiceR >= den;
    case 'half-down':
      return twiceR > den;
    case 'half-even':
      return twiceR > den || (twiceR === den && (q & 1n) === 1n);
  }
}
