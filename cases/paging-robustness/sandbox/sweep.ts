/**
 * The sweep behind the paging-robustness case: for each cache size k, `replicates` seeded adversarial
 * inputs (phases of k requests each), the competitive ratio ALG / OPT of follow-then-mark on each, and
 * the mean ratio with its standard error; the additive term over the claimed bound is ratio - H_k. Beside
 * the simulation, the exact expectation over the algorithm's coin flips (`expectedFaults`, divided by each
 * replicate's optimum).
 * `sweepRow` computes one k; the case's check runs it per k in the sandbox through `point.ts` (the sweep
 * runner's point function). `runSweep`/`sweepCsv` run it in-process with each (k, replicate) drawing from
 * splitSeed(seed, k * 4096 + replicate): that is how the logbook's own table `logbook/sweep-k16.csv` was made.
 */
import { Xoshiro128, splitSeed } from '../../../checkers/random/xoshiro128';
import { adversarialInput, expectedFaults } from './adversary';
import { beladyCost, followThenMark } from './paging';

export interface SweepSettings {
  seed: number;
  ks: number[];
  replicates: number;
  phases: number;
}

export interface SweepRow {
  k: number;
  harmonic: number;
  /** Mean over replicates of simulated ALG / OPT. */
  ratio: number;
  ratioSe: number;
  additive: number;
  /**
   * Mean over replicates of E[ALG] / OPT with E[ALG] from the hand-derived `expectedFaults` (k >= 3; the
   * algorithm's randomness integrated out exactly). For k = 2 the simulation makes no random choice that
   * matters (all replicates agree), so the simulated mean is used.
   */
  ratioExact: number;
  additiveExact: number;
  replicates: number;
}

/** H_k = 1 + 1/2 + ... + 1/k. */
export function harmonic(k: number): number {
  let h = 0;
  for (let i = k; i >= 1; i--) h += 1 / i;
  return h;
}

/** Simulated faults of the algorithm and of the optimum on one replicate. */
export function replicateRatio(k: number, phases: number, seed: number): { alg: number; opt: number } {
  const rng = new Xoshiro128(seed);
  const input = adversarialInput(k, phases, rng);
  const alg = followThenMark(input.requests, k, input.initial, rng, input.initialPredicted);
  const opt = beladyCost(input.requests.map((r) => r.page), k, input.initial);
  return { alg, opt };
}

/** One row per k: mean ratio over the replicates, its standard error, and ratio - H_k. */
export function runSweep(s: SweepSettings, onRow?: (row: SweepRow) => void): SweepRow[] {
  return s.ks.map((k) => {
    const row = sweepRow(k, s.replicates, s.phases, (r) => splitSeed(s.seed, k * 4096 + r));
    onRow?.(row);
    return row;
  });
}

/**
 * One row of the sweep: `replicates` adversarial inputs of `phases` phases for cache size k, replicate r
 * drawing from the stream `replicateSeed(r)`; mean ratio, its standard error, ratio - H_k and the exact
 * expectation. Example: `sweepRow(2, 4, 20, (r) => r).ratio` is the k = 2 ratio (no randomness matters there).
 */
export function sweepRow(k: number, replicates: number, phases: number, replicateSeed: (r: number) => number, onReplicate?: (done: number) => void): SweepRow {
  const ratios: number[] = [];
  const exactRatios: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const { alg, opt } = replicateRatio(k, phases, replicateSeed(r));
    ratios.push(alg / opt);
    exactRatios.push(k >= 3 ? expectedFaults(k, phases) / opt : alg / opt);
    onReplicate?.(r + 1);
  }
  // All replicates equal (k = 2 here: the input and the algorithm leave no choice): exact, se 0.
  const exact = ratios.every((v) => v === ratios[0]);
  const mean = exact ? (ratios[0] as number) : ratios.reduce((a, b) => a + b, 0) / ratios.length;
  const variance = exact ? 0 : ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / (ratios.length - 1);
  const h = harmonic(k);
  const ratioExact = exactRatios.reduce((a, b) => a + b, 0) / exactRatios.length;
  return { k, harmonic: h, ratio: mean, ratioSe: Math.sqrt(variance / ratios.length), additive: mean - h, ratioExact, additiveExact: ratioExact - h, replicates };
}

/** The sweep as CSV: k,H_k,ratio,se,additive,ratio_exact,additive_exact,replicates (9 significant digits). */
export function sweepCsv(s: SweepSettings): string {
  const f = (v: number) => Number(v.toPrecision(9)).toString();
  const lines = ['k,H_k,ratio,se,additive,ratio_exact,additive_exact,replicates'];
  for (const r of runSweep(s)) lines.push([r.k, f(r.harmonic), f(r.ratio), f(r.ratioSe), f(r.additive), f(r.ratioExact), f(r.additiveExact), r.replicates].join(','));
  return `${lines.join('\n')}\n`;
}
