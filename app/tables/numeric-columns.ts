/**
 * Some numeric columns of a CSV table, read into Float64Arrays in one pass: for a command that needs a few
 * numbers per row of a large table (`recheck fit` on a million rows), not every cell as text. csv.ts's
 * readCsvFile keeps a record object and a string per cell, about 200 bytes a row before any number is read;
 * this keeps 8 bytes a row per wanted column (and the file's text while it is read).
 *
 * Same table rules and the same one-line bad input as readCsvFile + requireColumns + numberCell, in the same
 * order of precedence: a syntax error (the one splitter, checkers/tables/csv-records.ts), then an empty file or
 * a header naming a column twice, then the first row with another number of fields than the header, then a
 * wanted column missing from the header, then the first bad cell in row order (a row's wanted columns in the
 * order given; a column's own `check` right after its cell is read).
 */
import { BadInputError } from '../errors';
import { stripBom } from '../../common/json/bounded';
import { shown } from '../text/display';
import { MAX_TABLE_BYTES, readTextFile } from './text-file';
import type { CsvRecord } from '../../checkers/tables/csv-records';
import { DEFAULT_CSV_LIMITS, decimalCell, fieldCountError, headerIndex, requireColumns, visitRecords, type CsvLimits } from './csv';

/** A column to read as numbers, with an optional further check of each value (its problem, or undefined). */
export interface NumericColumnSpec {
  readonly name: string;
  readonly check?: (value: number) => string | undefined;
}

export interface NumericColumns {
  /** File name as shown in messages. */
  readonly file: string;
  /** The header's column names. */
  readonly columns: readonly string[];
  /** Data rows read. */
  readonly rows: number;
  /** Each wanted column's values, one per data row, in row order. */
  readonly values: ReadonlyMap<string, Float64Array>;
}

/**
 * Reads the wanted columns of a CSV file (through readTextFile: a regular file of at most MAX_TABLE_BYTES,
 * strict UTF-8, BOM removed); `display` is the name used in messages.
 */
export async function readNumericColumns(
  path: string,
  display: string,
  wanted: readonly NumericColumnSpec[],
  limits: CsvLimits = DEFAULT_CSV_LIMITS,
): Promise<NumericColumns> {
  return parseNumericColumns(await readTextFile(path, display, MAX_TABLE_BYTES), display, wanted, limits);
}

/**
 * Parses CSV text with a header row into the wanted numeric columns.
 * Example: `parseNumericColumns('x,y\n1,2\n3,4\n', 't.csv', [{ name: 'y' }]).values.get('y')` is Float64Array [2, 4].
 */
export function parseNumericColumns(
  text: string,
  display: string,
  wanted: readonly NumericColumnSpec[],
  limits: CsvLimits = DEFAULT_CSV_LIMITS,
): NumericColumns {
  const file = shown(display);
  const body = stripBom(text);
  const capacity = recordBound(body);
  let header: CsvRecord | undefined;
  let index: Map<string, number> | undefined;
  let headerError: unknown;
  let countError: BadInputError | undefined;
  let cellError: BadInputError | undefined;
  // Per wanted spec: its column's position in a row and the array it fills (specs naming one column share it).
  let slots: { spec: NumericColumnSpec; at: number; into: Float64Array }[] | undefined;
  const values = new Map<string, Float64Array>();
  let rows = 0;
  visitRecords(body, file, limits, (r) => {
    if (header === undefined) {
      header = r;
      try {
        index = headerIndex(file, r);
      } catch (err) {
        headerError = err;
        return;
      }
      if (wanted.every((w) => index?.has(w.name))) {
        slots = wanted.map((spec) => {
          let into = values.get(spec.name);
          if (into === undefined) values.set(spec.name, (into = new Float64Array(capacity)));
          return { spec, at: index?.get(spec.name) as number, into };
        });
      }
      return;
    }
    const row = rows++;
    if (headerError !== undefined || countError !== undefined) return;
    if (r.values.length !== header.values.length) {
      countError = fieldCountError(file, header.values, r);
      return;
    }
    if (slots === undefined || cellError !== undefined) return;
    for (const { spec, at, into } of slots) {
      const v = decimalCell(r.values[at] as string, spec.name);
      const problem = typeof v === 'string' ? v : spec.check?.(v);
      if (problem !== undefined) {
        cellError = new BadInputError(file, problem, `line ${r.line}`);
        return;
      }
      into[row] = v as number;
    }
  });
  if (header === undefined) throw new BadInputError(file, 'empty file; expected a header row');
  if (headerError !== undefined) throw headerError;
  if (countError !== undefined) throw countError;
  requireColumns(
    { file, columns: header.values, rows: [], index: index as Map<string, number> },
    wanted.map((w) => w.name),
  );
  if (cellError !== undefined) throw cellError;
  const exact = new Map<string, Float64Array>();
  // Trimmed to the rows read: a view when the bound was close (blank lines are few), else a copy.
  for (const [name, v] of values) exact.set(name, rows >= capacity - capacity / 16 ? v.subarray(0, rows) : v.slice(0, rows));
  return { file, columns: header.values, rows, values: exact };
}

/** An upper bound on the data rows: the line breaks (LF, CRLF or CR, each once) plus one, less the header. */
function recordBound(text: string): number {
  let breaks = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks++;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 0x0a) breaks++;
  return breaks + 1;
}
