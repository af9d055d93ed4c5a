/**
 * Shared by the series tests: runs series_reference.py (Debian's Python with scipy) on a JSON object of cases,
 * with non-finite values written as Trackio's strings "NaN", "Infinity", "-Infinity" (JSON has no spelling for
 * them), and a seeded generator of series with non-finite stretches.
 *
 * Example: `referenceOf({ nonfinite: [{ steps: [0, 1], values: [1, NaN] }] }).nonfinite[0].onset` is [1, 1, 'NaN'].
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { PYTHON } from '../../helpers/required';

/** The Python modules the reference imports (for pythonModules). */
export const REFERENCE_MODULES = ['scipy.stats'];

function spell(_key: string, v: unknown): unknown {
  if (typeof v !== 'number' || Number.isFinite(v)) return v;
  return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
}

/** The reference's answers to `cases` (see series_reference.py for the shapes). */
export function referenceOf<T>(cases: Record<string, unknown>): T {
  const run = spawnSync(PYTHON, [join(__dirname, 'series_reference.py')], {
    input: JSON.stringify(cases, spell),
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  if (run.status !== 0) throw new Error(`series reference failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

const KINDS = [Number.NaN, Infinity, -Infinity];

/**
 * A seeded random series of 0 to 80 points mixing finite values, single non-finite values, runs of one kind,
 * exact alternations and cycles (period 2 to 4) and near-cycles with a glitch; steps increasing with gaps, and
 * sometimes repeated or out of order (a resumed run).
 */
export function randomSeries(rng: Xoshiro128): { steps: number[]; values: number[] } {
  const values: number[] = [];
  const target = rng.nextInt(81);
  while (values.length < target) {
    const pick = rng.nextInt(6);
    if (pick <= 1) for (let i = rng.nextInt(8); i >= 0; i--) values.push(rng.nextNormal());
    else if (pick === 2) values.push(KINDS[rng.nextInt(3)] as number);
    else if (pick === 3) {
      const k = KINDS[rng.nextInt(3)] as number;
      for (let i = 1 + rng.nextInt(10); i > 0; i--) values.push(k);
    } else {
      const cycle = Array.from({ length: 2 + rng.nextInt(3) }, () => KINDS[rng.nextInt(3)] as number);
      const length = 1 + rng.nextInt(14);
      for (let i = 0; i < length; i++) values.push(cycle[i % cycle.length] as number);
      if (pick === 5) values.push(KINDS[rng.nextInt(3)] as number);
    }
  }
  values.length = target;
  const steps: number[] = [];
  let step = rng.nextInt(3) * 1000;
  for (let i = 0; i < target; i++) {
    steps.push(step);
    step += rng.nextInt(10) === 0 ? 0 : 1 + rng.nextInt(rng.nextInt(2) === 0 ? 1 : 20);
  }
  if (target > 3 && rng.nextInt(5) === 0) {
    const i = rng.nextInt(target);
    const j = rng.nextInt(target);
    [steps[i], steps[j]] = [steps[j] as number, steps[i] as number];
  }
  return { steps, values };
}
