/**
 * High-precision arithmetic at an explicit number of significant decimal digits and an explicit rounding
 * mode. Values are immutable decimal.js numbers of a constructor configured for this instance
 * (`Decimal.clone`); MPFR (gmp-wasm) evaluates the elementary functions, hundreds of times faster than
 * decimal.js at 200+ digits.
 *
 * Guarantee: every result is the exact value of the operation on the exact inputs, rounded once to `digits`
 * significant digits in `rounding` (correct rounding). Inputs are never rounded first: "1000/3" is 1000/3.
 * + - x / of decimals are decimal.js's (correctly rounded); with a ratio among the inputs they are computed
 * exactly on rationals, then rounded. exp, expm1, ln, log1p, log2, log10, log (any base), sqrt, cbrt, n-th
 * roots and pow go through Ziv's loop (ziv.ts): an MPFR interval enclosure at rising precision until its
 * two ends round alike, with the exact cases (exp(0), ln(1), x^(p/q) of perfect powers, log_3(243) = 5)
 * recognised exactly, so ties round by the mode's own rule. Results range over MPFR's default exponent
 * range (magnitudes between 2^-1073741824 and 2^1073741823, about 10^±323228496); beyond it a DomainError
 * says overflow or underflow.
 */
import Decimal from 'decimal.js';
import { DomainError, ParseError } from '../errors';
import { Rational } from '../exact/rational';
import { roundSignificant, scaledToString } from '../exact/rational-decimal';
import { decimalJsRounding, requireRoundingMode, type RoundingMode } from '../exact/rounding';
import { expm1Problem, expProblem, lnProblem, log1pProblem, logProblem, powProblem, rootProblem } from './elementary';
import { exactInput, type PreciseInput } from './exact-input';
import { exactDecimalOfFloat64 } from './float64';
import { bitsForDigits, type Mpfr } from './mpfr';
import { parseExactNumber } from './parse-number';
import { correctlyRounded, type ZivProblem } from './ziv';

export type { PreciseInput } from './exact-input';

/** Options of `createPrecise`: the precision, the rounding mode (default half-even), and the MPFR engine from `loadMpfr()`. */
export interface PreciseOptions {
  readonly digits: number;
  readonly mpfr: Mpfr;
  readonly rounding?: RoundingMode;
}

/** A configured high-precision calculator (see `createPrecise`). */
export interface Precise {
  readonly digits: number;
  readonly rounding: RoundingMode;
  /** Working binary precision for callers that evaluate in MPFR themselves (digits plus 16 guard bits). */
  readonly bits: number;
  readonly mpfr: Mpfr;
  /** The decimal.js constructor configured with `precision: digits` and this instance's rounding. */
  readonly Decimal: Decimal.Constructor;
  /** Reads an input: decimal strings, bigints and integers exactly; a ratio "p/q" correctly rounded to `digits`. */
  value(x: PreciseInput): Decimal;
  /** The exact value of a finite double (all its up to 767 digits, not rounded). */
  fromFloat64(x: number): Decimal;
  add(a: PreciseInput, b: PreciseInput): Decimal;
  sub(a: PreciseInput, b: PreciseInput): Decimal;
  mul(a: PreciseInput, b: PreciseInput): Decimal;
  div(a: PreciseInput, b: PreciseInput): Decimal;
  /** The exact sum, rounded once (inputs within the size rule of number-syntax.ts; ParseError beyond it). */
  sum(xs: readonly PreciseInput[]): Decimal;
  ln(x: PreciseInput): Decimal;
  log1p(x: PreciseInput): Decimal;
  log2(x: PreciseInput): Decimal;
  log10(x: PreciseInput): Decimal;
  /** Logarithm to a positive base other than 1; exact where exact (`log(243, 3)` is 5). */
  log(x: PreciseInput, base: PreciseInput): Decimal;
  exp(x: PreciseInput): Decimal;
  expm1(x: PreciseInput): Decimal;
  sqrt(x: PreciseInput): Decimal;
  cbrt(x: PreciseInput): Decimal;
  /** The real n-th root (n a positive integer; negative x only for odd n). */
  root(x: PreciseInput, n: number): Decimal;
  /** x^y; a negative x needs a rational y with an odd denominator (`pow(-8, "1/3")` is -2). */
  pow(x: PreciseInput, y: PreciseInput): Decimal;
}

const GUARD_BITS = 16;

/**
 * Creates a calculator working at `digits` significant decimal digits in one rounding mode. No global
 * state: two instances with different precisions or modes coexist. Example:
 * `createPrecise({ digits: 30, mpfr }).ln('2').toString()` returns `"0.693147180559945309417232121458"`;
 * `createPrecise({ digits: 6, mpfr, rounding: 'floor' }).sqrt('2').toString()` returns `"1.41421"`.
 */
export function createPrecise(options: PreciseOptions): Precise {
  const { digits, mpfr } = options;
  if (!Number.isInteger(digits) || digits < 1 || digits > 1_000_000) {
    throw new DomainError('createPrecise', `digits must be an integer in [1, 1e6], got ${digits}`);
  }
  const rounding = requireRoundingMode(options.rounding ?? 'half-even', 'createPrecise');
  const D = Decimal.clone({
    precision: digits,
    rounding: decimalJsRounding(rounding),
    toExpNeg: -7,
    toExpPos: 21,
    maxE: 9e15,
    minE: -9e15,
  });
  const bits = bitsForDigits(digits, GUARD_BITS);

  /** The exact rational r rounded once to `digits` in this instance's mode. */
  const rounded = (r: Rational): Decimal => new D(scaledToString(roundSignificant(r.num, r.den, digits, rounding)));

  /** An input as an exact decimal.js value (decimal inputs), or as a Rational (ratios). */
  const exact = (x: PreciseInput): Decimal | Rational => {
    if (x instanceof Decimal) {
      if (!x.isFinite()) throw new ParseError(x.toString(), 'not a finite number');
      return new D(x);
    }
    const e = parseExactNumber(x);
    return e.kind === 'decimal' ? new D(e.text) : Rational.of(e.num, e.den);
  };

  const value = (x: PreciseInput): Decimal => {
    const e = exact(x);
    return e instanceof Rational ? rounded(e) : e;
  };

  /** A binary operation: decimal.js when both are decimals (it rounds correctly), exact rationals otherwise. */
  const arithmetic =
    (onDecimals: (a: Decimal, b: Decimal) => Decimal, onRationals: (a: Rational, b: Rational) => Rational) =>
    (a: PreciseInput, b: PreciseInput): Decimal => {
      const [x, y] = [exact(a), exact(b)];
      if (x instanceof Decimal && y instanceof Decimal) return onDecimals(x, y);
      return rounded(onRationals(asRational(x), asRational(y)));
    };

  const evaluate = (problem: ZivProblem): Decimal => new D(correctlyRounded(mpfr, problem, digits, rounding));

  return {
    digits,
    rounding,
    bits,
    mpfr,
    Decimal: D,
    value,
    fromFloat64: (x) => new D(exactDecimalOfFloat64(x)),
    add: arithmetic(
      (a, b) => a.plus(b),
      (a, b) => a.add(b),
    ),
    sub: arithmetic(
      (a, b) => a.minus(b),
      (a, b) => a.sub(b),
    ),
    mul: arithmetic(
      (a, b) => a.times(b),
      (a, b) => a.mul(b),
    ),
    div: (a, b) => {
      const d = exact(b);
      if (d.isZero()) throw new DomainError('div', 'division by zero');
      return arithmetic(
        (u, v) => u.div(v),
        (u, v) => u.div(v),
      )(a, b);
    },
    sum: (xs) => rounded(xs.reduce<Rational>((acc, x) => acc.add(asRational(exact(x))), Rational.ZERO)),
    ln: (x) => evaluate(lnProblem(exactInput(x))),
    log1p: (x) => evaluate(log1pProblem(exactInput(x))),
    log2: (x) => evaluate(logProblem(exactInput(x), 2)),
    log10: (x) => evaluate(logProblem(exactInput(x), 10)),
    log: (x, base) => evaluate(logProblem(exactInput(x), exactInput(base))),
    exp: (x) => evaluate(expProblem(exactInput(x))),
    expm1: (x) => evaluate(expm1Problem(exactInput(x))),
    sqrt: (x) => evaluate(rootProblem(exactInput(x), 2, 'sqrt')),
    cbrt: (x) => evaluate(rootProblem(exactInput(x), 3, 'cbrt')),
    root: (x, n) => evaluate(rootProblem(exactInput(x), n)),
    pow: (x, y) => evaluate(powProblem(exactInput(x), exactInput(y))),
  };
}

/** A decimal.js value as an exact Rational (ParseError beyond the size rule of number-syntax.ts). */
function asRational(x: Decimal | Rational): Rational {
  return x instanceof Rational ? x : Rational.parse(x.toString());
}
