/**
 * Mode-seeking versus mode-covering: fit one Gaussian student to a Gaussian-mixture teacher, both
 * discretised on the same grid, by minimising forward KL(p || q) or reverse KL(q || p) over the student's
 * mean and log standard deviation. Forward KL makes the student cover every mode (its optimum over
 * Gaussians matches the teacher's mean and variance); reverse KL makes it lock onto one mode.
 *
 * Guarantee: approximate. The fit is a float64 minimisation (coarse grid search, then Nelder-Mead) that
 * returns a local minimum near the best grid cell; its objective values are re-evaluated at high precision by
 * the callers (checkers/divergence/candidates.ts) before anything is decided from them.
 */
import { float64Candidate } from './candidates';

/** A Gaussian mixture: weights (positive, normalised here), means and standard deviations. */
export interface MixtureSpec {
  readonly weights: readonly number[];
  readonly means: readonly number[];
  readonly sds: readonly number[];
}

/** An evenly spaced grid of `points` values from `min` to `max`. */
export interface GridSpec {
  readonly min: number;
  readonly max: number;
  readonly points: number;
}

export type FitDirection = 'forward-kl' | 'reverse-kl';

export interface GaussianFit {
  readonly direction: FitDirection;
  readonly mean: number;
  readonly sd: number;
  /** The minimised divergence in float64. */
  readonly objective: number;
  readonly evaluations: number;
}

/** Grid points. Example: `gridPoints({ min: 0, max: 1, points: 3 })` is [0, 0.5, 1]. */
export function gridPoints(g: GridSpec): number[] {
  if (!Number.isInteger(g.points) || g.points < 2 || !(g.max > g.min)) throw new RangeError('gridPoints: need points >= 2 and max > min');
  return Array.from({ length: g.points }, (_, i) => g.min + ((g.max - g.min) * i) / (g.points - 1));
}

/** Normalises log-weights with log-sum-exp; entries are strictly positive (floored at 1e-300). */
function normaliseLog(logs: readonly number[]): number[] {
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => Math.max(x / total, 1e-300));
}

/**
 * Density of the mixture at x (weights normalised). Example: a single N(0, 1) gives 1/sqrt(2 pi) = 0.3989... at 0.
 */
export function mixtureDensity(m: MixtureSpec, x: number): number {
  const wsum = m.weights.reduce((a, b) => a + b, 0);
  let d = 0;
  m.weights.forEach((w, k) => {
    const mu = m.means[k] ?? 0;
    const sd = m.sds[k] ?? 1;
    d += ((w / wsum) * Math.exp(-((x - mu) ** 2) / (2 * sd * sd))) / (sd * Math.sqrt(2 * Math.PI));
  });
  return d;
}

/**
 * The mixture discretised on the grid (probabilities proportional to the density at each point).
 * Example: a one-component mixture at 0 on a symmetric grid gives a symmetric vector.
 */
export function discretisedMixture(m: MixtureSpec, xs: readonly number[]): number[] {
  return normaliseLog(xs.map((x) => Math.log(mixtureDensity(m, x))));
}

/** A single Gaussian discretised on the grid. */
export function discretisedGaussian(mean: number, sd: number, xs: readonly number[]): number[] {
  return normaliseLog(xs.map((x) => -((x - mean) ** 2) / (2 * sd * sd)));
}

/** Mean and standard deviation of a discrete distribution on the grid (the forward-KL optimum's target). */
export function moments(p: readonly number[], xs: readonly number[]): { mean: number; sd: number } {
  const mean = p.reduce((s, pi, i) => s + pi * (xs[i] ?? 0), 0);
  const variance = p.reduce((s, pi, i) => s + pi * ((xs[i] ?? 0) - mean) ** 2, 0);
  return { mean, sd: Math.sqrt(variance) };
}

/**
 * Fits a Gaussian student to `teacher` on grid `xs` in the given direction. Deterministic.
 * `onStep(iteration, objective)` reports the refinement (for live plots).
 * Example: fitting reverse KL to a 0.6/0.4 mixture at -3 and +3 (sd 0.8) gives a mean near -3.
 */
export function fitGaussian(
  teacher: readonly number[],
  xs: readonly number[],
  direction: FitDirection,
  onStep?: (iteration: number, objective: number) => void,
): GaussianFit {
  let evaluations = 0;
  const objective = (mean: number, logSd: number): number => {
    evaluations++;
    const q = discretisedGaussian(mean, Math.exp(logSd), xs);
    const v = float64Candidate(direction, teacher, q);
    return Number.isFinite(v) ? v : Number.MAX_VALUE;
  };
  const lo = xs[0] ?? 0;
  const hi = xs[xs.length - 1] ?? 1;
  const spacing = (hi - lo) / Math.max(1, xs.length - 1);
  // Coarse grid: means across the range, standard deviations from 2 grid spacings to half the range.
  let best = { mean: lo, logSd: 0, value: Infinity };
  const sdLo = Math.log(2 * spacing);
  const sdHi = Math.log((hi - lo) / 2);
  for (let i = 0; i <= 60; i++) {
    for (let j = 0; j <= 30; j++) {
      const mean = lo + ((hi - lo) * i) / 60;
      const logSd = sdLo + ((sdHi - sdLo) * j) / 30;
      const value = objective(mean, logSd);
      if (value < best.value) best = { mean, logSd, value };
    }
  }
  const refined = nelderMead(
    (v) => objective(v[0] as number, v[1] as number),
    [best.mean, best.logSd],
    [(hi - lo) / 60, (sdHi - sdLo) / 30],
    300,
    onStep,
  );
  return { direction, mean: refined.x[0] as number, sd: Math.exp(refined.x[1] as number), objective: refined.value, evaluations };
}

/** Nelder-Mead simplex minimisation (standard coefficients 1, 2, 0.5, 0.5), fixed iteration count. */
function nelderMead(
  f: (x: readonly number[]) => number,
  start: readonly number[],
  steps: readonly number[],
  iterations: number,
  onStep?: (iteration: number, objective: number) => void,
): { x: number[]; value: number } {
  const n = start.length;
  let simplex = [start.slice(), ...steps.map((s, k) => start.map((v, i) => (i === k ? v + s : v)))].map((x) => ({ x, value: f(x) }));
  const combine = (a: readonly number[], b: readonly number[], t: number): number[] => a.map((v, i) => v + t * ((b[i] as number) - v));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((a, b) => a.value - b.value);
    onStep?.(it, (simplex[0] as { value: number }).value);
    const worst = simplex[n] as { x: number[]; value: number };
    const centroid = Array.from({ length: n }, (_, i) => simplex.slice(0, n).reduce((s, p) => s + (p.x[i] as number), 0) / n);
    const reflected = combine(centroid, worst.x, -1);
    const fr = f(reflected);
    const bestValue = (simplex[0] as { value: number }).value;
    const secondWorst = (simplex[n - 1] as { value: number }).value;
    if (fr < bestValue) {
      const expanded = combine(centroid, worst.x, -2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? { x: expanded, value: fe } : { x: reflected, value: fr };
    } else if (fr < secondWorst) {
      simplex[n] = { x: reflected, value: fr };
    } else {
      const contracted = combine(centroid, worst.x, 0.5);
      const fc = f(contracted);
      if (fc < worst.value) simplex[n] = { x: contracted, value: fc };
      else {
        const b = (simplex[0] as { x: number[] }).x;
        simplex = simplex.map((p, k) => (k === 0 ? p : { x: combine(b, p.x, 0.5), value: f(combine(b, p.x, 0.5)) }));
      }
    }
  }
  simplex.sort((a, b) => a.value - b.value);
  const top = simplex[0] as { x: number[]; value: number };
  return { x: top.x, value: top.value };
}
