/**
 * Minimisation of a function of one positive parameter over [lo, hi], on a log scale: a grid of `grid`
 * log-spaced points (so that every basin wider than a grid step is visited), then golden-section search in the
 * bracket around the best grid point (Kiefer 1953) to a width of 1e-12 in ln t. The separable growth-law
 * fits use it for their one nonlinear parameter; a 1-D search with the linear part solved exactly is robust
 * where a joint Gauss-Newton on all parameters can wander (Golub and Pereyra 2003).
 * Guarantee: approximate; the minimum of the grid and of the refined bracket, not a certificate of the
 * global minimum of an arbitrary function (a basin narrower than a grid step can be missed).
 */
import { DomainError } from '../errors';

export interface ScalarMinimum {
  /** The argument of the smallest value found. */
  at: number;
  value: number;
  /** Whether `at` is an end of [lo, hi] (the minimum may lie beyond it). */
  atBound: boolean;
}

/**
 * Example: `minimizeLogScale((t) => (Math.log(t) - 1) ** 2, 0.01, 100).at` is e (to 1e-9 relative).
 * Values that are NaN count as +Infinity.
 */
export function minimizeLogScale(f: (t: number) => number, lo: number, hi: number, grid = 32): ScalarMinimum {
  if (!(lo > 0) || !(hi >= lo) || !Number.isFinite(hi))
    throw new DomainError('minimizeLogScale', `need 0 < lo <= hi < Infinity, got [${lo}, ${hi}]`);
  const g = (u: number): number => {
    const v = f(Math.exp(u));
    return Number.isNaN(v) ? Infinity : v;
  };
  const a = Math.log(lo);
  const b = Math.log(hi);
  if (a === b) return { at: lo, value: g(a), atBound: true };
  const us = Array.from({ length: grid }, (_, i) => a + ((b - a) * i) / (grid - 1));
  const vs = us.map(g);
  let best = 0;
  for (let i = 1; i < grid; i++) if ((vs[i] as number) < (vs[best] as number)) best = i;
  let left = us[Math.max(0, best - 1)] as number;
  let right = us[Math.min(grid - 1, best + 1)] as number;
  let bestU = us[best] as number;
  let bestV = vs[best] as number;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let x1 = right - ratio * (right - left);
  let x2 = left + ratio * (right - left);
  let f1 = g(x1);
  let f2 = g(x2);
  for (let it = 0; it < 200 && right - left > 1e-12 * Math.max(1, Math.abs(bestU)); it++) {
    if (f1 <= f2) {
      right = x2;
      x2 = x1;
      f2 = f1;
      x1 = right - ratio * (right - left);
      f1 = g(x1);
    } else {
      left = x1;
      x1 = x2;
      f1 = f2;
      x2 = left + ratio * (right - left);
      f2 = g(x2);
    }
    if (f1 < bestV) [bestU, bestV] = [x1, f1];
    if (f2 < bestV) [bestU, bestV] = [x2, f2];
  }
  // The ends themselves (golden section never evaluates them).
  for (const u of [a, b]) {
    const v = g(u);
    if (v < bestV) [bestU, bestV] = [u, v];
  }
  const span = 1e-6 * (b - a);
  return { at: Math.exp(bestU), value: bestV, atBound: bestU - a <= span || b - bestU <= span };
}
