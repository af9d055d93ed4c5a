/**
 * The sweep runner's point function for the paging-robustness case (run in the sandbox, one call per k):
 * `replicates` seeded adversarial inputs of `phases` phases for cache size k, replicate r drawing from
 * splitSeed(api.seed, r), where api.seed is the point's own seed (the runner derives it from the sweep's
 * seed and the point's index, so results do not depend on parallelism). Returns one table row; the check
 * `growth-fit` assembles the rows into the table it fits.
 * Example: `point({ k: 2, replicates: 4, phases: 20 }, { seed: 1 }).ratio` is 40/21 (k = 2 leaves no choice).
 */
import { splitSeed } from '../../../checkers/random/xoshiro128';
import { sweepRow } from './sweep';

export interface PointParams {
  readonly k: number;
  readonly replicates: number;
  readonly phases: number;
}

export interface PointApi {
  readonly seed: number;
  progress?(done: number, total?: number, message?: string): void;
}

/** Columns of the row (k and the other parameters come from the grid). */
export interface PointRow {
  readonly H_k: number;
  readonly ratio: number;
  readonly se: number;
  readonly additive: number;
  readonly ratio_exact: number;
  readonly additive_exact: number;
}

export default function point(params: PointParams, api: PointApi): PointRow {
  const { k, replicates, phases } = params;
  if (!Number.isInteger(k) || k < 2 || !Number.isInteger(replicates) || replicates < 2 || !Number.isInteger(phases) || phases < 1) {
    throw new RangeError(`point: need integers k >= 2, replicates >= 2, phases >= 1; got ${JSON.stringify(params)}`);
  }
  const row = sweepRow(k, replicates, phases, (r) => splitSeed(api.seed, r), (done) => api.progress?.(done, replicates, `k = ${k}`));
  return { H_k: row.harmonic, ratio: row.ratio, se: row.ratioSe, additive: row.additive, ratio_exact: row.ratioExact, additive_exact: row.additiveExact };
}
