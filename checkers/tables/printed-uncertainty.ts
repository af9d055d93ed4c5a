/**
 * Printed numbers with their uncertainty, as logbooks print a statistic: `0.41 +- 0.07`, `0.41 ± 0.07`,
 * `0.41 +/- 0.07`, `0.41(7)` (concise: the digits in brackets count units of the last digit, so `1.234(56)`
 * is 1.234 ± 0.056), `0.41 (se 0.07)` / `(SE = 0.07)` / `(s.e. 0.07)` / `(std err: 0.07)`, or a bare `0.41`;
 * found by a field name (`b = 0.41 +- 0.07`, `p: 0.036`, `p < 0.001`) or by the literal text printed before it.
 *
 * Every number keeps its exact decimal value and its printed precision: half a unit in its last printed
 * digit (`0.41` is 0.41 ± 0.005, `3.2e-05` is ± 0.05e-05, `16` is ± 0.5), the rounding a printed digit string
 * can hide. Scanning is linear in the text: one pass, no regular expression, and a number is at most
 * MAX_NUMBER_CHARS characters (a longer digit run is skipped whole, never re-read).
 * Guarantee: exact (values are read from the characters; nothing is converted to a float here).
 */

/** Longest printed number read (sign, digits, point and exponent); longer runs are not printed statistics. */
export const MAX_NUMBER_CHARS = 120;

/** An exact decimal read from text: mantissa x 10^scale, the text it came from, and its printed precision. */
export interface PrintedDecimal {
  readonly text: string;
  readonly mantissa: bigint;
  readonly scale: number;
}

/** How the printed value relates to the statistic: `p < 0.001` is `lt`; `b = 0.41` is `eq`. */
export type PrintedRelation = 'eq' | 'lt' | 'le' | 'gt' | 'ge';

/** A printed value, its printed uncertainty if any, and where in the text it stands. */
export interface PrintedMeasurement {
  readonly value: PrintedDecimal;
  readonly uncertainty?: PrintedDecimal;
  /** How the uncertainty was written. */
  readonly notation: 'bare' | 'plus-minus' | 'concise' | 'se-bracket';
  readonly relation: PrintedRelation;
  /** Offsets in the text: [start, end) of the whole measurement, and its 1-based line. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The exact characters of the measurement, e.g. `0.41 +- 0.07`. */
  readonly printed: string;
}

/**
 * The exact decimal `d` as a rational string `num/den` (or an integer string) that the MPFR loaders read.
 * Example: `rationalText({ mantissa: 41n, scale: -2 })` is `'41/100'`.
 */
export function rationalText(d: Pick<PrintedDecimal, 'mantissa' | 'scale'>): string {
  return d.scale >= 0 ? `${d.mantissa * 10n ** BigInt(d.scale)}` : `${d.mantissa}/${10n ** BigInt(-d.scale)}`;
}

/** Half a unit in the last printed digit of `d`, as an exact decimal. Example: for `0.41` it is 5 x 10^-3. */
export function halfUnit(d: Pick<PrintedDecimal, 'scale'>): { mantissa: bigint; scale: number } {
  return { mantissa: 5n, scale: d.scale - 1 };
}

/** The nearest double to `d` (for display and float recomputation only). Example: `toNumber(parseDecimal('4.1e-1'))` is 0.41. */
export function toNumber(d: Pick<PrintedDecimal, 'mantissa' | 'scale'>): number {
  return Number(`${d.mantissa}e${d.scale}`);
}

/**
 * The printed number that is the whole of `text` (trimmed), or null. Example: `parseDecimal('-3.2e-05')` is
 * `{ text: '-3.2e-05', mantissa: -32n, scale: -6 }`; `parseDecimal('1,234')` is null.
 */
export function parseDecimal(text: string): PrintedDecimal | null {
  const t = text.trim();
  const n = scanNumber(t, 0);
  return n !== null && n.end === t.length ? n.decimal : null;
}

/**
 * Every measurement in `text`, left to right (a number not glued to a name: `k2` and `H_16` hold none).
 * Example: `findMeasurements('fitted b = 0.41 +- 0.07')` has one, 0.41 with uncertainty 0.07.
 */
export function findMeasurements(text: string): PrintedMeasurement[] {
  const out: PrintedMeasurement[] = [];
  const lines = lineStarts(text);
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const startsNumber =
      isDigit(c) ||
      ((c === 0x2e || isSign(c)) && isDigit(text.charCodeAt(i + 1))) ||
      (isSign(c) && text.charCodeAt(i + 1) === 0x2e && isDigit(text.charCodeAt(i + 2)));
    const glued = i > 0 && (isNameChar(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 0x2e);
    if (!startsNumber || glued) {
      i = skipRun(text, i);
      continue;
    }
    const m = measurementAt(text, i, 'eq', i, lines);
    if (m === null) {
      i = skipRun(text, i);
      continue;
    }
    out.push(m);
    i = m.end;
  }
  return out;
}

/**
 * The measurements printed after the field `name` (a whole word, then `=`, `:`, `<`, `>`, `<=`, `>=`, `≤`, `≥`,
 * `≈` or `~`, then the number). Example: `findField('a = 0.2, b = 0.41 +- 0.07', 'b')[0].uncertainty.text` is `'0.07'`.
 */
export function findField(text: string, name: string): PrintedMeasurement[] {
  if (name === '') return [];
  const out: PrintedMeasurement[] = [];
  const lines = lineStarts(text);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (at > 0 && isNameChar(text.charCodeAt(at - 1))) continue;
    const after = at + name.length;
    if (isNameChar(text.charCodeAt(after)) && isNameChar(name.charCodeAt(name.length - 1))) continue;
    const rel = relationAt(text, skipSpaces(text, after));
    if (rel === null) continue;
    const m = measurementAt(text, skipSpaces(text, rel.end), rel.relation, at, lines);
    if (m !== null) out.push(m);
  }
  return out;
}

/**
 * The measurements printed right after the literal text `before` (spaces and an optional relation between).
 * Example: `findAfter('fitted b = 0.41 +- 0.07', 'fitted b')[0].value.text` is `'0.41'`.
 */
export function findAfter(text: string, before: string): PrintedMeasurement[] {
  if (before === '') return [];
  const out: PrintedMeasurement[] = [];
  const lines = lineStarts(text);
  for (let at = text.indexOf(before); at >= 0; at = text.indexOf(before, at + 1)) {
    let i = skipSpaces(text, at + before.length);
    const rel = relationAt(text, i);
    if (rel !== null) i = skipSpaces(text, rel.end);
    const m = measurementAt(text, i, rel?.relation ?? 'eq', at, lines);
    if (m !== null) out.push(m);
  }
  return out;
}

/** A measurement whose number starts at `i` (null if none); `from` is where its printed text starts. */
function measurementAt(
  text: string,
  i: number,
  relation: PrintedRelation,
  from: number,
  lines: readonly number[],
): PrintedMeasurement | null {
  const v = scanNumber(text, i);
  if (v === null) return null;
  let uncertainty: PrintedDecimal | undefined;
  let notation: PrintedMeasurement['notation'] = 'bare';
  let end = v.end;
  const concise = conciseAt(text, v.end, v.decimal);
  if (concise !== null) {
    uncertainty = concise.decimal;
    notation = 'concise';
    end = concise.end;
  } else {
    const j = skipSpaces(text, v.end);
    const pm = plusMinusAt(text, j);
    const u = pm !== null ? scanNumber(text, skipSpaces(text, pm)) : null;
    if (u !== null && u.decimal.mantissa >= 0n) {
      uncertainty = u.decimal;
      notation = 'plus-minus';
      end = u.end;
    } else {
      const se = seBracketAt(text, j);
      if (se !== null) {
        uncertainty = se.decimal;
        notation = 'se-bracket';
        end = se.end;
      }
    }
  }
  return {
    value: v.decimal,
    ...(uncertainty !== undefined ? { uncertainty } : {}),
    notation,
    relation,
    start: from,
    end,
    line: lineOf(lines, from),
    printed: text.slice(from, end),
  };
}

/** A number starting exactly at `i`: sign (`+`, `-`, `−`), digits, point, digits, exponent. */
function scanNumber(text: string, i: number): { decimal: PrintedDecimal; end: number } | null {
  let j = i;
  let negative = false;
  const c0 = text.charCodeAt(j);
  if (isSign(c0)) {
    negative = c0 !== 0x2b;
    j++;
  }
  const intStart = j;
  while (j < text.length && isDigit(text.charCodeAt(j)) && j - i <= MAX_NUMBER_CHARS) j++;
  const intDigits = text.slice(intStart, j);
  let fracDigits = '';
  if (text.charCodeAt(j) === 0x2e) {
    const fracStart = j + 1;
    let k = fracStart;
    while (k < text.length && isDigit(text.charCodeAt(k)) && k - i <= MAX_NUMBER_CHARS) k++;
    fracDigits = text.slice(fracStart, k);
    // `2.` is a number, but in `2..16` the points are a range, not a decimal point.
    if (fracDigits !== '' || (intDigits !== '' && text.charCodeAt(k) !== 0x2e)) j = k;
  }
  if (intDigits === '' && fracDigits === '') return null;
  let exponent = 0;
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    let k = j + 1;
    let expNegative = false;
    if (isSign(text.charCodeAt(k))) {
      expNegative = text.charCodeAt(k) !== 0x2b;
      k++;
    }
    const expStart = k;
    while (k < text.length && isDigit(text.charCodeAt(k)) && k - expStart < 5) k++;
    if (k > expStart && !isDigit(text.charCodeAt(k))) {
      exponent = Number(text.slice(expStart, k)) * (expNegative ? -1 : 1);
      j = k;
    }
  }
  if (j - i > MAX_NUMBER_CHARS || isDigit(text.charCodeAt(j))) return null;
  const digits = BigInt(`${intDigits}${fracDigits}` || '0');
  return { decimal: { text: text.slice(i, j), mantissa: negative ? -digits : digits, scale: exponent - fracDigits.length }, end: j };
}

/** `(7)` or `(1.2)` glued to the value: units of its last digit, or an absolute value with a point. */
function conciseAt(text: string, i: number, value: PrintedDecimal): { decimal: PrintedDecimal; end: number } | null {
  if (text.charCodeAt(i) !== 0x28) return null;
  const u = scanNumber(text, i + 1);
  if (u === null || text.charCodeAt(u.end) !== 0x29 || u.decimal.mantissa < 0n || isSign(text.charCodeAt(i + 1))) return null;
  const hasPoint = u.decimal.text.includes('.');
  if (hasPoint || /[eE]/.test(u.decimal.text)) return { decimal: u.decimal, end: u.end + 1 };
  return {
    decimal: { text: decimalText(u.decimal.mantissa, value.scale), mantissa: u.decimal.mantissa, scale: value.scale },
    end: u.end + 1,
  };
}

/** mantissa x 10^scale written out in positional notation. Example: `decimalText(183n, -4)` is `'0.0183'`. */
export function decimalText(mantissa: bigint, scale: number): string {
  const negative = mantissa < 0n;
  const digits = (negative ? -mantissa : mantissa).toString();
  if (scale >= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(scale)}`;
  const padded = digits.padStart(-scale + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, padded.length + scale)}.${padded.slice(padded.length + scale)}`;
}

/** The end of `±`, `+-`, `+/-` or `\pm` at `i`, or null. */
function plusMinusAt(text: string, i: number): number | null {
  for (const token of ['±', '+/-', '+-', '\\pm']) if (text.startsWith(token, i)) return i + token.length;
  return null;
}

const SE_WORDS = ['standard error', 'std. err.', 'std. err', 'std err', 'stderr', 's.e.', 's.e', 'se'];

/** `(se 0.07)`, `(SE = 0.07)`, `(s.e.: 0.07)`, `(std err 0.07)` at `i`. */
function seBracketAt(text: string, i: number): { decimal: PrintedDecimal; end: number } | null {
  if (text.charCodeAt(i) !== 0x28) return null;
  const j = skipSpaces(text, i + 1);
  const lower = text.slice(j, j + 16).toLowerCase();
  const word = SE_WORDS.find((w) => lower.startsWith(w) && !isNameChar(lower.charCodeAt(w.length)));
  if (word === undefined) return null;
  let k = skipSpaces(text, j + word.length);
  const sep = text.charCodeAt(k);
  if (sep === 0x3d || sep === 0x3a) k = skipSpaces(text, k + 1);
  const u = scanNumber(text, k);
  if (u === null || u.decimal.mantissa < 0n) return null;
  const close = skipSpaces(text, u.end);
  return text.charCodeAt(close) === 0x29 ? { decimal: u.decimal, end: close + 1 } : null;
}

const RELATIONS: readonly [string, PrintedRelation][] = [
  ['<=', 'le'],
  ['>=', 'ge'],
  ['≤', 'le'],
  ['≥', 'ge'],
  ['==', 'eq'],
  [':=', 'eq'],
  ['=', 'eq'],
  [':', 'eq'],
  ['≈', 'eq'],
  ['~', 'eq'],
  ['<', 'lt'],
  ['>', 'gt'],
];

function relationAt(text: string, i: number): { relation: PrintedRelation; end: number } | null {
  for (const [token, relation] of RELATIONS) if (text.startsWith(token, i)) return { relation, end: i + token.length };
  return null;
}

function skipSpaces(text: string, i: number): number {
  let j = i;
  while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
  return j;
}

/** Past the run of name characters or digits at `i` (at least one character): keeps the scan linear. */
function skipRun(text: string, i: number): number {
  let j = i + 1;
  if (isNameChar(text.charCodeAt(i)) || text.charCodeAt(i) === 0x2e)
    while (j < text.length && (isNameChar(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2e)) j++;
  return j;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isSign(c: number): boolean {
  return c === 0x2b || c === 0x2d || c === 0x2212;
}

function isNameChar(c: number): boolean {
  if (Number.isNaN(c)) return false;
  if (isDigit(c) || c === 0x5f) return true;
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(c));
}
