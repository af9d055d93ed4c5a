/**
 * Exact reading of numeric inputs for the high-precision and interval modules: decimal strings ("0.1" is
 * exactly 1/10), rational strings ("-7/4"), bigints and JS integers. A JS number that is not an integer is
 * refused (its binary value is rarely what the writer meant); use an explicit float64 conversion instead.
 * Strings follow the one rule of checkers/exact/number-syntax.ts (shared with `Rational.parse`, including
 * its size limit); anything else (null, a boolean, an object) gets the same typed ParseError.
 */
import { ParseError } from '../errors';
import { numberSyntax, wrongType } from '../exact/number-syntax';

/** A number read exactly: a decimal literal (validated text) or a ratio of integers with den > 0. */
export type ExactNumber =
  { readonly kind: 'decimal'; readonly text: string } | { readonly kind: 'ratio'; readonly num: bigint; readonly den: bigint };

/** Inputs accepted wherever an exact number is expected. */
export type NumberInput = string | bigint | number;

/**
 * Reads an exact number. Guarantee: exact (no rounding happens here).
 * Example: `parseExactNumber('3/-6')` returns `{ kind: 'ratio', num: -3n, den: 6n }`;
 * `parseExactNumber(0.5)` throws ParseError.
 */
export function parseExactNumber(input: NumberInput): ExactNumber {
  if (typeof input === 'bigint') return { kind: 'ratio', num: input, den: 1n };
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) {
      throw new ParseError(String(input), 'a JS floating-point number is not exact; pass a decimal string');
    }
    if (!Number.isSafeInteger(input)) {
      throw new ParseError(String(input), 'integer beyond 2^53 as a JS number; pass a bigint or a string');
    }
    return { kind: 'ratio', num: BigInt(input), den: 1n };
  }
  if (typeof input !== 'string') throw wrongType(input, 'a number as a string, a bigint or a safe integer');
  const text = input.trim();
  const syntax = numberSyntax(text, input);
  if (syntax.kind !== 'ratio') return { kind: 'decimal', text };
  const num = BigInt(syntax.num);
  const den = BigInt(syntax.den);
  if (den === 0n) throw new ParseError(input, 'zero denominator');
  return den < 0n ? { kind: 'ratio', num: -num, den: -den } : { kind: 'ratio', num, den };
}
