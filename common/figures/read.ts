/** Defensive readers of evidence JSON (untyped): each gives undefined when the value is not of its type. */

export type Json = Record<string, unknown>;

export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
export const arr = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);

/** The records of an array (non-records dropped). */
export function records(v: unknown): Json[] {
  return (arr(v) ?? []).map(obj).filter((r): r is Json => r !== undefined);
}

/** A number for a caption: three significant digits, no trailing zeros. Example: `short(0.61386)` is "0.614". */
export function short(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && (Math.abs(v) >= 1e6 || Math.abs(v) < 1e-3)) return v.toExponential(2).replace(/\.?0+e/, 'e');
  return String(Number(v.toPrecision(3)));
}

/** Percent with one decimal. Example: `percent(0.6897)` is "69.0%". */
export function percent(v: number): string {
  return `${(100 * v).toFixed(1)}%`;
}
