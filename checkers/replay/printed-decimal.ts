/**
 * Printed numbers as exact decimals, for comparing a replayed output with the output a logbook printed: a
 * printed token (`2.00`, `-3.2e-05`, `16`) is the exact value m x 10^e (never a float), and its *printed
 * rounding* is half a unit in its last printed digit (`2.00`: 0.005; `3.2e-05`: 5e-07; `16`: 0.5).
 * NaN and infinities are kept as such (equal only to the same kind, the sign of an infinity included).
 * Guarantee: exact (BigInt arithmetic on the decimal digits; no float is involved anywhere).
 * Example: `withinDecimal(printedDecimal('2.00')!, printedDecimal('2.004999')!, halfUnit(printedDecimal('2.00')!))` is true.
 */
import { isPrintedDecimal } from '../tables/printed-token';

/** Largest |exponent| read exactly: beyond it a number is compared as text (10^4000 is a 13,000-bit integer). */
export const MAX_EXACT_EXPONENT = 4000;
/** Most digits read exactly in one printed number (longer tokens are compared as text). */
export const MAX_EXACT_DIGITS = 4000;

/** value = m x 10^e exactly; `text` is the token as printed. */
export interface ExactDecimal {
  readonly kind: 'finite';
  readonly m: bigint;
  readonly e: number;
  readonly text: string;
}

/** NaN or an infinity as printed (`nan`, `-inf`, `Infinity`). */
export interface NonFiniteNumber {
  readonly kind: 'nan' | '+inf' | '-inf';
  readonly text: string;
}

export type PrintedValue = ExactDecimal | NonFiniteNumber;

const NON_FINITE = /^([+-]?)(nan|inf|infinity)$/i;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * The exact value of a printed number token, or null for a token that is not one (or is too long or too large
 * to read exactly: compare it as text). Example: `printedDecimal('-2.50e1')` is m = -250n, e = -1 (i.e. -25.0).
 */
export function printedDecimal(token: string): PrintedValue | null {
  const nf = NON_FINITE.exec(token);
  if (nf !== null) {
    const word = (nf[2] ?? '').toLowerCase();
    if (word === 'nan') return { kind: 'nan', text: token };
    return { kind: nf[1] === '-' ? '-inf' : '+inf', text: token };
  }
  if (token.length > MAX_EXACT_DIGITS + 16 || !isPrintedDecimal(token)) return null;
  const d = DECIMAL.exec(token);
  if (d === null) return null;
  const [, sign = '', whole = '', fraction = '', exponentText] = d;
  const written = exponentText === undefined ? 0 : Number(exponentText);
  const e = written - fraction.length;
  if (!Number.isSafeInteger(written) || Math.abs(e) > MAX_EXACT_EXPONENT) return null;
  const digits = `${whole}${fraction}`;
  const m = BigInt(digits === '' ? '0' : digits);
  return { kind: 'finite', m: sign === '-' ? -m : m, e, text: token };
}

/** Half a unit in the last printed digit: 5 x 10^(e-1), as an exact decimal. Example: `halfUnit('2.00')` is 5e-3. */
export function halfUnit(x: ExactDecimal): ExactDecimal {
  return { kind: 'finite', m: 5n, e: x.e - 1, text: `5e${x.e - 1}` };
}

/** The exact decimal written `text` (a tolerance such as `1e-9`), or null. */
export function exactDecimal(text: string): ExactDecimal | null {
  const v = printedDecimal(text);
  return v !== null && v.kind === 'finite' ? v : null;
}

/** Both decimals on one exponent (the smaller), as integers. */
function aligned(a: ExactDecimal, b: ExactDecimal): { a: bigint; b: bigint; e: number } {
  const e = Math.min(a.e, b.e);
  return { a: a.m * 10n ** BigInt(a.e - e), b: b.m * 10n ** BigInt(b.e - e), e };
}

/** a - b exactly. */
export function subtract(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const x = aligned(a, b);
  return { kind: 'finite', m: x.a - x.b, e: x.e, text: '' };
}

/** a x b exactly. */
export function multiply(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { kind: 'finite', m: a.m * b.m, e: a.e + b.e, text: '' };
}

/** |a|. */
export function abs(a: ExactDecimal): ExactDecimal {
  return a.m < 0n ? { ...a, m: -a.m } : a;
}

/** -1, 0 or 1 as a < b, a = b, a > b (exactly). */
export function compare(a: ExactDecimal, b: ExactDecimal): -1 | 0 | 1 {
  const x = aligned(a, b);
  return x.a < x.b ? -1 : x.a > x.b ? 1 : 0;
}

/** |a - b| <= bound, exactly. */
export function withinDecimal(a: ExactDecimal, b: ExactDecimal, bound: ExactDecimal): boolean {
  return compare(abs(subtract(a, b)), bound) <= 0;
}

/**
 * An exact decimal as plain text without exponent when short (`0.005`), else `m e` form (`5e-40`).
 * Example: `decimalText({ m: 5n, e: -3 })` is "0.005".
 */
export function decimalText(x: Pick<ExactDecimal, 'm' | 'e'>): string {
  const negative = x.m < 0n;
  const digits = (negative ? -x.m : x.m).toString();
  const sign = negative ? '-' : '';
  if (x.e >= 0) return x.e <= 20 ? `${sign}${digits}${'0'.repeat(x.e)}` : `${sign}${digits}e${x.e}`;
  const places = -x.e;
  if (places > 30) return `${sign}${digits}e${x.e}`;
  const padded = digits.padStart(places + 1, '0');
  const text = `${padded.slice(0, padded.length - places)}.${padded.slice(padded.length - places)}`.replace(/\.?0+$/, '');
  return `${sign}${text === '' ? '0' : text}`;
}
