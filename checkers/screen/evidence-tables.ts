/**
 * The texts a finding's evidence prints (Markdown cells and run cells' output blocks, then the finding's own
 * text) and the tables in them (checkers/tables/printed.ts), each with the cell it came from.
 * Guarantee: exact (cells are the printed text).
 */
import { findPrintedTables } from '../tables/printed';
import type { PrintedTable } from '../tables/printed-table';
import type { FindingWithEvidence } from './findings';
import type { ScreenCell } from './model';

/** A printed text of a cell: a Markdown cell's body, or a run cell's output block. */
export interface CellText {
  readonly page: string;
  readonly cell: string;
  readonly text: string;
}

/** A table printed in a cell's text. */
export interface CellTable extends CellText {
  readonly table: PrintedTable;
}

/** The printed texts of one cell (Markdown body; output/result blocks of a run cell). */
export function textsOfCell(page: string, cell: ScreenCell): CellText[] {
  if (cell.type === 'markdown') return [{ page, cell: cell.id, text: cell.markdown }];
  if (cell.type === 'code')
    return cell.blocks.filter((b) => b.lang === 'output' || b.lang === 'result').map((b) => ({ page, cell: cell.id, text: b.text }));
  return [];
}

/** The finding's evidence texts in order, its own text last. */
export function evidenceTexts(f: FindingWithEvidence): CellText[] {
  return [...f.evidence.flatMap((e) => textsOfCell(e.page, e.cell)), { page: f.page, cell: f.cell, text: f.text }];
}

/**
 * Every table printed in the texts, in text order. Example: a Markdown cell holding `| k | y |\n|---|---|\n| 2 | 1 |`
 * gives one table with columns k, y.
 */
export function tablesOf(texts: readonly CellText[]): CellTable[] {
  return texts.flatMap((t) => findPrintedTables(t.text).tables.map((table) => ({ ...t, table })));
}

/** The numbers of a numeric column (null when a cell is not a finite number). */
export function columnNumbers(table: PrintedTable, column: string): number[] | null {
  const j = table.columns.indexOf(column);
  if (j < 0 || table.numeric[j] !== true) return null;
  const out = table.rows.map((r) => Number(r.cells[j]));
  return out.every(Number.isFinite) ? out : null;
}
