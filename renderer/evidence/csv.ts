/**
 * CSV for the evidence viewer, split into records by the same code as the core's reader
 * (checkers/tables/csv-records.ts; app/tables/csv.ts reads files through Node, which the renderer cannot): RFC 4180 with `,` between fields, `"` quoting with `""` for a quote, line
 * breaks LF, CRLF or CR (also inside quoted fields), the first row the header, blank lines skipped, cells
 * trimmed, every row keeping its 1-based line. What the core refuses is refused here too, as a problem naming
 * the line: a row with another number of fields than the header, a header naming a column twice, a quoted
 * field never closed, text after a closing quote, a last row cut short. test/renderer/evidence-viewer checks
 * that both parsers agree on well-formed and on malformed text.
 * Example: `parseCsvText('x,y\n1,2\n')` is `{ ok: true, columns: ['x', 'y'], rows: [{ line: 2, values: ['1', '2'] }] }`.
 */
import { stripBom } from '../../common/json/bounded';
import { CsvSyntaxError, splitCsvRecords } from '../../checkers/tables/csv-records';

export interface TableRow {
  /** 1-based line the row starts on in the file. */
  readonly line: number;
  readonly values: readonly string[];
}

export type ParsedTable =
  { ok: true; columns: readonly string[]; rows: readonly TableRow[] } | { ok: false; line: number; problem: string };

/** Most data rows and cells shown (the core's table limits). */
export const MAX_TABLE_ROWS = 2_000_000;
const MAX_TABLE_CELLS = 10_000_000;

export function parseCsvText(text: string): ParsedTable {
  let records: TableRow[];
  try {
    records = splitCsvRecords(stripBom(text), { maxRows: MAX_TABLE_ROWS, maxCells: MAX_TABLE_CELLS });
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { ok: false, line: err.line, problem: err.problem };
    throw err;
  }
  const header = records.shift();
  if (header === undefined) return { ok: false, line: 1, problem: 'empty file; expected a header row' };
  const seen = new Set<string>();
  for (const c of header.values) {
    if (seen.has(c)) return { ok: false, line: header.line, problem: `column "${c}" appears twice in the header` };
    seen.add(c);
  }
  for (const r of records) {
    if (r.values.length !== header.values.length)
      return { ok: false, line: r.line, problem: `${r.values.length} fields, expected ${header.values.length}` };
  }
  return { ok: true, columns: header.values, rows: records };
}
