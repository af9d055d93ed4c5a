/**
 * The columns of a table, from the `CREATE TABLE` text SQLite keeps in `sqlite_master.sql`
 * (https://www.sqlite.org/lang_createtable.html): each column's name (unquoted: "x", [x], `x`, 'x'), whether it
 * is the INTEGER PRIMARY KEY that aliases the rowid (its record holds NULL; the value is the rowid), its
 * literal DEFAULT (for records written before an ALTER TABLE ADD COLUMN, which are shorter), and whether it is
 * generated (a virtual generated column is not stored in the record, so such tables are refused). These are
 * the names PRAGMA table_info reports.
 *
 * Example: `tableColumns('CREATE TABLE t (id INTEGER PRIMARY KEY, "a b" TEXT DEFAULT \'x\')')` gives
 * `{ columns: [{ name: 'id', ... }, { name: 'a b', default: 'x', ... }], rowidAlias: 0, withoutRowid: false }`.
 */
import type { SqliteValue } from './sqlite-record';

/** One column as declared. */
export interface ColumnDef {
  readonly name: string;
  /** The literal default (NULL when none); `undefined` when it is an expression this reader does not evaluate. */
  readonly default: SqliteValue | undefined;
  readonly generated: boolean;
}

/** A table's declared shape. */
export interface TableShape {
  readonly columns: readonly ColumnDef[];
  /** Index of the INTEGER PRIMARY KEY column that aliases the rowid, or -1. */
  readonly rowidAlias: number;
  readonly withoutRowid: boolean;
}

/** CREATE TABLE text this reader cannot follow. */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

interface Token {
  /** 'id' for bare words, 'quoted' for "x", [x], `x`, 'str' for 'x', 'num', 'blob' for X'..', 'punct'. */
  readonly kind: 'id' | 'quoted' | 'str' | 'num' | 'blob' | 'punct';
  readonly text: string;
}

const CONSTRAINT_STARTS = new Set(['CONSTRAINT', 'PRIMARY', 'UNIQUE', 'CHECK', 'FOREIGN']);
const COLUMN_CONSTRAINTS = new Set([
  'CONSTRAINT',
  'PRIMARY',
  'NOT',
  'NULL',
  'UNIQUE',
  'CHECK',
  'DEFAULT',
  'COLLATE',
  'REFERENCES',
  'GENERATED',
  'AS',
]);

/** Parses a CREATE TABLE statement. Throws SchemaError naming what it did not follow. */
export function tableColumns(sql: string): TableShape {
  const tokens = tokenize(sql);
  let i = 0;
  const word = (t: Token | undefined): string => (t !== undefined && t.kind === 'id' ? t.text.toUpperCase() : '');
  if (word(tokens[i++]) !== 'CREATE') throw new SchemaError('it does not start with CREATE');
  if (['TEMP', 'TEMPORARY'].includes(word(tokens[i]))) i++;
  if (word(tokens[i++]) !== 'TABLE') throw new SchemaError('it is not a CREATE TABLE statement');
  if (word(tokens[i]) === 'IF') i += 3;
  i++; // the name
  if (tokens[i]?.text === '.') i += 2;
  if (tokens[i]?.text !== '(') throw new SchemaError('no column list after the table name');
  const { groups, next } = splitDefinitions(tokens, i + 1);
  const options = tokens
    .slice(next)
    .map((t) => word(t))
    .join(' ');
  const withoutRowid = /\bWITHOUT ROWID\b/.test(options);
  const columns: ColumnDef[] = [];
  const declared: { type: string; pk: boolean; desc: boolean }[] = [];
  let tablePk: string[] | null = null;
  for (const g of groups) {
    if (g.length === 0) throw new SchemaError('an empty column definition');
    const first = g[0] as Token;
    if (first.kind === 'id' && CONSTRAINT_STARTS.has(first.text.toUpperCase())) {
      const pk = tablePrimaryKey(g);
      if (pk !== null) tablePk = pk;
      continue;
    }
    const parsed = columnDefinition(g);
    columns.push(parsed.column);
    declared.push(parsed);
  }
  let rowidAlias = -1;
  if (!withoutRowid) {
    const inline = declared.findIndex((d) => d.pk);
    if (inline >= 0 && declared[inline]?.type === 'INTEGER' && !(declared[inline] as { desc: boolean }).desc) rowidAlias = inline;
    if (inline < 0 && tablePk !== null && tablePk.length === 1) {
      const at = columns.findIndex((c) => c.name.toLowerCase() === (tablePk as string[])[0]?.toLowerCase());
      if (at >= 0 && declared[at]?.type === 'INTEGER') rowidAlias = at;
    }
  }
  return { columns, rowidAlias, withoutRowid };
}

/** The column definitions and table constraints between the outer parentheses, split at top-level commas. */
function splitDefinitions(tokens: readonly Token[], from: number): { groups: Token[][]; next: number } {
  const groups: Token[][] = [[]];
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'punct' && t.text === '(') depth++;
    if (t.kind === 'punct' && t.text === ')') {
      if (depth === 0) return { groups, next: i + 1 };
      depth--;
    }
    if (depth === 0 && t.kind === 'punct' && t.text === ',') groups.push([]);
    else (groups[groups.length - 1] as Token[]).push(t);
  }
  throw new SchemaError('the column list is not closed');
}

function columnDefinition(g: Token[]): { column: ColumnDef; type: string; pk: boolean; desc: boolean } {
  const name = g[0] as Token;
  if (name.kind === 'punct' || name.kind === 'num' || name.kind === 'blob') throw new SchemaError(`a column name "${name.text}"`);
  let i = 1;
  const typeWords: string[] = [];
  while (i < g.length) {
    const t = g[i] as Token;
    if (t.kind === 'id' && COLUMN_CONSTRAINTS.has(t.text.toUpperCase())) break;
    if (t.kind === 'punct' && t.text === '(') {
      while (i < g.length && (g[i] as Token).text !== ')') i++;
      i++;
      continue;
    }
    typeWords.push(t.text.toUpperCase());
    i++;
  }
  let pk = false;
  let desc = false;
  let dflt: SqliteValue | undefined = null;
  let generated = false;
  for (; i < g.length; i++) {
    const w = (g[i] as Token).kind === 'id' ? (g[i] as Token).text.toUpperCase() : '';
    if (w === 'PRIMARY' && (g[i + 1] as Token | undefined)?.text.toUpperCase() === 'KEY') {
      pk = true;
      desc = (g[i + 2] as Token | undefined)?.text.toUpperCase() === 'DESC';
    } else if (w === 'DEFAULT') {
      const r = literal(g, i + 1);
      dflt = r.value;
      i = r.last;
    } else if (w === 'GENERATED' || w === 'AS') generated = true;
  }
  return { column: { name: name.text, default: dflt, generated }, type: typeWords.join(' '), pk, desc };
}

/** A DEFAULT's literal value starting at `g[at]`, or undefined for an expression. */
function literal(g: Token[], at: number): { value: SqliteValue | undefined; last: number } {
  let t = g[at];
  let sign = '';
  if (t?.kind === 'punct' && (t.text === '-' || t.text === '+')) {
    sign = t.text;
    t = g[at + 1];
    at++;
  }
  if (t === undefined) throw new SchemaError('DEFAULT without a value');
  if (t.kind === 'num') {
    const text = sign + t.text;
    if (/^[+-]?\d+$/.test(text)) {
      const big = BigInt(text);
      if (big >= -(2n ** 63n) && big < 2n ** 63n) return { value: Number.isSafeInteger(Number(big)) ? Number(big) : big, last: at };
    }
    return { value: Number(text), last: at };
  }
  if (sign !== '') return { value: undefined, last: at };
  if (t.kind === 'str') return { value: t.text, last: at };
  if (t.kind === 'blob') return { value: hexBytes(t.text), last: at };
  if (t.kind === 'id') {
    const w = t.text.toUpperCase();
    if (w === 'NULL') return { value: null, last: at };
    if (w === 'TRUE') return { value: 1, last: at };
    if (w === 'FALSE') return { value: 0, last: at };
  }
  if (t.kind === 'punct' && t.text === '(') {
    let depth = 0;
    for (let i = at; i < g.length; i++) {
      if ((g[i] as Token).text === '(') depth++;
      if ((g[i] as Token).text === ')' && --depth === 0) return { value: undefined, last: i };
    }
  }
  return { value: undefined, last: at };
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The column names of a table constraint `PRIMARY KEY (a, b)`, or null for another constraint. */
function tablePrimaryKey(g: Token[]): string[] | null {
  let i = 0;
  if ((g[0] as Token).text.toUpperCase() === 'CONSTRAINT') i = 2;
  if ((g[i] as Token | undefined)?.text.toUpperCase() !== 'PRIMARY') return null;
  const names: string[] = [];
  let depth = 0;
  for (let k = i + 2; k < g.length; k++) {
    const t = g[k] as Token;
    if (t.text === '(' && t.kind === 'punct') depth++;
    else if (t.text === ')' && t.kind === 'punct') {
      if (--depth === 0) break;
    } else if (depth === 1 && (k === i + 3 || ((g[k - 1] as Token).kind === 'punct' && (g[k - 1] as Token).text === ',')))
      names.push(t.text);
  }
  return names;
}

/** SQLite's tokens, enough for CREATE TABLE: words, quoted names, strings, numbers, blobs, punctuation. */
function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === '"' || c === '`' || c === "'") {
      const { text, next } = quoted(sql, i, c);
      out.push({ kind: c === "'" ? 'str' : 'quoted', text });
      i = next;
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      if (end < 0) throw new SchemaError('an unclosed [');
      out.push({ kind: 'quoted', text: sql.slice(i + 1, end) });
      i = end + 1;
    } else if ((c === 'x' || c === 'X') && sql[i + 1] === "'") {
      const { text, next } = quoted(sql, i + 1, "'");
      if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new SchemaError('a malformed blob literal');
      out.push({ kind: 'blob', text });
      i = next;
    } else if (/[0-9.]/.test(c) && (c !== '.' || /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(0x[0-9a-fA-F]+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/.exec(sql.slice(i)) as RegExpExecArray;
      out.push({ kind: 'num', text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const m = /^[A-Za-z0-9_$\u0080-\uffff]+/.exec(sql.slice(i)) as RegExpExecArray;
      out.push({ kind: 'id', text: m[0] });
      i += m[0].length;
    } else {
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

/** A quoted run starting at `sql[at] === q`, with the doubled quote as its escape. */
function quoted(sql: string, at: number, q: string): { text: string; next: number } {
  let text = '';
  let i = at + 1;
  for (;;) {
    const end = sql.indexOf(q, i);
    if (end < 0) throw new SchemaError(`an unclosed ${q}`);
    text += sql.slice(i, end);
    if (sql[end + 1] === q) {
      text += q;
      i = end + 2;
      continue;
    }
    return { text, next: end + 1 };
  }
}
