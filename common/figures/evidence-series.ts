/**
 * Finds plottable series in a check's evidence: a `series` field, or any numeric array of at least three
 * points at the top level or one level down. Accepted shapes: `number[]` (x = index), `[x, y][]`,
 * `{x: number[], y: number[]}`, and arrays of records with an x field (`x`, `step`, `t`, `maxX`, `k`, `n`):
 * those give one series per y field (`y`/`value`/`v` when present, else every other numeric field), so a
 * horizon analysis `[{maxX, n, b, sigma}]` plots b and sigma against maxX.
 */

export interface Series {
  label: string;
  x: number[];
  y: number[];
}

const MIN_POINTS = 3;
const X_KEYS = ['x', 'step', 't', 'maxX', 'k', 'n'];
const Y_KEYS = ['y', 'value', 'v'];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Series from an array of records: x from the first X_KEYS field that every record has with distinct values
 * (a table of fitted models with a parameter count `k` of 1, 2, 2 is not a series), one series per y field.
 */
function recordSeries(label: string, rows: Record<string, unknown>[]): Series[] {
  const xKey = X_KEYS.find((k) => rows.every((r) => isNum(r[k])) && new Set(rows.map((r) => r[k])).size === rows.length);
  if (xKey === undefined) return [];
  const first = rows[0]!;
  const named = Y_KEYS.filter((k) => k in first);
  const yKeys = named.length > 0 ? named.slice(0, 1) : Object.keys(first).filter((k) => k !== xKey && !X_KEYS.includes(k));
  const x = rows.map((r) => r[xKey] as number);
  return yKeys
    .filter((k) => rows.every((r) => isNum(r[k])))
    .map((k) => ({ label: named.length > 0 ? label : `${label}.${k}`, x, y: rows.map((r) => r[k] as number) }));
}

/** The series a value holds (none when it holds none). Example: `seriesOf('s', [1, 4, 9])` -> x [0,1,2], y [1,4,9]. */
export function seriesOf(label: string, v: unknown): Series[] {
  if (Array.isArray(v)) {
    if (v.length < MIN_POINTS) return [];
    if (v.every(isNum)) return [{ label, x: v.map((_, i) => i), y: [...v] }];
    if (v.every((p) => Array.isArray(p) && p.length >= 2 && isNum(p[0]) && isNum(p[1]))) {
      return [{ label, x: v.map((p) => (p as number[])[0]!), y: v.map((p) => (p as number[])[1]!) }];
    }
    if (v.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p)))
      return recordSeries(label, v as Record<string, unknown>[]);
    return [];
  }
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    const x = o.x;
    const y = o.y;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.length >= MIN_POINTS && x.every(isNum) && y.every(isNum)) {
      return [{ label, x: [...x], y: [...y] }];
    }
  }
  return [];
}

/** Every series found in an evidence object, `series` first. Sorted by x where x is not increasing. */
export function findSeries(evidence: Record<string, unknown>): Series[] {
  const found: Series[] = [];
  const keys = Object.keys(evidence).sort((a, b) => (a === 'series' ? -1 : b === 'series' ? 1 : 0));
  for (const k of keys) {
    const v = evidence[k];
    const s = seriesOf(k, v);
    if (s.length > 0) {
      found.push(...s);
      continue;
    }
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) found.push(...seriesOf(`${k}.${k2}`, v2));
    }
  }
  return found.map(sortByX);
}

function sortByX(s: Series): Series {
  const increasing = s.x.every((x, i) => i === 0 || x > s.x[i - 1]!);
  if (increasing) return s;
  const order = s.x.map((_, i) => i).sort((a, b) => s.x[a]! - s.x[b]!);
  return { label: s.label, x: order.map((i) => s.x[i]!), y: order.map((i) => s.y[i]!) };
}
