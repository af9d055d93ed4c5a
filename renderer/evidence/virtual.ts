/**
 * The window of a virtualised list: which rows to render for a scroll position, so that a table of 100,000
 * rows keeps a few dozen in the DOM. Rows have one fixed height; `overscan` rows are added on both sides so
 * that a fast scroll shows no blank band before the next render.
 * Example: `visibleRows({ scrollTop: 2200, viewport: 440, rowHeight: 22, count: 100_000, overscan: 10 })`
 * is `{ first: 90, last: 131 }` (rows 100 to 120 are at least partly in view).
 */
export interface VisibleRows {
  /** First row to render (inclusive). */
  first: number;
  /** Row after the last one to render (exclusive). */
  last: number;
}

export function visibleRows(o: { scrollTop: number; viewport: number; rowHeight: number; count: number; overscan: number }): VisibleRows {
  if (o.count <= 0 || o.rowHeight <= 0) return { first: 0, last: 0 };
  const top = Math.max(0, Math.floor(o.scrollTop / o.rowHeight));
  const inView = Math.ceil(Math.max(o.viewport, 0) / o.rowHeight) + 1;
  const first = Math.min(Math.max(0, top - o.overscan), o.count);
  const last = Math.min(o.count, top + inView + o.overscan);
  return { first: Math.min(first, last), last };
}
