// What "Add a check on this table" proposes (renderer/intake/suggest-check.ts): the five-seed table a paired
// test (before, always a growth fit), a sweep a growth fit of its next column against its size column, and
// every proposal valid against its kind's schema once the reviewer's choices are in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { suggestCheck } from '../../../renderer/intake/suggest-check';
import { builtinCheckKinds } from '../../../app/checks/kinds';
import { createAjv } from '../../../app/json/ajv';

const schemaOf = (kind: string) => builtinCheckKinds.find((k) => k.kind === kind)!.paramsSchema;

describe('suggestCheck', () => {
  it('seeds in rows with a method and a baseline: the paired t test of method against baseline, complete for the schema', () => {
    const s = suggestCheck('tables/cell_seeds_run.csv', ['seed', 'baseline', 'method']);
    expect(s.kind).toBe('hypothesis-test');
    expect(s.params).toMatchObject({ table: 'tables/cell_seeds_run.csv', a: 'method', b: 'baseline', test: 'paired-t' });
    expect(s.note).toContain('paired comparison');
    const validate = createAjv().compile(schemaOf('hypothesis-test'));
    expect(validate(s.params), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a sweep: the column after the size column against it; no size column: x and y left to choose', () => {
    expect(suggestCheck('t.csv', ['k', 'H_k', 'ratio', 'additive', 'se'])).toMatchObject({
      kind: 'growth-fit',
      params: { table: 't.csv', x: 'k', y: 'H_k' },
    });
    expect(suggestCheck('t.csv', ['alpha', 'beta'])).toMatchObject({ kind: 'growth-fit', params: { table: 't.csv' } });
    expect(suggestCheck('t.csv', ['alpha', 'beta']).params).not.toHaveProperty('x');
  });

  it('names only columns the table has, and always keeps the table (fast-check)', () => {
    const name = fc.oneof(
      fc.constantFrom('seed', 'k', 'n', 'steps', 'baseline', 'method', 'loss', 'run'),
      fc.string({ minLength: 1, maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), (cols) => {
        const s = suggestCheck('tables/x.csv', cols);
        expect(s.params.table).toBe('tables/x.csv');
        for (const key of ['a', 'b', 'x', 'y']) if (key in s.params) expect(cols).toContain(s.params[key]);
        if (s.kind === 'hypothesis-test') expect(s.params.a).not.toBe(s.params.b);
        if ('x' in s.params) expect(s.params.x).not.toBe(s.params.y);
      }),
      { numRuns: 500, seed: 20261202 },
    );
  });
});
