/**
 * Exact values behind a printed float. A logbook prints `0.1`; three different exact numbers can be meant:
 * (a) the IEEE-754 binary64 double nearest to the printed decimal (what `float("0.1")` holds), a dyadic
 *     rational p/2^k, found by round-to-nearest, ties-to-even, on the exact decimal (not by `Number()`, whose
 *     rounding ECMAScript leaves open beyond 20 significant digits);
 * (b) the printed decimal itself, p/10^k reduced;
 * (c) the simplest rational within a tolerance T of the printed decimal: the one with the smallest denominator
 *     (and, among those, the smallest |numerator|) in the closed interval [x - T, x + T], found on the
 *     Stern-Brocot tree by continued fractions (Graham, Knuth, Patashnik, Concrete Mathematics, 4.5). The
 *     default T is half a unit in the last printed digit (`3.8726` gives 5e-5, `16` gives 1/2, `1.5e3` gives 50):
 *     every number that prints as the same digits lies within it.
 * Guarantee: exact (BigInt rationals throughout; nothing is rounded but the deliberate rounding of (a)).
 */
import { DomainError, ParseError } from '../errors';
import { parseExactNumber } from '../precise/parse-number';
import { Rational } from './rational';
import { bitLength } from './bigint-bits';

/** The three readings of one printed float. */
export interface Rationalization {
  /** The text as given (trimmed). */
  readonly printed: string;
  /** (a) The nearest binary64 double as a rational, or null when the decimal rounds to an infinity (|x| >= 2^1024 - 2^970). */
  readonly double: Rational | null;
  /** The double as a JS number (exactly the value of `double`; ±Infinity when it overflows; -0 for a printed negative zero or underflow). */
  readonly doubleNumber: number;
  /** (b) The printed decimal, exactly. */
  readonly decimal: Rational;
  /** The tolerance T used, and whether it was given or is half a unit in the last printed digit. */
  readonly tolerance: Rational;
  readonly toleranceFrom: 'given' | 'last-digit';
  /** (c) The simplest rational in [decimal - T, decimal + T]. */
  readonly simplest: Rational;
  /** |double - decimal| (null when the double overflows) and |simplest - decimal|, exactly. */
  readonly doubleError: Rational | null;
  readonly simplestError: Rational;
}

const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;
const DECIMAL_PARTS = /^[+-]?(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 100_000;

/**
 * Reads a printed float and returns its three exact readings (file comment). `tolerance`, when given, is a
 * decimal or `p/q` string, at least 0. Throws DomainError for NaN or an infinity, ParseError for anything that
 * is not a decimal number.
 * Example: `rationalize('0.1').double.toString()` is `3602879701896397/36028797018963968`, `.decimal` is 1/10,
 * `.simplest` is 1/7 (the smallest denominator in [0.05, 0.15]); `rationalize('0.1', '0').simplest` is 1/10.
 */
export function rationalize(printed: string, tolerance?: string): Rationalization {
  const text = printed.trim();
  if (NON_FINITE.test(text))
    throw new DomainError('rationalize', `"${text}" is not a finite number: NaN and infinities have no rational value`);
  const exact = parseExactNumber(text);
  if (exact.kind !== 'decimal') throw new ParseError(text, 'a printed float is a decimal ("0.1", "3.2e-05"); p/q is already exact');
  const parts = DECIMAL_PARTS.exec(text);
  const exponent = Number(parts?.[3] ?? '0');
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) throw new ParseError(text, `exponent beyond ±${MAX_EXPONENT}`);
  const decimal = Rational.parse(text);
  const tol = tolerance === undefined ? halfLastDigit(parts?.[2] ?? '', exponent) : parseTolerance(tolerance);
  const simplest = simplestBetween(decimal.sub(tol), decimal.add(tol));
  const rounded = nearestDouble(decimal);
  const negative = text.startsWith('-');
  const doubleNumber = rounded === null ? (negative ? -Infinity : Infinity) : rounded.isZero() && negative ? -0 : dyadicToNumber(rounded);
  return {
    printed: text,
    double: rounded,
    doubleNumber,
    decimal,
    tolerance: tol,
    toleranceFrom: tolerance === undefined ? 'last-digit' : 'given',
    simplest,
    doubleError: rounded === null ? null : rounded.sub(decimal).abs(),
    simplestError: simplest.sub(decimal).abs(),
  };
}

/**
 * One sentence saying where the three readings differ (or that they agree).
 * Example: `describeRationalization(rationalize('0.5'))` is
 * `0.5 is exactly a double (1/2); the simplest rational within 1/20 of it is 1/2 itself.`
 */
export function describeRationalization(r: Rationalization): string {
  const within = `within ${brief(r.tolerance)}${r.toleranceFrom === 'last-digit' ? ' (half a unit in the last printed digit)' : ''}`;
  const simplest = r.simplest.equals(r.decimal)
    ? `the simplest rational ${within} of it is ${brief(r.decimal)} itself`
    : `the simplest rational ${within} is ${brief(r.simplest)}, not ${brief(r.decimal)}${r.double !== null && r.simplest.equals(r.double) ? ' (it is the double)' : ''}`;
  if (r.double === null)
    return `${r.printed} is beyond the largest double: as a double it is ${r.doubleNumber > 0 ? '' : '-'}infinity; exactly it is ${brief(r.decimal)}; ${simplest}.`;
  if (r.double.equals(r.decimal)) return `${r.printed} is exactly a double (${brief(r.decimal)}); ${simplest}.`;
  const asDouble = r.double.isZero() ? 'underflows to 0 as a double' : `as a double is ${brief(r.double)}`;
  return `the logbook printed ${r.printed}, which ${asDouble} (off by ${approx(r.doubleError as Rational)}) while the decimal printed is exactly ${brief(r.decimal)}; ${simplest}.`;
}

/** A rational for a sentence: in full up to 60 characters, else its ends and digit counts. */
function brief(x: Rational): string {
  const text = x.toString();
  if (text.length <= 60) return text;
  const part = (n: bigint) => {
    const d = (n < 0n ? -n : n).toString();
    return d.length <= 24 ? `${n}` : `${n < 0n ? '-' : ''}${d.slice(0, 12)}...${d.slice(-6)} (${d.length} digits)`;
  };
  return x.den === 1n ? part(x.num) : `${part(x.num)}/${part(x.den)}`;
}

/** An exact rational with its approximate size, for messages: `1/180143985094819840 ≈ 5.55e-18`. */
function approx(x: Rational): string {
  const v = x.toNumber();
  if (v !== 0 && Number.isFinite(v)) return `${brief(x)} ≈ ${v.toPrecision(3)}`;
  // Beyond the double range: the order of magnitude from the digit counts.
  const digits = (n: bigint) => (n < 0n ? -n : n).toString().length;
  return `${brief(x)} ≈ 1e${digits(x.num) - digits(x.den)}`;
}

/**
 * The rational with the smallest denominator (then the smallest |numerator|) in the closed interval [lo, hi].
 * Exact. Example: `simplestBetween(Rational.parse('0.3'), Rational.parse('0.34')).toString()` is `1/3`.
 */
export function simplestBetween(lo: Rational, hi: Rational): Rational {
  if (lo.compare(hi) > 0) throw new DomainError('simplestBetween', `empty interval [${lo}, ${hi}]`);
  if (lo.sign() <= 0 && hi.sign() >= 0) return Rational.ZERO;
  if (hi.sign() < 0) return simplestBetween(hi.neg(), lo.neg()).neg();
  // 0 < lo <= hi. Walk the continued fraction: x = a0 + 1/(a1 + 1/(...)), keeping the convergents p/q.
  // At each level the interval is [ln/ld, hn/hd] with ln/ld > 0; the smallest integer in it ends the walk.
  let [ln, ld, hn, hd] = [lo.num, lo.den, hi.num, hi.den];
  let [p1, q1, p2, q2] = [1n, 0n, 0n, 1n]; // p_{n-1}, q_{n-1}, p_{n-2}, q_{n-2}
  for (;;) {
    const ceilLo = (ln + ld - 1n) / ld;
    if (ceilLo * hd <= hn) return Rational.of(ceilLo * p1 + p2, ceilLo * q1 + q2);
    const a = ln / ld; // floor(lo) = floor(hi): no integer lies in [lo, hi]
    [p1, q1, p2, q2] = [a * p1 + p2, a * q1 + q2, p1, q1];
    // [lo, hi] - a = [lo - a, hi - a] inside (0, 1); its reciprocal is [1/(hi - a), 1/(lo - a)].
    [ln, ld, hn, hd] = [hd, hn - a * hd, ld, ln - a * ld];
  }
}

/**
 * The binary64 double nearest to x (ties to even), as an exact rational; null when x rounds to an infinity.
 * Values below half the least subnormal round to 0. Exact. Example: `nearestDouble(Rational.parse('0.1'))` is
 * 3602879701896397/36028797018963968.
 */
export function nearestDouble(x: Rational): Rational | null {
  if (x.isZero()) return Rational.ZERO;
  const n = x.num < 0n ? -x.num : x.num;
  const d = x.den;
  // floor(log2 |x|) is L or L - 1 with L = bitLength(n) - bitLength(d).
  const L = bitLength(n) - bitLength(d);
  const atLeast2L = L >= 0 ? n >= d << BigInt(L) : n << BigInt(-L) >= d;
  const log2 = atLeast2L ? L : L - 1;
  if (log2 >= 1024) return null;
  // The significand has 53 bits in the normal range; below 2^-1022 the spacing stays 2^-1074 (subnormals).
  let e = Math.max(log2 - 52, -1074);
  const [num, den] = e >= 0 ? [n, d << BigInt(e)] : [n << BigInt(-e), d];
  let m = num / den;
  const twiceRest = 2n * (num - m * den);
  if (twiceRest > den || (twiceRest === den && (m & 1n) === 1n)) m += 1n;
  if (m === 1n << 53n) {
    m = 1n << 52n;
    e += 1;
  }
  if (e > 971) return null; // m 2^e >= 2^1024
  const magnitude = e >= 0 ? Rational.of(m << BigInt(e)) : Rational.of(m, 1n << BigInt(-e));
  return x.num < 0n ? magnitude.neg() : magnitude;
}

/**
 * Half a unit in the last printed digit of a decimal with `fraction` digits after the point and exponent `e`:
 * 5 * 10^(e - fraction - 1).
 */
function halfLastDigit(fraction: string, e: number): Rational {
  const k = e - fraction.length - 1;
  return k >= 0 ? Rational.of(5n * 10n ** BigInt(k)) : Rational.of(5n, 10n ** BigInt(-k));
}

function parseTolerance(text: string): Rational {
  if (NON_FINITE.test(text.trim())) throw new DomainError('rationalize', `tolerance "${text.trim()}" is not a finite number`);
  const t = Rational.parse(text);
  if (t.sign() < 0) throw new DomainError('rationalize', `tolerance ${text.trim()} is negative`);
  return t;
}

/** The JS number equal to the double `r` (a rational m/2^k with |m| < 2^53, or an integer double). Exact. */
function dyadicToNumber(r: Rational): number {
  const k = bitLength(r.den) - 1; // den = 2^k
  // Number(num) is exact (num is an integer double). Dividing by 2^k in two steps never rounds: after the first
  // step (at most 2^1000) the value is still a normal double, and the final value is the double itself.
  const first = Math.min(k, 1000);
  return Number(r.num) / 2 ** first / 2 ** (k - first);
}
