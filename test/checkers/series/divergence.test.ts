/**
 * The divergence test (checkers/series/divergence.ts): its false-alarm rate on stationary noise (fast-check
 * configurations, 400 seeded series each: at most level + 3 standard errors), its size under Gaussian noise
 * (within 3 standard errors of the level both ways), on AR(1) noise with and without Nychka et al.'s adjustment, the log scale against scipy.stats.linregress on ln(value)
 * (series_reference.py in beforeAll), the stated minimum (never decided from fewer points), the window, the
 * ratio and every cannot-tell reason.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../checkers/errors';
import { splitSeed, Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { divergenceTest, reasonText, type DivergenceOptions } from '../../../checkers/series/divergence';
import { pythonModules } from '../../helpers/required';
import { referenceOf, REFERENCE_MODULES } from './oracle';

const missing = pythonModules(REFERENCE_MODULES);
const SEED = 20261204;
const BASE: DivergenceOptions = { scale: 'value', direction: 'increasing', errors: 'independent', level: 0.05, minPoints: 8 };

type Noise = 'normal' | 'uniform' | 'laplace';

/** A stationary series: n points at irregular increasing steps, mean mu, spread sigma, independent noise. */
function stationary(
  rng: Xoshiro128,
  n: number,
  noise: Noise,
  mu: number,
  sigma: number,
  log: boolean,
): { steps: number[]; values: number[] } {
  const steps: number[] = [];
  let step = rng.nextInt(1000);
  for (let i = 0; i < n; i++) {
    steps.push(step);
    step += 1 + rng.nextInt(20);
  }
  const values = steps.map(() => {
    const z =
      noise === 'normal'
        ? rng.nextNormal()
        : noise === 'uniform'
          ? 2 * rng.nextFloat() - 1
          : Math.log(rng.nextFloat() || 1e-300) * (rng.nextInt(2) === 0 ? 1 : -1);
    return log ? Math.exp(mu + sigma * z) : mu + sigma * z;
  });
  return { steps, values };
}

describe('false alarms on stationary noise', () => {
  it('a stationary series is called diverging at level 0.05 at most 0.05 + 3 standard errors of the time (each of 20 configurations, 400 series)', () => {
    const R = 400;
    const bound = 0.05 + 3 * Math.sqrt((0.05 * 0.95) / R);
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
          n: fc.integer({ min: 8, max: 60 }),
          noise: fc.constantFrom<Noise>('normal', 'uniform', 'laplace'),
          mu: fc.double({ min: -5, max: 5, noNaN: true }),
          sigma: fc.double({ min: 1e-3, max: 2, noNaN: true }),
          log: fc.boolean(),
          direction: fc.constantFrom('increasing' as const, 'decreasing' as const),
          errors: fc.constantFrom('independent' as const, 'ar1' as const),
        }),
        (c) => {
          let alarms = 0;
          for (let r = 0; r < R; r++) {
            const s = stationary(new Xoshiro128(splitSeed(c.seed, r)), c.n, c.noise, c.mu, c.sigma, c.log);
            const d = divergenceTest(s, { ...BASE, scale: c.log ? 'log' : 'value', direction: c.direction, errors: c.errors });
            if (c.errors === 'independent') expect(d.outcome).not.toBe('cannot-tell');
            if (d.outcome === 'diverging') alarms++;
          }
          expect(alarms / R, JSON.stringify(c)).toBeLessThanOrEqual(bound);
        },
      ),
      { seed: SEED, numRuns: 20 },
    );
  });

  it('under Gaussian noise the size is the level: 4000 series of 20 points, within 3 standard errors of 0.05 and of 0.01', () => {
    const R = 4000;
    for (const level of [0.05, 0.01]) {
      let alarms = 0;
      for (let r = 0; r < R; r++) {
        const s = stationary(new Xoshiro128(splitSeed(SEED + 1, r)), 20, 'normal', 3, 0.5, false);
        if (divergenceTest(s, { ...BASE, level }).outcome === 'diverging') alarms++;
      }
      expect(Math.abs(alarms / R - level)).toBeLessThanOrEqual(3 * Math.sqrt((level * (1 - level)) / R));
    }
  });

  it('AR(1) noise (1000 series per case): the plain test alarms over 10% of the time, the adjusted one at most 0.05 + 3 standard errors', () => {
    const R = 1000;
    const bound = 0.05 + 3 * Math.sqrt((0.05 * 0.95) / R);
    for (const [n, phi] of [
      [30, 0.5],
      [100, 0.5],
      [100, 0.9],
      [300, 0.7],
    ] as const) {
      const alarms = { independent: 0, ar1: 0, refused: 0 };
      for (let r = 0; r < R; r++) {
        const rng = new Xoshiro128(splitSeed(SEED + 6 + n, r));
        const steps = Array.from({ length: n }, (_, i) => 10 * i);
        let e = 0;
        const values = steps.map(() => (e = phi * e + rng.nextNormal()));
        if (divergenceTest({ steps, values }, BASE).outcome === 'diverging') alarms.independent++;
        const adjusted = divergenceTest({ steps, values }, { ...BASE, errors: 'ar1' });
        if (adjusted.outcome === 'diverging') alarms.ar1++;
        if (adjusted.outcome === 'cannot-tell') alarms.refused++;
      }
      console.info(
        `AR(1) phi ${phi}, ${n} points: false alarms ${alarms.independent / R} plain, ${alarms.ar1 / R} adjusted (${alarms.refused} refused)`,
      );
      expect(alarms.independent / R).toBeGreaterThan(0.1);
      expect(alarms.ar1 / R).toBeLessThanOrEqual(bound);
    }
  });

  it('a clear trend is found in its direction only: 1000 series of 30 points rising (falling) 5 sigma over the window', () => {
    const found = { up: 0, down: 0, wrongWay: 0 };
    for (let r = 0; r < 1000; r++) {
      const s = stationary(new Xoshiro128(splitSeed(SEED + 2, r)), 30, 'normal', 0, 1, false);
      const span = (s.steps.at(-1) as number) - (s.steps[0] as number);
      const rising = { steps: s.steps, values: s.values.map((v, i) => v + (5 * ((s.steps[i] as number) - (s.steps[0] as number))) / span) };
      const falling = { steps: s.steps, values: rising.values.map((v) => -v) };
      if (divergenceTest(rising, BASE).outcome === 'diverging') found.up++;
      if (divergenceTest(falling, { ...BASE, direction: 'decreasing' }).outcome === 'diverging') found.down++;
      if (divergenceTest(falling, BASE).outcome === 'diverging') found.wrongWay++;
    }
    expect(found.up).toBeGreaterThan(990);
    expect(found.down).toBe(found.up);
    expect(found.wrongWay).toBe(0);
  });
});

describe('stated minimum, window, ratio and reasons', () => {
  it('never decides from fewer finite points than the stated minimum (non-finite ones are left out and counted)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 3, max: 20 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 5 }),
        (seed, minPoints, n, bad) => {
          const rng = new Xoshiro128(seed);
          const steps = Array.from({ length: n + bad }, (_, i) => i);
          const values = steps.map((s) => (s < n ? s * s + rng.nextNormal() : rng.nextInt(2) ? Number.NaN : Infinity));
          const d = divergenceTest({ steps, values }, { ...BASE, minPoints });
          expect(d.window).toEqual({ fromStep: null, toStep: null, points: n, nonFinite: bad });
          if (n < minPoints) {
            expect(d.outcome).toBe('cannot-tell');
            expect(d.reason).toEqual({ code: 'too-few-points', points: n, minimum: minPoints });
            expect(d.guarantee).toBeNull();
          } else {
            expect(d.outcome).not.toBe('cannot-tell');
            if (d.slope !== null) expect(d.guarantee).toMatchObject({ kind: 'statistical', p: d.slope.p, dof: n - 2, level: 0.05 });
          }
        },
      ),
      { seed: SEED + 3, numRuns: 300 },
    );
  });

  it('the window is the same test as the sliced series; a ratio threshold only removes rejections', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        (seed, a, b, threshold) => {
          const s = stationary(new Xoshiro128(seed), 60, 'normal', 5, 1, true);
          const values = s.values.map((v, i) => v * Math.exp(i / 30));
          const [from, to] = [Math.min(a, b) + 10, Math.max(a, b) + 10].map((i) => s.steps[i] as number) as [number, number];
          const windowed = divergenceTest({ steps: s.steps, values }, { ...BASE, scale: 'log', fromStep: from, toStep: to });
          const keep = s.steps.map((_, i) => i).filter((i) => (s.steps[i] as number) >= from && (s.steps[i] as number) <= to);
          const sliced = divergenceTest(
            { steps: keep.map((i) => s.steps[i] as number), values: keep.map((i) => values[i] as number) },
            { ...BASE, scale: 'log' },
          );
          expect({ ...windowed, window: null }).toEqual({ ...sliced, window: null });
          const withRatio = divergenceTest({ steps: s.steps, values }, { ...BASE, scale: 'log', ratioThreshold: threshold });
          const without = divergenceTest({ steps: s.steps, values }, { ...BASE, scale: 'log' });
          if (withRatio.outcome === 'diverging') expect(without.outcome).toBe('diverging');
          expect(withRatio.outcome === 'diverging').toBe(
            without.outcome === 'diverging' && (withRatio.ratio?.ratio as number) >= threshold,
          );
        },
      ),
      { seed: SEED + 4, numRuns: 200 },
    );
  });

  it('the doc example, the ratio, constant windows and every cannot-tell reason', () => {
    const doc = { steps: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], values: [1, 1.2, 1.1, 1.5, 1.4, 1.9, 2.1, 2.0, 2.6, 3.1] };
    const d = divergenceTest(doc, { ...BASE, scale: 'log' });
    expect([d.outcome, d.slope?.dof, d.guarantee?.kind]).toEqual(['diverging', 8, 'statistical']);
    expect(d.slope!.p).toBeCloseTo(1.2377e-6, 9);
    expect(d.ratio).toEqual({ points: 2, firstMean: 1.1, lastMean: 2.85, ratio: 2.85 / 1.1, threshold: null, reached: null });
    const short = divergenceTest(doc, { ...BASE, scale: 'log', minPoints: 12 });
    expect(reasonText(short.reason!)).toBe('10 finite points in the window, fewer than the stated minimum of 12');
    expect(divergenceTest(doc, { ...BASE, ratioThreshold: 3 }).outcome).toBe('not-significant');
    expect(divergenceTest(doc, { ...BASE, direction: 'decreasing', ratioThreshold: 3 }).outcome).toBe('not-significant');
    const flat = divergenceTest({ steps: doc.steps, values: doc.steps.map(() => 0.1) }, BASE);
    expect([flat.outcome, flat.guarantee, flat.slope, flat.ratio?.ratio]).toEqual(['constant', { kind: 'exact' }, null, 1]);
    const neg = divergenceTest({ steps: doc.steps, values: doc.values.map((v, i) => (i === 4 ? -v : v)) }, { ...BASE, scale: 'log' });
    expect(reasonText(neg.reason!)).toBe('the value -1.4 at step 4 is not positive: no log scale');
    const same = divergenceTest({ steps: doc.steps.map(() => 7), values: doc.values }, BASE);
    expect(reasonText(same.reason!)).toBe('every point in the window is at step 7: no slope');
    const noRatio = divergenceTest({ steps: doc.steps, values: doc.values.map((v) => v - 1.5) }, { ...BASE, ratioThreshold: 2 });
    expect([noRatio.outcome, noRatio.reason?.code, noRatio.slope?.dof]).toEqual(['cannot-tell', 'no-ratio', 8]);
    expect(reasonText(noRatio.reason!)).toMatch(/first sub-window's mean -0\.4\d* is not positive/);
    const wavy = { steps: doc.steps, values: [1, 2, 3, 4, 5, 5, 4, 3, 2, 1] };
    const fewEffective = divergenceTest(wavy, { ...BASE, errors: 'ar1' });
    expect([fewEffective.outcome, fewEffective.reason?.code, fewEffective.slope?.n]).toEqual([
      'cannot-tell',
      'too-few-effective-points',
      10,
    ]);
    expect(reasonText(fewEffective.reason!)).toMatch(
      /^10 finite points with residual lag-1 autocorrelation 0\.\d+ count as \d\.\d+ independent ones, fewer than the stated minimum of 8$/,
    );
    const long = {
      steps: Array.from({ length: 40 }, (_, i) => i),
      values: Array.from({ length: 40 }, (_, i) => 1 + 0.05 * i + 0.3 * Math.sin(i * 2.3)),
    };
    const adjusted = divergenceTest(long, { ...BASE, errors: 'ar1' });
    expect(adjusted.outcome).toBe('diverging');
    expect(adjusted.guarantee).toMatchObject({ kind: 'statistical', p: adjusted.adjusted!.p, dof: adjusted.adjusted!.effectiveN - 2 });
    expect((adjusted.guarantee as { test: string }).test).toContain('adjusted for AR(1) errors');
    const tight = divergenceTest(doc, { ...BASE, ratioThreshold: 2, ratioPoints: 6 });
    expect(reasonText(tight.reason!)).toBe('10 points cannot hold two sub-windows of 6: no ratio to compare with the threshold');
  });

  it('rejects options out of range with DomainError', () => {
    const s = { steps: [0, 1, 2], values: [1, 2, 3] };
    expect(() => divergenceTest(s, { ...BASE, level: 0 })).toThrow(DomainError);
    expect(() => divergenceTest(s, { ...BASE, level: 1 })).toThrow(/level/);
    expect(() => divergenceTest(s, { ...BASE, minPoints: 2 })).toThrow(/minPoints/);
    expect(() => divergenceTest(s, { ...BASE, minPoints: 8.5 })).toThrow(/minPoints/);
    expect(() => divergenceTest(s, { ...BASE, ratioPoints: 0 })).toThrow(/ratioPoints/);
    expect(() => divergenceTest(s, { ...BASE, ratioThreshold: -1 })).toThrow(/ratioThreshold/);
  });
});

interface SlopeRef {
  scipy: { slope: number; stderr: number; r: number; p_greater: number; p_less: number };
}

const logCases = Array.from({ length: 120 }, (_, i) => {
  const rng = new Xoshiro128(splitSeed(SEED + 5, i));
  const s = stationary(rng, 8 + rng.nextInt(60), 'normal', rng.nextFloat() * 4 - 2, 0.05 + rng.nextFloat(), true);
  const growth = [0, 0.001, 0.01, 0.05][rng.nextInt(4)] as number;
  return { steps: s.steps, values: s.values.map((v, j) => v * Math.exp(growth * ((s.steps[j] as number) - (s.steps[0] as number)))) };
});

describe.skipIf(Boolean(missing))('the log scale against scipy.stats.linregress on ln(value)', () => {
  let ref: SlopeRef[];
  beforeAll(() => {
    ref = referenceOf<{ slopes: SlopeRef[] }>({ slopes: logCases.map((c) => ({ x: c.steps, y: c.values, log: true })) }).slopes;
  });

  it(`${logCases.length} series: slope, se and both one-sided p`, () => {
    logCases.forEach((c, i) => {
      const e = ref[i]!.scipy;
      for (const direction of ['increasing', 'decreasing'] as const) {
        const d = divergenceTest(c, { ...BASE, scale: 'log', direction });
        const f = d.slope!;
        expect(Math.abs(f.slope - e.slope) / Math.max(Math.abs(e.slope), e.stderr), `case ${i}`).toBeLessThan(1e-9);
        expect(Math.abs(f.se - e.stderr) / e.stderr, `case ${i}`).toBeLessThan(1e-8);
        const p = direction === 'increasing' ? e.p_greater : e.p_less;
        if (p > 1e-300) expect(Math.abs(f.p - p) / p, `case ${i}`).toBeLessThan(1e-6);
        expect(d.outcome).toBe(p < 0.05 ? 'diverging' : 'not-significant');
      }
    });
  });
});
