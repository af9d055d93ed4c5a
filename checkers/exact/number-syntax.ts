/**
 * The one rule for exact numbers written as text, shared by `Rational.parse` (checkers/exact) and
 * `parseExactNumber` (checkers/precise, which Precise and the interval arenas read through):
 *
 * - an integer `"-12"`, a ratio `"p/q"` (spaces around the slash allowed, q != 0) or a decimal `"0.1"`,
 *   `".5"`, `"-2.5e-3"` (no hexadecimal, no `inf` or `NaN`, no digit separators);
 * - size limit: at most MAX_INPUT_DIGITS (1,000,000) digits in each integer, in a ratio's numerator and
 *   denominator, and in a decimal's mantissa; a decimal d1...dk x 10^n (n = written exponent minus the
 *   number of digits after the point) needs |n| <= MAX_DECIMAL_EXPONENT (1,000,000). Beyond it the exact
 *   rational would have millions of bits: the input is refused at once with a ParseError saying so;
 * - anything that is not a string, a bigint or (where allowed) a JS number gets the same typed ParseError,
 *   never a TypeError.
 * Larger magnitudes can still arise as results (Precise keeps MPFR's exponent range, about 10^±323228496).
 */
import { ParseError } from '../errors';

/** Largest |n| in a decimal d x 10^n, as above. */
export const MAX_DECIMAL_EXPONENT = 1_000_000;
/** Most digits in one integer, numerator, denominator or decimal mantissa. */
export const MAX_INPUT_DIGITS = 1_000_000;

/** A decimal literal split into its parts: value = sign * digits * 10^exponent (digits without leading zeros, maybe "0"). */
export interface DecimalParts {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

const INTEGER = /^[+-]?\d+$/;
const RATIO = /^([+-]?\d+)\s*\/\s*([+-]?\d+)$/;
// The fraction digits only follow a literal point: with `\d*\.?\d*` a malformed run of digits backtracks
// quadratically (100,000 digits then "x" took 25 s); this form fails in linear time.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The parsed shape of a number string (not yet converted to bigints). */
export type NumberSyntax =
  | { readonly kind: 'integer'; readonly text: string }
  | { readonly kind: 'ratio'; readonly num: string; readonly den: string }
  | { readonly kind: 'decimal'; readonly parts: DecimalParts };

/**
 * Classifies a trimmed number string and enforces the size rule. Throws ParseError (naming the original
 * input, with `refusal` as the reason) for anything else. Example: `numberSyntax('1.5e-3', '1.5e-3')` is a decimal with digits "15", exponent -4.
 */
export function numberSyntax(
  text: string,
  input: string,
  refusal = 'expected a decimal ("0.1", "-2.5e-3"), an integer or a ratio ("p/q")',
): NumberSyntax {
  if (INTEGER.test(text)) {
    requireDigits(text.replace(/^[+-]/, ''), input, 'integer');
    return { kind: 'integer', text };
  }
  const ratio = RATIO.exec(text);
  if (ratio) {
    const [, num = '', den = ''] = ratio;
    requireDigits(num.replace(/^[+-]/, ''), input, 'numerator');
    requireDigits(den.replace(/^[+-]/, ''), input, 'denominator');
    return { kind: 'ratio', num, den };
  }
  const d = DECIMAL.exec(text);
  if (d && (d[2] !== '' || (d[3] ?? '') !== '')) {
    const [, sign = '', whole = '', fraction = '', exponentText] = d;
    const mantissa = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
    requireDigits(mantissa, input, 'mantissa');
    const written = exponentText === undefined ? 0 : Number(exponentText);
    const exponent = written - fraction.length;
    if (!Number.isSafeInteger(written) || Math.abs(exponent) > MAX_DECIMAL_EXPONENT) {
      throw new ParseError(input, `exponent out of range: a decimal d x 10^n needs |n| <= ${MAX_DECIMAL_EXPONENT}`);
    }
    return { kind: 'decimal', parts: { negative: sign === '-', digits: mantissa, exponent } };
  }
  throw new ParseError(input, refusal);
}

/** The typed error for an input of the wrong JS type (null, a boolean, an object...). */
export function wrongType(input: unknown, expected: string): ParseError {
  return new ParseError(describeValue(input), `expected ${expected}, got ${describeType(input)}`);
}

function requireDigits(digits: string, input: string, what: string): void {
  if (digits.length > MAX_INPUT_DIGITS) {
    throw new ParseError(shortened(input), `${what} has ${digits.length} digits; the limit is ${MAX_INPUT_DIGITS}`);
  }
}

/** A long input cut for the message (the error names it; a million digits would not help anyone). */
function shortened(input: string): string {
  return input.length <= 40 ? input : `${input.slice(0, 20)}...${input.slice(-10)} (${input.length} characters)`;
}

function describeType(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  const t = typeof x;
  return t === 'object' ? 'an object' : t === 'undefined' ? 'undefined' : `a ${t}`;
}

function describeValue(x: unknown): string {
  if (typeof x === 'symbol' || typeof x === 'function') return describeType(x);
  if (typeof x === 'object' && x !== null) return describeType(x);
  return String(x);
}
