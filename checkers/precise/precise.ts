/**
 * High-precision arithmetic at an explicit number of significant decimal digits. Values are immutable
 * decimal.js numbers of a constructor configured for this instance (`Decimal.clone`); + - x / are decimal.js
 * (correctly rounded to `digits`), ln / log1p / exp / sqrt / pow go through MPFR (gmp-wasm), which is
 * hundreds of times faster than decimal.js at 200+ digits.
 *
 * Guarantee of the transcendental functions: the result is within one unit in the last of `digits` places
 * of the exact function of the exact input (MPFR is correctly rounded; the input is loaded with enough
 * extra bits to cover the function's condition number; the final decimal rounding adds half a unit).
 */
import Decimal from 'decimal.js';
import { DomainError, ParseError } from '../errors';
import { exactDecimalOfFloat64 } from './float64';
import { bitsForDigits, freeFloat, isFiniteFloat, newFloat, RND, setDecimal, toDecimalString, type Mpfr } from './mpfr';
import { parseExactNumber, type NumberInput } from './parse-number';

/** Anything a Precise instance accepts as a number: a decimal.js value, a decimal/ratio string, a bigint, a JS integer. */
export type PreciseInput = Decimal | NumberInput;

/** Options of `createPrecise`: the precision, and the MPFR engine from `loadMpfr()`. */
export interface PreciseOptions {
  readonly digits: number;
  readonly mpfr: Mpfr;
}

/** A configured high-precision calculator (see `createPrecise`). */
export interface Precise {
  readonly digits: number;
  /** Working binary precision of MPFR results (digits plus 16 guard bits). */
  readonly bits: number;
  readonly mpfr: Mpfr;
  /** The decimal.js constructor configured with `precision: digits`, rounding half-even. */
  readonly Decimal: Decimal.Constructor;
  /** Reads an input: decimal strings, bigints and integers exactly; a ratio "p/q" rounded to `digits`. */
  value(x: PreciseInput): Decimal;
  /** The exact value of a finite double (all its up to 767 digits, not rounded). */
  fromFloat64(x: number): Decimal;
  add(a: PreciseInput, b: PreciseInput): Decimal;
  sub(a: PreciseInput, b: PreciseInput): Decimal;
  mul(a: PreciseInput, b: PreciseInput): Decimal;
  div(a: PreciseInput, b: PreciseInput): Decimal;
  /** Sum with every partial sum rounded to `digits` (error at most n/2 units in the last place of the largest partial sum). */
  sum(xs: readonly PreciseInput[]): Decimal;
  ln(x: PreciseInput): Decimal;
  log1p(x: PreciseInput): Decimal;
  exp(x: PreciseInput): Decimal;
  sqrt(x: PreciseInput): Decimal;
  pow(x: PreciseInput, y: PreciseInput): Decimal;
}

const GUARD_BITS = 16;
const LOG2_10 = Math.log2(10);

/**
 * Creates a calculator working at `digits` significant decimal digits. No global state: two instances with
 * different precisions coexist. Example:
 * `createPrecise({ digits: 30, mpfr }).ln('2').toString()` returns `"0.693147180559945309417232121458"`.
 */
export function createPrecise(options: PreciseOptions): Precise {
  const { digits, mpfr } = options;
  if (!Number.isInteger(digits) || digits < 1 || digits > 1_000_000) {
    throw new DomainError('createPrecise', `digits must be an integer in [1, 1e6], got ${digits}`);
  }
  const D = Decimal.clone({ precision: digits, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -7, toExpPos: 21 });
  const bits = bitsForDigits(digits, GUARD_BITS);

  const value = (x: PreciseInput): Decimal => {
    if (x instanceof Decimal) {
      if (!x.isFinite()) throw new ParseError(x.toString(), 'not a finite number');
      return new D(x);
    }
    const exact = parseExactNumber(x);
    if (exact.kind === 'decimal') return new D(exact.text);
    return exact.den === 1n ? new D(exact.num.toString()) : new D(exact.num.toString()).div(exact.den.toString());
  };

  /** Evaluates an MPFR function of one argument loaded with `extraBits` more precision than the result. */
  const viaMpfr = (
    name: string,
    x: Decimal,
    extraBits: number,
    apply: (out: number, arg: number) => void,
  ): Decimal => {
    const arg = newFloat(mpfr, bits + Math.max(0, extraBits));
    const out = newFloat(mpfr, bits);
    try {
      setDecimal(mpfr, arg, x.toString(), RND.nearest);
      if (!isFiniteFloat(mpfr, arg) || (mpfr.binding.mpfr_zero_p(arg) !== 0 && !x.isZero())) {
        throw new DomainError(name, `argument ${x.toString()} is outside the MPFR exponent range`);
      }
      apply(out, arg);
      if (!isFiniteFloat(mpfr, out)) throw new DomainError(name, `result overflows the MPFR exponent range`);
      return new D(toDecimalString(mpfr, out, digits, RND.nearest));
    } finally {
      freeFloat(mpfr, arg);
      freeFloat(mpfr, out);
    }
  };

  /** Extra input bits when the argument is close to `pole` (where ln-like functions lose relative accuracy). */
  const bitsNear = (x: Decimal, pole: number): number => {
    const gap = x.minus(pole);
    if (gap.isZero() || gap.abs().gte(0.5)) return 0;
    // |gap| >= 10^e, so the function's relative condition number is at most about 10^-e.
    return Math.ceil(-gap.e * LOG2_10) + 4;
  };

  const ln = (input: PreciseInput): Decimal => {
    const x = value(input);
    if (x.lte(0)) throw new DomainError('ln', `argument must be positive, got ${x.toString()}`);
    return viaMpfr('ln', x, bitsNear(x, 1), (out, arg) => mpfr.binding.mpfr_log(out, arg, RND.nearest));
  };

  const log1p = (input: PreciseInput): Decimal => {
    const x = value(input);
    if (x.lte(-1)) throw new DomainError('log1p', `argument must be > -1, got ${x.toString()}`);
    return viaMpfr('log1p', x, bitsNear(x, -1), (out, arg) => mpfr.binding.mpfr_log1p(out, arg, RND.nearest));
  };

  const exp = (input: PreciseInput): Decimal => {
    const x = value(input);
    // exp(x(1+d)) = exp(x) * exp(x d): the input needs log2|x| more bits.
    const extra = x.isZero() ? 0 : Math.ceil((x.e + 1) * LOG2_10) + 2;
    const result = viaMpfr('exp', x, extra, (out, arg) => mpfr.binding.mpfr_exp(out, arg, RND.nearest));
    if (result.isZero()) throw new DomainError('exp', `result underflows the MPFR exponent range for ${x.toString()}`);
    return result;
  };

  const sqrt = (input: PreciseInput): Decimal => {
    const x = value(input);
    if (x.lt(0)) throw new DomainError('sqrt', `argument must be non-negative, got ${x.toString()}`);
    return viaMpfr('sqrt', x, 0, (out, arg) => mpfr.binding.mpfr_sqrt(out, arg, RND.nearest));
  };

  const pow = (base: PreciseInput, exponent: PreciseInput): Decimal => {
    const x = value(base);
    const y = value(exponent);
    if (x.isZero() && y.gt(0)) return new D(0);
    if (x.lte(0)) throw new DomainError('pow', `base must be positive (or zero with a positive exponent), got ${x.toString()}`);
    // x^y = exp(y ln x): relative error |y| dx + |y ln x| dy; load both with bits for |y| (1 + |ln x|).
    const lnBound = (Math.abs(x.e) + 1) * Math.LN10;
    const extra = y.isZero() ? 0 : Math.ceil((y.e + 1) * LOG2_10 + Math.log2(1 + lnBound)) + 4;
    const yPtr = newFloat(mpfr, bits + Math.max(0, extra));
    try {
      setDecimal(mpfr, yPtr, y.toString(), RND.nearest);
      const result = viaMpfr('pow', x, extra, (out, arg) => mpfr.binding.mpfr_pow(out, arg, yPtr, RND.nearest));
      if (result.isZero()) throw new DomainError('pow', 'result underflows the MPFR exponent range');
      return result;
    } finally {
      freeFloat(mpfr, yPtr);
    }
  };

  return {
    digits,
    bits,
    mpfr,
    Decimal: D,
    value,
    fromFloat64: (x) => new D(exactDecimalOfFloat64(x)),
    add: (a, b) => value(a).plus(value(b)),
    sub: (a, b) => value(a).minus(value(b)),
    mul: (a, b) => value(a).times(value(b)),
    div: (a, b) => {
      const d = value(b);
      if (d.isZero()) throw new DomainError('div', 'division by zero');
      return value(a).div(d);
    },
    sum: (xs) => xs.reduce<Decimal>((acc, x) => acc.plus(value(x)), new D(0)),
    ln,
    log1p,
    exp,
    sqrt,
    pow,
  };
}
