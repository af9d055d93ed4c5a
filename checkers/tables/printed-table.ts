/**
 * What the printed-table finder (printed.ts) returns: tables whose cells are the exact text printed, each row
 * with the line it came from, the lines that fit no table and why, and the elisions found in the text.
 */
import { CheckerError } from '../errors';

/** How a table was printed. */
export type PrintedTableStyle = 'key-value' | 'columns' | 'markdown';

export interface PrintedRow {
  /** 1-based line number in the text the table was found in. */
  readonly line: number;
  /** One cell per column, the exact text printed (never parsed to a float). */
  readonly cells: readonly string[];
}

export interface PrintedTable {
  readonly style: PrintedTableStyle;
  readonly columns: readonly string[];
  readonly rows: readonly PrintedRow[];
  /** Line of the header (columns, markdown); null for key-value tables, whose rows carry their own keys. */
  readonly headerLine: number | null;
  /** First and last line of the table (header included), 1-based. */
  readonly firstLine: number;
  readonly lastLine: number;
  /** Per column: every cell is a printed number (printed-token.ts). */
  readonly numeric: readonly boolean[];
  /**
   * Rows of this table may be missing because part of the text was elided: always so for a key-value table
   * in a text with an elision (its lines may sit anywhere), and for a header-anchored table whose rows run
   * up to or across an elision.
   */
  readonly truncated: boolean;
}

/** A line that fits no table, with the reason. */
export interface SkippedLine {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** A `... [N chars elided] ...` line (Trackio's mark for the middle of a long output it did not keep). */
export interface Elision {
  readonly line: number;
  readonly chars: number;
}

export interface PrintedTables {
  /** In order of their first line; `--table N` counts from 1 in this order. */
  readonly tables: readonly PrintedTable[];
  readonly skipped: readonly SkippedLine[];
  readonly elisions: readonly Elision[];
  readonly lineCount: number;
}

/**
 * No table where one was asked for: the text holds none, or fewer than the number asked. Keeps the counts so
 * that a caller can say where it looked.
 */
export class NoTableError extends CheckerError {
  constructor(
    readonly found: number,
    readonly asked: number | null,
    readonly lineCount: number,
    readonly skippedCount: number,
  ) {
    super(
      'no-table',
      found === 0
        ? `no printed table in ${lineCount} line${lineCount === 1 ? '' : 's'} (${skippedCount} non-blank line${skippedCount === 1 ? '' : 's'} fit none): expected key=value lines with the same keys on at least 2 lines, a header line of names over rows of numbers, or a Markdown table`
        : `table ${String(asked)} asked, but the text holds ${found} table${found === 1 ? '' : 's'} (numbered from 1)`,
    );
  }
}
