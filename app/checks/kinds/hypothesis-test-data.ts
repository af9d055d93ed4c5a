/**
 * The samples of a hypothesis test read from a CSV table (the `hypothesis-test` kind and `recheck stat`): columns
 * by name, every cell a decimal number (app/tables/csv.ts `numberCell`: bad input names the file, the line and
 * the column). Paired tests (paired-t, wilcoxon, a paired permutation test) need the two columns row by row: a
 * blank cell in either is bad input naming its line. Unpaired tests take groups of different sizes: a column may
 * end in blank cells (the shorter group), but a blank cell between two values is bad input.
 * Also: `jsonSafe`, which writes infinite interval ends as the strings "Infinity" / "-Infinity" (JSON has no
 * infinity; `null` would lose which side is open).
 * Example: on `a,b\n1,2\n3,\n` (unpaired), `testSamples(table, 'welch', 'a', 'b')` is `{ a: [1, 3], b: [2] }`.
 */
import type { CsvTable } from '../../tables/csv';
import { cell, numberCell, requireColumns } from '../../tables/csv';
import { BadInputError } from '../../errors';
import { shown } from '../../text/display';
import type { TestName } from '../../../checkers/stats/tests/types';

/** Whether a test compares the same units in a and b (a permutation test says so with `paired`). */
export function isPaired(test: TestName, paired: boolean | undefined): boolean {
  return test === 'paired-t' || test === 'wilcoxon' || (test === 'permutation' && paired === true);
}

/** The number of leading rows of `column` up to its last non-blank cell. */
function filledLength(table: CsvTable, column: string): number {
  let n = table.rows.length;
  while (n > 0 && cell(table, table.rows[n - 1]!, column) === '') n--;
  return n;
}

function values(table: CsvTable, column: string, length: number): number[] {
  return table.rows.slice(0, length).map((row) => numberCell(table, row, column));
}

/** The samples a test reads from the table: `a` (and `b` unless the test is binomial). */
export function testSamples(
  table: CsvTable,
  test: TestName,
  a: string,
  b: string | undefined,
  paired?: boolean,
): { a: number[]; b?: number[] } {
  requireColumns(table, b === undefined ? [a] : [a, b]);
  if (table.rows.length === 0) throw new BadInputError(table.file, 'the table has no data rows', 'line 1');
  if (test === 'binomial' || b === undefined) return { a: values(table, a, filledLength(table, a)) };
  if (isPaired(test, paired)) {
    for (const row of table.rows) {
      const blank = [a, b].find((c) => cell(table, row, c) === '');
      if (blank !== undefined) {
        const other = blank === a ? b : a;
        throw new BadInputError(
          table.file,
          `unequal paired columns: "${shown(blank)}" is blank where "${shown(other)}" ${cell(table, row, other) === '' ? 'is blank too' : 'has a value'} (a ${test} test pairs the columns row by row: columns "${shown(a)}" has ${filledLength(table, a)} values, "${shown(b)}" ${filledLength(table, b)})`,
          `line ${row.line}`,
        );
      }
    }
    return { a: values(table, a, table.rows.length), b: values(table, b, table.rows.length) };
  }
  return { a: values(table, a, filledLength(table, a)), b: values(table, b, filledLength(table, b)) };
}

/** A copy fit for JSON: every non-finite number as its name ("Infinity", "-Infinity", "NaN"). */
export function jsonSafe<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))) as T;
}
