/**
 * Re-implementation: does the KL direction matter for this teacher? Fits one Gaussian student to the
 * bimodal teacher by minimising forward KL(p || q) (what the released code computes) and reverse KL(q || p)
 * (what the theory analyses), then evaluates both divergences at both fits with 40-digit MPFR arithmetic.
 * Runs in the sandbox: `(input, api) => result`, streaming each fit's objective as a series.
 */
import { preciseCandidate } from '../../../checkers/divergence/candidates';
import { discretisedGaussian, discretisedMixture, fitGaussian, gridPoints, moments, type GridSpec, type MixtureSpec } from '../../../checkers/divergence/mode-fit';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';

interface Input {
  teacher: MixtureSpec;
  grid: GridSpec;
  digits: number;
}

interface Api {
  progress(done: number, total?: number, message?: string): void;
  point(series: string, x: number, y: number): void;
}

export default async function modeFit(input: Input, api: Api) {
  const xs = gridPoints(input.grid);
  const p = discretisedMixture(input.teacher, xs);
  const fits = [];
  for (const [k, direction] of (['forward-kl', 'reverse-kl'] as const).entries()) {
    api.progress(k, 3, `fitting ${direction}`);
    fits.push(fitGaussian(p, xs, direction, (it, value) => api.point(direction, it, value)));
  }
  api.progress(2, 3, 'high-precision evaluation');
  const P = createPrecise({ digits: input.digits, mpfr: await loadMpfr() });
  const result = fits.map((f) => {
    const q = discretisedGaussian(f.mean, f.sd, xs);
    return {
      direction: f.direction,
      mean: f.mean,
      sd: f.sd,
      objective: f.objective,
      forwardKl: preciseCandidate(P, 'forward-kl', p, q).toString(),
      reverseKl: preciseCandidate(P, 'reverse-kl', p, q).toString(),
    };
  });
  api.progress(3, 3);
  return { teacherMoments: moments(p, xs), fits: result };
}
