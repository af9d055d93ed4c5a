/**
 * Tables in printed output: logbooks print their numbers rather than attach CSV files, so this finds the tables
 * in the text of an output block and keeps every cell as the exact text printed (never a float).
 *
 * Rules, applied in this order to the lines not yet taken:
 * 1. Elisions. A line `... [N chars elided] ...` (Trackio keeps the first 2,000 and last 18,000 characters of a
 *    long output) is recorded in `elisions`; the line right before it and the line right after it were cut
 *    mid-line by the elision, so they are never table material (a cut row could look whole with its last number
 *    shortened): when not blank they are skipped as cut.
 * 2. Markdown tables: a line with `|` cells, then a delimiter row with as many cells (`|---|:--:|`), then every
 *    following line with `|` cells. Header names must be non-empty and different. A row with another number of
 *    cells is skipped (named) and the table goes on; a blank line or a line without `|` ends it. Cells may be
 *    text (`numeric` says which columns are all numbers).
 * 3. Whitespace-aligned columns: a header line of at least two different names (printed-token.ts; a leading `#`
 *    is dropped), an optional rule line (`---  -----`), then rows with one field per name, every field a printed
 *    number. A row with one more field whose first field is an integer is a row of `print(df)` (pandas), and the
 *    table gets a first column `index` (when no column has that name). The first line that is not such a row
 *    ends the table.
 * 4. Key-value lines (key-value-line.ts): lines whose pairs have the same keys in the same order form one table,
 *    wherever they sit in the text (other output may come between them), when there are at least 2 such lines.
 *    A key set printed on one line only is skipped, named.
 * A header-anchored table (2, 3) that meets an elision goes on after it and is marked `truncated`; a key-value
 * table is `truncated` whenever the text has an elision (its lines may sit in the elided part).
 * Every other non-blank line is listed in `skipped` with the reason it fits no table.
 * Tables are numbered from 1 in the order of their first line. `pickPrintedTable` takes the one asked for, else
 * the only one, else the one with the most rows (the first of those), and says which rule it used.
 * Guarantee: exact (cells are substrings of the text; no number is converted).
 */
import { delimiterColumns, markdownCells } from './markdown-line';
import { headerNames, isRuleLine, numberFields } from './aligned-line';
import { parseKeyValueLine } from './key-value-line';
import { isPrintedNumber } from './printed-token';
import {
  NoTableError,
  type Elision,
  type PrintedRow,
  type PrintedTable,
  type PrintedTableStyle,
  type PrintedTables,
  type SkippedLine,
} from './printed-table';

const ELISION = /^\.\.\. \[(\d+) chars elided\] \.\.\.$/;
const INTEGER = /^[+-]?\d+$/;

/** Why a table was picked. */
export type PickedBy = 'asked' | 'only' | 'most-rows';

/** Mutable state of one pass over the lines. */
interface Scan {
  readonly lines: readonly string[];
  /** Lines already part of a table, an elision, or skipped with a reason. */
  readonly taken: boolean[];
  /** Index of an elision marker, by the index of each line it makes unusable (the marker and its neighbours). */
  readonly elisionOf: Map<number, number>;
  readonly reasons: Map<number, string>;
  readonly tables: PrintedTable[];
}

/**
 * Every table in `text`, what was skipped and the elisions (rules in the file comment).
 * Example: `findPrintedTables('k=2 ratio=1.5\nk=4 ratio=2.25').tables[0].rows[1].cells` is `['4', '2.25']`.
 */
export function findPrintedTables(text: string): PrintedTables {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const scan: Scan = { lines, taken: lines.map(() => false), elisionOf: new Map(), reasons: new Map(), tables: [] };
  const elisions = markElisions(scan);
  for (let i = 0; i < lines.length; i++) if (!scan.taken[i]) markdownTableAt(scan, i);
  for (let i = 0; i < lines.length; i++) if (!scan.taken[i]) columnsTableAt(scan, i);
  keyValueTables(scan, elisions.length > 0);
  const skipped: SkippedLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '' || ELISION.test(line.trim())) continue;
    const reason = scan.reasons.get(i) ?? (scan.taken[i] ? undefined : whySkipped(line));
    if (reason !== undefined) skipped.push({ line: i + 1, text: line, reason });
  }
  const tables = [...scan.tables].sort((a, b) => a.firstLine - b.firstLine);
  return { tables, skipped, elisions, lineCount: lines.length };
}

/**
 * The table numbered `asked` (from 1), else the only table, else the one with the most rows (the first of
 * those). Throws NoTableError when there is no table, or none with that number.
 * Example: `pickPrintedTable(findPrintedTables('| k |\n|---|\n| 2 |')).table.columns` is `['k']`.
 */
export function pickPrintedTable(found: PrintedTables, asked?: number): { table: PrintedTable; number: number; by: PickedBy } {
  const { tables } = found;
  const none = () => new NoTableError(tables.length, asked ?? null, found.lineCount, found.skipped.length);
  if (tables.length === 0) throw none();
  if (asked !== undefined) {
    const table = Number.isInteger(asked) && asked >= 1 ? tables[asked - 1] : undefined;
    if (table === undefined) throw none();
    return { table, number: asked, by: 'asked' };
  }
  if (tables.length === 1) return { table: tables[0] as PrintedTable, number: 1, by: 'only' };
  let best = 0;
  tables.forEach((t, i) => {
    if (t.rows.length > (tables[best] as PrintedTable).rows.length) best = i;
  });
  return { table: tables[best] as PrintedTable, number: best + 1, by: 'most-rows' };
}

/** Records the elision markers; the marker and the lines on either side of it are taken (cut lines get a reason). */
function markElisions(scan: Scan): Elision[] {
  const out: Elision[] = [];
  scan.lines.forEach((line, i) => {
    const m = ELISION.exec(line.trim());
    if (m === null) return;
    out.push({ line: i + 1, chars: Number(m[1]) });
    for (const j of [i - 1, i, i + 1]) {
      if (j < 0 || j >= scan.lines.length) continue;
      scan.taken[j] = true;
      scan.elisionOf.set(j, i);
      if (j !== i && (scan.lines[j] as string).trim() !== '' && !ELISION.test((scan.lines[j] as string).trim())) {
        scan.reasons.set(j, `cut by the elision at line ${i + 1} (only part of this line was kept)`);
      }
    }
  });
  return out;
}

/**
 * The index of the next line a header-anchored table may continue on, stepping over an elision (and reporting
 * that it did), or the same index when line `i` is no elision line.
 */
function stepOverElision(scan: Scan, i: number): { next: number; crossed: boolean } {
  let next = i;
  let crossed = false;
  while (scan.elisionOf.has(next)) {
    crossed = true;
    next = (scan.elisionOf.get(next) as number) + 2;
  }
  return { next, crossed };
}

function markdownTableAt(scan: Scan, i: number): void {
  const header = markdownCells(scan.lines[i] as string);
  if (header === null || i + 1 >= scan.lines.length || scan.taken[i + 1]) return;
  if (delimiterColumns(scan.lines[i + 1] as string) !== header.length) return;
  if (header.some((h) => h === '') || new Set(header).size !== header.length) {
    scan.reasons.set(i, 'a Markdown table header with an empty or repeated column name');
    return;
  }
  const rows: PrintedRow[] = [];
  const skippedRows = new Map<number, string>();
  let truncated = false;
  let j = i + 2;
  for (;;) {
    const step = stepOverElision(scan, j);
    if (step.crossed) truncated = true;
    j = step.next;
    if (j >= scan.lines.length || scan.taken[j]) break;
    const cells = markdownCells(scan.lines[j] as string);
    if (cells === null) break;
    if (cells.length === header.length) rows.push({ line: j + 1, cells });
    else
      skippedRows.set(
        j,
        `a Markdown row with ${cells.length} cell${cells.length === 1 ? '' : 's'}; its table (line ${i + 1}) has ${header.length}`,
      );
    j++;
  }
  if (rows.length === 0) return;
  takeLines(scan, i, j, skippedRows);
  scan.tables.push(table('markdown', header, rows, i + 1, truncated));
}

function columnsTableAt(scan: Scan, i: number): void {
  const names = headerNames(scan.lines[i] as string);
  if (names === null) return;
  let j = i + 1;
  if (j < scan.lines.length && !scan.taken[j] && isRuleLine(scan.lines[j] as string)) j++;
  const rows: PrintedRow[] = [];
  let withIndex: boolean | null = null;
  let truncated = false;
  for (;;) {
    const step = stepOverElision(scan, j);
    if (step.crossed) {
      if (rows.length === 0) return; // the header is right before an elision: its rows are gone
      truncated = true;
    }
    j = step.next;
    if (j >= scan.lines.length || scan.taken[j]) break;
    const fields = numberFields(scan.lines[j] as string);
    if (fields === null) break;
    if (withIndex === null) {
      if (fields.length === names.length) withIndex = false;
      else if (fields.length === names.length + 1 && INTEGER.test(fields[0] as string) && !names.includes('index')) withIndex = true;
      else return;
    }
    if (fields.length !== names.length + (withIndex ? 1 : 0)) break;
    rows.push({ line: j + 1, cells: fields });
    j++;
  }
  if (rows.length === 0) return;
  takeLines(scan, i, j, new Map());
  scan.tables.push(table('columns', withIndex ? ['index', ...names] : names, rows, i + 1, truncated));
}

function keyValueTables(scan: Scan, textIsElided: boolean): void {
  const groups = new Map<string, { keys: readonly string[]; rows: PrintedRow[] }>();
  scan.lines.forEach((line, i) => {
    if (scan.taken[i]) return;
    const kv = parseKeyValueLine(line);
    if (kv === null) return;
    if ('problem' in kv) {
      scan.reasons.set(i, `key-value line: ${kv.problem}`);
      return;
    }
    const signature = JSON.stringify(kv.keys);
    const group = groups.get(signature) ?? { keys: kv.keys, rows: [] };
    group.rows.push({ line: i + 1, cells: kv.values });
    groups.set(signature, group);
  });
  for (const { keys, rows } of groups.values()) {
    if (rows.length < 2) {
      const row = rows[0] as PrintedRow;
      scan.reasons.set(row.line - 1, `key-value line whose keys (${keys.join(', ')}) appear on no other line`);
      continue;
    }
    for (const r of rows) {
      scan.taken[r.line - 1] = true;
      scan.reasons.delete(r.line - 1);
    }
    scan.tables.push(table('key-value', keys, rows, null, textIsElided));
  }
}

/** Marks lines [from, to) as taken by a table, keeping the reasons of the rows it set aside. */
function takeLines(scan: Scan, from: number, to: number, skippedRows: Map<number, string>): void {
  for (let k = from; k < to; k++) {
    scan.taken[k] = true;
    const reason = skippedRows.get(k);
    if (reason !== undefined) scan.reasons.set(k, reason);
    else if (!scan.elisionOf.has(k)) scan.reasons.delete(k);
  }
}

function table(
  style: PrintedTableStyle,
  columns: readonly string[],
  rows: PrintedRow[],
  headerLine: number | null,
  truncated: boolean,
): PrintedTable {
  const lastRow = rows[rows.length - 1] as PrintedRow;
  return {
    style,
    columns,
    rows,
    headerLine,
    firstLine: headerLine ?? (rows[0] as PrintedRow).line,
    lastLine: lastRow.line,
    numeric: columns.map((_, c) => rows.every((r) => isPrintedNumber(r.cells[c] ?? ''))),
    truncated,
  };
}

/** The reason a line that no rule took fits no table. */
function whySkipped(line: string): string {
  if (/\d[,_]\d{3}(?!\d)/.test(line)) return 'holds a number with a thousands separator (1,234 or 1_234), which is not read as a number';
  if (numberFields(line) !== null) return 'numbers with no header line of names right above them';
  if (headerNames(line) !== null) return 'a line of names with no rows of numbers under it';
  return 'not key=value pairs, a header or row of columns, or a Markdown table row';
}
