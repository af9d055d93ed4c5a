/**
 * CSV tables for the CLI and the check kinds (RFC 4180: `,` between fields, `"` quoting with `""` for a quote,
 * line breaks LF, CRLF or CR, also inside quoted fields). The first row is the header; blank lines are
 * skipped; every data row keeps its 1-based line number so that a bad row is reported as one line naming the
 * file and the line (BadInputError `<file>: line 7: <problem>`). Cells are trimmed.
 *
 * Read in one linear pass (papaparse's per-row callback took 2.9 s for a million rows; this parser 0.6 s;
 * test/app/tables/csv.test.ts checks that both read well-formed CSV alike). Bad input, each naming the line:
 * a row with another number of fields than the header, a quoted field never closed, text after a closing
 * quote, a last row cut short (no line break after it and an empty last field), a table over its
 * limits (DEFAULT_CSV_LIMITS).
 */
import { BadInputError } from '../errors';
import { stripBom } from '../../common/json/bounded';
import { shown } from '../text/display';
import { MAX_TABLE_BYTES, readTextFile } from './text-file';
import { CsvSyntaxError, forEachCsvRecord, type CsvRecord, type CsvRecordLimits } from '../../checkers/tables/csv-records';

/**
 * Limits of one table beyond the byte cap, which alone does not bound memory: a 4 MiB file of `1\n` lines is
 * two million rows, each costing about 200 bytes once parsed (and more in the command that reads it).
 */
export interface CsvLimits extends CsvRecordLimits {
  /** Most data rows. */
  readonly maxRows: number;
  /** Most cells, header included. */
  readonly maxCells: number;
}

/** Two million rows, ten million cells: about a gigabyte of heap at worst, well within Node's default. */
export const DEFAULT_CSV_LIMITS: CsvLimits = { maxRows: 2_000_000, maxCells: 10_000_000 };

/** A data row: its 1-based line and its cells (trimmed), one per column, in column order. */
export type CsvRow = CsvRecord;

export interface CsvTable {
  /** File name as shown in messages (control characters escaped). */
  readonly file: string;
  readonly columns: readonly string[];
  readonly rows: readonly CsvRow[];
  /** Column index by name. */
  readonly index: ReadonlyMap<string, number>;
}

/**
 * Reads and parses a CSV file (through readTextFile: a regular file of at most MAX_TABLE_BYTES, strict
 * UTF-8, BOM removed); `display` is the name used in messages (default: the path).
 */
export async function readCsvFile(path: string, display = path): Promise<CsvTable> {
  return parseCsv(await readTextFile(path, display, MAX_TABLE_BYTES), display);
}

/**
 * Parses CSV text with a header row. Rows with a different number of fields than the header are bad input.
 * Example: `parseCsv('x,y\n1,2\n', 't.csv').rows[0]` is `{ line: 2, values: ['1', '2'] }`.
 */
export function parseCsv(text: string, display: string, limits: CsvLimits = DEFAULT_CSV_LIMITS): CsvTable {
  const file = shown(display);
  const records = splitRecords(stripBom(text), file, limits);
  const header = records.shift();
  if (header === undefined) throw new BadInputError(file, 'empty file; expected a header row');
  const columns = header.values;
  const index = headerIndex(file, header);
  for (const r of records) {
    if (r.values.length !== columns.length) throw fieldCountError(file, columns, r);
  }
  return { file, columns, rows: records, index };
}

/** Column index by name of a header record; a name appearing twice is bad input naming the header's line. */
export function headerIndex(file: string, header: CsvRecord): Map<string, number> {
  const index = new Map<string, number>();
  header.values.forEach((c, i) => {
    if (index.has(c)) throw new BadInputError(file, `column "${shown(c)}" appears twice in the header`, `line ${header.line}`);
    index.set(c, i);
  });
  return index;
}

/** The bad input of a row whose number of fields is not the header's. */
export function fieldCountError(file: string, columns: readonly string[], row: CsvRecord): BadInputError {
  return new BadInputError(
    file,
    `${row.values.length} fields, expected ${columns.length} (${shown(columns.join(','), 200)})`,
    `line ${row.line}`,
  );
}

/** The records of `text` by the one CSV splitter (checkers/tables/csv-records.ts), its errors as bad input. */
function splitRecords(text: string, file: string, limits: CsvLimits): CsvRecord[] {
  const records: CsvRecord[] = [];
  visitRecords(text, file, limits, (r) => void records.push(r));
  return records;
}

/** The same records handed to `visit` one at a time (none kept), the splitter's errors as bad input. */
export function visitRecords(text: string, file: string, limits: CsvLimits, visit: (record: CsvRecord) => void): void {
  try {
    forEachCsvRecord(text, limits, visit);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new BadInputError(file, err.problem, `line ${err.line}`);
    throw err;
  }
}

/** Throws unless the table has every named column. */
export function requireColumns(table: CsvTable, names: readonly string[]): void {
  for (const n of names) {
    if (!table.index.has(n))
      throw new BadInputError(table.file, `no column "${shown(n)}" (columns: ${shown(table.columns.join(', '), 200)})`, 'line 1');
  }
}

/** The cell's text (trimmed); the column must exist (requireColumns). */
export function cell(table: CsvTable, row: CsvRow, column: string): string {
  const i = table.index.get(column);
  if (i === undefined) throw new BadInputError(table.file, `no column "${shown(column)}"`, 'line 1');
  return row.values[i] ?? '';
}

/** A decimal number as written in a table: sign, digits, optional fraction and exponent (no hex, no Infinity). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The cell as a finite decimal number, or bad input naming file, line and column. */
export function numberCell(table: CsvTable, row: CsvRow, column: string): number {
  const v = decimalCell(cell(table, row, column), column);
  if (typeof v === 'string') throw new BadInputError(table.file, v, `line ${row.line}`);
  return v;
}

/**
 * A cell's text (trimmed) as a finite decimal number, or the problem as the one-line text numberCell reports
 * (the caller adds the file and the line). Example: `decimalCell('2.5e3', 'k')` is 2500; `decimalCell('0x2', 'k')`
 * is `column "k": "0x2" is not a decimal number`.
 */
export function decimalCell(text: string, column: string): number | string {
  if (text === '') return `column "${shown(column)}": empty cell, expected a number`;
  const v = Number(text);
  if (!Number.isFinite(v)) return `column "${shown(column)}": "${shown(text, 40)}" is not a finite number`;
  if (!DECIMAL.test(text)) return `column "${shown(column)}": "${shown(text, 40)}" is not a decimal number`;
  return v;
}

/** The cell as a safe integer, or bad input naming file, line and column. */
export function integerCell(table: CsvTable, row: CsvRow, column: string): number {
  const v = numberCell(table, row, column);
  if (!Number.isInteger(v)) throw new BadInputError(table.file, `column "${shown(column)}": ${v} is not an integer`, `line ${row.line}`);
  if (!Number.isSafeInteger(v))
    throw new BadInputError(
      table.file,
      `column "${shown(column)}": ${v} is beyond 2^53, where integers are no longer exact`,
      `line ${row.line}`,
    );
  return v;
}
