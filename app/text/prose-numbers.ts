/**
 * How letters print the numbers they take from a check's evidence, and safe readers of that evidence (JSON
 * from a report, typed `unknown`). One formatter for every sentence a letter states, so that a test can
 * recompute, from the evidence a sentence cites, every number the sentence prints
 * (test/app/letters/claim-sentences.test.ts).
 * Example: `num(0.0944965)` is "0.0945", `num(0.0944965, 2)` "0.094", `pval(1.7e-7)` "1.7e-7", `pct(0.6898)` "69%".
 */

/** `v` to `digits` significant digits, without trailing zeros; integers as they are. */
export function num(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e6) return String(v);
  return String(Number(v.toPrecision(digits)));
}

/** A p-value: two significant digits, in exponent form below 1e-4 ("1.7e-7"). */
export function pval(p: number): string {
  if (p > 0 && p < 1e-4) return p.toExponential(1).replace(/\.0e/, 'e');
  return String(Number(p.toPrecision(2)));
}

/** A fraction as a percentage to three significant digits: 0.6898 is "69%", 0.1473 "14.7%". */
export function pct(v: number): string {
  return `${Number((v * 100).toPrecision(3))}%`;
}

/** A ratio of range as words when it is a power of ten: 10 is "a decade", 100 "two decades", else "xmax/xmin at least 8". */
export function rangeWords(ratio: number): string {
  const decades = Math.log10(ratio);
  if (Math.abs(decades - Math.round(decades)) < 1e-9 && Math.round(decades) >= 1) {
    const d = Math.round(decades);
    return d === 1 ? 'a decade' : `${['', '', 'two', 'three', 'four'][d] ?? String(d)} decades`;
  }
  return `xmax/xmin at least ${num(ratio)}`;
}

/** A field of an evidence object, when it is an object. */
export function objectAt(v: unknown, key: string): Record<string, unknown> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null;
}

/** A finite number field, or null. */
export function numberAt(v: unknown, key: string): number | null {
  if (typeof v !== 'object' || v === null) return null;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** A string field, or null. */
export function stringAt(v: unknown, key: string): string | null {
  if (typeof v !== 'object' || v === null) return null;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === 'string' ? x : null;
}

/** An array field (empty when absent). */
export function arrayAt(v: unknown, key: string): unknown[] {
  if (typeof v !== 'object' || v === null) return [];
  const x = (v as Record<string, unknown>)[key];
  return Array.isArray(x) ? x : [];
}

/** "A", "A and B", "A, B and C". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
