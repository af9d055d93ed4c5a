/**
 * The columns a check form offers for a param that names a column of a case table (a string field with
 * `tableColumn`, renderer/intake/schema-form.ts): the table's header, read with the one CSV splitter
 * (renderer/evidence/csv.ts), and the choices a select shows, the current value kept and marked when the table
 * lacks it (the core refuses it: app/cases/table-columns.ts). Pure: no DOM, no React.
 * Example: `columnChoices(['k', 'ratio', 'H_k'], 'additive')` is
 * `{ options: ['k', 'ratio', 'H_k'], unknown: 'additive' }`.
 */
import { parseCsvText } from '../evidence/csv';
import { leafFields, type FieldModel, type FormModel, type FormValues } from './schema-form';

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
