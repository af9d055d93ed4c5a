/**
 * A value decoded from a Parquet file made into plain JSON, for configs that are shown and exported as
 * they are: BigInt as a number where a double holds it exactly, else as its exact decimal string; NaN and
 * ±Infinity as Trackio's strings "NaN", "Infinity", "-Infinity" (JSON has no spelling for them); dates
 * as ISO strings; bytes as a short placeholder; structs and lists recursively, to a bounded depth.
 */
import { trackioSpelling } from './entry';

/** Deeper nesting than this is cut (Parquet nests no deeper in practice; a crafted file might). */
const MAX_DEPTH = 64;

/**
 * Example: `jsonValue(2n ** 60n)` returns '1152921504606846976' (exact, beyond 2^53);
 * `jsonValue({ a: [1n, NaN] })` returns `{ a: [1, 'NaN'] }`.
 */
export function jsonValue(v: unknown, depth = 0): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return trackioSpelling(v);
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return `<${v.length} bytes>`;
  if (depth >= MAX_DEPTH) return '<nested too deep>';
  if (Array.isArray(v)) return v.map((x) => jsonValue(x, depth + 1));
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<unknown>, (x) => jsonValue(x, depth + 1));
  if (typeof v === 'object')
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, jsonValue(x, depth + 1)]));
  return String(v);
}
