/**
 * The OLS slope, its standard error, t and one-sided p (checkers/series/window-slope.ts) against two
 * references computed in beforeAll by series_reference.py: the same fit in exact rational arithmetic
 * (Fraction of the doubles, with scipy's t.sf at the exact t) and scipy.stats.linregress with
 * alternative='greater' and 'less', on 600 seeded random series: 3 to 152 points, steps from 0 or offset to
 * 1e6 and 1.2e8, with gaps and repeats, values at scales 1e-6 to 1e6, zero to steep trends, Gaussian, uniform
 * and heavy-tailed noise.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../checkers/errors';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { ar1Adjusted, olsSlope } from '../../../checkers/series/window-slope';
import { pythonModules } from '../../helpers/required';
import { REFERENCE_MODULES, referenceOf } from './oracle';

const missing = pythonModules(REFERENCE_MODULES);
const SEED = 20261202;

interface Ar1 {
  ne: number;
  se: number;
  t: number;
  p_greater: number;
  p_less: number;
}
interface Exact {
  slope: number;
  intercept: number;
  se: number;
  t: number | null;
  dof: number;
  lag1: number | null;
  ar1: Ar1 | null;
  p_greater: number | null;
  p_less: number | null;
}
interface Scipy {
  slope: number;
  intercept: number;
  stderr: number;
  r: number;
  p_greater: number;
  p_less: number;
}

function slopeCases(count: number, seed: number): { x: number[]; y: number[] }[] {
  const rng = new Xoshiro128(seed);
  const cases: { x: number[]; y: number[] }[] = [];
  for (let c = 0; c < count; c++) {
    const n = 3 + (c % 5 === 0 ? rng.nextInt(6) : rng.nextInt(150));
    const offset = [0, 1000, 1e6, 123456789][rng.nextInt(4)] as number;
    const gap = 1 + rng.nextInt(50);
    const x: number[] = [];
    let step = offset;
    for (let i = 0; i < n; i++) {
      x.push(step);
      step += rng.nextInt(10) === 0 ? 0 : 1 + rng.nextInt(gap);
    }
    if (x[n - 1] === x[0]) x[n - 1] = (x[0] as number) + 1;
    const scale = 10 ** (rng.nextFloat() * 12 - 6);
    const sigma = scale * (0.01 + rng.nextFloat());
    const level = scale * (rng.nextFloat() * 10 - 5);
    const span = (x[n - 1] as number) - (x[0] as number);
    const strength = [0, 0, 0.3, 1, 3, 30, 1e4][rng.nextInt(7)] as number;
    const b = (strength * rng.nextNormal() * sigma) / span;
    const noise = rng.nextInt(3);
    const y = x.map((xi) => {
      const z = noise === 0 ? rng.nextNormal() : noise === 1 ? 2 * rng.nextFloat() - 1 : rng.nextNormal() ** 3;
      return level + b * (xi - (x[0] as number)) + sigma * z;
    });
    cases.push({ x, y });
  }
  return cases;
}

const cases = slopeCases(600, SEED);

const EPS = 2 ** -52;

/** max |y - ybar| over the residuals' root mean square (from the exact se): how close the fit is. */
function kappaOf(x: readonly number[], y: readonly number[], se: number): number {
  const n = x.length;
  const xbar = x.reduce((s, v) => s + v, 0) / n;
  const ybar = y.reduce((s, v) => s + v, 0) / n;
  const sxx = x.reduce((s, v) => s + (v - xbar) ** 2, 0);
  const rms = se * Math.sqrt((sxx * (n - 2)) / n);
  return Math.max(...y.map((v) => Math.abs(v - ybar))) / rms;
}

function relErr(a: number, b: number): number {
  return a === b ? 0 : Math.abs(a - b) / Math.abs(b);
}

describe.skipIf(Boolean(missing))('OLS slope test against exact rational sums and scipy.stats.linregress', () => {
  let exact: Exact[];
  let scipy: Scipy[];
  beforeAll(() => {
    const out = referenceOf<{ slopes: { exact: Exact; scipy: Scipy }[] }>({ slopes: cases });
    exact = out.slopes.map((s) => s.exact);
    scipy = out.slopes.map((s) => s.scipy);
  });

  it(`${cases.length} series: slope and intercept to 1e-11 of the exact fit, se and t to 1e-12 + 2 eps kappa, p to 1e-9 relative, lag-1 to 1e-10, the AR(1)-adjusted p to 1e-8`, () => {
    const worst = { slope: 0, se: 0, t: 0, p: 0, ar1: 0 };
    let adjusted = 0;
    cases.forEach(({ x, y }, i) => {
      const e = exact[i]!;
      for (const direction of ['increasing', 'decreasing'] as const) {
        const f = olsSlope(x, y, direction);
        const where = `case ${i}, n = ${x.length}, ${direction}`;
        expect(f.dof, where).toBe(e.dof);
        // The slope's error measured against the larger of its size and its standard error (a zero slope has no
        // relative digits to keep; its error matters only against se).
        const dSlope = Math.abs(f.slope - e.slope) / Math.max(Math.abs(e.slope), e.se);
        worst.slope = Math.max(worst.slope, dSlope);
        expect(dSlope, where).toBeLessThan(1e-11);
        const xMax = Math.max(...x.map(Math.abs));
        expect(Math.abs(f.intercept - e.intercept), where).toBeLessThan(
          1e-11 * (Math.abs(e.intercept) + Math.abs(e.slope) * xMax + e.se * xMax),
        );
        // se comes from residuals that are differences of values: its rounding grows with how small the residuals
        // are against the values' spread (kappa); a fit with residuals 1e-6 of the spread keeps about 10 digits.
        const bound = 1e-12 + 2 * EPS * kappaOf(x, y, e.se);
        worst.se = Math.max(worst.se, relErr(f.se, e.se) / bound);
        expect(relErr(f.se, e.se), where).toBeLessThan(bound);
        const t = e.t as number;
        worst.t = Math.max(worst.t, Math.abs(f.t - t) / Math.max(Math.abs(t), 1) / bound);
        expect(Math.abs(f.t - t) / Math.max(Math.abs(t), 1), where).toBeLessThan(2 * bound);
        const p = (direction === 'increasing' ? e.p_greater : e.p_less) as number;
        if (p >= 1e-300) {
          worst.p = Math.max(worst.p, relErr(f.p, p));
          expect(relErr(f.p, p), `${where}: t = ${t}`).toBeLessThan(1e-9);
        } else expect(f.p, where).toBeLessThan(1e-290);
        expect(Math.abs((f.residualLag1 as number) - (e.lag1 as number)), where).toBeLessThan(1e-10);
        // Nychka et al.'s AR(1) adjustment, from the exact lag-1 autocorrelation.
        const adj = ar1Adjusted(f);
        if (e.ar1 === null) expect(adj, where).toBeNull();
        else {
          expect(Math.abs(adj!.effectiveN - e.ar1.ne), where).toBeLessThan(1e-8 * x.length);
          expect(relErr(adj!.se, e.ar1.se), where).toBeLessThan(1e-7);
          const pa = direction === 'increasing' ? e.ar1.p_greater : e.ar1.p_less;
          worst.ar1 = Math.max(worst.ar1, Math.abs(adj!.p - pa) / Math.max(pa, 1e-300));
          if (pa >= 1e-300) expect(Math.abs(adj!.p - pa) / pa, `${where}: adjusted`).toBeLessThan(1e-8);
          adjusted++;
        }
      }
    });
    expect(adjusted).toBeGreaterThan(800);
    console.info(
      `worst errors against exact sums: slope ${worst.slope.toExponential(2)}, se ${worst.se.toFixed(3)} and t ${worst.t.toFixed(3)} of their bound, p ${worst.p.toExponential(2)}, AR(1)-adjusted p ${worst.ar1.toExponential(2)}`,
    );
  });

  it('agrees with scipy.stats.linregress where its 1 - r^2 formula keeps digits (1 - r^2 > 1e-6)', () => {
    let compared = 0;
    cases.forEach(({ x, y }, i) => {
      const s = scipy[i]!;
      if (1 - s.r * s.r <= 1e-6) return;
      compared++;
      const up = olsSlope(x, y, 'increasing');
      const down = olsSlope(x, y, 'decreasing');
      const where = `case ${i}, n = ${x.length}`;
      expect(Math.abs(up.slope - s.slope) / Math.max(Math.abs(s.slope), s.stderr), where).toBeLessThan(1e-9);
      expect(relErr(up.se, s.stderr), where).toBeLessThan(1e-6);
      if (s.p_greater >= 1e-300) expect(relErr(up.p, s.p_greater), where).toBeLessThan(1e-5);
      if (s.p_less >= 1e-300) expect(relErr(down.p, s.p_less), where).toBeLessThan(1e-5);
    });
    expect(compared).toBeGreaterThanOrEqual(500);
  });
});

describe('OLS slope: laws and edges (no oracle)', () => {
  it('the two one-sided p add to 1, and shifting or scaling x and y moves slope, se and t as they must', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 3, max: 40 }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (seed, n, shift, k) => {
          const rng = new Xoshiro128(seed);
          const x = Array.from({ length: n }, (_, i) => i * 3 + rng.nextInt(3));
          const y = x.map((xi) => 0.01 * xi + rng.nextNormal());
          const f = olsSlope(x, y, 'increasing');
          expect(Math.abs(f.p + olsSlope(x, y, 'decreasing').p - 1)).toBeLessThan(1e-12);
          const g = olsSlope(
            x.map((xi) => xi + 1000),
            y.map((yi) => k * yi + shift),
            'increasing',
          );
          expect(Math.abs(g.slope - k * f.slope)).toBeLessThan(1e-9 * k * (Math.abs(f.slope) + f.se));
          expect(Math.abs(g.t - f.t)).toBeLessThan(1e-8 * Math.max(1, Math.abs(f.t)));
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('exact lines give t = ±Infinity and p 0 or 1; constant y gives slope 0; bad input is a DomainError', () => {
    const line = olsSlope([0, 1, 2, 3], [1, 3, 5, 7], 'increasing');
    expect([line.slope, line.se, line.t, line.p, line.residualLag1]).toEqual([2, 0, Infinity, 0, null]);
    expect(olsSlope([0, 1, 2, 3], [7, 5, 3, 1], 'increasing').p).toBe(1);
    expect(olsSlope([0, 1, 2], [4, 4, 4], 'increasing').slope).toBe(0);
    const doc = olsSlope([0, 1, 2, 3], [1, 3, 2, 4], 'increasing');
    expect(doc.slope).toBeCloseTo(0.8, 14);
    expect(doc.se).toBeCloseTo(Math.sqrt(0.18), 14);
    expect(doc.p).toBeCloseTo(0.1, 14);
    expect(doc.residualLag1).toBeCloseTo(-0.75, 14);
    expect(() => olsSlope([0, 1], [1, 2], 'increasing')).toThrow(DomainError);
    expect(() => olsSlope([1, 1, 1], [1, 2, 3], 'increasing')).toThrow(/does not vary/);
    expect(() => olsSlope([0, 1, 2], [1, Number.NaN, 3], 'increasing')).toThrow(/not finite/);
    expect(() => olsSlope([0, 1, 2], [1, 2], 'increasing')).toThrow(DomainError);
  });
});
