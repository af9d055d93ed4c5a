/**
 * Exact rational numbers on BigInt, always in canonical form: denominator > 0 and gcd(num, den) = 1.
 * Values are immutable; every operation returns a new canonical Rational. The API follows fraction.js
 * (add, sub, mul, div, neg, abs, compare, equals), which the tests use as an oracle.
 */
import { DomainError, ParseError } from '../errors';
import { float64Parts } from '../precise/float64';
import { bitLength } from './bigint-bits';
import { gcd } from './lehmer-gcd';
import { numberSyntax, wrongType, type DecimalParts } from './number-syntax';
import { formatRepeating, repeatingDecimal, roundSignificant, scaledToString, toFixedDecimal } from './rational-decimal';
import { roundQuotient, type RoundingMode } from './rounding';

/** What `Rational.from` accepts: a Rational, a BigInt, a JS integer, or a string `"p/q"`, `"-12"`, `"0.1"`, `"1.5e-3"`. */
export type RationalInput = Rational | bigint | number | string;

/** Largest result of `pow`, in bits of numerator or denominator (about 5 million decimal digits). */
const MAX_POWER_BITS = 1 << 24;

export class Rational {
  static readonly ZERO = new Rational(0n, 1n);
  static readonly ONE = new Rational(1n, 1n);

  /** Use `Rational.of` / `Rational.from`; the constructor trusts that num/den is already canonical. */
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  /** num/den in canonical form. Exact. Throws DomainError for den = 0. Example: `Rational.of(6n, -4n)` is -3/2. */
  static of(num: bigint, den: bigint = 1n): Rational {
    if (den === 0n) throw new DomainError('rational', 'zero denominator');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    if (den === 1n) return new Rational(num, 1n);
    const g = gcd(num, den);
    return g === 1n ? new Rational(num, den) : new Rational(num / g, den / g);
  }

  /**
   * Exact conversion of an input. A JS number is accepted only when it is a safe integer (0.1 as a float is
   * not 1/10, so it is refused); strings are parsed exactly (`"0.1"` is 1/10).
   * Example: `Rational.from("0.75")` is 3/4; `Rational.from(0.5)` throws ParseError.
   */
  static from(x: RationalInput): Rational {
    if (x instanceof Rational) return x;
    if (typeof x === 'bigint') return new Rational(x, 1n);
    if (typeof x === 'number') {
      if (!Number.isSafeInteger(x))
        throw new ParseError(
          String(x),
          'a JS number must be a safe integer; write fractions as strings such as "1/10", or use Rational.fromFloat64',
        );
      return new Rational(BigInt(x), 1n);
    }
    return Rational.parse(x);
  }

  /**
   * Exact parse of `"p/q"`, an integer, or a decimal with optional exponent, under the one rule and size
   * limit of number-syntax.ts (shared with parseExactNumber). Example: `Rational.parse("-1.25e1")` is -25/2.
   */
  static parse(text: string): Rational {
    if (typeof text !== 'string') throw wrongType(text, 'a string such as "p/q", "-12" or "0.1"');
    const syntax = numberSyntax(text.trim(), text, 'not a rational number (expected "p/q", an integer or a decimal)');
    if (syntax.kind === 'integer') return new Rational(BigInt(syntax.text), 1n);
    if (syntax.kind === 'ratio') {
      const den = BigInt(syntax.den);
      if (den === 0n) throw new ParseError(text, 'zero denominator');
      return Rational.of(BigInt(syntax.num), den);
    }
    return Rational.fromDecimalParts(syntax.parts);
  }

  /**
   * The exact value of a finite double (every double is m 2^e). Example: `Rational.fromFloat64(0.1)` is
   * 3602879701896397/36028797018963968, not 1/10; `Rational.fromFloat64(-0.5)` is -1/2.
   */
  static fromFloat64(x: number): Rational {
    if (typeof x !== 'number') throw wrongType(x, 'a JS number');
    if (!Number.isFinite(x)) throw new ParseError(String(x), 'not a finite number');
    if (x === 0) return Rational.ZERO;
    const { mantissa, exponent } = float64Parts(x);
    if (exponent >= 0) return new Rational(mantissa << BigInt(exponent), 1n);
    // m / 2^k: only powers of two can cancel.
    const a = mantissa < 0n ? -mantissa : mantissa;
    const zeros = Math.min(bitLength(a & -a) - 1, -exponent);
    return new Rational(mantissa >> BigInt(zeros), 1n << BigInt(-exponent - zeros));
  }

  /** digits x 10^exponent, reduced by the factors 2 and 5 alone (the only ones 10^k has), never by a big gcd. */
  private static fromDecimalParts({ negative, digits, exponent }: DecimalParts): Rational {
    // Trailing zeros of the mantissa move into the exponent first.
    let end = digits.length;
    while (end > 0 && digits.charCodeAt(end - 1) === 48) end -= 1; // '0' (a /0+$/ regex is quadratic on "1000...01")
    const trimmed = digits.slice(0, end);
    if (trimmed === '') return Rational.ZERO;
    const e = exponent + (digits.length - trimmed.length);
    let m = BigInt(trimmed);
    if (negative) m = -m;
    if (e >= 0) return new Rational(m * 10n ** BigInt(e), 1n);
    const k = -e;
    // m no longer ends in 0, so at most one of 2 and 5 divides it.
    const a = m < 0n ? -m : m;
    const twos = Math.min(bitLength(a & -a) - 1, k);
    const fives = twos > 0 ? 0 : Math.min(multiplicity(a, 5n), k);
    const num = m / (2n ** BigInt(twos) * 5n ** BigInt(fives));
    return new Rational(num, (5n ** BigInt(k - fives)) << BigInt(k - twos));
  }

  add(y: RationalInput): Rational {
    const o = Rational.from(y);
    return Rational.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(y: RationalInput): Rational {
    const o = Rational.from(y);
    return Rational.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(y: RationalInput): Rational {
    const o = Rational.from(y);
    return Rational.of(this.num * o.num, this.den * o.den);
  }

  /** Exact quotient; throws DomainError on division by zero. */
  div(y: RationalInput): Rational {
    const o = Rational.from(y);
    if (o.num === 0n) throw new DomainError('rational.div', 'division by zero');
    return Rational.of(this.num * o.den, this.den * o.num);
  }

  neg(): Rational {
    return new Rational(-this.num, this.den);
  }

  abs(): Rational {
    return this.num < 0n ? this.neg() : this;
  }

  /** Exact reciprocal; throws DomainError for 0. */
  inverse(): Rational {
    if (this.num === 0n) throw new DomainError('rational.inverse', 'inverse of zero');
    return this.num < 0n ? new Rational(-this.den, -this.num) : new Rational(this.den, this.num);
  }

  /** -1, 0 or 1. */
  sign(): -1 | 0 | 1 {
    return this.num < 0n ? -1 : this.num > 0n ? 1 : 0;
  }

  /** -1, 0 or 1 as this <, =, > y, by cross-multiplication (exact). Example: `Rational.parse("1/3").compare("0.3")` is 1. */
  compare(y: RationalInput): -1 | 0 | 1 {
    const o = Rational.from(y);
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  equals(y: RationalInput): boolean {
    const o = Rational.from(y);
    return this.num === o.num && this.den === o.den;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  /** The largest integer <= this, as a Rational. Example: `Rational.parse("-7/2").floor()` is -4. */
  floor(): Rational {
    return this.round('floor');
  }

  /** The smallest integer >= this. Example: `Rational.parse("7/2").ceil()` is 4. */
  ceil(): Rational {
    return this.round('ceiling');
  }

  /**
   * The nearest integer in `mode` (default half-even). Exact.
   * Example: `Rational.parse("5/2").round()` is 2, `.round('half-up')` is 3, `Rational.parse("-5/2").round('half-up')` is -3.
   */
  round(mode: RoundingMode = 'half-even'): Rational {
    return new Rational(roundQuotient(this.num, this.den, mode), 1n);
  }

  /**
   * this - y floor(this / y): the remainder with the sign of y (Python's %, not JavaScript's). Exact;
   * DomainError for y = 0. Example: `Rational.parse("-7/2").mod(2)` is 1/2.
   */
  mod(y: RationalInput): Rational {
    const o = Rational.from(y);
    if (o.num === 0n) throw new DomainError('rational.mod', 'modulus zero');
    return this.sub(o.mul(this.div(o).floor()));
  }

  /**
   * this^n for an integer n (negative n inverts; 0^0 is 1). Exact. DomainError for 0 to a negative power
   * or a result over 2^24 bits. Example: `Rational.parse("-2/3").pow(-3)` is -27/8.
   */
  pow(n: number | bigint): Rational {
    if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new DomainError('rational.pow', `exponent must be an integer, got ${n}`);
    const e = BigInt(n);
    if (e === 0n) return Rational.ONE;
    if (this.num === 0n) {
      if (e < 0n) throw new DomainError('rational.pow', 'zero to a negative power');
      return Rational.ZERO;
    }
    const k = e < 0n ? -e : e;
    const size = BigInt(Math.max(bitLength(this.num), bitLength(this.den)) - 1) * k;
    if (size > BigInt(MAX_POWER_BITS))
      throw new DomainError('rational.pow', `result would have about ${size} bits, over the limit of ${MAX_POWER_BITS}`);
    // Powers of coprime numbers stay coprime: no gcd needed.
    const p = new Rational(this.num ** k, this.den ** k);
    return e < 0n ? p.inverse() : p;
  }

  /**
   * The greatest common divisor in the rationals: the largest g with this/g and y/g both integers,
   * gcd(a/b, c/d) = gcd(a, c) / lcm(b, d) >= 0 (the integer gcd on integers; gcd(0, 0) = 0). Exact.
   * Example: `Rational.parse("1/2").gcd("3/4")` is 1/4; `Rational.from(12).gcd(18)` is 6.
   */
  gcd(y: RationalInput): Rational {
    const o = Rational.from(y);
    const denLcm = (this.den / gcd(this.den, o.den)) * o.den;
    return Rational.of(gcd(this.num, o.num), denLcm);
  }

  /**
   * The least common multiple in the rationals: lcm(a/b, c/d) = lcm(a, c) / gcd(b, d) >= 0, and 0 when
   * either is 0. Exact. Example: `Rational.parse("1/2").lcm("3/4")` is 3/2; `Rational.from(4).lcm(6)` is 12.
   */
  lcm(y: RationalInput): Rational {
    const o = Rational.from(y);
    if (this.num === 0n || o.num === 0n) return Rational.ZERO;
    const a = this.num < 0n ? -this.num : this.num;
    const c = o.num < 0n ? -o.num : o.num;
    return Rational.of((a / gcd(a, c)) * c, gcd(this.den, o.den));
  }

  /**
   * Exactly `places` digits after the point, rounded once in `mode` (default half-even).
   * Example: `Rational.parse("2/3").toFixed(3)` is "0.667"; `Rational.parse("-1/8").toFixed(2, 'half-up')` is "-0.13".
   */
  toFixed(places: number, mode: RoundingMode = 'half-even'): string {
    return toFixedDecimal(this.num, this.den, places, mode);
  }

  /**
   * `digits` significant digits, rounded once in `mode`, as `coefficient` or `coefficient e exponent`
   * (readable by Rational.parse and decimal.js). Example: `Rational.parse("2/3").toPrecision(3)` is "667e-3".
   */
  toPrecision(digits: number, mode: RoundingMode = 'half-even'): string {
    return scaledToString(roundSignificant(this.num, this.den, digits, mode));
  }

  /**
   * The whole decimal expansion, the repeating part in parentheses; DomainError when it needs more than
   * `maxDigits` digits after the point. Example: `Rational.parse("1/6").toRepeatingDecimal()` is "0.1(6)",
   * `Rational.parse("-22/7").toRepeatingDecimal()` is "-3.(142857)", `Rational.parse("1/8").toRepeatingDecimal()` is "0.125".
   */
  toRepeatingDecimal(maxDigits = 100_000): string {
    return formatRepeating(repeatingDecimal(this.num, this.den, maxDigits));
  }

  /** `"p/q"`, or `"p"` for an integer. Round-trips through `Rational.parse`. */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }

  /** Float64 value, approximate: within 2 ulp (for display and comparison with float runs only). Example: `Rational.parse("1/4").toNumber()` is 0.25. */
  toNumber(): number {
    if (this.num === 0n) return 0;
    const n = this.num < 0n ? -this.num : this.num;
    // Quotient with about 64 significant bits, then scale by the power of two in two halves (no overflow).
    const k = bitLength(n) - bitLength(this.den);
    const shift = 64 - k;
    const q = shift >= 0 ? (n << BigInt(shift)) / this.den : n / (this.den << BigInt(-shift));
    const half = Math.trunc(-shift / 2);
    const v = Number(q) * 2 ** half * 2 ** (-shift - half);
    return this.num < 0n ? -v : v;
  }
}

/** How many times p divides a > 0 (p >= 2), by doubling then halving the power tried: O(log) big divisions. */
function multiplicity(a: bigint, p: bigint): number {
  if (a % p !== 0n) return 0;
  // Find k with p^k | a, testing k = 1, 2, 4, ... then refining down: a has at most bitLength(a) factors.
  let count = 0;
  let rest = a;
  let step = 1;
  let power = p;
  while (rest % p === 0n) {
    if (rest % power === 0n) {
      rest /= power;
      count += step;
      step *= 2;
      power *= power;
    } else {
      step = 1;
      power = p;
    }
  }
  return count;
}
