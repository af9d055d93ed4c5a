/**
 * Derived columns: a new column of a table defined by a calculator expression over its other columns
 * (`additive = ratio - H_k`; how names are read: checkers/calc/column-names.ts). Each cell of the inputs is
 * read exactly by the one number rule (checkers/exact/number-syntax.ts: "0.1" is 1/10, "3.2e-05", "7/3"),
 * so that where every step is rational the derived value is exact (guarantee `exact`: `exact` holds the
 * value and `text` is its decimal, complete when it terminates within `digits` significant digits). A
 * value that is not rational (sqrt, ln, pi, ...) is correctly rounded half-even to `digits` significant
 * digits by Ziv's loop over rigorous enclosures (checkers/precise/ziv.ts); so is the text of an exact value
 * whose decimal is longer: both are guarantee `correctly-rounded`.
 * Errors are DerivedColumnError, one line naming the column and the row (rows counted from 1 after the
 * header): an unknown column, a non-numeric cell, division by zero at row N.
 * Example: `deriveColumn(mpfr, parseDerivation("additive = ratio - H_k"), ["k", "ratio"], [["2", "1.6"]])`
 * gives one cell: text "0.1", exact 1/10, guarantee "exact" (1.6 - H_2 = 1.6 - 3/2).
 */
import Decimal from 'decimal.js';
import { CheckerError, DomainError, ParseError } from '../errors';
import { Rational } from '../exact/rational';
import type { Mpfr } from '../precise/mpfr';
import { correctlyRounded } from '../precise/ziv';
import type { CalcNode } from './ast';
import { CalcError } from './calc-error';
import { bindColumns, listColumns, parseColumnExpression } from './column-names';
import { encloseExpression } from './enclose';
import { evaluateExact, NotExact } from './exact';
import { HarmonicCache, withCachedHarmonics } from './harmonic-cache';
import { decideIntegerParts } from './integer-parts';

/** A derived column: its name and its expression over the other columns. */
export interface DerivedColumn {
  readonly name: string;
  readonly expression: string;
}

export interface DerivedCell {
  /** A decimal: the exact value, or the value correctly rounded half-even to `digits` significant digits. */
  readonly text: string;
  /** The exact value when it is rational and recognised as such; else null. */
  readonly exact: Rational | null;
  /** What `text` is: the exact value, or a correct rounding (of `exact` when known, else of an irrational). */
  readonly guarantee: 'exact' | 'correctly-rounded';
}

export interface DerivedValues {
  readonly name: string;
  readonly expression: string;
  /** The columns the expression reads. */
  readonly inputs: readonly string[];
  readonly digits: number;
  readonly values: readonly DerivedCell[];
}

/** One line naming the derived column, and the row (from 1, after the header) when the problem is in one. */
export class DerivedColumnError extends CheckerError {
  constructor(
    readonly column: string,
    readonly row: number | null,
    readonly problem: string,
  ) {
    super('derive', `column "${column}"${row === null ? '' : ` at row ${row}`}: ${problem}`);
  }
}

const DERIVATION = /^\s*(?:`([^`]+)`|([A-Za-z_][A-Za-z0-9_]*))\s*=(?!=)(.*)$/s;

/**
 * `NAME = EXPRESSION` (the flag's text) split; the name is an identifier or `` `quoted` ``.
 * Example: `parseDerivation("additive = ratio - H_k")` is { name: "additive", expression: "ratio - H_k" }.
 */
export function parseDerivation(text: string): DerivedColumn {
  const m = DERIVATION.exec(text);
  if (m === null)
    throw new DerivedColumnError(
      text.split('=')[0]?.trim() ?? '',
      null,
      'expected NAME = EXPRESSION (NAME an identifier or `quoted`), e.g. additive = ratio - H_k',
    );
  const expression = (m[3] as string).trim();
  if (expression === '') throw new DerivedColumnError(m[1] ?? (m[2] as string), null, 'the expression after "=" is empty');
  return { name: m[1] ?? (m[2] as string), expression };
}

/** The derived column's value in every row. `digits` (1 to 1000, default 20) for the rounded texts. */
export function deriveColumn(
  mpfr: Mpfr,
  column: DerivedColumn,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  digits = 20,
): DerivedValues {
  const fail = (row: number | null, problem: string) => new DerivedColumnError(column.name, row, problem);
  if (!Number.isSafeInteger(digits) || digits < 1 || digits > 1000)
    throw fail(null, `digits must be an integer from 1 to 1000, got ${digits}`);
  if (header.includes(column.name)) throw fail(null, `the table already has a column "${column.name}"; choose another name`);
  let parsed;
  try {
    parsed = parseColumnExpression(column.expression, header);
  } catch (e) {
    if (e instanceof CalcError) throw fail(null, `${e.problem} (at character ${e.column} of "${column.expression}")`);
    throw e;
  }
  const indices = parsed.columns.map((name) => {
    const at = header.indexOf(name);
    if (header.lastIndexOf(name) !== at) throw fail(null, `the header names "${name}" twice (columns: ${listColumns(header)})`);
    return at;
  });
  const harmonics = new HarmonicCache();
  const values = rows.map((cells, i) => {
    const row = i + 1;
    const bound = new Map<string, Rational>();
    parsed.columns.forEach((name, j) =>
      bound.set(
        name,
        cellValue(cells[indices[j] as number], name, (p) => fail(row, p)),
      ),
    );
    try {
      return evaluateCell(mpfr, bindColumns(parsed.node, bound), digits, harmonics);
    } catch (e) {
      if (e instanceof CalcError) throw fail(row, `${e.problem} (at character ${e.column} of "${column.expression}")`);
      if (e instanceof DomainError) throw fail(row, e.reason);
      throw e;
    }
  });
  return { name: column.name, expression: column.expression, inputs: parsed.columns, digits, values };
}

/** A cell read exactly, or the row's error. */
function cellValue(text: string | undefined, name: string, fail: (problem: string) => Error): Rational {
  if (text === undefined) throw fail(`the row has no cell for column "${name}"`);
  if (text.trim() === '') throw fail(`column "${name}" is empty, expected a number`);
  try {
    return Rational.parse(text.trim());
  } catch (e) {
    if (e instanceof ParseError)
      throw fail(
        `column "${name}" holds ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text)}, not a finite decimal number`,
      );
    throw e;
  }
}

/** Exact when rational, else correctly rounded by enclosures. */
function evaluateCell(mpfr: Mpfr, bound: CalcNode, digits: number, harmonics: HarmonicCache): DerivedCell {
  // Harmonic numbers of literal indices come from the column's cache, before and after floor/ceil are decided.
  const node = withCachedHarmonics(decideIntegerParts(mpfr, withCachedHarmonics(bound, harmonics)), harmonics);
  const exact = evaluateExact(node);
  if (!(exact instanceof NotExact)) {
    const down = plain(exact.toPrecision(digits, 'floor'));
    const terminates = exact.isZero() || down === plain(exact.toPrecision(digits, 'ceiling'));
    return {
      text: terminates ? down : plain(exact.toPrecision(digits, 'half-even')),
      exact,
      guarantee: terminates ? 'exact' : 'correctly-rounded',
    };
  }
  const problem = {
    name: 'calc',
    enclose: (I: Parameters<typeof encloseExpression>[0]) => encloseExpression(I, node),
    equals: () => false,
    extraBits: 0,
  };
  return { text: plain(correctlyRounded(mpfr, problem, digits, 'half-even')), exact: null, guarantee: 'correctly-rounded' };
}

/**
 * A decimal string from the rounding routines ("0.1414e1", "666e-3") as decimal.js writes it ("1.414",
 * "0.666"; exponent notation below 1e-7 and from 1e21), trailing zeros dropped: a CSV-readable decimal.
 */
function plain(text: string): string {
  return new Decimal(text).toString();
}
