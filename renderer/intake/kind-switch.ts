/**
 * The values a newly chosen kind's form starts from in an "Add check" dialog that was opened with given params
 * (e.g. "Add a check on this table": `{ table: 'tables/cell_seeds_run.csv' }`): the kind's example, except where
 * the new kind has the same param and the dialog was given a value for it, which is kept. Without this, turning
 * the proposed growth-fit into a hypothesis-test replaced the extracted table by the example's path, a file the
 * case does not have. Pure: no DOM, no React.
 *
 * Example: `exampleKeeping(schemaToForm(hypothesisTestSchema), { table: 'logbook/seeds.csv', a: 'method' },
 * { table: 'tables/t.csv' })` has `'/table': 'tables/t.csv'` and `'/a': 'method'`.
 */
import { valuesFrom, type FormModel, type FormValues } from './schema-form';

export function exampleKeeping(form: FormModel, example: unknown, given: Record<string, unknown> | undefined): FormValues {
  const values = valuesFrom(form, example);
  if (given === undefined) return values;
  for (const [pointer, text] of Object.entries(valuesFrom(form, given))) if (text !== '') values[pointer] = text;
  return values;
}
