/**
 * Checks that a check's column params name columns its table has. A kind's params schema marks a string
 * that names a column with the annotation `tableColumn: '<param>'`, where `<param>` is the top-level param
 * holding the table's case path (itself `casePath: true`); addCheck (app/cases/edit.ts) refuses a column the
 * table's header lacks, in one line naming the column and the columns the table has. When the table param
 * is absent (the table is computed at run time, e.g. a sweep) or the file does not exist yet, nothing is
 * checked here: the run says so.
 * Example: growth-fit `{ table: 't.csv', x: 'k', y: 'additive' }` on a table `k,ratio,H_k` is refused with
 * `param y: no column "additive" in t.csv (columns: k, ratio, H_k)`.
 */
import { existsSync } from 'node:fs';
import type { JsonSchema } from '../json/json-schema';
import { readCsvFile } from '../tables/csv';
import { resolveInCase } from './resolve';
import { shown } from '../text/display';

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
  const found = new Map<string, ColumnParam>();
  walk(schema, params, '', found);
  return [...found.values()];
}

function walk(schema: JsonSchema, value: unknown, pointer: string, found: Map<string, ColumnParam>): void {
  if (typeof schema.tableColumn === 'string' && typeof value === 'string') found.set(pointer, { pointer, column: value, tableParam: schema.tableColumn });
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
  for (const p of columnParams(schema, params)) {
    const table = params[p.tableParam];
    if (typeof table !== 'string') continue;
    if (!headers.has(table)) headers.set(table, await header(caseDir, table));
    const columns = headers.get(table);
    if (columns === null || columns === undefined || columns.includes(p.column)) continue;
    return `param ${p.pointer.slice(1).replace(/\//g, '.')}: no column "${shown(p.column, 80)}" in ${shown(table, 120)} (columns: ${shown(columns.join(', '), 300)})`;
  }
  return null;
}

/** The header of a case table, or null when the file is not there yet. Unreadable tables are bad input. */
async function header(caseDir: string, rel: string): Promise<readonly string[] | null> {
  const path = resolveInCase(caseDir, rel);
  if (!existsSync(path)) return null;
  return (await readCsvFile(path, rel)).columns;
}
