/**
 * The workspace's pane sizes, kept per case in the browser's storage: the three panes' widths (fractions of the
 * width, as renderer/lib/layout.ts moves them) and the checks dock's height (a fraction of the window's height, so
 * a smaller window still fits it). One storage key holds the newest MAX_KEPT_CASES cases; what is read back is
 * validated (a hand-edited, truncated or foreign value gives the defaults, never a pane of zero width). The
 * storage is passed in; its failures only mean that nothing is kept.
 *
 * Example: `savePaneLayout(localStorage, 'timing', { sizes: [0.2, 0.5, 0.3], dock: 0.3 })`, then
 * `loadPaneLayout(localStorage, 'timing')` is that layout, and `loadPaneLayout(localStorage, 'other')` is null.
 */
import { MIN_PANE_FRACTION } from './layout';

export const PANE_SIZES_KEY = 'recheck.panes';

/** Cases whose sizes are kept (the oldest set is forgotten first). */
export const MAX_KEPT_CASES = 50;

/** The dock's height as a fraction of the window's: bounds of what is kept. */
export const DOCK_FRACTION = { min: 0.05, max: 0.9 } as const;

export interface PaneLayout {
  /** The paper, logbook and sandbox panes' widths: each at least MIN_PANE_FRACTION, summing to 1. */
  readonly sizes: readonly [number, number, number];
  /** The checks dock's height over the window's height. */
  readonly dock: number;
}

/** The subset of `Storage` used here. */
export interface LayoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** `v` as a pane layout when it is a valid one, else null. */
export function validPaneLayout(v: unknown): PaneLayout | null {
  if (typeof v !== 'object' || v === null) return null;
  const { sizes, dock } = v as { sizes?: unknown; dock?: unknown };
  if (!Array.isArray(sizes) || sizes.length !== 3) return null;
  const [a, b, c] = sizes as unknown[];
  const width = (s: unknown): s is number => typeof s === 'number' && Number.isFinite(s) && s >= MIN_PANE_FRACTION - 1e-9 && s <= 1;
  if (!width(a) || !width(b) || !width(c)) return null;
  const sum = a + b + c;
  if (Math.abs(sum - 1) > 1e-6) return null;
  if (typeof dock !== 'number' || !Number.isFinite(dock) || dock < DOCK_FRACTION.min || dock > DOCK_FRACTION.max) return null;
  return { sizes: [a / sum, b / sum, c / sum], dock };
}

/** The kept layouts, newest last, from the stored text (anything unreadable is dropped, entry by entry). */
export function parsePaneLayouts(text: string | null): [caseId: string, layout: PaneLayout][] {
  if (text === null || text.length > 200_000) return [];
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const out: [string, PaneLayout][] = [];
  for (const e of v.slice(-MAX_KEPT_CASES)) {
    if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== 'string' || !CASE_ID.test(e[0])) continue;
    const layout = validPaneLayout(e[1]);
    if (layout !== null) out.push([e[0], layout]);
  }
  return out;
}

/** The stored text with `caseId`'s layout set (made newest) and at most MAX_KEPT_CASES cases. */
export function withPaneLayout(text: string | null, caseId: string, layout: PaneLayout): string {
  const kept = parsePaneLayouts(text).filter(([id]) => id !== caseId);
  const valid = CASE_ID.test(caseId) ? validPaneLayout(layout) : null;
  if (valid !== null) kept.push([caseId, { sizes: [...valid.sizes], dock: valid.dock }]);
  return JSON.stringify(kept.slice(-MAX_KEPT_CASES));
}

/** The layout kept for `caseId`, or null (none, invalid, or no storage). */
export function loadPaneLayout(storage: LayoutStorage | null, caseId: string): PaneLayout | null {
  try {
    return parsePaneLayouts(storage?.getItem(PANE_SIZES_KEY) ?? null).find(([id]) => id === caseId)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Keeps `layout` for `caseId`; storage failures (full, disabled) only mean it is not kept. */
export function savePaneLayout(storage: LayoutStorage | null, caseId: string, layout: PaneLayout): void {
  try {
    storage?.setItem(PANE_SIZES_KEY, withPaneLayout(storage.getItem(PANE_SIZES_KEY), caseId, layout));
  } catch {
    // storage unavailable: the sizes are simply not kept
  }
}
