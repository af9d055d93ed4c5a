/**
 * Correct rounding by Ziv's strategy (Ziv, "Fast evaluation of elementary mathematical functions with
 * correctly rounded last bit", ACM TOMS 17, 1991; as in MPFR): enclose f(x) in an interval at a working
 * precision, round both ends to the target digits in the target mode, and if they differ raise the
 * precision and repeat. Rounding is monotone, so two equal roundings of the ends are the rounding of every
 * value between them: the answer is proven, not estimated.
 *
 * The loop ends for every value that is not itself a rounding boundary (a tie for the nearest modes, a
 * `digits`-digit decimal for the directed ones). Such boundaries are rational; a function of rational inputs
 * takes a rational value only in the cases the caller's `equals` recognises exactly (exp(0), x^(p/q) of a
 * perfect power, log_b of an exact power...; by Lindemann-Weierstrass and Gelfond-Schneider there are no
 * others), so whenever an enclosure still straddles a boundary the boundary is tested with `equals`, and a
 * hit is rounded exactly under the mode's own tie rule.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../errors';
import { Rational } from '../exact/rational';
import { decimalJsRounding, isNearestMode, type RoundingMode } from '../exact/rounding';
import { withIntervals, type Interval, type IntervalArena } from '../interval/arena';
import { UndecidedError } from '../interval/undecided';
import { bitsForDigits, isFiniteFloat, RND, toDecimalString, toDyadic, type Mpfr, type MpfrPtr, type Rnd } from './mpfr';

/** What the loop needs from one function of exact arguments. */
export interface ZivProblem {
  /** Operation name for messages (`exp`, `log`...). */
  readonly name: string;
  /** An enclosure of the exact value at the arena's precision (UndecidedError asks for more precision). */
  enclose(I: IntervalArena): Interval;
  /** Whether the exact value equals the rational c (called only for rounding boundaries inside an enclosure). */
  equals(c: Rational): boolean;
  /** Bits to add to the starting precision for the function's condition number at this argument. */
  readonly extraBits: number;
}

/** Largest binary exponent of MPFR's default range: values lie below 2^EMAX (about 10^323228496). */
const EMAX = 1073741823;
const OVERFLOW = `overflows the exponent range (magnitudes below 2^${EMAX}, about 10^323228496)`;
const UNDERFLOW = `underflows the exponent range (magnitudes from 2^-${EMAX + 1}, about 10^-323228497)`;

/**
 * The value of `problem` correctly rounded to `digits` significant digits in `mode`, as a decimal string.
 * Example: for exp(1) at 5 digits, half-even, returns "0.27183e1". Throws DomainError on overflow or
 * underflow, or when no decision comes within 16 doublings' worth of precision (never seen in practice).
 */
export function correctlyRounded(mpfr: Mpfr, problem: ZivProblem, digits: number, mode: RoundingMode): string {
  const start = bitsForDigits(digits, 32) + Math.max(0, Math.ceil(problem.extraBits));
  const maxBits = 16 * start + 4096;
  for (let bits = start; ; bits = Math.min(2 * bits, maxBits)) {
    const decided = withIntervals(mpfr, { bits }, (I) => attempt(I, problem, digits, mode));
    if (decided !== null) return decided;
    if (bits >= maxBits) {
      throw new DomainError(problem.name, `could not decide the ${mode} rounding to ${digits} digits within ${maxBits} bits`);
    }
  }
}

/** One Ziv step at the arena's precision: the rounded value, or null to retry at higher precision. */
function attempt(I: IntervalArena, problem: ZivProblem, digits: number, mode: RoundingMode): string | null {
  const b = I.mpfr.binding;
  b.mpfr_clear_flags();
  let r: Interval;
  try {
    r = problem.enclose(I);
  } catch (e) {
    if (e instanceof UndecidedError) return null;
    if (e instanceof DomainError && /exponent range/.test(e.reason)) throw new DomainError(problem.name, `result ${OVERFLOW}`);
    throw e;
  }
  if (b.mpfr_underflow_p() !== 0) throw new DomainError(problem.name, `result ${UNDERFLOW}`);
  if (b.mpfr_overflow_p() !== 0) throw new DomainError(problem.name, `result ${OVERFLOW}`);
  // A point enclosure is the exact value, a dyadic rational: round its exact decimal under the mode's own rule.
  const exact = pointValue(I, r);
  if (exact !== null) return roundExactly(exact, digits, mode);
  const rnd = mpfrRounding(mode);
  const low = toDecimalString(I.mpfr, r.lo, digits, rnd);
  const high = toDecimalString(I.mpfr, r.hi, digits, rnd);
  if (low === high) {
    if (!isNearestMode(mode)) return low;
    // Nearest modes: MPFR's own tie rule rounded both ends alike; only an end that is itself a tie and
    // equals the exact value needs the mode's tie rule.
    for (const end of [r.lo, r.hi]) {
      const tie = boundaryAt(I, end, digits, mode);
      if (tie !== null && problem.equals(tie.value)) return roundExactly(tie.text, digits, mode);
    }
    return low;
  }
  // The ends round apart: a boundary lies in [lo, hi]. Test the largest one below hi, the only candidate
  // once the enclosure is narrow.
  const candidate = boundaryBelow(I, r.hi, digits, mode);
  if (candidate !== null && problem.equals(candidate.value)) return roundExactly(candidate.text, digits, mode);
  return null;
}

/** Largest binary exponent whose exact decimal is written out (5^1100 has about 2,550 bits). */
const MAX_POINT_EXPONENT = 1100;

/**
 * The exact decimal of the enclosure when it is a single finite float (lo = hi), else null: m * 2^e is
 * m * 5^-e / 10^-e for e < 0. Points with huge exponents are left to the loop (they are never ties at sane digits).
 */
function pointValue(I: IntervalArena, r: Interval): string | null {
  const b = I.mpfr.binding;
  if (!isFiniteFloat(I.mpfr, r.lo) || b.mpfr_cmp(r.lo, r.hi) !== 0) return null;
  let { mantissa, exponent } = toDyadic(I.mpfr, r.lo);
  if (mantissa === 0n) return '0';
  while ((mantissa & 1n) === 0n) {
    mantissa >>= 1n; // MPFR's mantissa carries the precision's trailing zeros
    exponent += 1;
  }
  if (Math.abs(exponent) > MAX_POINT_EXPONENT) return null;
  if (exponent >= 0) return (mantissa << BigInt(exponent)).toString();
  return `${mantissa * 5n ** BigInt(-exponent)}e-${-exponent}`;
}

/** The MPFR direction that rounds like `mode` (the nearest modes all map to MPFR's nearest). */
function mpfrRounding(mode: RoundingMode): Rnd {
  switch (mode) {
    case 'floor':
      return RND.down;
    case 'ceiling':
      return RND.up;
    case 'down':
    case 'toward-zero':
      return RND.towardZero;
    case 'up':
    case 'away-from-zero':
      return RND.awayFromZero;
    default:
      return RND.nearest;
  }
}

/** A rounding boundary as text (digits + 1 significant digits) and as an exact rational. */
interface Boundary {
  readonly text: string;
  readonly value: Rational;
}

/** `end` itself, when it is exactly a boundary of `mode` at digits + 1 significant digits. */
function boundaryAt(I: IntervalArena, end: MpfrPtr, digits: number, mode: RoundingMode): Boundary | null {
  const below = toDecimalString(I.mpfr, end, digits + 1, RND.down);
  if (below !== toDecimalString(I.mpfr, end, digits + 1, RND.up)) return null;
  return asBoundary(below, mode);
}

/** The largest (digits + 1)-digit decimal <= hi, when it is a boundary of `mode`. */
function boundaryBelow(I: IntervalArena, hi: MpfrPtr, digits: number, mode: RoundingMode): Boundary | null {
  return asBoundary(toDecimalString(I.mpfr, hi, digits + 1, RND.down), mode);
}

/** Ties end in 5 (nearest modes); the directed modes' boundaries are the digits-digit decimals (ending in 0). */
function asBoundary(text: string, mode: RoundingMode): Boundary | null {
  if (text === '0') return { text, value: Rational.ZERO };
  const last = /(\d)e/.exec(text)?.[1];
  if (last !== (isNearestMode(mode) ? '5' : '0')) return null;
  try {
    return { text, value: Rational.parse(text) };
  } catch {
    return null; // beyond Rational's size rule: cannot be tested, the loop raises the precision instead
  }
}

/** The exact decimal `text` rounded to `digits` digits under the mode's own rule (decimal.js rounds exactly). */
function roundExactly(text: string, digits: number, mode: RoundingMode): string {
  return new Decimal(text).toSignificantDigits(digits, decimalJsRounding(mode)).toExponential().replace('e+', 'e');
}
