/**
 * The two kinds of token a printed table is made of: numbers as a program prints them, and names (column
 * names, keys). Both are tested on the exact text; nothing here converts a number to a float.
 *
 * A printed number is an integer, a decimal or a decimal with an exponent (`16`, `-3.8726`, `.5`, `2.`,
 * `3.2e-05`, `1E+10`, an optional sign), or NaN / infinity as Python, NumPy, R, Julia or JavaScript print them
 * (`nan`, `inf`, `-inf`, `NaN`, `Inf`, `-Infinity`: case is ignored). Thousands separators (`1,234`,
 * `1_234`), units (`3.0s`), percentages (`14.7%`) and hexadecimal are NOT numbers.
 * Guarantee: exact (a test on the characters; no rounding can happen).
 * Cost: linear. Decimals are read by a hand-written scanner that looks at each character once (the regular
 * expression `^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$` it replaces backtracks quadratically on a long
 * digit run that fails at its end: 38 s for one 300 KB token).
 */

const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;
/** Letters (any script: `λ`, `α`), digits, `_ . - / [ ] @ %`, starting with a letter or `_`. */
const NAME = /^[\p{L}_][\p{L}\p{N}_.\-/[\]@%]*$/u;

/**
 * True when `token` is a number as printed (see the file comment). Example: `isPrintedNumber('3.2e-05')` is
 * true, `isPrintedNumber('1,234')` is false.
 */
export function isPrintedNumber(token: string): boolean {
  return isPrintedDecimal(token) || NON_FINITE.test(token);
}

/**
 * True when `token` is a finite decimal as printed: `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
 * Example: `isPrintedDecimal('2.')` is true, `isPrintedDecimal('.')` is false.
 */
export function isPrintedDecimal(token: string): boolean {
  return scanDecimal(token.length, (i) => token.charCodeAt(i));
}

const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const UPPER_E = 69;
const LOWER_E = 101;

/**
 * The scanner behind `isPrintedDecimal`, over `n` UTF-16 code units read through `codeAt`. Linear by
 * construction: the index only moves forward and each code unit is read at most once (a test counts the reads).
 * Example: `scanDecimal(4, (i) => '1e-5'.charCodeAt(i))` is true.
 */
export function scanDecimal(n: number, codeAt: (i: number) => number): boolean {
  let i = 0;
  let c = n > 0 ? codeAt(0) : -1;
  /** Moves to the next code unit and reads it (the only read of that position). */
  const next = (): number => {
    i++;
    return i < n ? codeAt(i) : -1;
  };
  /** Skips ASCII digits (`\d` without the `u` flag is exactly 0-9); returns how many. */
  const digits = (): number => {
    const start = i;
    while (c >= ZERO && c <= NINE) c = next();
    return i - start;
  };
  if (c === PLUS || c === MINUS) c = next();
  const intDigits = digits();
  let fracDigits = 0;
  if (c === DOT) {
    c = next();
    fracDigits = digits();
  }
  if (intDigits === 0 && fracDigits === 0) return false;
  if (c === LOWER_E || c === UPPER_E) {
    c = next();
    if (c === PLUS || c === MINUS) c = next();
    if (digits() === 0) return false;
  }
  return i === n;
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
