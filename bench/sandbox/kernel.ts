/**
 * The sandbox benchmark's workload: the paging-robustness case's real point function (k = 1024, the sweep's
 * heaviest point), timed by the program itself so that start-up and transport are not counted. Runs the same
 * in-process, in the Node child sandbox and in a Web Worker.
 */
import point from '../../cases/paging-robustness/sandbox/point';

export default (input: { k: number; replicates: number; phases: number }, api: { seed: number }) => {
  const t0 = performance.now();
  const row = point(input, { seed: api.seed });
  return { ms: performance.now() - t0, additive: row.additive };
};
