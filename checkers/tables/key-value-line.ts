/**
 * One printed line read as key/value pairs, the way programs print their numbers:
 * - `k=16 ratio=3.8726 H_k=3.3807` (Python's `f"{k=}"`), also `k = 16`, with spaces, `,`, `;` or `|` between pairs;
 * - `k: 16, ratio: 3.87`, and a printed dict `{'k': 16, 'ratio': 3.8726}` (quoted keys, braces);
 * - `step 0 loss 1.000000 lr 0.001000`: names and numbers alternating, at least two pairs, every value a number.
 * With `=` or `:` a value may be text (`mode=train`, `'abc'`), kept as printed with its quotes, but at least one
 * value on the line must be a number. The whole line must be pairs: a line with other text (`epoch 3: loss=0.2`,
 * a timestamp before the pairs, `n=1,234`) is not read as pairs at all, so no number is ever taken out of a
 * sentence or split at a thousands separator.
 * Guarantee: exact (values are the characters printed).
 */
import { isPrintedName, isPrintedNumber } from './printed-token';

export interface KeyValueLine {
  readonly keys: readonly string[];
  /** Exact text of each value, in key order. */
  readonly values: readonly string[];
}

const SEPARATOR = /\s*[,;|]?\s*/y;
const KEY = /'([^']*)'|"([^"]*)"|([\p{L}_][\p{L}\p{N}_.\-/[\]@%]*)/uy;
const ASSIGN = /\s*[=:]\s*/y;
const VALUE = /'[^']*'|"[^"]*"|[^\s,;|{}=]+/y;

/**
 * The pairs of a line, `{ problem }` when the line is pairs but not a usable record (a key twice), or null when
 * the line is not pairs. Example: `parseKeyValueLine('k: 16, ratio: 3.87')` is
 * `{ keys: ['k', 'ratio'], values: ['16', '3.87'] }`; `parseKeyValueLine('n=1,234')` is null.
 */
export function parseKeyValueLine(line: string): KeyValueLine | { problem: string } | null {
  let s = line.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1).trim();
  if (s === '') return null;
  const pairs = /[=:]/.test(s) ? assignedPairs(s) : alternatingPairs(s);
  if (pairs === null) return null;
  const seen = new Set<string>();
  for (const k of pairs.keys) {
    if (seen.has(k)) return { problem: `key "${k}" appears twice on the line` };
    seen.add(k);
  }
  return pairs;
}

/** `key=value` / `key: value` pairs covering the whole line, at least one value a number; else null. */
function assignedPairs(s: string): KeyValueLine | null {
  const keys: string[] = [];
  const values: string[] = [];
  let pos = 0;
  while (pos < s.length) {
    if (keys.length > 0) {
      const sep = match(SEPARATOR, s, pos);
      if (sep === null || sep.text === '') return null;
      pos = sep.end;
      if (pos >= s.length) break; // a trailing separator (`k=1, ratio=2,`)
    }
    const key = match(KEY, s, pos);
    if (key === null) return null;
    const name = key.groups[0] ?? key.groups[1] ?? key.groups[2] ?? '';
    if (key.groups[2] !== undefined && !isPrintedName(name)) return null;
    if (name.trim() === '') return null;
    const assign = match(ASSIGN, s, key.end);
    if (assign === null) return null;
    const value = match(VALUE, s, assign.end);
    if (value === null || value.text.endsWith(':')) return null;
    keys.push(name);
    values.push(value.text);
    pos = value.end;
  }
  if (keys.length === 0 || !values.some(isPrintedNumber)) return null;
  return { keys, values };
}

/** `name number name number ...` (at least two pairs, whitespace between tokens); else null. */
function alternatingPairs(s: string): KeyValueLine | null {
  const tokens = s.split(/\s+/);
  if (tokens.length < 4 || tokens.length % 2 !== 0) return null;
  const keys: string[] = [];
  const values: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const name = tokens[i] as string;
    const value = tokens[i + 1] as string;
    if (!isPrintedName(name) || !isPrintedNumber(value)) return null;
    keys.push(name);
    values.push(value);
  }
  return { keys, values };
}

function match(re: RegExp, s: string, at: number): { text: string; end: number; groups: (string | undefined)[] } | null {
  re.lastIndex = at;
  const m = re.exec(s);
  if (m === null) return null;
  return { text: m[0], end: at + m[0].length, groups: m.slice(1) };
}
