/**
 * Exact rational numbers on BigInt, always in canonical form: denominator > 0 and gcd(num, den) = 1.
 * Values are immutable; every operation returns a new canonical Rational. The API follows fraction.js
 * (add, sub, mul, div, neg, abs, compare, equals), which the tests use as an oracle.
 */
import { DomainError, ParseError } from '../errors';
import { bitLength } from './bigint-bits';
import { gcd } from './lehmer-gcd';

/** What `Rational.from` accepts: a Rational, a BigInt, a JS integer, or a string `"p/q"`, `"-12"`, `"0.1"`, `"1.5e-3"`. */
export type RationalInput = Rational | bigint | number | string;

const INTEGER = /^[+-]?\d+$/;
const FRACTION = /^([+-]?\d+)\s*\/\s*([+-]?\d+)$/;
const DECIMAL = /^([+-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/;

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
      if (!Number.isSafeInteger(x)) throw new ParseError(String(x), 'a JS number must be a safe integer; write fractions as strings such as "1/10"');
      return new Rational(BigInt(x), 1n);
    }
    return Rational.parse(x);
  }

  /** Exact parse of `"p/q"`, an integer, or a decimal with optional exponent. Example: `Rational.parse("-1.25e1")` is -25/2. */
  static parse(text: string): Rational {
    const s = text.trim();
    if (INTEGER.test(s)) return new Rational(BigInt(s), 1n);
    const f = FRACTION.exec(s);
    if (f) {
      const den = BigInt(f[2]!);
      if (den === 0n) throw new ParseError(text, 'zero denominator');
      return Rational.of(BigInt(f[1]!), den);
    }
    const d = DECIMAL.exec(s);
    if (d && (d[2]! !== '' || d[3]! !== '')) {
      const digits = BigInt((d[2]! || '0') + d[3]!);
      const exponent = (d[4] !== undefined ? Number(d[4]) : 0) - d[3]!.length;
      if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1_000_000) throw new ParseError(text, 'exponent out of range');
      const num = d[1] === '-' ? -digits : digits;
      return exponent >= 0 ? new Rational(num * 10n ** BigInt(exponent), 1n) : Rational.of(num, 10n ** BigInt(-exponent));
    }
    throw new ParseError(text, 'not a rational number (expected "p/q", an integer or a decimal)');
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
