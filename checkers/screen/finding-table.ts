/**
 * The table a finding rests on, chosen one way for every use (the screen's growth rule, the judge view's horizons,
 * a screened row made into a case): the table its first printed fit was tied to (x, y: the fit's), else the
 * evidence table with the most rows (3 or more) whose first numeric column is positive and strictly increasing
 * (y: its last numeric column); null when there is none.
 * Example: the paging logbook's finding rests on its 4-row table, x k, horizon { x: 'k', max: 16, rows: 4 }.
 */
import { columnNumbers, type CellTable } from './evidence-tables';
import type { TiedFit } from './printed-fit';

/** The table a finding rests on, its x and y columns, and the printed fit tied to it (when that is how it was chosen). */
export interface FindingTable {
  readonly t: CellTable;
  readonly x: string;
  readonly y: string;
  readonly fit?: TiedFit;
}

/** How far a finding's table reaches: its x column, largest x, rows, and where the table is. */
export interface Horizon {
  readonly x: string;
  readonly max: number;
  readonly rows: number;
  readonly page: string;
  readonly cell: string;
}

/** The finding's table from its evidence's tied printed fits (in order) and tables (see the file comment). */
export function chooseFindingTable(fits: readonly TiedFit[], tables: readonly CellTable[]): FindingTable | null {
  const fit = fits[0];
  if (fit !== undefined && columnNumbers(fit.table.table, fit.x) !== null) return { t: fit.table, x: fit.x, y: fit.y, fit };
  let best: FindingTable | null = null;
  for (const t of tables) {
    if (t.table.rows.length < 3) continue;
    const numeric = t.table.columns.filter((_, j) => t.table.numeric[j] === true);
    const x = numeric[0];
    const y = numeric[numeric.length - 1];
    if (x === undefined || y === undefined || x === y) continue;
    const xs = columnNumbers(t.table, x);
    if (xs === null || columnNumbers(t.table, y) === null || !xs.every((v, i) => v > 0 && (i === 0 || v > (xs[i - 1] as number)))) continue;
    if (best === null || t.table.rows.length > best.t.table.rows.length) best = { t, x, y };
  }
  return best;
}

/** The horizon of a chosen table (its x column is numeric: chooseFindingTable checked it). */
export function horizonOf(chosen: FindingTable): Horizon {
  const xs = columnNumbers(chosen.t.table, chosen.x) as number[];
  return { x: chosen.x, max: xs.reduce((m, v) => Math.max(m, v), -Infinity), rows: xs.length, page: chosen.t.page, cell: chosen.t.cell };
}
