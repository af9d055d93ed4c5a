/**
 * One metric value as Trackio stored it, classified: a number (a point of a series), absent, or something
 * else counted by kind. Trackio writes NaN and ±Infinity as the strings "NaN", "Infinity", "-Infinity"
 * (`serialize_values`, at any depth) and turns them back into floats at the top level of a row only
 * (`deserialize_values`); this module does the same, so a nested "NaN" stays a string. A genuine string
 * metric equal to "NaN" cannot be told apart from a NaN float, in Trackio as here.
 */
import { shown } from '../text/display';

/** Trackio's spellings of the non-finite floats. */
const NON_FINITE_STRINGS: ReadonlyMap<string, number> = new Map([
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
]);

/** A classified value: a number (restored when it was one of Trackio's strings), absent, or another kind. */
export type Entry =
  | { readonly type: 'number'; readonly value: number; readonly restored: boolean }
  | { readonly type: 'absent' }
  | { readonly type: 'other'; readonly kind: string };

const ABSENT: Entry = { type: 'absent' };

/** Kind of integers too large for a double to hold exactly; they are kept out of series. */
export const UNSAFE_INTEGER_KIND = 'integer beyond 2^53';

/**
 * The number a top-level value stands for, following Trackio's `deserialize_values`: the strings "NaN",
 * "Infinity", "-Infinity" become NaN, +Infinity, -Infinity; anything else is returned unchanged.
 * Example: `restoreNonFinite('-Infinity')` returns -Infinity; `restoreNonFinite('nan')` returns 'nan'.
 */
export function restoreNonFinite(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const restored = NON_FINITE_STRINGS.get(value);
  return restored === undefined ? value : restored;
}

/**
 * Trackio's spelling of a number in its JSON: non-finite numbers as "NaN", "Infinity", "-Infinity", finite
 * numbers unchanged. The inverse of restoreNonFinite on numbers.
 * Example: `trackioSpelling(Number.NEGATIVE_INFINITY)` returns '-Infinity'.
 */
export function trackioSpelling(value: number): number | string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  return value;
}

/**
 * Classifies one top-level metric value. null and undefined are absent (a Parquet row without the key holds
 * null); numbers, safe BigInts and Trackio's non-finite strings are numbers; a dict tagged `_type` (or a JSON
 * string of one, as Trackio's static viewer also accepts) has that kind.
 * Example: `classifyEntry('NaN')` returns `{ type: 'number', value: NaN, restored: true }`.
 */
export function classifyEntry(value: unknown): Entry {
  if (value === null || value === undefined) return ABSENT;
  if (typeof value === 'number') return { type: 'number', value, restored: false };
  if (typeof value === 'bigint') return bigintEntry(value);
  if (typeof value === 'string') return stringEntry(value);
  if (typeof value === 'boolean') return { type: 'other', kind: 'boolean' };
  if (Array.isArray(value)) return { type: 'other', kind: 'list' };
  if (value instanceof Uint8Array) return { type: 'other', kind: 'bytes' };
  if (value instanceof Date) return { type: 'other', kind: 'timestamp' };
  if (typeof value === 'object') return { type: 'other', kind: taggedKind(value as Record<string, unknown>) ?? 'object' };
  return { type: 'other', kind: typeof value };
}

function bigintEntry(value: bigint): Entry {
  const n = Number(value);
  return Number.isSafeInteger(n) ? { type: 'number', value: n, restored: false } : { type: 'other', kind: UNSAFE_INTEGER_KIND };
}

function stringEntry(value: string): Entry {
  const restored = NON_FINITE_STRINGS.get(value);
  if (restored !== undefined) return { type: 'number', value: restored, restored: true };
  if (value.startsWith('{') && value.includes('"_type"')) return { type: 'other', kind: taggedJsonKind(value) ?? 'string' };
  return { type: 'other', kind: 'string' };
}

/** The `_type` tag of a media or object dict, shown safely and cut short (it comes from the file). */
function taggedKind(dict: Record<string, unknown>): string | undefined {
  const tag = Object.hasOwn(dict, '_type') ? dict._type : undefined;
  return typeof tag === 'string' ? shown(tag, 60) : undefined;
}

function taggedJsonKind(text: string): string | undefined {
  if (text.length > 1_000_000) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? taggedKind(parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
