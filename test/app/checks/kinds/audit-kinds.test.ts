// The units-audit and padding-audit check kinds: every outcome branch, on small hand-made inputs.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unitsAuditKind } from '../../../../app/checks/kinds/units-audit';
import { paddingAuditKind } from '../../../../app/checks/kinds/padding-audit';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';

const units = (claim: Record<string, unknown>, definitions = ['batch = 32 trajectory']) =>
  JSON.stringify({ format: 'recheck.units/1', definitions, quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' }, claim });

describe('units-audit', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  it('assertion role: supports when the ratio holds after normalising, refutes a unit slip', async () => {
    writeFileSync(join(dir, 'ok.json'), units({ numerator: 'method', denominator: 'baseline', ratio: 0.25 }));
    expect((await unitsAuditKind.run({ quantities: 'ok.json' }, ctx)).outcome).toBe('supports');
    writeFileSync(join(dir, 'slip.json'), units({ numerator: 'method', denominator: 'baseline', ratio: 8 }));
    const r = await unitsAuditKind.run({ quantities: 'slip.json' }, ctx);
    expect(r.outcome).toBe('refutes');
    expect(r.summary).toMatch(/unit slip/);
  });
  it('claim role: refutes when the paper claim holds, supports when it fails; incommensurable is neutral', async () => {
    writeFileSync(join(dir, 'speed.json'), units({ numerator: 'baseline', denominator: 'method', ratio: 3, relation: 'atLeast' }));
    expect((await unitsAuditKind.run({ quantities: 'speed.json', role: 'claim' }, ctx)).outcome).toBe('refutes'); // 4x
    writeFileSync(join(dir, 'slow.json'), units({ numerator: 'baseline', denominator: 'method', ratio: 5, relation: 'atLeast' }));
    expect((await unitsAuditKind.run({ quantities: 'slow.json', role: 'claim' }, ctx)).outcome).toBe('supports');
    writeFileSync(join(dir, 'nodef.json'), units({ numerator: 'method', denominator: 'baseline', ratio: 8 }, []));
    const n = await unitsAuditKind.run({ quantities: 'nodef.json' }, ctx);
    expect(n.outcome).toBe('neutral');
    expect(n.summary).toMatch(/time \/ batch/);
  });
});

describe('padding-audit', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  // One sequence per model: tokens 3, 0 (EOS), 0, 0; nll a: [1.2, 0.4, 0, 0], b: [1.6, 0.4, 0, 0].
  writeFileSync(
    join(dir, 'p.csv'),
    'model,seq,pos,token,nll\na,s,0,3,1.2\na,s,1,0,0.4\na,s,2,0,0\na,s,3,0,0\nb,s,0,3,1.6\nb,s,1,0,0.4\nb,s,2,0,0\nb,s,3,0,0\n',
  );
  it('refutes when the stated figures hold on the corrected numbers, supports when they fail, neutral without a claim', async () => {
    const corrected = Math.exp(0.8); // (1.2 + 0.4) / 2
    const ok = await paddingAuditKind.run(
      { positions: 'p.csv', padToken: '0', claim: { perplexity: { a: corrected } }, logbook: { perplexity: { a: Math.exp(0.4) } } },
      ctx,
    );
    expect(ok.outcome).toBe('refutes');
    expect(ok.evidence.explainedByPadding).toBe(true);
    const bad = await paddingAuditKind.run({ positions: 'p.csv', padToken: '0', baseline: 'a', claim: { qualityCost: { b: 0.05 } } }, ctx);
    expect(bad.outcome).toBe('supports'); // corrected cost exp(0.2) - 1 = 22%
    expect((await paddingAuditKind.run({ positions: 'p.csv', padToken: '0' }, ctx)).outcome).toBe('neutral');
    await expect(paddingAuditKind.run({ positions: 'p.csv', padToken: '0', claim: { perplexity: { zz: 2 } } }, ctx)).rejects.toThrow(
      /no model "zz"/,
    );
  });
});
