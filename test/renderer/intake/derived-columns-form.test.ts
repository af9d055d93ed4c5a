// Issue 20, item 6, in the check form: a kind's `derive` param (marked `derivedColumns: 'table'`) is one text field,
// 'NAME = EXPR' items separated by ";", sent as the list the core validates; once declared, the derived names join
// the table's header in the column selects (x, y, se).
import { describe, expect, it } from 'vitest';
import { growthFitKind } from '../../../app/checks/kinds/growth-fit';
import { metricClaimKind } from '../../../app/checks/kinds/metric-claim';
import { derivations, paramsFromValues, schemaToForm, valuesFrom, type FieldModel } from '../../../renderer/intake/schema-form';
import { derivedNamesOf, formColumns } from '../../../renderer/intake/table-columns';

const form = schemaToForm(growthFitKind.paramsSchema);
const field = (name: string) => form.fields.find((f) => f.name === name) as FieldModel;

describe('derived columns in the check form', () => {
  it('derive is one text field tied to the table, saying how to write it; deriveDigits a bounded integer', () => {
    expect(field('derive')).toMatchObject({ type: 'string', casePath: false, derivedColumns: 'table', pointer: '/derive' });
    expect(field('derive').description).toMatch(
      /'NAME = EXPR' \(calc grammar\), in order; the column params may name them · several separated by ";"$/,
    );
    expect(field('deriveDigits')).toMatchObject({ type: 'number', integer: true, bounds: { min: 1, max: 1000 } });
    expect(schemaToForm(metricClaimKind.paramsSchema).fields.find((f) => f.name === 'derive')).toMatchObject({ derivedColumns: 'table' });
  });

  it('round-trips the list through the text: params to values and back', () => {
    const params = { table: 't.csv', derive: ['additive = ratio - `H_k`', 'twice = 2 * additive'], x: 'k', y: 'twice' };
    const values = valuesFrom(form, params);
    expect(values['/derive']).toBe('additive = ratio - `H_k`; twice = 2 * additive');
    expect(paramsFromValues(form, values)).toEqual({ ok: true, params });
    // Left empty (or only separators), the param is omitted.
    expect(paramsFromValues(form, { ...values, '/derive': ' ; ' })).toEqual({ ok: true, params: { table: 't.csv', x: 'k', y: 'twice' } });
  });

  it('splits at ";" outside backticks only', () => {
    expect(derivations('a = x + 1; `b;c` = y ;; ')).toEqual(['a = x + 1', '`b;c` = y']);
    expect(derivations('')).toEqual([]);
  });

  it("the column selects offer the table's header and then the derived names", () => {
    const values = valuesFrom(form, { table: 't.csv', derive: ['additive = ratio - `H_k`', '`loss (val)` = ratio', 'not a derivation'] });
    expect(derivedNamesOf(form, values, 'table')).toEqual(['additive', 'loss (val)']);
    expect(formColumns(form, values, { 't.csv': ['k', 'ratio', 'H_k'] })).toEqual({
      table: { path: 't.csv', columns: ['k', 'ratio', 'H_k', 'additive', 'loss (val)'] },
    });
    // A table not read yet (or unreadable): the columns are typed, derived or not.
    expect(formColumns(form, values, {})).toEqual({ table: null });
    expect(formColumns(form, values, { 't.csv': null })).toEqual({ table: null });
    // A name the table already has is offered once (the core refuses the clash on submit).
    const clash = valuesFrom(form, { table: 't.csv', derive: ['ratio = 2 * k'] });
    expect(formColumns(form, clash, { 't.csv': ['k', 'ratio'] })).toEqual({ table: { path: 't.csv', columns: ['k', 'ratio'] } });
  });
});
