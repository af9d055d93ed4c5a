// The values another kind starts from in an Add check dialog opened with given params (issue 20's UI path):
// the given table is kept over the new kind's example, against the form model's own round trip (valuesFrom /
// paramsFromValues) and over arbitrary given params (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { exampleKeeping } from '../../../renderer/intake/kind-switch';
import { leafFields, paramsFromValues, schemaToForm, valuesFrom } from '../../../renderer/intake/schema-form';

const kind = (name: string) => {
  const k = builtinCheckKinds.find((x) => x.kind === name);
  if (k === undefined) throw new Error(`no kind ${name}`);
  return k;
};

describe('exampleKeeping', () => {
  it('growth-fit started on an extracted table, switched to hypothesis-test: the table stays, the rest is the example', () => {
    const ht = kind('hypothesis-test');
    const form = schemaToForm(ht.paramsSchema as Record<string, unknown>);
    const values = exampleKeeping(form, ht.example, { table: 'tables/cell_seeds_run.csv' });
    expect(values['/table']).toBe('tables/cell_seeds_run.csv');
    const params = paramsFromValues(form, values);
    expect(params).toEqual({ ok: true, params: { ...(ht.example as Record<string, unknown>), table: 'tables/cell_seeds_run.csv' } });
  });

  it('without given params it is the example', () => {
    for (const k of builtinCheckKinds) {
      const form = schemaToForm(k.paramsSchema as Record<string, unknown>);
      expect(exampleKeeping(form, k.example, undefined)).toEqual(valuesFrom(form, k.example));
    }
  });

  it('a given param the new kind lacks, or one that does not fit its field, changes nothing', () => {
    const ht = kind('hypothesis-test');
    const form = schemaToForm(ht.paramsSchema as Record<string, unknown>);
    expect(exampleKeeping(form, ht.example, { x: 'k', y: 'additive', level: 'high' })).toEqual(valuesFrom(form, ht.example));
  });

  it('every kind, any given strings: a set given string param wins, every other field is the example’s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...builtinCheckKinds),
        fc.dictionary(fc.constantFrom('table', 'x', 'y', 'a', 'b', 'program', 'quantities', 'other'), fc.string({ maxLength: 12 })),
        (k, given) => {
          const form = schemaToForm(k.paramsSchema as Record<string, unknown>);
          const example = valuesFrom(form, k.example);
          const got = exampleKeeping(form, k.example, given);
          for (const f of leafFields(form.fields)) {
            const top = f.pointer.split('/').length === 2 ? f.name : undefined;
            const g = top !== undefined && f.type === 'string' ? given[top] : undefined;
            expect(got[f.pointer]).toBe(g !== undefined && g !== '' ? g : example[f.pointer]);
          }
          expect(Object.keys(got).sort()).toEqual(Object.keys(example).sort());
        },
      ),
      { numRuns: 200 },
    );
  });
});
