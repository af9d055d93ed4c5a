/**
 * The data of a growth analysis by columns: x, y and (when known) the standard errors of y, one Float64Array
 * each, so that a million rows cost 24 bytes a row instead of a million point objects. The fits
 * (growth-fit.ts, horizon.ts, growth-laws.ts) work on this form; `growthColumns` is the adapter from the
 * point objects ({x, y, se}) that the other callers pass, and makes no change to any result (the fits read
 * the same numbers in the same order).
 */
import { DomainError } from '../errors';
import type { DataPoint } from './growth-models';

export interface GrowthColumns {
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Standard errors of y (> 0), one per row, when known. */
  readonly se?: Float64Array;
}

/**
 * The columns of point objects. Throws the DomainError of hasKnownErrors (growth-models.ts) when only some
 * points carry a standard error. Example: `growthColumns([{ x: 1, y: 2 }]).x` is Float64Array [1].
 */
export function growthColumns(points: readonly DataPoint[]): GrowthColumns {
  const withSe = points.filter((pt) => pt.se !== undefined).length;
  if (withSe !== 0 && withSe !== points.length)
    throw new DomainError('fit', `${withSe} of ${points.length} points have a standard error; give all or none`);
  const n = points.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const se = withSe > 0 ? new Float64Array(n) : undefined;
  for (let i = 0; i < n; i++) {
    const pt = points[i] as DataPoint;
    x[i] = pt.x;
    y[i] = pt.y;
    if (se !== undefined) se[i] = pt.se as number;
  }
  return se === undefined ? { x, y } : { x, y, se };
}

/**
 * Whether the fits are weighted (standard errors given); throws when one is not positive and finite (the
 * same message as hasKnownErrors).
 */
export function knownErrors(data: GrowthColumns): boolean {
  const se = data.se;
  if (se === undefined) return false;
  for (let i = 0; i < se.length; i++) {
    const s = se[i] as number;
    if (!(s > 0 && Number.isFinite(s))) throw new DomainError('fit', `standard error ${s} at x=${data.x[i]} must be positive`);
  }
  return true;
}

/** Rows first..end-1 as views (no copy). */
export function sliceRows(data: GrowthColumns, end: number): GrowthColumns {
  const x = data.x.subarray(0, end);
  const y = data.y.subarray(0, end);
  return data.se === undefined ? { x, y } : { x, y, se: data.se.subarray(0, end) };
}

/**
 * The rows sorted by x, ties in their original order (as a stable sort of the points); the data itself when
 * already in order (no copy). Example: x [3, 1, 2] gives x [1, 2, 3] with y and se moved alike.
 */
export function sortedByX(data: GrowthColumns): GrowthColumns {
  const x = data.x;
  const n = x.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (!((x[i - 1] as number) <= (x[i] as number))) sorted = false;
  if (sorted) return data;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // x - x as the points' comparator did, the index breaking ties: a stable order whatever the sort.
  order.sort((a, b) => (x[a] as number) - (x[b] as number) || a - b);
  const pick = (col: Float64Array): Float64Array => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = col[order[i] as number] as number;
    return out;
  };
  return data.se === undefined ? { x: pick(x), y: pick(data.y) } : { x: pick(x), y: pick(data.y), se: pick(data.se) };
}

/** Distinct values of x (as a Set of them would count). Example: x [2, 1, 2] gives 2. */
export function distinctX(x: Float64Array): number {
  let inOrder = true;
  for (let i = 1; i < x.length && inOrder; i++) if (!((x[i - 1] as number) <= (x[i] as number))) inOrder = false;
  const s = inOrder ? x : Float64Array.from(x).sort();
  let count = 0;
  for (let i = 0; i < s.length; i++) if (i === 0 || (s[i] as number) !== (s[i - 1] as number)) count++;
  return count;
}
