/**
 * Checks that a check's column params name columns its table has. A kind's params schema marks a string
 * that names a column with the annotation `tableColumn: '<param>'`, where `<param>` is the top-level param
 * holding the table's case path (itself `casePath: true`); addCheck (app/cases/edit.ts) refuses a column the
 * table's header lacks, in one line naming the column and the columns the table has. When the table param
 * is absent (the table is computed at run time, e.g. a sweep) or the file does not exist yet, nothing is
 * checked here: the run says so.
 * Example: growth-fit `{ table: 't.csv', x: 'k', y: 'additive' }` on a table `k,ratio,H_k` is refused with
 * `param y: no column "additive" in t.csv (columns: k, ratio, H_k)`.
 * Derived columns: a param marked `derivedColumns: '<table param>'` lists 'NAME = EXPR' texts (app/checks/kinds/
 * derived-columns.ts); each is checked here in order against the table's header and the names derived before it
 * (its syntax, an unknown column, a name the table already has; a row's value is the run's to compute), and its
 * name then counts as a column of the table: `{ table: 't.csv', derive: ['additive = ratio - `H_k`'], y: 'additive' }`
 * is accepted on the table above, `derive: ['additive = ratio - Hk']` refused with `param derive.0: derived column
 * "additive" (ratio - Hk): unknown column "Hk" (columns: "k", "ratio", "H_k") (at character 9 of "ratio - Hk")`.
 */
import { existsSync } from 'node:fs';
import type { JsonSchema } from '../json/json-schema';
import { readCsvFile } from '../tables/csv';
import { resolveInCase } from './resolve';
import { shown } from '../text/display';
import { DerivedColumnError, parseDerivation } from '../../checkers/calc/columns';
import { parseColumnExpression } from '../../checkers/calc/column-names';
import { CalcError } from '../../checkers/calc/calc-error';

/** A param naming a column: its pointer inside params, the column, and the top-level param holding the table. */
export interface ColumnParam {
  readonly pointer: string;
  readonly column: string;
  readonly tableParam: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The column params among `params` (schema nodes marked `tableColumn`), walking properties, additionalProperties,
 * items and allOf/anyOf/oneOf as the case-path walk does (app/checks/registry.ts).
 * Example: `columnParams(growthFitSchema, { table: 't.csv', x: 'k', y: 'v' })` lists /x and /y with tableParam `table`.
 */
export function columnParams(schema: JsonSchema, params: unknown): ColumnParam[] {
  const found = { columns: new Map<string, ColumnParam>(), derived: new Map<string, DerivedParam>() };
  walk(schema, params, '', found);
  return [...found.columns.values()];
}

/** A param listing derived columns of a table (`derivedColumns`): its pointer, its texts, the table param. */
export interface DerivedParam {
  readonly pointer: string;
  readonly derive: readonly string[];
  readonly tableParam: string;
}

/** The derived-column params among `params` (schema nodes marked `derivedColumns`). */
export function derivedParams(schema: JsonSchema, params: unknown): DerivedParam[] {
  const found = { columns: new Map<string, ColumnParam>(), derived: new Map<string, DerivedParam>() };
  walk(schema, params, '', found);
  return [...found.derived.values()];
}

interface Found {
  columns: Map<string, ColumnParam>;
  derived: Map<string, DerivedParam>;
}

function walk(schema: JsonSchema, value: unknown, pointer: string, found: Found): void {
  if (typeof schema.tableColumn === 'string' && typeof value === 'string')
    found.columns.set(pointer, { pointer, column: value, tableParam: schema.tableColumn });
  if (typeof schema.derivedColumns === 'string' && Array.isArray(value))
    found.derived.set(pointer, { pointer, derive: value.filter((v): v is string => typeof v === 'string'), tableParam: schema.derivedColumns });
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) if (isRecord(sub)) walk(sub, value, pointer, found);
  }
  if (isRecord(value)) {
    const props = isRecord(schema.properties) ? schema.properties : {};
    for (const [k, v] of Object.entries(value)) {
      const sub = Object.hasOwn(props, k) ? props[k] : schema.additionalProperties;
      if (isRecord(sub)) walk(sub, v, `${pointer}/${k}`, found);
    }
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((v, i) => walk(items, v, `${pointer}/${i}`, found));
  }
}

/**
 * The first column param naming a column its table lacks, as one line (`param y: no column "additive" in
 * t.csv (columns: k, ratio, H_k)`), or null when every named column exists (or no table can be read yet).
 */
export async function missingColumn(caseDir: string, schema: JsonSchema, params: Record<string, unknown>): Promise<string | null> {
  const headers = new Map<string, readonly string[] | null>();
  const headerOf = async (table: string) => {
    if (!headers.has(table)) headers.set(table, await header(caseDir, table));
    return headers.get(table) ?? null;
  };
  // Derived columns first: each checked against the header and the names before it, then counted as columns.
  const derivedNames = new Map<string, string[]>();
  for (const d of derivedParams(schema, params)) {
    const table = params[d.tableParam];
    const columns = typeof table === 'string' ? await headerOf(table) : null;
    const checked = checkDerivations(d, columns);
    if (typeof checked === 'string') return checked;
    derivedNames.set(d.tableParam, [...(derivedNames.get(d.tableParam) ?? []), ...checked]);
  }
  for (const p of columnParams(schema, params)) {
    const table = params[p.tableParam];
    if (typeof table !== 'string') continue;
    const read = await headerOf(table);
    if (read === null) continue;
    const columns = [...read, ...(derivedNames.get(p.tableParam) ?? [])];
    if (columns.includes(p.column)) continue;
    return `param ${dotted(p.pointer)}: no column "${shown(p.column, 80)}" in ${shown(table, 120)} (columns: ${shown(columns.join(', '), 300)})`;
  }
  return null;
}

function dotted(pointer: string): string {
  return pointer.slice(1).replace(/\//g, '.');
}

/**
 * The names a derived-column param adds, or one line naming the param, the derived column and its problem. With
 * no header (the table is computed at run time, or not there yet) only the form `NAME = EXPR` and repeated names
 * are checked.
 */
function checkDerivations(d: DerivedParam, header: readonly string[] | null): string[] | string {
  const columns = header !== null ? [...header] : null;
  const names: string[] = [];
  for (const [i, text] of d.derive.entries()) {
    const where = `param ${dotted(d.pointer)}.${i}`;
    let parsed;
    try {
      parsed = parseDerivation(text);
    } catch (e) {
      if (e instanceof DerivedColumnError) return `${where}: "${shown(text, 80)}": ${e.problem}`;
      throw e;
    }
    const what = `${where}: derived column "${shown(parsed.name, 80)}" (${shown(parsed.expression, 120)})`;
    if (names.includes(parsed.name) || columns?.includes(parsed.name) === true)
      return `${what}: the table already has a column "${shown(parsed.name, 80)}"; choose another name`;
    if (columns !== null) {
      try {
        parseColumnExpression(parsed.expression, columns);
      } catch (e) {
        if (e instanceof CalcError) return `${what}: ${e.problem} (at character ${e.column} of "${shown(parsed.expression, 120)}")`;
        throw e;
      }
      columns.push(parsed.name);
    }
    names.push(parsed.name);
  }
  return names;
}

/** The header of a case table, or null when the file is not there yet. Unreadable tables are bad input. */
async function header(caseDir: string, rel: string): Promise<readonly string[] | null> {
  const path = resolveInCase(caseDir, rel);
  if (!existsSync(path)) return null;
  return (await readCsvFile(path, rel)).columns;
}
