/**
 * CSV for the evidence viewer, by the core's rules (app/tables/csv.ts, which the renderer cannot import: it
 * reads files through Node): RFC 4180 with `,` between fields, `"` quoting with `""` for a quote, line
 * breaks LF, CRLF or CR (also inside quoted fields), the first row the header, blank lines skipped, cells
 * trimmed, every row keeping its 1-based line. What the core refuses is refused here too, as a problem naming
 * the line: a row with another number of fields than the header, a header naming a column twice, a quoted
 * field never closed, text after a closing quote, a last row cut short. test/renderer/evidence-viewer checks
 * that both parsers agree on well-formed and on malformed text.
 * Example: `parseCsvText('x,y\n1,2\n')` is `{ ok: true, columns: ['x', 'y'], rows: [{ line: 2, values: ['1', '2'] }] }`.
 */
import { stripBom } from '../../app/json/bounded';

export interface TableRow {
  /** 1-based line the row starts on in the file. */
  readonly line: number;
  readonly values: readonly string[];
}

export type ParsedTable = { ok: true; columns: readonly string[]; rows: readonly TableRow[] } | { ok: false; line: number; problem: string };

/** Most data rows shown (the core's table limit). */
export const MAX_TABLE_ROWS = 2_000_000;

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

class CsvProblem extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

export function parseCsvText(text: string): ParsedTable {
  let records: TableRow[];
  try {
    records = splitRecords(stripBom(text));
  } catch (err) {
    if (err instanceof CsvProblem) return { ok: false, line: err.line, problem: err.problem };
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
    if (r.values.length !== header.values.length) return { ok: false, line: r.line, problem: `${r.values.length} fields, expected ${header.values.length}` };
  }
  return { ok: true, columns: header.values, rows: records };
}

/** The records of `text` (blank lines left out), each with the line it starts on. */
function splitRecords(text: string): TableRow[] {
  const rows: TableRow[] = [];
  const n = text.length;
  let line = 1;
  let i = 0;
  while (i < n) {
    const start = line;
    const values: string[] = [];
    let quoted = false;
    let anyQuoted = false;
    let ended = false;
    for (;;) {
      quoted = i < n && text.charCodeAt(i) === QUOTE;
      if (quoted) {
        anyQuoted = true;
        const field = quotedField(text, i, line);
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
      throw new CsvProblem(start, 'the last row ends in an empty field with no line break after it: the file looks truncated');
    }
    if (rows.length > MAX_TABLE_ROWS) throw new CsvProblem(start, `more than ${MAX_TABLE_ROWS} rows`);
    rows.push({ line: start, values });
  }
  return rows;
}

/** The quoted field opening at `at`: its text (`""` read as `"`), the offset after it, and the line breaks inside it. */
function quotedField(text: string, at: number, line: number): { value: string; end: number; breaks: number } {
  const n = text.length;
  let value = '';
  let from = at + 1;
  let end: number;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) throw new CsvProblem(line, 'quoted field unterminated');
    if (text.charCodeAt(q + 1) === QUOTE) {
      value += text.slice(from, q + 1);
      from = q + 2;
      continue;
    }
    value += text.slice(from, q);
    end = q + 1;
    break;
  }
  let breaks = 0;
  for (let j = at + 1; j < end - 1; j++) {
    const c = text.charCodeAt(j);
    if (c === LF) breaks++;
    else if (c === CR && text.charCodeAt(j + 1) !== LF) breaks++;
  }
  while (end < n && (text.charCodeAt(end) === 0x20 || text.charCodeAt(end) === 0x09)) end++;
  const c = end < n ? text.charCodeAt(end) : -1;
  if (c !== -1 && c !== COMMA && c !== LF && c !== CR) throw new CsvProblem(line + breaks, 'text after the closing quote of a field');
  return { value, end, breaks };
}
