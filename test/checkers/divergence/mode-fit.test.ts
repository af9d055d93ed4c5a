import { describe, expect, it } from 'vitest';
import {
  discretisedGaussian,
  discretisedMixture,
  fitGaussian,
  gridPoints,
  mixtureDensity,
  moments,
} from '../../../checkers/divergence/mode-fit';

const xs = gridPoints({ min: -8, max: 8, points: 161 });

describe('mode fit', () => {
  it('mixture density: closed form of a single normal and of a symmetric pair', () => {
    expect(mixtureDensity({ weights: [1], means: [0], sds: [1] }, 0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
    const pair = { weights: [2, 2], means: [-1, 1], sds: [1, 1] }; // weights normalised to 1/2 each
    expect(mixtureDensity(pair, 0)).toBeCloseTo(Math.exp(-0.5) / Math.sqrt(2 * Math.PI), 15);
    const p = discretisedMixture(pair, xs);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(p[0]).toBeCloseTo(p[160] ?? 0, 18); // symmetric
  });

  it('when the teacher is itself a Gaussian on the grid, both directions recover it (KL = 0 there)', () => {
    const teacher = discretisedGaussian(1.25, 1.5, xs);
    for (const d of ['forward-kl', 'reverse-kl'] as const) {
      const f = fitGaussian(teacher, xs, d);
      expect(Math.abs(f.mean - 1.25)).toBeLessThan(1e-3);
      expect(Math.abs(f.sd - 1.5)).toBeLessThan(1e-3);
      expect(f.objective).toBeLessThan(1e-6);
    }
  });

  it('bimodal teacher: forward KL matches the moments (mode-covering), reverse KL picks the heavier mode (mode-seeking)', () => {
    const teacher = discretisedMixture({ weights: [0.3, 0.7], means: [-2.5, 2.5], sds: [0.7, 0.7] }, xs);
    const m = moments(teacher, xs);
    expect(m.mean).toBeCloseTo(0.3 * -2.5 + 0.7 * 2.5, 6);
    const fwd = fitGaussian(teacher, xs, 'forward-kl');
    const rev = fitGaussian(teacher, xs, 'reverse-kl');
    expect(Math.abs(fwd.mean - m.mean)).toBeLessThan(0.02);
    expect(Math.abs(fwd.sd - m.sd)).toBeLessThan(0.05);
    expect(Math.abs(rev.mean - 2.5)).toBeLessThan(0.05);
    expect(Math.abs(rev.sd - 0.7)).toBeLessThan(0.05);
    expect(fitGaussian(teacher, xs, 'reverse-kl')).toEqual(rev); // deterministic
  });
});
