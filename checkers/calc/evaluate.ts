/**
 * The calculator: exact first (checkers/calc/exact.ts, after floor/ceil of irrationals are decided by enclosures:
 * checkers/calc/integer-parts.ts); otherwise the whole expression in interval
 * arithmetic (checkers/calc/enclose.ts) at rising precision, Ziv's loop in checkers/precise/ziv.ts, until
 * both ends of the enclosure round to the same `digits` digits in the mode. Guarantees: `exact` is the
 * exact value; `decimal` is the value correctly rounded to `digits` significant digits (trailing zeros
 * dropped); `interval` encloses the value, ends rounded outward to `digits` digits.
 * A value that is itself a rounding boundary but not recognised as exact (sqrt(2)^2 in a directed mode)
 * cannot be decided: CalcError "could not decide the rounding".
 * Example: `evaluateCalc(mpfr, "sqrt(2)", { digits: 5 })` gives decimal "1.4142", reason "the square root of 2 is irrational".
 */
import Decimal from 'decimal.js';
import { DomainError } from '../errors';
import type { Rational } from '../exact/rational';
import type { RoundingMode } from '../exact/rounding';
import { withIntervals } from '../interval/arena';
import { UndecidedError } from '../interval/undecided';
import { bitsForDigits, type Mpfr } from '../precise/mpfr';
import { correctlyRounded } from '../precise/ziv';
import type { CalcNode } from './ast';
import { CalcError } from './calc-error';
import { encloseExpression } from './enclose';
import { decideIntegerParts } from './integer-parts';
import { evaluateExact, NotExact } from './exact';
import { parseExpression } from './parse';

export interface CalcOptions {
  /** Significant digits of `decimal` and `interval` (1 to 100000). */
  readonly digits: number;
  readonly rounding?: RoundingMode;
  /** Also compute an enclosure. */
  readonly interval?: boolean;
}

export interface CalcResult {
  readonly expression: string;
  /** The exact value, when rational and recognised as such. */
  readonly exact: Rational | null;
  /** Why not exact (null when exact). */
  readonly notExact: string | null;
  /** Correctly rounded to `digits` significant digits in `rounding`. */
  readonly decimal: string;
  readonly digits: number;
  readonly rounding: RoundingMode;
  readonly interval: { readonly lo: string; readonly hi: string } | null;
}

/** Evaluates `expression`. CalcError (with a column) for syntax and domain errors. */
export function evaluateCalc(mpfr: Mpfr, expression: string, options: CalcOptions): CalcResult {
  const { digits } = options;
  const rounding = options.rounding ?? 'half-even';
  if (!Number.isSafeInteger(digits) || digits < 1 || digits > 100_000)
    throw new DomainError('calc', `digits must be an integer from 1 to 100000, got ${digits}`);
  // floor/ceil of irrationals become the integers an enclosure proves, so that what follows from them is exact.
  const node = decideIntegerParts(mpfr, parseExpression(expression));
  const exact = evaluateExact(node);
  if (!(exact instanceof NotExact)) {
    const interval = options.interval
      ? { lo: decimalText(exact.toPrecision(digits, 'floor')), hi: decimalText(exact.toPrecision(digits, 'ceiling')) }
      : null;
    return { expression, exact, notExact: null, decimal: decimalText(exact.toPrecision(digits, rounding)), digits, rounding, interval };
  }
  const decimal = decimalText(rounded(mpfr, node, digits, rounding), digits);
  const interval = options.interval ? enclosure(mpfr, node, digits) : null;
  return { expression, exact: null, notExact: `column ${exact.column}: ${exact.reason}`, decimal, digits, rounding, interval };
}

function rounded(mpfr: Mpfr, node: CalcNode, digits: number, rounding: RoundingMode): string {
  const problem = {
    name: 'calc',
    enclose: (I: Parameters<typeof encloseExpression>[0]) => encloseExpression(I, node),
    equals: () => false,
    extraBits: 0,
  };
  try {
    return correctlyRounded(mpfr, problem, digits, rounding);
  } catch (e) {
    if (e instanceof DomainError && e.operation === 'calc') {
      throw new CalcError(
        node.column,
        /could not decide/.test(e.reason)
          ? `could not decide the ${rounding} rounding to ${digits} digits: the value may be exactly a rounding boundary that is not recognised as exact (try another mode or more digits)`
          : e.reason,
      );
    }
    throw e;
  }
}

/** An enclosure at the precision of `digits` (plus guard bits), raised until it is `digits` digits tight or 8x. */
function enclosure(mpfr: Mpfr, node: CalcNode, digits: number): { lo: string; hi: string } {
  const start = bitsForDigits(digits, 32);
  let bits = start;
  for (;;) {
    try {
      return withIntervals(mpfr, { bits }, (I) => {
        const f = I.format(encloseExpression(I, node), digits);
        return { lo: decimalText(f.lo, digits), hi: decimalText(f.hi, digits) };
      });
    } catch (e) {
      if (!(e instanceof UndecidedError) || bits >= 16 * start) throw e;
      bits *= 2;
    }
  }
}

/**
 * A decimal string ("666e-3", "0.1414e1") in plain or scientific notation as decimal.js writes it ("0.666").
 * With `digits`, trailing zeros are kept (an approximation shows all its correct digits); exact values drop them.
 */
function decimalText(text: string, digits?: number): string {
  const d = new Decimal(text);
  return digits === undefined || d.isZero() ? d.toString() : d.toPrecision(digits);
}
