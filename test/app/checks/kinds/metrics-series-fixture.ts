/**
 * The Trackio database of the metrics-series tests, written by Python's sqlite3 (test/app/metrics/sqlite-fixture.ts)
 * into a case folder's logbook: the forward- and reverse-KL runs of issue 20 (reverse turns into a strict +Inf/NaN
 * alternation from step 150 while its eval perplexity stays finite; forward stays finite), a stationary run with
 * AR(1) noise, a run whose loss rises, and a run of 5 points. The values given to Python are the tests' oracle.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Xoshiro128 } from '../../../../checkers/random/xoshiro128';
import { hexId, isoAt, writeTrackioDatabase, type RowSpec, type RunSpec } from '../../metrics/sqlite-fixture';
import type { CheckResultView } from '../../../../common/api/contract';
import type { CheckResult } from '../../../../app/checks/kind';
import { letterProblems, resultView } from '../../../helpers/letter-words';

/** A series as written. */
export interface Written {
  readonly steps: number[];
  readonly values: number[];
}

export const STEPS = 400;
export const ONSET = 150;

/** AR(1) noise: e_t = phi e_(t-1) + sd z_t, seeded. */
export function ar1Noise(rng: Xoshiro128, n: number, phi: number, sd: number): number[] {
  const out: number[] = [];
  let e = 0;
  for (let i = 0; i < n; i++) {
    e = phi * e + sd * rng.nextNormal();
    out.push(e);
  }
  return out;
}

function rows(loss: Written, evalPpl?: Written): RowSpec[] {
  const out: RowSpec[] = loss.steps.map((step, i) => ({
    step,
    timestamp: isoAt(step),
    metrics: { 'train/loss': loss.values[i] as number },
  }));
  if (evalPpl !== undefined)
    evalPpl.steps.forEach((step, i) => out.push({ step, timestamp: isoAt(step), metrics: { 'eval/ppl': evalPpl.values[i] as number } }));
  return out;
}

/** The series of every run, by run name and key. */
export interface Fixture {
  readonly series: Record<string, Record<string, Written>>;
}

/** Writes `<caseDir>/logbook/trackio.db` and returns what was written. */
export function writeKlDatabase(caseDir: string): Fixture {
  const rng = new Xoshiro128(20);
  const steps = Array.from({ length: STEPS }, (_, i) => i);
  const evalSteps = steps.filter((s) => s % 10 === 0);
  const noise = ar1Noise(rng, STEPS, 0.5, 0.02);
  const forward = { steps, values: steps.map((s, i) => 3 * Math.exp(-s / 200) + 1 + (noise[i] as number)) };
  const reverse = {
    steps,
    values: steps.map((s, i) =>
      s < ONSET ? 2.5 * Math.exp(-s / 100) + 0.8 + (noise[i] as number) : (s - ONSET) % 2 === 0 ? Infinity : Number.NaN,
    ),
  };
  const ppl = (shift: number) => ({
    steps: evalSteps,
    values: evalSteps.map((s) => 20 + shift + 5 * Math.exp(-s / 150) + 0.1 * rng.nextNormal()),
  });
  const forwardPpl = ppl(0);
  const reversePpl = ppl(1);
  const stationary = { steps: Array.from({ length: 200 }, (_, i) => i * 5), values: ar1Noise(rng, 200, 0.7, 0.05).map((e) => 2 + e) };
  const risingNoise = ar1Noise(rng, 120, 0.5, 0.05);
  const rising = { steps: Array.from({ length: 120 }, (_, i) => i), values: risingNoise.map((e, i) => 1 + 0.01 * i + e) };
  const short = { steps: [0, 1, 2, 3, 4], values: [1, 1.1, 1.3, 1.2, 1.6] };
  const constant = { steps: Array.from({ length: 20 }, (_, i) => i), values: Array.from({ length: 20 }, () => 0.75) };
  const evalBroken = { steps: evalSteps, values: evalSteps.map((s) => (s === 300 ? Number.NaN : 21)) };
  const run = (n: number, name: string, loss: Written, evalPpl?: Written): RunSpec => ({
    runId: hexId(n),
    name,
    rows: rows(loss, evalPpl),
  });
  mkdirSync(join(caseDir, 'logbook'), { recursive: true });
  writeTrackioDatabase({
    path: join(caseDir, 'logbook', 'trackio.db'),
    schema: 'current',
    blob: true,
    runs: [
      run(1, 'forward-kl', forward, forwardPpl),
      run(2, 'reverse-kl', reverse, reversePpl),
      run(3, 'stationary', stationary),
      run(4, 'rising', rising),
      run(5, 'short', short),
      run(6, 'constant', constant),
      run(7, 'reverse-eval-nan', reverse, evalBroken),
    ],
  });
  return {
    series: {
      'forward-kl': { 'train/loss': forward, 'eval/ppl': forwardPpl },
      'reverse-kl': { 'train/loss': reverse, 'eval/ppl': reversePpl },
      stationary: { 'train/loss': stationary },
      rising: { 'train/loss': rising },
      short: { 'train/loss': short },
      constant: { 'train/loss': constant },
      'reverse-eval-nan': { 'train/loss': reverse, 'eval/ppl': evalBroken },
    },
  };
}

/** A check result as a report shows it (for the letter words). */
/** A check result as a report shows it (for the letter words). */
export const view = (r: CheckResult): CheckResultView => resultView('metrics-series', 'The series.', r);
/** The problems of the lines a letter would print for this result: its finding and its diagnosis. */
export const problems = (r: CheckResultView, lines?: string[]) => letterProblems(r, lines);
