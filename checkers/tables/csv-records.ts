/**
 * The one CSV record splitter (RFC 4180: `,` between fields, `"` quoting with `""` for a quote, line breaks LF,
 * CRLF or CR, also inside quoted fields), shared by the core's table reader (app/tables/csv.ts) and the
 * renderer's evidence viewer: blank lines are skipped, cells trimmed, every record keeps the 1-based line it
 * starts on. Refused, as a CsvSyntaxError naming the line: a quoted field never closed, text after a closing
 * quote, a last row cut short (no line break after it and an empty last field), more records or cells than the
 * limits. Callers turn the error into their own one-line message.
 * Example: `splitCsvRecords('x,y\n1,2\n')` is `[{ line: 1, values: ['x', 'y'] }, { line: 2, values: ['1', '2'] }]`.
 */
import { CheckerError } from '../errors';

export interface CsvRecord {
  /** 1-based line number where the record starts. */
  readonly line: number;
  /** Cell text (trimmed), in field order. */
  readonly values: readonly string[];
}

/** Limits that bound memory beyond a byte cap: records (the header included, counted as one more) and cells. */
export interface CsvRecordLimits {
  /** Most data rows (records after the header). */
  readonly maxRows: number;
  /** Most cells, header included. */
  readonly maxCells: number;
}

/** A CSV text that is not well-formed, at a line. */
export class CsvSyntaxError extends CheckerError {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super('csv', `line ${line}: ${problem}`);
  }
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** The records of `text` (blank lines left out), each with the line it starts on. */
export function splitCsvRecords(text: string, limits: CsvRecordLimits): CsvRecord[] {
  const rows: CsvRecord[] = [];
  forEachCsvRecord(text, limits, (record) => void rows.push(record));
  return rows;
}

/**
 * The same records handed to `visit` one at a time, in order, none kept: a reader that needs only some cells
 * (app/tables/numeric-columns.ts) holds no array of rows. Errors as splitCsvRecords, thrown where met.
 */
export function forEachCsvRecord(text: string, limits: CsvRecordLimits, visit: (record: CsvRecord) => void): void {
  let count = 0;
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
      throw new CsvSyntaxError(
        start,
        'the last row ends in an empty field with no line break after it: the file looks truncated (end it with a line break if the row is complete)',
      );
    }
    cells += values.length;
    if (cells > limits.maxCells) throw new CsvSyntaxError(start, `more than ${limits.maxCells} cells; split the table`);
    // The header is the first record, so a table of maxRows data rows has maxRows + 1 records.
    if (count > limits.maxRows) throw new CsvSyntaxError(start, `more than ${limits.maxRows} rows; split the table`);
    count++;
    visit({ line: start, values });
  }
}

/**
 * The quoted field opening at `at`: its text (`""` read as `"`), the offset just after it (after the closing
 * quote and any spaces), and the line breaks inside it.
 */
function quotedField(text: string, at: number, line: number): { value: string; end: number; breaks: number } {
  const n = text.length;
  let value = '';
  let from = at + 1;
  let end: number;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) throw new CsvSyntaxError(line, 'Quoted field unterminated');
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
  if (c !== -1 && c !== COMMA && c !== LF && c !== CR) throw new CsvSyntaxError(line + breaks, 'text after the closing quote of a field');
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
