/**
 * Lines of a whitespace-aligned table, as `print(f"{k:>6} {ratio:>10.4f}")` loops or `print(df)` produce:
 * a header line of names, an optional rule line under it, and rows of numbers.
 * Guarantee: exact (fields are the characters printed).
 */
import { isPrintedName, isPrintedNumber } from './printed-token';

/**
 * The column names of a header line: at least two fields separated by whitespace, each a name
 * (printed-token.ts) and all different; a leading `#` (gnuplot style) is dropped. Else null.
 * Example: `headerNames('   k    ratio   H_k')` is `['k', 'ratio', 'H_k']`; `headerNames('k 16')` is null.
 */
export function headerNames(line: string): string[] | null {
  const fields = splitFields(line.replace(/^\s*#\s*/, ''));
  if (fields.length < 2 || !fields.every(isPrintedName)) return null;
  return new Set(fields).size === fields.length ? fields : null;
}

/**
 * The fields of a row of numbers (at least one; every field a printed number), else null.
 * Example: `numberFields('  16  3.8726  nan')` is `['16', '3.8726', 'nan']`; `numberFields('1,234 5')` is null.
 */
export function numberFields(line: string): string[] | null {
  const fields = splitFields(line);
  return fields.length > 0 && fields.every(isPrintedNumber) ? fields : null;
}

/** A rule under a header: only `-`, `=`, `+`, `:`, `|` and spaces, with at least three `-` or `=`. Example: `isRuleLine('---  ------')` is true. */
export function isRuleLine(line: string): boolean {
  return /^[\s\-=+:|]+$/.test(line) && (line.match(/[-=]/g)?.length ?? 0) >= 3;
}

function splitFields(line: string): string[] {
  const t = line.trim();
  return t === '' ? [] : t.split(/\s+/);
}
