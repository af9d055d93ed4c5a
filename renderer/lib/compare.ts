/**
 * "Compare logbooks", its pure pieces: where a setting value was printed (compareLogbooks names it `page/cell`
 * or a logbook file's path) resolved against the logbook, so the value can link to its cell; and how each
 * comparison is marked, in a word and a symbol as well as a colour.
 *
 * Example: `resolveWhere('run/c1', logbook)` is `{ type: 'cell', page: 'run', cell: 'c1' }` when page `run`
 * holds cell `c1`.
 */
import type { LogbookView, SettingsComparisonView } from '../../common/api/contract';

export type Comparison = SettingsComparisonView['rows'][number]['comparison'];

export type Place =
  | { type: 'cell'; page: string; cell: string; pageTitle: string; cellTitle: string }
  | { type: 'file'; path: string }
  | { type: 'unknown'; where: string };

/** The cell (or file) a `where` of compareLogbooks names in the logbook. Page slugs may hold "/": every split is tried. */
export function resolveWhere(where: string, logbook: LogbookView): Place {
  for (const page of logbook.pages) {
    if (!where.startsWith(`${page.slug}/`)) continue;
    const cellId = where.slice(page.slug.length + 1);
    const cell = page.cells.find((c) => c.id === cellId);
    if (cell !== undefined)
      return { type: 'cell', page: page.slug, cell: cell.id, pageTitle: page.title, cellTitle: cell.title || cell.id };
  }
  if (logbook.files.some((f) => f.path === where)) return { type: 'file', path: where };
  return { type: 'unknown', where };
}

/** How a comparison is shown: a word, a symbol (not colour alone) and the style class. */
export const COMPARISON_MARK: Record<Comparison, { word: string; symbol: string; className: string }> = {
  differs: { word: 'differs', symbol: '≠', className: 'cmp-differs' },
  same: { word: 'same', symbol: '=', className: 'cmp-same' },
  'only-a': { word: 'only in A', symbol: '◧', className: 'cmp-only' },
  'only-b': { word: 'only in B', symbol: '◨', className: 'cmp-only' },
  neither: { word: 'neither prints it', symbol: '–', className: 'cmp-neither' },
};

/** The two logbooks compared first: the first two, or the chosen ones when they are still there and different. */
export function defaultPair(logbooks: readonly LogbookView[], chosen: readonly [string, string] | null): [string, string] | null {
  const ids = logbooks.map((l) => l.id);
  if (ids.length < 2) return null;
  if (chosen !== null && chosen[0] !== chosen[1] && ids.includes(chosen[0]) && ids.includes(chosen[1])) return [chosen[0], chosen[1]];
  return [ids[0]!, ids[1]!];
}
