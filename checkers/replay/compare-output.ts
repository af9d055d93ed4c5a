/**
 * Does a replayed output print what the logbook printed? Line by line (output-lines.ts normalises both):
 * - a row of a printed table (aligned columns or Markdown, found by checkers/tables/printed.ts) facing a row
 *   of a replayed table with the same columns is compared cell by cell, so column padding that moves with a
 *   number's width is not a difference; its header counts as equal when the replayed table has the same names;
 * - any other line: its text parts must be equal (line-parts.ts) and its numbers agree under the tolerance
 *   (tolerance.ts: by default the printed rounding, exactly);
 * - a printed line matching an ignore pattern (timings) is skipped when the replayed line facing it matches
 *   one too (one side only is a difference);
 * - an elided output (Trackio's `... [N chars elided] ...`) is compared only on what was printed: the head from
 *   the first line, the tail against the replay's last lines; the two lines the elision cut are not compared;
 * - an interrupted output is compared on its printed lines only (the replay may go on).
 * Result: `reproduces`, or `differs` with the first differing line (both lines, both numbers and the bound used)
 * and how many lines differ. Counts say what was compared. Pure and deterministic.
 * Example: `compareOutput('ratio = 2.00\n', 'ratio = 2.004\n', {}).result` is `reproduces` (within 0.005).
 */
import { findPrintedTables } from '../tables/printed';
import type { PrintedTable } from '../tables/printed-table';
import { lineParts, skeleton } from './line-parts';
import { outputLines, normalisedLines } from './output-lines';
import { numbersAgree, PRINTED_ROUNDING, toleranceWords, type NumberComparison, type Tolerance } from './tolerance';

export interface CompareOptions {
  readonly tolerance?: Tolerance;
  /** Line patterns to ignore (regular expressions, unanchored). */
  readonly ignore?: readonly RegExp[];
  /** Most number pairs kept in `numbers` (for figures); default 500. */
  readonly keepNumbers?: number;
}

/** The first line that differs. Line numbers are 1-based (printed: in the output block; replayed: in stdout). */
export interface LineDifference {
  readonly printedLine: number | null;
  readonly replayedLine: number | null;
  readonly printed: string | null;
  readonly replayed: string | null;
  readonly reason: string;
  /** The first pair of numbers that disagree on that line, with the bound used. */
  readonly number?: NumberComparison;
}

export interface OutputComparison {
  readonly result: 'reproduces' | 'differs';
  readonly tolerance: string;
  readonly first?: LineDifference;
  readonly differingLines: number;
  readonly linesCompared: number;
  readonly numbersCompared: number;
  /** Pairs printed with exactly the same characters. */
  readonly numbersIdentical: number;
  readonly tableCellsCompared: number;
  readonly ignoredLines: number;
  readonly printedLines: number;
  readonly replayedLines: number;
  /** Printed lines not compared (an elision cut them, or they sit between two elisions). */
  readonly notCompared: number;
  readonly elision: null | { readonly elidedChars: number; readonly markers: readonly number[]; readonly cut: readonly number[] };
  readonly interrupted: boolean;
  /** Largest |difference| / bound over the numbers compared (0 when all equal). */
  readonly largestRatio: number;
  /** Up to keepNumbers compared pairs, in order, for figures: printed line, ratio, and whether they agree. */
  readonly numbers: readonly { line: number; ratio: number; agree: boolean }[];
}

interface RowAt {
  table: PrintedTable;
  cells: readonly string[] | null; // null: the header line
}

/** Compares `printed` (an output block) with `replayed` (the replay's stdout). */
export function compareOutput(printed: string, replayed: string, options: CompareOptions): OutputComparison {
  const tolerance = options.tolerance ?? PRINTED_ROUNDING;
  const keep = options.keepNumbers ?? 500;
  const ignore = options.ignore ?? [];
  const p = outputLines(printed);
  const r = normalisedLines(replayed);
  const pRows = rowIndex(p.lines.join('\n'));
  const rRows = rowIndex(r.join('\n'));
  const pairs: [number, number][] = [];
  for (let i = 0; i < p.headEnd; i++) pairs.push([i, i]);
  const elided = p.elisions.length > 0;
  // The tail faces the replay's last lines; a replay too short to hold head and tail gets no partner there (-1).
  if (elided)
    for (let i = p.tailStart; i < p.lines.length; i++) {
      const j = r.length - (p.lines.length - i);
      pairs.push([i, j >= p.headEnd ? j : -1]);
    }
  const state = {
    differing: 0,
    first: undefined as LineDifference | undefined,
    compared: 0,
    numbers: 0,
    identical: 0,
    cells: 0,
    ignored: 0,
    largest: 0,
    kept: [] as { line: number; ratio: number; agree: boolean }[],
  };
  const note = (c: NumberComparison, line: number) => {
    state.numbers++;
    if (c.printed === c.replayed) state.identical++;
    const ratio = c.ratio ?? (c.agree ? 0 : Infinity);
    if (ratio > state.largest) state.largest = ratio;
    if (state.kept.length < keep) state.kept.push({ line, ratio, agree: c.agree });
  };
  const differ = (d: LineDifference) => {
    state.differing++;
    if (state.first === undefined) state.first = d;
  };
  for (const [i, j] of pairs) {
    const pl = p.lines[i] as string;
    const rl = j >= 0 && j < r.length ? (r[j] as string) : null;
    if (rl === null) {
      differ({ printedLine: i + 1, replayedLine: null, printed: pl, replayed: null, reason: 'the replay printed fewer lines' });
      continue;
    }
    if (ignore.some((re) => re.test(pl))) {
      if (ignore.some((re) => re.test(rl))) {
        state.ignored++;
        continue;
      }
      differ({
        printedLine: i + 1,
        replayedLine: j + 1,
        printed: pl,
        replayed: rl,
        reason: 'the printed line matches an ignore pattern, the replayed line does not',
      });
      continue;
    }
    state.compared++;
    const d = compareLine(
      pl,
      rl,
      pRows.get(i + 1),
      rRows.get(j + 1),
      tolerance,
      (c) => note(c, i + 1),
      () => state.cells++,
    );
    if (d !== null) differ({ printedLine: i + 1, replayedLine: j + 1, printed: pl, replayed: rl, ...d });
  }
  // Lines the replay printed beyond the printed ones (without an elision or interruption, which allow them).
  if (!elided && !p.interrupted && r.length > p.lines.length) {
    differ({
      printedLine: null,
      replayedLine: p.lines.length + 1,
      printed: null,
      replayed: r[p.lines.length] as string,
      reason: `the replay printed ${r.length - p.lines.length} more line${r.length - p.lines.length === 1 ? '' : 's'}`,
    });
  }
  const notCompared = elided ? p.tailStart - p.headEnd - p.elisions.length : 0;
  return {
    result: state.differing === 0 ? 'reproduces' : 'differs',
    tolerance: toleranceWords(tolerance),
    ...(state.first !== undefined ? { first: state.first } : {}),
    differingLines: state.differing,
    linesCompared: state.compared,
    numbersCompared: state.numbers,
    numbersIdentical: state.identical,
    tableCellsCompared: state.cells,
    ignoredLines: state.ignored,
    printedLines: p.lines.length,
    replayedLines: r.length,
    notCompared,
    elision: elided
      ? { elidedChars: p.elisions.reduce((n, e) => n + e.chars, 0), markers: p.elisions.map((e) => e.line), cut: p.cut }
      : null,
    interrupted: p.interrupted,
    largestRatio: state.largest,
    numbers: state.kept,
  };
}

/** Rows (and header lines) of aligned-column and Markdown tables, by 1-based line. */
function rowIndex(text: string): Map<number, RowAt> {
  const at = new Map<number, RowAt>();
  for (const table of findPrintedTables(text).tables) {
    if (table.style === 'key-value') continue;
    if (table.headerLine !== null) at.set(table.headerLine, { table, cells: null });
    for (const row of table.rows) at.set(row.line, { table, cells: row.cells });
  }
  return at;
}

const sameColumns = (a: PrintedTable, b: PrintedTable) =>
  a.style === b.style && a.columns.length === b.columns.length && a.columns.every((c, k) => c === b.columns[k]);

/** Why two lines differ (and the first number pair that does), or null when they agree. */
function compareLine(
  pl: string,
  rl: string,
  pRow: RowAt | undefined,
  rRow: RowAt | undefined,
  tolerance: Tolerance,
  noteNumber: (c: NumberComparison) => void,
  noteCell: () => void,
): { reason: string; number?: NumberComparison } | null {
  if (pRow !== undefined && rRow !== undefined && sameColumns(pRow.table, rRow.table)) {
    if (pRow.cells === null || rRow.cells === null) {
      return pRow.cells === rRow.cells ? null : { reason: 'a table header faces a table row' };
    }
    let bad: { reason: string; number?: NumberComparison } | null = null;
    for (let k = 0; k < pRow.cells.length; k++) {
      const a = pRow.cells[k] as string;
      const b = rRow.cells[k] as string;
      noteCell();
      const name = pRow.table.columns[k] ?? String(k + 1);
      const c = numbersAgree(a, b, tolerance);
      if (c.how !== 'text') noteNumber(c);
      if (!c.agree && bad === null)
        bad =
          c.how !== 'text'
            ? { reason: `table column "${name}": ${a} printed, ${b} replayed`, number: c }
            : { reason: `table column "${name}": "${a}" printed, "${b}" replayed` };
    }
    return bad;
  }
  const a = lineParts(pl);
  const b = lineParts(rl);
  if (a.numbers.length !== b.numbers.length || skeleton(a) !== skeleton(b)) {
    return {
      reason:
        a.numbers.length !== b.numbers.length ? `${a.numbers.length} numbers printed, ${b.numbers.length} replayed` : 'the text differs',
    };
  }
  let bad: { reason: string; number?: NumberComparison } | null = null;
  a.numbers.forEach((x, k) => {
    const c = numbersAgree(x, b.numbers[k] as string, tolerance);
    noteNumber(c);
    if (!c.agree && bad === null) bad = { reason: `number ${k + 1} on the line: ${x} printed, ${c.replayed} replayed`, number: c };
  });
  return bad;
}
