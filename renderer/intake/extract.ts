/**
 * "Extract table" on a run cell, its pure pieces: which blocks of a code cell print a table (found with the
 * same finder the core extracts with, checkers/tables/printed.ts, so the action shows only where the core
 * will find one), the default CSV path, and reading the core's refusal of a table the logbook writer's
 * elision may have cut.
 *
 * Example: `defaultTablePath('cell_sweep_kv')` is `tables/cell_sweep_kv.csv`.
 */
import type { LogbookBlock, LogbookCell } from '../../common/api/contract';
import { findPrintedTables } from '../../checkers/tables/printed';
import type { PrintedTable } from '../../checkers/tables/printed-table';

/** Block languages the core reads by default (a run's output). */
const OUTPUT_LANGS = new Set(['output', 'result']);

/** Where a table of the cell is written by default: `tables/<cell id>.csv` (characters a path may not hold become "-"). */
export function defaultTablePath(cellId: string): string {
  const name = cellId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'table';
  return `tables/${name.slice(0, 120)}.csv`;
}

/** Index (from 0) of the block the core reads when no block is asked for: the first output block; -1 when none. */
export function defaultBlockIndex(blocks: readonly LogbookBlock[]): number {
  return blocks.findIndex((b) => OUTPUT_LANGS.has(b.lang));
}

/** A table found in a block, as the dialog lists it. */
export interface FoundTable {
  /** Number of the table in its block, from 1 (the core's `table`). */
  number: number;
  style: PrintedTable['style'];
  columns: readonly string[];
  rows: number;
  /** Rows may be missing where the writer elided output. */
  mayBeCut: boolean;
}

/** The tables printed in one block (whose elision, when the writer marked one, makes every table suspect only if no marker line survives). */
export function tablesOfBlock(block: LogbookBlock): FoundTable[] {
  const found = findPrintedTables(block.text);
  // The core's rule (rowsMayBeMissing): a table marked truncated, or any table when the block says characters
  // were elided but no marker line is left in its text to say where.
  const unplaced = block.elidedChars !== undefined && block.elidedChars > 0 && found.elisions.length === 0;
  return found.tables.map((t, i) => ({
    number: i + 1,
    style: t.style,
    columns: t.columns,
    rows: t.rows.length,
    mayBeCut: t.truncated || unplaced,
  }));
}

/** The table the core takes when none is asked for: the only one, else the first with the most rows (pickPrintedTable's rule). */
export function defaultTable(tables: readonly FoundTable[]): FoundTable | undefined {
  let best: FoundTable | undefined;
  for (const t of tables) if (best === undefined || t.rows > best.rows) best = t;
  return best;
}

/** Whether "Extract table" is offered on a cell: a code cell one of whose output blocks prints a table. */
export function cellPrintsTable(cell: LogbookCell): boolean {
  if (cell.type !== 'code') return false;
  return cell.blocks.some((b) => OUTPUT_LANGS.has(b.lang) && findPrintedTables(b.text).tables.length > 0);
}

/** One line about a found table: `key-value: k, ratio; 10 rows`. */
export function describeFoundTable(t: FoundTable): string {
  const cols = t.columns.length > 6 ? `${t.columns.slice(0, 6).join(', ')}, …` : t.columns.join(', ');
  return `${t.style}: ${cols}; ${t.rows} row${t.rows === 1 ? '' : 's'}${t.mayBeCut ? ' (rows may be missing: elided output)' : ''}`;
}

/** Whether the core refused the table because the writer's elision may have cut it (then "allow elided" can take it). */
export function isElisionRefusal(message: string): boolean {
  return /may be missing rows there; extract what is there with --allow-elided/.test(message);
}

/**
 * The core's one-line refusal in the dialog's words: its CLI options named by the fields that set them here
 * (`--allow-elided` is the "Allow elided rows" box, `--table N` the Table field).
 */
export function refusalInDialogWords(message: string): string {
  return message
    .replace(/--allow-elided/g, '“Allow elided rows”')
    .replace(/take one with --table N/, 'choose it under Table')
    .replace(/choose one with --block N/, 'choose it under Block')
    .replace(/choose with --table N/, 'choose under Table');
}
