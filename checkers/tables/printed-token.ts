/**
 * The two kinds of token a printed table is made of: numbers as a program prints them, and names (column
 * names, keys). Both are tested on the exact text; nothing here converts a number to a float.
 *
 * A printed number is an integer, a decimal or a decimal with an exponent (`16`, `-3.8726`, `.5`, `2.`,
 * `3.2e-05`, `1E+10`, an optional sign), or NaN / infinity as Python, NumPy, R, Julia or JavaScript print them
 * (`nan`, `inf`, `-inf`, `NaN`, `Inf`, `-Infinity`: case is ignored). Thousands separators (`1,234`,
 * `1_234`), units (`3.0s`), percentages (`14.7%`) and hexadecimal are NOT numbers.
 * Guarantee: exact (a test on the characters; no rounding can happen).
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;
/** Letters (any script: `λ`, `α`), digits, `_ . - / [ ] @ %`, starting with a letter or `_`. */
const NAME = /^[\p{L}_][\p{L}\p{N}_.\-/[\]@%]*$/u;

/**
 * True when `token` is a number as printed (see the file comment). Example: `isPrintedNumber('3.2e-05')` is
 * true, `isPrintedNumber('1,234')` is false.
 */
export function isPrintedNumber(token: string): boolean {
  return DECIMAL.test(token) || NON_FINITE.test(token);
}

/** True when `token` is NaN or an infinity as printed (`nan`, `-inf`, `Infinity`). Example: `isNonFinite('-inf')` is true. */
export function isNonFinite(token: string): boolean {
  return NON_FINITE.test(token);
}

/**
 * True when `token` can name a column or a key: a letter or `_` first, then letters, digits and `_ . - / [ ] @ %`,
 * and not itself a number (`nan`, `inf`). Example: `isPrintedName('H_k')` is true, `isPrintedName('inf')` is false.
 */
export function isPrintedName(token: string): boolean {
  return NAME.test(token) && !NON_FINITE.test(token);
}
