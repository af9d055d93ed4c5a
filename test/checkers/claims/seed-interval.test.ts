// The seeds' t interval and the one-sample t tests of checkers/claims/seed-interval.ts against scipy 1.10 on 600
// seeded random inputs (2 to 40 seeds, scales 1e-3 to 1e4, ties in about a third, confidence 0.55 to 0.999):
// the mean and sd as numpy computes them, the interval against t.interval (cdflib, good to about 1e-9) and by its
// round trip t.sf(half/se, n - 1) = (1 - confidence)/2, and both one-sided p of ttest_1samp against a boundary.
// Also: the interval and the tests agree (the lower end is at or above b exactly when P(T >= t) <= alpha/2), the
// doc example, and the refusals.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundaryTest, hasSpread, seedSummary } from '../../../checkers/claims/seed-interval';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { PYTHON, pythonModules } from '../../helpers/required';

const scipy = pythonModules(['scipy.stats', 'numpy']);

const ORACLE = `
import json, sys
import numpy as np
from scipy import stats
out = []
for x, conf, b, half in json.load(sys.stdin):
    x = np.array(x, dtype=float); n = len(x); m = float(np.mean(x)); sd = float(np.std(x, ddof=1)); se = sd / np.sqrt(n)
    lo, hi = stats.t.interval(conf, n - 1, loc=m, scale=se)
    g = stats.ttest_1samp(x, b, alternative='greater'); l = stats.ttest_1samp(x, b, alternative='less')
    out.append([m, sd, float(lo), float(hi), float(stats.t.sf(half / se, n - 1)), float(g.statistic), float(g.pvalue), float(l.pvalue)])
print(json.dumps(out))`;

interface Case {
  x: number[];
  conf: number;
  b: number;
}

function randomCase(rng: Xoshiro128): Case {
  const n = 2 + (rng.nextFloat() < 0.6 ? rng.nextInt(9) : rng.nextInt(39));
  const sd = 10 ** (rng.nextFloat() * 7 - 3);
  const mu = sd * (rng.nextFloat() * 20 - 10);
  const decimals = rng.nextFloat() < 0.35 ? Math.max(0, Math.round(-Math.log10(sd)) + 1 + rng.nextInt(2)) : null;
  let x = Array.from({ length: n }, () => mu + sd * rng.nextNormal());
  if (decimals !== null) x = x.map((v) => Number(v.toFixed(decimals)));
  const conf = rng.nextFloat() < 0.5 ? [0.8, 0.9, 0.95, 0.99][rng.nextInt(4)]! : 0.55 + 0.449 * rng.nextFloat();
  const b = mu + sd * (rng.nextFloat() * 6 - 3);
  return { x, conf, b };
}

const relErr = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300));

describe.skipIf(scipy !== '')('seed interval and one-sample t tests against scipy', () => {
  const cases: Case[] = [];
  let ref: number[][] = [];
  beforeAll(() => {
    const rng = new Xoshiro128(2026);
    while (cases.length < 600) {
      const c = randomCase(rng);
      if (hasSpread(c.x)) cases.push(c);
    }
    const input = cases.map((c) => {
      const s = seedSummary(c.x, c.conf);
      return [c.x, c.conf, c.b, s.high - s.mean];
    });
    const run = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 << 20 });
    if (run.status !== 0) throw new Error(`scipy oracle failed: ${run.stderr}`);
    ref = JSON.parse(run.stdout) as number[][];
  });

  it('600 inputs: mean, sd, interval, round trip and both one-sided p agree with scipy', () => {
    expect(ref).toHaveLength(600);
    let worst = { mean: 0, sd: 0, ends: 0, trip: 0, t: 0, p: 0 };
    cases.forEach((c, i) => {
      const [m, sd, lo, hi, tail, t, pg, pl] = ref[i] as number[];
      const s = seedSummary(c.x, c.conf);
      const test = boundaryTest(s, c.b);
      const width = (hi as number) - (lo as number);
      worst = {
        mean: Math.max(worst.mean, Math.abs(s.mean - (m as number)) / Math.max(s.sd, 1e-300)),
        sd: Math.max(worst.sd, relErr(s.sd, sd as number)),
        ends: Math.max(worst.ends, Math.abs(s.low - (lo as number)) / width, Math.abs(s.high - (hi as number)) / width),
        trip: Math.max(worst.trip, relErr(tail as number, (1 - c.conf) / 2)),
        t: Math.max(worst.t, Math.abs(test.statistic - (t as number)) / Math.max(1, Math.abs(t as number))),
        p: Math.max(worst.p, relErr(test.pGreater, pg as number), relErr(test.pLess, pl as number)),
      };
    });
    // The mean to float64 summation order (in units of sd); the interval ends to cdflib's own accuracy (1e-9
    // of the width); our quantile in probability to 1e-10; t and both p to 1e-9 (p relative: also in the tails).
    expect(worst.mean).toBeLessThan(1e-12);
    expect(worst.sd).toBeLessThan(1e-12);
    expect(worst.ends).toBeLessThan(1e-8);
    expect(worst.trip).toBeLessThan(1e-10);
    expect(worst.t).toBeLessThan(1e-9);
    expect(worst.p).toBeLessThan(1e-9);
  });
});

describe('seed interval', () => {
  it('the doc example', () => {
    const s = seedSummary([3.9, 4.1, 4.3, 3.8, 4.2], 0.95);
    expect(s.mean).toBeCloseTo(4.06, 14);
    expect(s.sd).toBeCloseTo(0.20736441353327723, 14);
    expect(s.low).toBeCloseTo(3.8025230732070923, 9);
    expect(s.high).toBeCloseTo(4.317476926792908, 9);
    const t = boundaryTest(s, 3.5);
    expect(t.statistic).toBeCloseTo(6.038635299392556, 12);
    expect(t.pGreater).toBeCloseTo(0.0018961090068276773, 12);
  });

  it('the interval and the one-sided tests agree: low >= b exactly when P(T >= t) <= alpha/2 (away from ties)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 2, maxLength: 12 }),
        fc.constantFrom(0.8, 0.9, 0.95, 0.99),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        (x, conf, b) => {
          fc.pre(hasSpread(x));
          const s = seedSummary(x, conf);
          const t = boundaryTest(s, b);
          const alpha2 = (1 - conf) / 2;
          fc.pre(Math.abs(t.pGreater - alpha2) > 1e-9 && Math.abs(t.pLess - alpha2) > 1e-9);
          expect(s.low >= b).toBe(t.pGreater <= alpha2);
          expect(s.high <= b).toBe(t.pLess <= alpha2);
          expect(t.pGreater + t.pLess).toBeCloseTo(1, 12);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });

  it('refuses what has no interval: one value, a non-finite value, equal values, a bad confidence', () => {
    expect(() => seedSummary([1], 0.95)).toThrow(/at least 2 values, got 1/);
    expect(() => seedSummary([1, Number.NaN, 2], 0.95)).toThrow(/value 2 is NaN/);
    expect(() => seedSummary([0.3, 0.3, 0.3], 0.95)).toThrow(/all equal/);
    expect(() => seedSummary([1, 2], 1)).toThrow(/confidence must be in \(0, 1\)/);
    expect(hasSpread([0.1 + 0.2, 0.3])).toBe(false);
    expect(hasSpread([1, 2])).toBe(true);
  });
});
