/**
 * Exact decimal output of rationals: rounded to a number of places after the point or of significant
 * digits (in any rounding mode of checkers/exact/rounding.ts), or in full as a repeating decimal. Works on
 * a numerator and a positive denominator, reduced or not, so MPFR's dyadic values (m / 2^k) round here too.
 * Guarantee: exact (one rounding, in the mode asked for, of the exact value).
 */
import { DomainError } from '../errors';
import { bitLength } from './bigint-bits';
import { roundQuotient, type RoundingMode } from './rounding';

/** sign * coefficient * 10^exponent, with |coefficient| < 10^digits (0 is coefficient 0n, exponent 0). */
export interface ScaledDecimal {
  readonly coefficient: bigint;
  readonly exponent: number;
}

const LOG10_2 = Math.log10(2);

/**
 * floor(log10(n / d)) for n, d > 0. Exact. Example: `floorLog10(999n, 1n)` is 2, `floorLog10(1n, 1000n)` is -3.
 */
export function floorLog10(n: bigint, d: bigint): number {
  if (n <= 0n || d <= 0n) throw new DomainError('floorLog10', 'arguments must be positive');
  // log10(n/d) lies within about 1 of (bitLength(n) - bitLength(d)) log10(2); correct the guess exactly.
  let k = Math.floor((bitLength(n) - bitLength(d)) * LOG10_2);
  while (!atLeastPowerOf10(n, d, k)) k -= 1;
  while (atLeastPowerOf10(n, d, k + 1)) k += 1;
  return k;
}

/** n / d >= 10^k. */
function atLeastPowerOf10(n: bigint, d: bigint, k: number): boolean {
  return k >= 0 ? n >= d * 10n ** BigInt(k) : n * 10n ** BigInt(-k) >= d;
}

/**
 * n/d rounded to `digits` significant digits in `mode`: coefficient * 10^exponent. Example:
 * `roundSignificant(2n, 3n, 3, 'half-even')` is `{ coefficient: 667n, exponent: -3 }`.
 */
export function roundSignificant(n: bigint, d: bigint, digits: number, mode: RoundingMode): ScaledDecimal {
  if (!Number.isSafeInteger(digits) || digits < 1) throw new DomainError('round', `digits must be a positive integer, got ${digits}`);
  if (d <= 0n) throw new DomainError('round', 'denominator must be positive');
  if (n === 0n) return { coefficient: 0n, exponent: 0 };
  let exponent = floorLog10(n < 0n ? -n : n, d) - digits + 1;
  let coefficient = roundScaled(n, d, -exponent, mode);
  // Rounding up 9.99... gives 10^digits: one digit too many, and exact after dropping a zero.
  if ((coefficient < 0n ? -coefficient : coefficient) === 10n ** BigInt(digits)) {
    coefficient /= 10n;
    exponent += 1;
  }
  return { coefficient, exponent };
}

/** round(n/d * 10^scale) in `mode`. */
function roundScaled(n: bigint, d: bigint, scale: number, mode: RoundingMode): bigint {
  return scale >= 0 ? roundQuotient(n * 10n ** BigInt(scale), d, mode) : roundQuotient(n, d * 10n ** BigInt(-scale), mode);
}

/**
 * n/d rounded to `places` digits after the decimal point, written out in full. Example:
 * `toFixedDecimal(-1n, 8n, 2, 'half-even')` is `"-0.12"`; `toFixedDecimal(5n, 2n, 0, 'half-up')` is `"3"`.
 */
export function toFixedDecimal(n: bigint, d: bigint, places: number, mode: RoundingMode): string {
  if (!Number.isSafeInteger(places) || places < 0) throw new DomainError('toFixed', `places must be a non-negative integer, got ${places}`);
  if (d <= 0n) throw new DomainError('toFixed', 'denominator must be positive');
  const scaled = roundScaled(n, d, places, mode);
  // A value that rounds to zero from below keeps its sign ("-0.00"), as printf and decimal.js do.
  const negative = scaled < 0n || (scaled === 0n && n < 0n);
  return `${negative ? '-' : ''}${pointed(scaled < 0n ? -scaled : scaled, places)}`;
}

/** The significant-digit result as a plain or scientific string (`"6.67e-1"` style for decimal.js and MPFR). */
export function scaledToString(x: ScaledDecimal): string {
  return x.exponent === 0 ? x.coefficient.toString() : `${x.coefficient}e${x.exponent}`;
}

/** The digits of m with a point `places` from the right. */
function pointed(m: bigint, places: number): string {
  if (places === 0) return m.toString();
  const s = m.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

/** A rational as integer part, the digits after the point before the period, and the period (may be ""). */
export interface RepeatingDecimal {
  readonly negative: boolean;
  readonly integer: bigint;
  readonly prefix: string;
  readonly period: string;
}

/**
 * The full decimal expansion of n/d (d > 0): finite when d has no prime factors but 2 and 5, else a
 * prefix then a period repeating for ever. The prefix has max(a, b) digits for d = 2^a 5^b m (gcd(m, 10)
 * = 1), the period is the order of 10 modulo m (found by long division, at most m - 1 digits). Throws
 * DomainError when prefix and period together would exceed `maxDigits`.
 * Example: `repeatingDecimal(1n, 6n)` is `{ negative: false, integer: 0n, prefix: '1', period: '6' }` ("0.1(6)").
 */
export function repeatingDecimal(n: bigint, d: bigint, maxDigits = 100_000): RepeatingDecimal {
  if (d <= 0n) throw new DomainError('repeatingDecimal', 'denominator must be positive');
  const negative = n < 0n;
  const a = negative ? -n : n;
  const integer = a / d;
  let r = a - integer * d;
  let m = d;
  let twos = 0;
  let fives = 0;
  while (m % 2n === 0n) {
    m /= 2n;
    twos += 1;
  }
  while (m % 5n === 0n) {
    m /= 5n;
    fives += 1;
  }
  const prefixLength = Math.max(twos, fives);
  if (prefixLength > maxDigits) throw tooLong(prefixLength, maxDigits);
  const prefixDigits: string[] = [];
  for (let i = 0; i < prefixLength; i += 1) {
    r *= 10n;
    prefixDigits.push((r / d).toString());
    r %= d;
  }
  if (r === 0n) return { negative, integer, prefix: withoutTrailingZeros(prefixDigits), period: '' };
  // From here the remainders cycle back to r (10 is invertible modulo the part of d coprime to 10).
  const start = r;
  const periodDigits: string[] = [];
  do {
    if (prefixLength + periodDigits.length >= maxDigits) throw tooLong(`more than ${maxDigits}`, maxDigits);
    r *= 10n;
    periodDigits.push((r / d).toString());
    r %= d;
  } while (r !== start);
  return { negative, integer, prefix: prefixDigits.join(''), period: periodDigits.join('') };
}

/** `"-0.1(6)"`: the period in parentheses; a finite expansion has none. */
export function formatRepeating(x: RepeatingDecimal): string {
  const sign = x.negative && (x.integer !== 0n || x.prefix !== '' || x.period !== '') ? '-' : '';
  const fraction = x.period === '' ? x.prefix : `${x.prefix}(${x.period})`;
  return `${sign}${x.integer}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The digits joined, trailing zeros dropped (by a loop: a /0+$/ regex is quadratic on "1000...01"). */
function withoutTrailingZeros(digits: readonly string[]): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end -= 1;
  return digits.slice(0, end).join('');
}

function tooLong(digits: number | string, limit: number): DomainError {
  return new DomainError(
    'repeatingDecimal',
    `the expansion needs ${digits} digits, over the limit of ${limit}; round it with toFixed instead`,
  );
}
