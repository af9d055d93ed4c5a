/**
 * An argument of a Precise function read exactly, never rounded: what the MPFR loaders enclose, exact
 * comparisons with small integers (for domain checks), a 20-digit approximation of x - k (for choosing a
 * starting precision), and the exact Rational when it is within the size rule of number-syntax.ts.
 */
import Decimal from 'decimal.js';
import { ParseError } from '../errors';
import { Rational } from '../exact/rational';
import type { LoadInput } from './load';
import { parseExactNumber, type NumberInput } from './parse-number';

/** Anything a Precise instance accepts as a number: a decimal.js value, a decimal/ratio string, a bigint, a JS integer. */
export type PreciseInput = Decimal | NumberInput;

/** An exact argument (see file comment). */
export interface ExactInput {
  /** What `IntervalArena.enclose` reads exactly. */
  readonly load: LoadInput;
  /** -1, 0 or 1 as x <, =, > k (exact). */
  compare(k: number): -1 | 0 | 1;
  /** x - k correctly rounded to 20 significant digits (for sizes and starting precisions only). */
  approxMinus(k: number): Decimal;
  /** The exact value, or null when a decimal.js input is beyond Rational's size rule. */
  rational(): Rational | null;
}

const Approx = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_EVEN, maxE: 9e15, minE: -9e15 });

/** Reads `x` exactly; ParseError for malformed or non-finite input. Example: `exactInput('1/3').compare(0)` is 1. */
export function exactInput(x: PreciseInput): ExactInput {
  if (x instanceof Decimal) {
    if (!x.isFinite()) throw new ParseError(x.toString(), 'not a finite number');
    return decimalInput(new Approx(x), x);
  }
  const exact = parseExactNumber(x);
  if (exact.kind === 'decimal') return decimalInput(new Approx(exact.text), exact.text);
  const { num, den } = exact;
  const value = Rational.of(num, den);
  return {
    load: `${num}/${den}`,
    compare: (k) => value.compare(BigInt(k)),
    approxMinus: (k) => new Approx((num - BigInt(k) * den).toString()).div(den.toString()),
    rational: () => value,
  };
}

/** A decimal argument; `exact` is the Decimal built without rounding (decimal.js constructors keep every digit). */
function decimalInput(exact: Decimal, load: LoadInput): ExactInput {
  let cached: Rational | null | undefined;
  return {
    load,
    compare: (k) => exact.cmp(k) as -1 | 0 | 1,
    approxMinus: (k) => exact.minus(k),
    rational: () => {
      if (cached === undefined) {
        try {
          cached = Rational.parse(exact.toString());
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          cached = null;
        }
      }
      return cached;
    },
  };
}
