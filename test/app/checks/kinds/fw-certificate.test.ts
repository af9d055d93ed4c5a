// The fw-certificate check kind: its verdicts by the enclosure stepper, with the count of steps that needed the
// exact path (and why) in the evidence, on the case's own certificates.
import { describe, it, expect } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fwCertificateKind } from '../../../../app/checks/kinds/fw-certificate';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';

const CASE = resolve(import.meta.dirname, '../../../../cases/fw-attention-collapse');

describe('fw-certificate', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  copyFileSync(join(CASE, 'logbook/counterexample/certificate-c200.json'), join(dir, 'c200.json'));
  copyFileSync(join(CASE, 'logbook/counterexample/certificate-collinear.json'), join(dir, 'collinear.json'));

  it('a holding certificate is decided from enclosures alone: 0 of 707 states on the exact path', async () => {
    const r = await fwCertificateKind.run({ certificate: 'c200.json' }, ctx);
    expect(r.outcome).toBe('supports');
    expect(r.evidence).toMatchObject({ holds: true, firstExitStep: 706, stepper: 'enclosure' });
    expect(r.evidence.enclosure).toMatchObject({ states: 707, exactSteps: 0, reasons: { tie: 0, degenerateHull: 0, width: 0 } });
  });

  it('the collinear float trap takes the exact path at its exact zero and is refuted, as exactly', async () => {
    const r = await fwCertificateKind.run({ certificate: 'collinear.json' }, ctx);
    expect(r.outcome).toBe('refutes');
    expect(r.evidence).toMatchObject({ holds: false, firstExitStep: null, float64FirstExitStep: 2, stepper: 'enclosure' });
    const e = r.evidence.enclosure as { exactSteps: number; reasons: { tie: number; degenerateHull: number; width: number } };
    expect(e.exactSteps).toBeGreaterThan(0);
    expect(e.exactSteps).toBe(e.reasons.tie + e.reasons.degenerateHull + e.reasons.width);
    // The exact zero is a degenerate hull question or a tie, never merely a width problem.
    expect(e.reasons.width).toBe(0);
  });
});
