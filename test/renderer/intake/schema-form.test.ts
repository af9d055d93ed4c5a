// The "Add check" form model against two independent references: every built-in kind's example goes through
// the form (example -> text values -> params) unchanged, and what the form sends is judged by the core's own
// validator (ajv over the kind's schema), which must accept the example and refuse the emptied form in the
// words the UI shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { createCheckRegistry } from '../../../app/checks/registry';
import {
  boundsText,
  keepCasePaths,
  emptyValues,
  leafFields,
  paramsFromValues,
  schemaToForm,
  valuesFrom,
  type FieldModel,
} from '../../../renderer/intake/schema-form';

const registry = createCheckRegistry(builtinCheckKinds);

function field(fields: readonly FieldModel[], dotted: string): FieldModel {
  const f = [...fields, ...fields.flatMap((x) => (x.type === 'object' ? x.fields : []))].find((x) => x.dotted === dotted);
  if (f === undefined) throw new Error(`no field ${dotted}`);
  return f;
}

describe('schemaToForm on the built-in kinds', () => {
  it.each(builtinCheckKinds.map((k) => [k.kind, k] as const))(
    '%s: the example survives the form and the core accepts it',
    (_name, kind) => {
      const form = schemaToForm(kind.paramsSchema as Record<string, unknown>);
      const values = valuesFrom(form, kind.example);
      const r = paramsFromValues(form, values);
      expect(r).toEqual({ ok: true, params: kind.example });
      expect(registry.validateParams(kind.kind, r.ok ? r.params : null)).toBeNull();
    },
  );

  it('types each param the way its schema says', () => {
    const kinds = Object.fromEntries(builtinCheckKinds.map((k) => [k.kind, schemaToForm(k.paramsSchema as Record<string, unknown>)]));
    const units = kinds['units-audit']!;
    expect(field(units.fields, 'quantities')).toMatchObject({ type: 'string', casePath: true, required: true, pointer: '/quantities' });
    expect(field(units.fields, 'role')).toMatchObject({ type: 'enum', options: ['assertion', 'claim'], required: false });
    const trap = kinds['fw-horizon-trap']!;
    expect(field(trap.fields, 'horizon')).toMatchObject({ type: 'number', integer: true, bounds: { min: 1, max: 100000 }, required: true });
    const kl = kinds['kl-mode-fit']!;
    expect(field(kl.fields, 'teacher')).toMatchObject({ type: 'object', required: true });
    expect(field(kl.fields, 'teacher.weights')).toMatchObject({
      type: 'number-list',
      integer: false,
      pointer: '/teacher/weights',
      required: true,
    });
    expect(field(kl.fields, 'minSeparation')).toMatchObject({ type: 'number', bounds: { min: 0, exclusiveMin: true, max: 1 } });
    const padding = kinds['padding-audit']!;
    // A map (only additionalProperties) is edited as JSON.
    expect(field(padding.fields, 'claim.perplexity')).toMatchObject({ type: 'json' });
    const growth = kinds['growth-fit']!;
    expect(growth.alternatives).toEqual([['table'], ['sweep']]);
    expect(field(growth.fields, 'sweep.grid')).toMatchObject({ type: 'json' });
  });

  it('sends an emptied form as {} and the core names the first missing field, as the UI shows it', () => {
    const kind = builtinCheckKinds.find((k) => k.kind === 'units-audit')!;
    const form = schemaToForm(kind.paramsSchema as Record<string, unknown>);
    const r = paramsFromValues(form, emptyValues(form));
    expect(r).toEqual({ ok: true, params: {} });
    expect(registry.validateParams('units-audit', {})).toMatchObject({ problem: 'missing required field "quantities"' });
  });

  it('keeps a required nested object (empty) for the core to judge, and drops an optional empty one', () => {
    const kl = schemaToForm(builtinCheckKinds.find((k) => k.kind === 'kl-mode-fit')!.paramsSchema as Record<string, unknown>);
    const r = paramsFromValues(kl, { '/module': 'sandbox/m.ts' });
    expect(r).toEqual({ ok: true, params: { module: 'sandbox/m.ts', teacher: {}, grid: {} } });
    const pad = schemaToForm(builtinCheckKinds.find((k) => k.kind === 'padding-audit')!.paramsSchema as Record<string, unknown>);
    expect(paramsFromValues(pad, { '/positions': 'p.csv', '/padToken': '0' })).toEqual({
      ok: true,
      params: { positions: 'p.csv', padToken: '0' },
    });
  });
});

describe('paramsFromValues', () => {
  const form = schemaToForm({
    type: 'object',
    required: ['n'],
    properties: {
      n: { type: 'integer', minimum: 0 },
      xs: { type: 'array', items: { type: 'number' } },
      flag: { type: 'boolean' },
      any: { type: ['number', 'string'] },
      'a/b~c': { type: 'string' },
    },
  });

  it('refuses text that is not the field type, in one line naming the param', () => {
    expect(paramsFromValues(form, { '/n': 'ten' })).toEqual({ ok: false, error: 'param n: "ten" is not a number' });
    expect(paramsFromValues(form, { '/xs': '1, two, 3' })).toEqual({ ok: false, error: 'param xs: "two" is not a number' });
    const bad = paramsFromValues(form, { '/any': '{oops' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toMatch(/^param any: not JSON \(.+\)$/);
    expect(bad.ok ? '' : bad.error).not.toContain('\n');
  });

  it('reads lists separated by commas or spaces, booleans, JSON, and escapes pointers', () => {
    expect(paramsFromValues(form, { '/n': ' 3 ', '/xs': '1,2  3, -4.5e2', '/flag': 'false', '/any': '"s"', '/a~1b~0c': 'v' })).toEqual({
      ok: true,
      params: { n: 3, xs: [1, 2, 3, -450], flag: false, any: 's', 'a/b~c': 'v' },
    });
    expect(leafFields(form.fields).map((f) => f.pointer)).toEqual(['/n', '/xs', '/flag', '/any', '/a~1b~0c']);
  });

  it('round-trips any finite numbers and strings through the text values', () => {
    const nonZero = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0));
    fc.assert(
      fc.property(
        nonZero,
        fc.array(nonZero, { minLength: 1, maxLength: 8 }),
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        fc.boolean(),
        (n, xs, s, flag) => {
          const params = { n, xs, flag, any: s, 'a/b~c': s };
          expect(paramsFromValues(form, valuesFrom(form, params))).toEqual({ ok: true, params });
        },
      ),
    );
  });

  it('leaves fields empty when the example does not fit them', () => {
    expect(valuesFrom(form, { n: 'x', xs: [1, 'a'], flag: 1 })).toEqual({ '/n': '', '/xs': '', '/flag': '', '/any': '', '/a~1b~0c': '' });
  });
});

describe('boundsText', () => {
  it.each([
    [true, {}, 'integer'],
    [true, { min: 1, max: 100000 }, 'integer, 1 ≤ x ≤ 100000'],
    [false, { min: 0, exclusiveMin: true }, 'number, x > 0'],
    [false, { min: 0, exclusiveMin: true, max: 1, exclusiveMax: true }, 'number, 0 < x < 1'],
    [false, { max: 3600 }, 'number, x ≤ 3600'],
  ])('integer=%s %j -> %s', (integer, bounds, want) => {
    expect(boundsText(integer, bounds)).toBe(want);
  });
});

describe('boundsText: only real bounds (issue 22 item 5)', () => {
  it.each([
    [true, { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }, 'integer'],
    [true, { min: 0, max: Number.MAX_SAFE_INTEGER }, 'integer, x ≥ 0'],
    [true, { min: Number.MIN_SAFE_INTEGER, max: 10 }, 'integer, x ≤ 10'],
    [false, { min: -Number.MAX_VALUE, max: Number.MAX_VALUE }, 'number'],
  ])('integer=%s %j -> %s', (integer, bounds, want) => {
    expect(boundsText(integer, bounds)).toBe(want);
  });

  it('no built-in kind prints a safe-integer or largest-double bound', () => {
    for (const kind of builtinCheckKinds)
      for (const f of leafFields(schemaToForm(kind.paramsSchema as Record<string, unknown>).fields))
        if (f.type === 'number' || f.type === 'number-list')
          expect(boundsText(f.integer, f.bounds), `${kind.kind} ${f.dotted}`).not.toMatch(/9007199254740991|e\+308/);
  });
});

describe('keepCasePaths: an example pre-fills a case path only with a file the case has', () => {
  const form = schemaToForm({
    type: 'object',
    properties: {
      database: { type: 'string', casePath: true },
      run: { type: 'string' },
      sweep: { type: 'object', properties: { logbook: { type: 'string', casePath: true } } },
    },
  });
  const example = valuesFrom(form, { database: 'logbook/trackio.db', run: 'reverse-kl', sweep: { logbook: 'logbook/distill.db' } });

  it('empties the paths the case lacks, keeps the rest', () => {
    expect(keepCasePaths(form, example, [{ path: 'logbook/distill.db' }, { path: 'paper.md' }])).toEqual({
      '/database': '',
      '/run': 'reverse-kl',
      '/sweep/logbook': 'logbook/distill.db',
    });
  });

  it('with the example given, judges only the paths the example put there', () => {
    const typed = { ...example, '/database': 'logbook/new.db' };
    expect(keepCasePaths(form, typed, [{ path: 'x' }], example)).toEqual({ ...typed, '/sweep/logbook': '' });
  });

  it('keeps everything while the case’s files are unknown', () => {
    expect(keepCasePaths(form, example, null)).toEqual(example);
  });
});
