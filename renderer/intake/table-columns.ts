/**
 * The columns a check form offers for a param that names a column of a case table (a string field with
 * `tableColumn`, renderer/intake/schema-form.ts): the table's header, read with the one CSV splitter
 * (renderer/evidence/csv.ts), and the choices a select shows, the current value kept and marked when the table
 * lacks it (the core refuses it: app/cases/table-columns.ts), and the derived columns the form declares for the
 * table (a `derivedColumns` field: their names join the header, `formColumns`). Pure: no DOM, no React.
 * Example: `columnChoices(['k', 'ratio', 'H_k'], 'additive')` is
 * `{ options: ['k', 'ratio', 'H_k'], unknown: 'additive' }`.
 */
import { parseCsvText } from '../evidence/csv';
import { derivations, leafFields, type FieldModel, type FormModel, type FormValues } from './schema-form';

/** The header of CSV text, or null when it does not parse (the form then falls back to typing). */
export function headerOf(text: string): readonly string[] | null {
  // Only the header is needed: cut after the first line break outside quotes is not safe, so parse the whole text.
  const t = parseCsvText(text);
  return t.ok ? t.columns : null;
}

/** The select's choices: the table's columns, and the current value when the table does not have it. */
export function columnChoices(columns: readonly string[], value: string): { options: readonly string[]; unknown: string | null } {
  return { options: columns, unknown: value !== '' && !columns.includes(value) ? value : null };
}

/**
 * The table paths the form's column fields depend on: for each top-level table param named by a `tableColumn`
 * field, its current value (a case path) when set. Example: growth-fit with `/table` = `tables/sweep.csv` gives
 * `{ table: 'tables/sweep.csv' }`.
 */
export function tablePathsOf(form: FormModel, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of leafFields(form.fields)) {
    const param = tableParamOf(f);
    if (param === undefined) continue;
    const path = (values[`/${param}`] ?? '').trim();
    if (path !== '') out[param] = path;
  }
  return out;
}

/** The table param a field's column belongs to, when it names a column. */
export function tableParamOf(f: FieldModel): string | undefined {
  return f.type === 'string' ? f.tableColumn : undefined;
}

/** A derivation's name, read as the core reads it (checkers/calc/columns.ts parseDerivation): an identifier or `quoted`. */
const DERIVED_NAME = /^\s*(?:`([^`]+)`|([A-Za-z_][A-Za-z0-9_]*))\s*=(?!=)/;

/**
 * The names of the derived columns the form declares for the table param `tableParam` (its field marked
 * `derivedColumns`), in order; an item that does not read as NAME = EXPR gives none (the core says why on submit).
 * Example: with `/derive` = 'additive = ratio - `H_k`; twice = 2 * additive', `derivedNamesOf(form, values, 'table')`
 * is ['additive', 'twice'].
 */
export function derivedNamesOf(form: FormModel, values: FormValues, tableParam: string): string[] {
  const names: string[] = [];
  for (const f of leafFields(form.fields)) {
    if (f.type !== 'string' || f.derivedColumns !== tableParam) continue;
    for (const item of derivations(values[f.pointer] ?? '')) {
      const m = DERIVED_NAME.exec(item);
      const name = m?.[1] ?? m?.[2];
      if (name !== undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/**
 * The columns each table param offers its column selects: the table's header (read by the dialog: `headers` by
 * path, null when it does not read) followed by the derived columns the form declares for it. A param whose table
 * is not read yet is null (its columns are typed). Example: growth-fit with `/table` = 't.csv' (header k, ratio,
 * H_k) and `/derive` = 'additive = ratio - `H_k`' gives `{ table: { path: 't.csv', columns: ['k', 'ratio', 'H_k', 'additive'] } }`.
 */
export function formColumns(
  form: FormModel,
  values: FormValues,
  headers: Readonly<Record<string, readonly string[] | null>>,
): Record<string, { path: string; columns: readonly string[] } | null> {
  return Object.fromEntries(
    Object.entries(tablePathsOf(form, values)).map(([param, path]) => {
      const header = headers[path];
      if (header === undefined || header === null) return [param, null];
      const derived = derivedNamesOf(form, values, param).filter((n) => !header.includes(n));
      return [param, { path, columns: [...header, ...derived] }];
    }),
  );
}
