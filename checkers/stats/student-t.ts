/**
 * Student's t, chi-square, F and standard normal distributions: the tail probabilities the growth tests
 * report, and the t quantile (for confidence intervals).
 * - t:   P(T > t) = I_{nu/(nu+t^2)}(nu/2, 1/2) / 2 for t >= 0 (Abramowitz and Stegun 26.7.1), the two
 *        complements formed without cancellation (1 - x = t^2/(nu + t^2));
 * - chi-square: P(X > x) = Q(k/2, x/2);
 * - F:   P(F > f) = I_{d2/(d2 + d1 f)}(d2/2, d1/2);
 * - normal: P(|Z| > z) = Q(1/2, z^2/2) (erfc(z/sqrt 2)).
 * The t quantile solves the tail equation by Newton steps on ln P(T > t) inside a bisection bracket.
 * Guarantee: approximate; against scipy.stats (t.cdf, t.ppf, chi2.sf, f.sf, norm.sf) on random inputs the
 * relative error is below 1e-12 for dof up to 1e4 (test/checkers/stats/student-t.test.ts).
 */
import { DomainError } from '../errors';
import { logBeta, logGamma, regularizedBeta, regularizedGammaQ } from './incomplete-beta-gamma';

function checkDof(where: string, dof: number): void {
  if (!(dof > 0) || !Number.isFinite(dof)) throw new DomainError(where, `degrees of freedom must be positive and finite, got ${dof}`);
}

/** P(T > t) for Student's t with `dof` degrees of freedom. Example: `tUpperTail(2.015048373333024, 5)` is 0.05. */
export function tUpperTail(t: number, dof: number): number {
  checkDof('tUpperTail', dof);
  if (Number.isNaN(t)) throw new DomainError('tUpperTail', 't is NaN');
  if (t === Infinity) return 0;
  if (t === -Infinity) return 1;
  const t2 = t * t;
  // Past t^2 = 1e308, x = nu/t^2 is below 1e-300 (or underflows) and I_x(a, 1/2) = x^a / (a B(a, 1/2)) to
  // relative x: taken from ln x so that an underflowing x still gives the tail.
  const half =
    t2 === Infinity
      ? 0.5 * Math.exp((dof / 2) * (Math.log(dof) - 2 * Math.log(Math.abs(t))) - Math.log(dof / 2) - logBeta(dof / 2, 0.5))
      : 0.5 * regularizedBeta(dof / 2, 0.5, dof / (dof + t2), t2 / (dof + t2));
  return t >= 0 ? half : 1 - half;
}

/** P(T <= t). Example: `tCdf(0, 3)` is 0.5. */
export function tCdf(t: number, dof: number): number {
  return tUpperTail(-t, dof);
}

/** Two-sided p-value P(|T| >= |t|). Example: `tTwoSided(2.7764451051977987, 4)` is 0.05. */
export function tTwoSided(t: number, dof: number): number {
  checkDof('tTwoSided', dof);
  if (Number.isNaN(t)) throw new DomainError('tTwoSided', 't is NaN');
  if (!Number.isFinite(t)) return 0;
  return Math.min(1, 2 * tUpperTail(Math.abs(t), dof));
}

/** Density of Student's t. Example: `tDensity(0, 1)` is 1/pi. */
export function tDensity(t: number, dof: number): number {
  checkDof('tDensity', dof);
  const lnC = logGamma((dof + 1) / 2) - logGamma(dof / 2) - 0.5 * Math.log(dof * Math.PI);
  return Math.exp(lnC - ((dof + 1) / 2) * Math.log1p((t * t) / dof));
}

/**
 * The t with P(T <= t) = p, 0 < p < 1. Example: `tQuantile(0.975, 10)` is 2.228138851986275 (to 1e-15).
 */
export function tQuantile(p: number, dof: number): number {
  checkDof('tQuantile', dof);
  if (!(p > 0 && p < 1)) throw new DomainError('tQuantile', `p must be in (0, 1), got ${p}`);
  if (p === 0.5) return 0;
  const q = p < 0.5 ? p : 1 - p; // the upper tail to hit, at a positive t
  const sign = p < 0.5 ? -1 : 1;
  // Exact closed forms for 1 and 2 degrees of freedom.
  if (dof === 1) return sign / Math.tan(Math.PI * q);
  if (dof === 2) return (sign * (1 - 2 * q)) / Math.sqrt(2 * q * (1 - q));
  let lo = 0;
  let hi = 1;
  while (tUpperTail(hi, dof) > q) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) return sign * Infinity;
  }
  // Newton on g(t) = ln P(T > t) - ln q (concave-ish, well scaled in the far tail), kept inside [lo, hi].
  let t = (lo + hi) / 2;
  const lnQ = Math.log(q);
  for (let i = 0; i < 200; i++) {
    const tail = tUpperTail(t, dof);
    const g = Math.log(tail) - lnQ;
    if (g > 0) lo = t;
    else hi = t;
    const step = g / (tDensity(t, dof) / tail);
    let next = t + step;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - t) <= 1e-16 * Math.abs(t) || hi - lo <= 4e-16 * hi) return sign * next;
    t = next;
  }
  return sign * t;
}

/** P(X > x) for chi-square with k degrees of freedom. Example: `chiSquareUpperTail(3.841458820694124, 1)` is 0.05. */
export function chiSquareUpperTail(x: number, k: number): number {
  checkDof('chiSquareUpperTail', k);
  if (Number.isNaN(x)) throw new DomainError('chiSquareUpperTail', 'x is NaN');
  if (x <= 0) return 1;
  return regularizedGammaQ(k / 2, x / 2);
}

/** P(F > f) for the F distribution with (d1, d2) degrees of freedom. Example: `fUpperTail(4.964602743730711, 1, 10)` is 0.05. */
export function fUpperTail(f: number, d1: number, d2: number): number {
  checkDof('fUpperTail', d1);
  checkDof('fUpperTail', d2);
  if (Number.isNaN(f)) throw new DomainError('fUpperTail', 'f is NaN');
  if (f <= 0) return 1;
  if (f === Infinity) return 0;
  const denom = d2 + d1 * f;
  return regularizedBeta(d2 / 2, d1 / 2, d2 / denom, (d1 * f) / denom);
}

/** P(|Z| >= |z|) for a standard normal Z. Example: `normalTwoSided(1.959963984540054)` is 0.05. */
export function normalTwoSided(z: number): number {
  if (Number.isNaN(z)) throw new DomainError('normalTwoSided', 'z is NaN');
  if (!Number.isFinite(z)) return 0;
  return regularizedGammaQ(0.5, (z * z) / 2);
}
