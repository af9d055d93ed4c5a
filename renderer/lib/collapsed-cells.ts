/**
 * Which logbook cells the reviewer collapsed, kept per case in the browser's storage as pane sizes are
 * (renderer/lib/pane-sizes.ts): one storage key holds the newest MAX_KEPT_CASES cases, each with at most
 * MAX_CELLS_PER_CASE cells named `<logbook>/<page>/<cell>`; what is read back is validated entry by entry (a
 * hand-edited, truncated or foreign value keeps nothing, never breaks the pane). Storage failures only mean that
 * nothing is kept.
 *
 * Example: `saveCollapsedCells(localStorage, 'timing', ['L1/writeup/writeup.md'])`, then
 * `loadCollapsedCells(localStorage, 'timing')` is that list and `loadCollapsedCells(localStorage, 'other')` is [].
 */
import type { LayoutStorage } from './pane-sizes';

export const COLLAPSED_CELLS_KEY = 'recheck.cells';
/** Cases whose collapsed cells are kept (the oldest set is forgotten first). */
export const MAX_KEPT_CASES = 50;
/** Cells kept collapsed per case (the first collapsed are forgotten first). */
export const MAX_CELLS_PER_CASE = 2000;

const CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_NAME = 1200;

/** The name a collapsed cell is kept under. Example: `cellKey('L1', 'writeup', 'writeup.md')` is 'L1/writeup/writeup.md'. */
export const cellKey = (logbook: string, page: string, cell: string): string => `${logbook}/${page}/${cell}`;

/** The kept lists, newest case last, from the stored text (anything unreadable dropped). */
export function parseCollapsedCells(text: string | null): [caseId: string, cells: string[]][] {
  if (text === null || text.length > 2_000_000) return [];
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const out: [string, string[]][] = [];
  for (const e of v.slice(-MAX_KEPT_CASES)) {
    if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== 'string' || !CASE_ID.test(e[0]) || !Array.isArray(e[1])) continue;
    const cells = (e[1] as unknown[]).filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= MAX_NAME);
    out.push([e[0], [...new Set(cells)].slice(-MAX_CELLS_PER_CASE)]);
  }
  return out;
}

/** The stored text with `caseId`'s cells set (made newest; an empty list forgets the case). */
export function withCollapsedCells(text: string | null, caseId: string, cells: readonly string[]): string {
  const kept = parseCollapsedCells(text).filter(([id]) => id !== caseId);
  const valid = [...new Set(cells.filter((c) => c.length > 0 && c.length <= MAX_NAME))].slice(-MAX_CELLS_PER_CASE);
  if (CASE_ID.test(caseId) && valid.length > 0) kept.push([caseId, valid]);
  return JSON.stringify(kept.slice(-MAX_KEPT_CASES));
}

/** The cells kept collapsed for `caseId` ([] when none, invalid, or no storage). */
export function loadCollapsedCells(storage: LayoutStorage | null, caseId: string): string[] {
  try {
    return parseCollapsedCells(storage?.getItem(COLLAPSED_CELLS_KEY) ?? null).find(([id]) => id === caseId)?.[1] ?? [];
  } catch {
    return [];
  }
}

/** Keeps `cells` collapsed for `caseId`; storage failures only mean they are not kept. */
export function saveCollapsedCells(storage: LayoutStorage | null, caseId: string, cells: readonly string[]): void {
  try {
    storage?.setItem(COLLAPSED_CELLS_KEY, withCollapsedCells(storage.getItem(COLLAPSED_CELLS_KEY), caseId, cells));
  } catch {
    // storage unavailable: nothing is kept
  }
}
