// The check kinds divergence-audit and kl-mode-fit can also refute and stay neutral (the case test shows supports).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { divergenceAuditKind } from '../../../../app/checks/kinds/divergence-audit';
import { klModeFitKind } from '../../../../app/checks/kinds/kl-mode-fit';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { confinementOrSkip } from '../../sandbox/harness';

const c = await confinementOrSkip();
const caseDir = tempDir();
mkdirSync(join(caseDir, 'logbook'));
mkdirSync(join(caseDir, 'sandbox'));
writeFileSync(join(caseDir, 'logbook', 'reverse.mjs'), 'export default (p, q) => q.reduce((s, qi, i) => s + qi * Math.log(qi / p[i]), 0);');
writeFileSync(
  join(caseDir, 'logbook', 'half.mjs'),
  'export default (p, q) => 0.5 * p.reduce((s, pi, i) => s + pi * Math.log(pi / q[i]), 0);',
);
cpSync(resolve(import.meta.dirname, '../../../../cases/kl-direction/sandbox/mode-fit.ts'), join(caseDir, 'sandbox', 'mode-fit.ts'));

describe.skipIf(c === null)('divergence check kinds', () => {
  it('divergence-audit refutes when the code computes the theory divergence, is neutral when it matches none', async () => {
    const same = await divergenceAuditKind.run(
      { module: 'logbook/reverse.mjs', theory: 'reverse-kl', probes: 16 },
      makeTestContext(caseDir),
    );
    expect(same.outcome).toBe('refutes');
    expect(same.evidence).toMatchObject({ verdict: 'reverse-kl', mismatch: false });
    const half = await divergenceAuditKind.run({ module: 'logbook/half.mjs', theory: 'reverse-kl', probes: 16 }, makeTestContext(caseDir));
    expect(half.outcome).toBe('neutral');
    expect(half.summary).toMatch(/matches no candidate/);
  });

  it('kl-mode-fit refutes when the teacher is unimodal: both directions put the student in the same place', async () => {
    const ctx = makeTestContext(caseDir);
    // Two heavily overlapping components (means -0.5 and 0.5, sd 1.2): a single symmetric bump at 0.
    const r = await klModeFitKind.run(
      {
        module: 'sandbox/mode-fit.ts',
        teacher: { weights: [1, 1], means: [-0.5, 0.5], sds: [1.2, 1.2] },
        grid: { min: -8, max: 8, points: 121 },
        minSeparation: 0.25,
      },
      ctx,
    );
    expect(r.outcome).toBe('refutes');
    const fits = r.evidence.fits as Record<string, { mean: number; sd: number }>;
    expect(Math.abs(fits['forward-kl']?.mean ?? 1)).toBeLessThan(1e-3); // symmetric teacher: mean 0 both ways
    expect(Math.abs(fits['reverse-kl']?.mean ?? 1)).toBeLessThan(1e-3);
    expect(r.evidence.separation).toBeLessThan(0.01);
    expect(ctx.progressEvents.length).toBeGreaterThan(0);
  });
});
