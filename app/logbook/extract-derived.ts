/**
 * Derived columns of a table (`--derive 'NAME = EXPR'` on `recheck extract` and `recheck fit`, and the `derive`
 * param of the check kinds that read a table's columns, through `deriveCsvColumns`): each a calculator expression over the table's other columns, applied in order
 * (a later one may read an earlier one, and a cell read from a rounded one is counted as rounded), computed by checkers/calc/columns.ts: exact where the inputs are exact
 * decimals and every step is rational, else correctly rounded half-even to `digits` significant digits.
 * Errors are bad input naming the file and the line of the row (DerivedColumnError carried over).
 * Example: `deriveTableColumns(mpfr, 'sweep.csv', ['k', 'ratio'], [{ line: 2, values: ['2', '1.6'] }],
 * [parseDerivationOrBadInput('additive = ratio - H_k')], 20)` gives columns k, ratio, additive and the row
 * 2, 1.6, 0.1, with derived [{ name: 'additive', expression: 'ratio - H_k', inputs: ['ratio', 'k'], digits: 20,
 * exactCells: 1, roundedCells: 0 }].
 */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import type { CsvTable } from '../tables/csv';
import type { Mpfr } from '../../checkers/precise/mpfr';
import { deriveColumn, DerivedColumnError, parseDerivation, type DerivedColumn } from '../../checkers/calc/columns';

/** What a derived column was and how its cells came out (recorded in an extract's provenance, a fit's JSON). */
export interface DerivedColumnRecord {
  readonly name: string;
  readonly expression: string;
  /** The columns its expression reads, in order of first use. */
  readonly inputs: readonly string[];
  /** Significant digits of the cells that are not exact. */
  readonly digits: number;
  /**
   * Cells that are the exact value, and cells that are not: correctly rounded to `digits`, or computed from a
   * cell of an earlier derived column that was (its own step exact, its input already rounded).
   */
  readonly exactCells: number;
  readonly roundedCells: number;
}

/** A row of a table: its line in the file (or printed block) and its cells. */
export interface TableRow {
  readonly line: number;
  readonly values: readonly string[];
}

export interface DerivedTable {
  readonly columns: readonly string[];
  readonly rows: readonly TableRow[];
  readonly derived: readonly DerivedColumnRecord[];
}

/** Default significant digits of derived cells that are not exact. */
export const DEFAULT_DERIVE_DIGITS = 20;

/** `NAME = EXPRESSION` parsed, or bad input naming `where` (the flag or the param). */
export function parseDerivationOrBadInput(text: string, where = '--derive'): DerivedColumn {
  try {
    return parseDerivation(text);
  } catch (e) {
    if (e instanceof DerivedColumnError) throw new BadInputError(where, `"${shown(text, 80)}": ${e.problem}`);
    throw e;
  }
}

/**
 * The table with the derived columns appended, in order. `file` names the table in errors; a row's error names
 * its `line`. Throws BadInputError (a derived column's problem: an unknown column, a cell that is not a number,
 * a division by zero at a row, a name the table already has).
 */
export function deriveTableColumns(
  mpfr: Mpfr,
  file: string,
  columns: readonly string[],
  rows: readonly TableRow[],
  derivations: readonly DerivedColumn[],
  digits: number = DEFAULT_DERIVE_DIGITS,
): DerivedTable {
  let header = [...columns];
  let cells = rows.map((r) => [...r.values]);
  const derived: DerivedColumnRecord[] = [];
  const rounded = new Map<string, boolean[]>();
  for (const d of derivations) {
    let values;
    try {
      values = deriveColumn(mpfr, d, header, cells, digits);
    } catch (e) {
      if (e instanceof DerivedColumnError) {
        const line = e.row !== null ? rows[e.row - 1]?.line : undefined;
        throw new BadInputError(
          file,
          `derived column "${shown(e.column, 80)}" (${shown(d.expression, 120)}): ${e.problem}`,
          line !== undefined ? `line ${line}` : undefined,
        );
      }
      throw e;
    }
    header = [...header, d.name];
    cells = cells.map((row, i) => [...row, (values.values[i] as { text: string }).text]);
    // A cell read from a rounded derived cell is itself only as good as that rounding, however exact its own step.
    const inherited = values.inputs.map((c) => rounded.get(c)).filter((f): f is boolean[] => f !== undefined);
    const flags = values.values.map((c, i) => c.guarantee !== 'exact' || inherited.some((f) => f[i] === true));
    rounded.set(d.name, flags);
    const exactCells = flags.filter((f) => !f).length;
    derived.push({
      name: d.name,
      expression: d.expression,
      inputs: values.inputs,
      digits,
      exactCells,
      roundedCells: values.values.length - exactCells,
    });
  }
  return { columns: header, rows: rows.map((r, i) => ({ line: r.line, values: cells[i] as string[] })), derived };
}

/**
 * A parsed CSV table with `derive` ('NAME = EXPR' texts, in order) appended: the one path every check kind that
 * reads a table's columns by name takes (growth-fit, metric-claim, hypothesis-test). No derivation: the table as
 * read, nothing loaded. `where` names the param in a derivation's syntax error (`param derive`); a row's problem
 * names the table's file and line. Example: on `k,ratio\n2,1.6\n`, `deriveCsvColumns(t, ['additive = ratio - H_k'])`
 * gives columns k, ratio, additive with the cell 0.1, and derived [{ name: 'additive', exactCells: 1, ... }].
 */
export async function deriveCsvColumns(
  table: CsvTable,
  derive: readonly string[],
  digits: number = DEFAULT_DERIVE_DIGITS,
  where = 'derive',
): Promise<{ table: CsvTable; derived: readonly DerivedColumnRecord[] }> {
  if (derive.length === 0) return { table, derived: [] };
  const derivations = derive.map((d) => parseDerivationOrBadInput(d, where));
  const { loadMpfr } = await import('../../checkers/precise/mpfr');
  const out = deriveTableColumns(await loadMpfr(), table.file, table.columns, table.rows, derivations, digits);
  const index = new Map(out.columns.map((c, i) => [c, i] as const));
  return { table: { file: table.file, columns: out.columns, rows: out.rows, index }, derived: out.derived };
}

/**
 * One line about a derived column for a report: "additive = ratio - H_k (from ratio, k; exact in all 10 rows)"
 * or "... (from ratio, k; not exact in 9 of 10 rows: correctly rounded to 20 digits, or read from such a cell)".
 */
export function describeDerived(d: DerivedColumnRecord): string {
  const rows = d.exactCells + d.roundedCells;
  const how =
    d.roundedCells === 0
      ? `exact in all ${rows} rows`
      : `not exact in ${d.roundedCells} of ${rows} rows: correctly rounded to ${d.digits} digits, or read from such a cell`;
  return `${d.name} = ${d.expression} (from ${d.inputs.join(', ') || 'no column'}; ${how})`;
}
