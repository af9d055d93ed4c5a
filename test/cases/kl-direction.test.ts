// The bundled case kl-direction: the released loss is classified in the sandbox, the mode fits are
// recomputed at 40 digits, and the decision comes out of the case runner.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { loadCase } from '../../app/cases/load';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';
import { confinementOrSkip } from '../app/sandbox/harness';
import { discretisedMixture, gridPoints, moments } from '../../checkers/divergence/mode-fit';

const CASE = resolve(import.meta.dirname, '../../cases/kl-direction');
const c = await confinementOrSkip();

describe.skipIf(c === null)('case kl-direction', () => {
  it('confirms the falsification: the code computes forward KL, and the direction changes the fit', async () => {
    const registry = defaultRegistry();
    const report = await runCase(await loadCase(CASE, registry), registry, { record: false });
    const f1 = report.falsifications.find((f) => f.falsificationId === 'F1');
    expect(f1?.decision).toBe('confirmed');

    const audit = f1?.checks.find((x) => x.checkId === 'loss-direction');
    expect(audit?.outcome).toBe('supports');
    expect(audit?.evidence).toMatchObject({ verdict: 'forward-kl', theory: 'reverse-kl', mismatch: true, probes: 64, confined: true });
    const candidates = audit?.evidence.candidates as { name: string; maxRelError: number }[];
    expect(candidates[0]?.name).toBe('forward-kl');
    expect(candidates[0]?.maxRelError).toBeLessThan(1e-12);
    expect(candidates.find((x) => x.name === 'reverse-kl')?.maxRelError).toBeGreaterThan(0.1);

    const fit = f1?.checks.find((x) => x.checkId === 'direction-matters');
    expect(fit?.outcome).toBe('supports');
    const ev = fit?.evidence as { fits: Record<string, { mean: number; sd: number }>; separation: number; sandboxAgreesWithHost: boolean; teacherDensityAtForwardMeanOverPeak: number };
    expect(ev.sandboxAgreesWithHost).toBe(true);
    // Independent oracles: the forward-KL optimum over Gaussians matches the teacher's moments (up to the
    // grid's truncation at +-10); the reverse-KL fit sits on the heavier mode with about its width.
    const xs = gridPoints({ min: -10, max: 10, points: 201 });
    const m = moments(discretisedMixture({ weights: [0.6, 0.4], means: [-3, 3], sds: [0.8, 0.8] }, xs), xs);
    expect(m.mean).toBeCloseTo(-0.6, 6); // 0.6 * -3 + 0.4 * 3
    expect(Math.abs((ev.fits['forward-kl']?.mean ?? 0) - m.mean)).toBeLessThan(0.05);
    expect(Math.abs((ev.fits['forward-kl']?.sd ?? 0) - m.sd)).toBeLessThan(0.1);
    expect(Math.abs((ev.fits['reverse-kl']?.mean ?? 0) + 3)).toBeLessThan(0.05);
    expect(Math.abs((ev.fits['reverse-kl']?.sd ?? 0) - 0.8)).toBeLessThan(0.05);
    expect(ev.separation).toBeGreaterThan(0.35);
    expect(ev.teacherDensityAtForwardMeanOverPeak).toBeLessThan(0.05);
  });
});
