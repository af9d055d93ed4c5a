/**
 * CSV tables for the CLI and the check kinds, read with papaparse. The first row is the header; blank
 * lines are skipped; every data row keeps its 1-based line number so that a bad row is reported as one
 * line naming the file and the line (BadInputError `<file>: line 7: <problem>`).
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { BadInputError } from '../errors';

export interface CsvRow {
  /** 1-based line number where the row starts. */
  line: number;
  /** Cell text by column name (trimmed). */
  cells: Record<string, string>;
}

export interface CsvTable {
  /** File name as shown in messages. */
  file: string;
  columns: string[];
  rows: CsvRow[];
}

/** Reads and parses a CSV file; `display` is the name used in messages (default: the path). */
export async function readCsvFile(path: string, display = path): Promise<CsvTable> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new BadInputError(display, `cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseCsv(text, display);
}

/**
 * Parses CSV text with a header row. Rows with a different number of fields than the header are bad input.
 * Example: `parseCsv('x,y\n1,2\n', 't.csv').rows[0]` is `{ line: 2, cells: { x: '1', y: '2' } }`.
 */
export function parseCsv(text: string, file: string): CsvTable {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let counted = 0; // characters scanned for newlines so far
  let line = 1;
  let start = 0; // offset where the current record starts
  let problem: BadInputError | undefined;
  Papa.parse<string[]>(body, {
    delimiter: ',',
    skipEmptyLines: false,
    step(result) {
      if (problem !== undefined) return;
      // Advance the line counter to the start of this record.
      for (; counted < start; counted++) if (body.charCodeAt(counted) === 10) line++;
      const err = result.errors[0];
      if (err !== undefined) problem = new BadInputError(file, `${err.message}`, `line ${line}`);
      const fields = result.data;
      if (!(fields.length === 1 && fields[0] === '')) records.push({ line, fields: fields.map((f) => f.trim()) });
      start = result.meta.cursor;
    },
  });
  if (problem !== undefined) throw problem;
  const header = records.shift();
  if (header === undefined) throw new BadInputError(file, 'empty file; expected a header row');
  const columns = header.fields;
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup !== undefined) throw new BadInputError(file, `column "${dup}" appears twice in the header`, `line ${header.line}`);
  const rows = records.map((r) => {
    if (r.fields.length !== columns.length) {
      throw new BadInputError(file, `${r.fields.length} fields, expected ${columns.length} (${columns.join(',')})`, `line ${r.line}`);
    }
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => (cells[c] = r.fields[i] as string));
    return { line: r.line, cells };
  });
  return { file, columns, rows };
}

/** Throws unless the table has every named column. */
export function requireColumns(table: CsvTable, names: readonly string[]): void {
  for (const n of names) {
    if (!table.columns.includes(n)) throw new BadInputError(table.file, `no column "${n}" (columns: ${table.columns.join(', ')})`, 'line 1');
  }
}

/** The cell as a finite number, or bad input naming file, line and column. */
export function numberCell(table: CsvTable, row: CsvRow, column: string): number {
  const text = row.cells[column] ?? '';
  const v = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(v)) throw new BadInputError(table.file, `column "${column}": ${JSON.stringify(text)} is not a finite number`, `line ${row.line}`);
  return v;
}

/** The cell as an integer, or bad input naming file, line and column. */
export function integerCell(table: CsvTable, row: CsvRow, column: string): number {
  const v = numberCell(table, row, column);
  if (!Number.isInteger(v)) throw new BadInputError(table.file, `column "${column}": ${v} is not an integer`, `line ${row.line}`);
  return v;
}
