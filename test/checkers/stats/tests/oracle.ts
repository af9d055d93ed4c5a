/**
 * Shared by the hypothesis-test tests: seeded random samples (normal data at varied scales, optionally rounded
 * so that values tie), and one call of tests_reference.py (scipy 1.10 on Debian's /usr/bin/python3), made in
 * a test's beforeAll. Example: `const rng = new Xoshiro128(1); normalSample(rng, 5, { mean: 0, sd: 1, decimals: 1 })`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { ALTERNATIVES, type Alternative } from '../../../../checkers/stats/tests/types';
import { PYTHON } from '../../../helpers/required';

/** The modules tests_reference.py imports. */
export const ORACLE_MODULES = ['scipy.stats', 'numpy'];

/** Runs tests_reference.py on `cases` (keys as its doc comment lists) and returns its answer. */
export function scipyReference<T>(cases: Record<string, unknown[]>): T {
  const run = spawnSync(PYTHON, [join(__dirname, 'tests_reference.py')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  if (run.status !== 0) throw new Error(`scipy reference failed: ${run.stderr}`);
  return JSON.parse(run.stdout, (_key, v: unknown) =>
    v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? Number.NaN : v,
  ) as T;
}

export interface SampleShape {
  readonly mean: number;
  readonly sd: number;
  /** Round to this many decimals (ties), or null for full-precision values. */
  readonly decimals: number | null;
}

/** n normal values with the shape's mean and sd, rounded when asked. */
export function normalSample(rng: Xoshiro128, n: number, shape: SampleShape): number[] {
  return Array.from({ length: n }, () => round(shape.mean + shape.sd * rng.nextNormal(), shape.decimals));
}

export function round(x: number, decimals: number | null): number {
  if (decimals === null) return x;
  return Number(x.toFixed(decimals));
}

/** A random shape: scale from 1e-3 to 1e4, a mean within a few sds, ties in about a third of the cases. */
export function randomShape(rng: Xoshiro128): SampleShape {
  const sd = 10 ** (rng.nextFloat() * 7 - 3);
  const mean = sd * (rng.nextFloat() * 8 - 4);
  const decimals = rng.nextFloat() < 0.35 ? Math.max(0, Math.round(-Math.log10(sd)) + rng.nextInt(2)) : null;
  return { mean, sd, decimals };
}

export function pick<T>(rng: Xoshiro128, items: readonly T[]): T {
  return items[rng.nextInt(items.length)] as T;
}

export function randomAlternative(rng: Xoshiro128): Alternative {
  return pick(rng, ALTERNATIVES);
}

/** A confidence level: a common one, or uniform in (0.55, 0.999). */
export function randomLevel(rng: Xoshiro128): number {
  return rng.nextFloat() < 0.5 ? pick(rng, [0.8, 0.9, 0.95, 0.99]) : 0.55 + 0.449 * rng.nextFloat();
}

/** Relative error of a against the reference b, with an absolute floor. */
export function relErr(a: number, b: number, floor = 1e-300): number {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.max(Math.abs(b), floor);
}
