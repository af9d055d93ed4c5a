/**
 * The Clopper-Pearson interval at large n (issue 25: 4.2 s at n = 1e6 by bisection over O(n) tails): the bounds
 * as beta quantiles against scipy.stats.beta.ppf to 1e-9 relative on random (k, n) with n up to 1e7, and against
 * a 50-digit mpmath root of the binomial tail where scipy's own ppf is off by 3e-11.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exactInterval, MAX_EXACT_INTERVAL_N } from '../../../checkers/stats/proportion-interval';
import { DomainError } from '../../../checkers/errors';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['scipy.stats', 'mpmath']);

const ORACLE = String.raw`
import json, sys
from scipy.stats import beta
from mpmath import mp, mpf, binomial
cases = json.load(sys.stdin)
def ppf(k, n, cl):
    a = (1 - cl) / 2
    return [0.0 if k == 0 else float(beta.ppf(a, k, n - k + 1)), 1.0 if k == n else float(beta.ppf(1 - a, k + 1, n - k))]
mp.dps = 50
def upper_root(n, k, t):
    # p with P(X <= k; n, p) = t, by bisection on the exact sum (small k only)
    f = lambda p: sum(binomial(n, i) * p**i * (1 - p)**(n - i) for i in range(k + 1)) - t
    lo, hi = mpf(0), mpf(1)
    for _ in range(220):
        m = (lo + hi) / 2
        if f(m) > 0: lo = m
        else: hi = m
    return float(lo)
print(json.dumps({"ppf": [ppf(k, n, cl) for k, n, cl in cases["ppf"]], "mp": [upper_root(n, k, mpf(1 - cl) / 2) for k, n, cl in cases["mp"]]}))`;

const input = fc
  .tuple(
    fc.double({ min: 0, max: Math.log(MAX_EXACT_INTERVAL_N), noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(0.95, 0.9, 0.99, 0.999, 0.5),
  )
  .map(([ln, u, cl]) => {
    const n = Math.max(1, Math.round(Math.exp(ln)));
    return [Math.min(n, Math.floor(u * (n + 1))), n, cl] as [number, number, number];
  });
const PPF: [number, number, number][] = [
  [500_000, 1_000_000, 0.95],
  [1, 1_000_000, 0.95],
  [3, 10_000_000, 0.95],
  [9_999_990, 10_000_000, 0.95],
  [123_456, 7_654_321, 0.99],
  [0, 10_000_000, 0.95],
  [10_000_000, 10_000_000, 0.95],
  ...fc.sample(input, { seed: 77, numRuns: 300 }),
];
const MP: [number, number, number][] = [
  [3, 10_000_000, 0.95],
  [1, 1_000_000, 0.95],
  [0, 2_000_000, 0.99],
];

const rel = (a: number, b: number): number => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300));
let ref: { ppf: [number, number][]; mp: number[] };

beforeAll(() => {
  if (missing) return;
  const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify({ ppf: PPF, mp: MP }), encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`oracle failed: ${r.stderr}`);
  ref = JSON.parse(r.stdout);
});

describe.skipIf(missing !== '')('Clopper-Pearson at large n', () => {
  it('bounds within 1e-9 relative of scipy.stats.beta.ppf on 307 (k, n) with n up to 1e7', () => {
    const bad = PPF.map(([k, n, cl], i) => {
      const e = exactInterval(k, n, cl);
      const [lo, hi] = ref.ppf[i]!;
      return [k, n, cl, e.low, lo, e.high, hi];
    }).filter(([, , , l, wl, h, wh]) => rel(l!, wl!) > 1e-9 || rel(h!, wh!) > 1e-9);
    expect(bad).toEqual([]);
  });

  it('upper bounds for small k within 1e-13 of a 50-digit mpmath root (scipy is 3e-11 off at n = 1e7)', () => {
    MP.forEach(([k, n, cl], i) => expect([k, n, rel(exactInterval(k, n, cl).high, ref.mp[i]!) < 1e-13]).toEqual([k, n, true]));
    const scipyHigh = ref.ppf[2]![1];
    expect(rel(scipyHigh, ref.mp[0]!)).toBeGreaterThan(1e-12);
  });

  it('refuses n above the limit with a DomainError', () => {
    expect(() => exactInterval(1, MAX_EXACT_INTERVAL_N + 1, 0.95)).toThrow(DomainError);
  });
});
