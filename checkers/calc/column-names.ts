/**
 * A table's columns as names in a calculator expression (the grammar of checkers/calc/parse.ts), and their
 * values bound row by row. How a name is read, in this order:
 * - `` `any text` `` in backticks is always the column of that exact name (for names that are not
 *   identifiers: `` `loss (val)` ``, `` `H_k` ``); an unknown quoted name is an error naming the columns;
 * - an identifier (letters, digits, underscore, not starting with a digit) followed by "(" is a function;
 * - an identifier that is a column's name is that column: `H_k` is the column "H_k" when the table has one;
 * - otherwise `H_<suffix>` is the harmonic number of the suffix, an integer or a name: `H_k` is H(k) of the
 *   column k (or of a sum's variable k), `H_10` is H(10);
 * - `pi` and `e` are the constants; any other name must be a sum's variable.
 * Where two readings both apply, the expression is refused as ambiguous rather than read one way silently:
 * an unquoted `e` or `pi` when the table has such a column, and an unquoted `H_k` when the table has both a
 * column "H_k" and a column "k" (or `H_10` with a column "H_10"). The error says how to write each reading
 * (`` `H_k` `` for the column, `H(k)` for the harmonic number).
 * Example: `parseColumnExpression("ratio - H_k", ["k", "ratio"])` is ratio - H(k), using columns k and ratio.
 */
import { Rational } from '../exact/rational';
import { CALC_CONSTANTS, type CalcNode } from './ast';
import { CalcError } from './calc-error';
import { parseExpression } from './parse';
import { tokenize, type Token } from './tokens';

/** A parsed column expression and the columns it reads (in order of first use). */
export interface ColumnExpression {
  readonly node: CalcNode;
  readonly columns: readonly string[];
}

/** The tree of `text` over the columns of `header`; CalcError (with a column of the text) otherwise. */
export function parseColumnExpression(text: string, header: readonly string[]): ColumnExpression {
  const names = new Set(header);
  let node: CalcNode;
  try {
    node = parseExpression(text, { names, tokenize: (t) => tokenizeQuoted(t, names) });
  } catch (e) {
    if (e instanceof CalcError && /^unknown name /.test(e.problem)) {
      const name = /^unknown name "([^"]*)"/.exec(e.problem)?.[1] ?? '';
      throw new CalcError(e.column, `unknown column "${name}" (columns: ${listColumns(header)})`);
    }
    throw e;
  }
  const columns: string[] = [];
  collectColumns(node, names, new Set(), columns);
  return { node, columns };
}

/**
 * `node` with every free column name replaced by its value in `values` (a sum's variable of the same name
 * shadows the column inside the sum's body). Example: binding ratio = 3/2 in "ratio - 1" gives 3/2 - 1.
 */
export function bindColumns(node: CalcNode, values: ReadonlyMap<string, Rational>, scope: ReadonlySet<string> = new Set()): CalcNode {
  switch (node.kind) {
    case 'number':
      return node;
    case 'name': {
      const v = scope.has(node.name) ? undefined : values.get(node.name);
      return v === undefined ? node : { kind: 'number', value: v, column: node.column };
    }
    case 'neg':
      return { ...node, arg: bindColumns(node.arg, values, scope) };
    case 'binary':
      return { ...node, left: bindColumns(node.left, values, scope), right: bindColumns(node.right, values, scope) };
    case 'call':
      return { ...node, args: node.args.map((a) => bindColumns(a, values, scope)) };
    case 'sum':
      return {
        ...node,
        lo: bindColumns(node.lo, values, scope),
        hi: bindColumns(node.hi, values, scope),
        body: bindColumns(node.body, values, new Set([...scope, node.variable])),
      };
  }
}

/** The calculator's tokens, plus backtick-quoted names; checks quoted names and ambiguous readings. */
function tokenizeQuoted(text: string, columns: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('`', at);
    const segment = open < 0 ? text.slice(at) : text.slice(at, open);
    tokens.push(...shifted(segment, at));
    if (open < 0) break;
    const close = text.indexOf('`', open + 1);
    if (close < 0) throw new CalcError(open + 1, 'unclosed "`" (a quoted column name ends with a backtick)');
    const name = text.slice(open + 1, close);
    if (!columns.has(name)) throw new CalcError(open + 1, `unknown column "${name}" (columns: ${listColumns([...columns])})`);
    tokens.push({ kind: 'name', text: name, column: open + 1 });
    at = close + 1;
  }
  tokens.push({ kind: 'end', text: '', column: text.length + 1 });
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== 'name') continue;
    const quoted = text[t.column - 1] === '`';
    const called = tokens[i + 1]?.text === '(';
    if (quoted && called) throw new CalcError(t.column, `the column \`${t.text}\` is not a function (write * to multiply)`);
    if (!quoted && !called) refuseAmbiguous(t, columns);
  }
  return tokens;
}

/** The tokens of one unquoted segment with columns counted in the whole text (its end token dropped). */
function shifted(segment: string, offset: number): Token[] {
  try {
    return tokenize(segment)
      .filter((t) => t.kind !== 'end')
      .map((t) => ({ ...t, column: t.column + offset }));
  } catch (e) {
    if (e instanceof CalcError) throw new CalcError(e.column + offset, e.problem);
    throw e;
  }
}

/** Refuses an unquoted name that reads both as a column and as a constant or a harmonic number. */
function refuseAmbiguous(t: Token, columns: ReadonlySet<string>): void {
  if (!columns.has(t.text)) return;
  if ((CALC_CONSTANTS as readonly string[]).includes(t.text)) {
    const constant = t.text === 'e' ? 'or exp(1) for the constant' : '(the constant pi cannot be written while a column has its name)';
    throw new CalcError(
      t.column,
      `"${t.text}" is both a column and the constant ${t.text}: write \`${t.text}\` for the column ${constant}`,
    );
  }
  const suffix = /^H_(.+)$/.exec(t.text)?.[1];
  if (suffix !== undefined && (/^\d+$/.test(suffix) || columns.has(suffix))) {
    throw new CalcError(
      t.column,
      `"${t.text}" is both a column and the harmonic number H(${suffix}): write \`${t.text}\` for the column or H(${suffix}) for the harmonic number`,
    );
  }
}

/** Free column names of `node` in order of first use. */
function collectColumns(node: CalcNode, columns: ReadonlySet<string>, scope: ReadonlySet<string>, out: string[]): void {
  switch (node.kind) {
    case 'number':
      return;
    case 'name':
      if (columns.has(node.name) && !scope.has(node.name) && !out.includes(node.name)) out.push(node.name);
      return;
    case 'neg':
      return collectColumns(node.arg, columns, scope, out);
    case 'binary':
      collectColumns(node.left, columns, scope, out);
      return collectColumns(node.right, columns, scope, out);
    case 'call':
      for (const a of node.args) collectColumns(a, columns, scope, out);
      return;
    case 'sum':
      collectColumns(node.lo, columns, scope, out);
      collectColumns(node.hi, columns, scope, out);
      return collectColumns(node.body, columns, new Set([...scope, node.variable]), out);
  }
}

/** The header's names for a message (at most 20). */
export function listColumns(header: readonly string[]): string {
  const shown = header.slice(0, 20).map((h) => JSON.stringify(h));
  return header.length > 20 ? `${shown.join(', ')}, ... (${header.length} in all)` : shown.join(', ') || 'none';
}
