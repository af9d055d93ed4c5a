/**
 * Finds plottable series in a check's evidence: a `series` field, or any numeric array of at least three
 * points at the top level or one level down. Accepted shapes: `number[]` (x = index), `[x, y][]`,
 * `{x, y}[]` (also `step`/`t`/`n` for x and `value`/`v` for y), and `{x: number[], y: number[]}`.
 */

export interface Series {
  label: string;
  x: number[];
  y: number[];
}

const MIN_POINTS = 3;
const X_KEYS = ['x', 'step', 't', 'n', 'k'];
const Y_KEYS = ['y', 'value', 'v'];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function pick(o: Record<string, unknown>, keys: string[]): number | undefined {
  for (const k of keys) if (isNum(o[k])) return o[k];
  return undefined;
}

/** One series from a value, or null. Example: `seriesOf('s', [1, 4, 9])` -> x [0,1,2], y [1,4,9]. */
export function seriesOf(label: string, v: unknown): Series | null {
  if (Array.isArray(v)) {
    if (v.length < MIN_POINTS) return null;
    if (v.every(isNum)) return { label, x: v.map((_, i) => i), y: [...v] };
    if (v.every((p) => Array.isArray(p) && p.length >= 2 && isNum(p[0]) && isNum(p[1]))) {
      return { label, x: v.map((p) => (p as number[])[0]!), y: v.map((p) => (p as number[])[1]!) };
    }
    if (v.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (const p of v as Record<string, unknown>[]) {
        const x = pick(p, X_KEYS);
        const y = pick(p, Y_KEYS);
        if (x === undefined || y === undefined) return null;
        xs.push(x);
        ys.push(y);
      }
      return { label, x: xs, y: ys };
    }
    return null;
  }
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    const x = o.x;
    const y = o.y;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.length >= MIN_POINTS && x.every(isNum) && y.every(isNum)) {
      return { label, x: [...x], y: [...y] };
    }
  }
  return null;
}

/** Every series found in an evidence object, `series` first. Sorted by x where x is not increasing. */
export function findSeries(evidence: Record<string, unknown>): Series[] {
  const found: Series[] = [];
  const keys = Object.keys(evidence).sort((a, b) => (a === 'series' ? -1 : b === 'series' ? 1 : 0));
  for (const k of keys) {
    const v = evidence[k];
    const s = seriesOf(k, v);
    if (s !== null) {
      found.push(s);
      continue;
    }
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) {
        const s2 = seriesOf(`${k}.${k2}`, v2);
        if (s2 !== null) found.push(s2);
      }
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
