// The calc-assertion kind in the UI's "Add check" form (renderer/intake/schema-form.ts), before the kind is listed
// in app/checks/kinds/index.ts: its example survives the form unchanged and the core's validator accepts what the
// form sends; its enums are offered as choices.
import { describe, expect, it } from 'vitest';
import { calcAssertionKind } from '../../../../app/checks/kinds/calc-assertion';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { paramsFromValues, schemaToForm, valuesFrom } from '../../../../renderer/intake/schema-form';

describe('calc-assertion in the Add check form', () => {
  it('the example goes through the form unchanged and is accepted; meaning and basis are choices', () => {
    const form = schemaToForm(calcAssertionKind.paramsSchema as Record<string, unknown>);
    for (const example of [
      calcAssertionKind.example,
      { assertion: '0.626 > 0.05', meaning: 'refutes-if-true', maxBits: 256, basis: 'logbook' },
    ]) {
      const r = paramsFromValues(form, valuesFrom(form, example));
      expect(r).toEqual({ ok: true, params: example });
      expect(createCheckRegistry([calcAssertionKind]).validateParams('calc-assertion', example)).toBeNull();
    }
    const fields = Object.fromEntries(form.fields.map((f) => [f.dotted, f]));
    expect(fields.meaning).toMatchObject({ type: 'enum', options: ['supports-if-true', 'refutes-if-true'], required: true });
    expect(fields.basis).toMatchObject({ type: 'enum', options: ['logbook', 'recomputed'], required: false });
    expect(fields.maxBits).toMatchObject({ type: 'number', integer: true, bounds: { min: 64, max: 1000000 }, required: false });
  });
});
