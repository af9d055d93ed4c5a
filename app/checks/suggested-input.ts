/**
 * What "Run in sandbox" should hand a case's sandbox module by default, taken from the checks that run it, in
 * the shape the module receives when the check runs it:
 * - a check naming the file as its `module` (kl-mode-fit and friends) hands it the check's params without
 *   `module`;
 * - a sweep naming the file as its `program` (`params.sweep`, sweep-table.ts) hands each point its grid
 *   parameters and the point's own seed: the suggestion is point 0, with seed splitSeed(sweep seed, 0)
 *   (app/runs/sweep.ts), so the sandbox run reproduces the sweep's first point exactly.
 * The first declared check that runs the file wins, in case order.
 */
import { splitSeed } from '../../checkers/random/xoshiro128';
import type { CaseFile } from '../cases/model';
import { parseSweepSpec, pointAt, pointCount } from '../runs/grid';

/** A suggested input, the seed that goes with it when the check fixes one, and where it came from (one line). */
export interface SuggestedInput {
  readonly input: unknown;
  readonly seed?: number;
  readonly from: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The suggestion for the module at case-relative `path`, or undefined when no declared check runs it.
 * Example: with the paging case, `suggestedInput(file, 'sandbox/point.ts')` is
 * `{ input: { k: 2, replicates: 32, phases: 40 }, seed: splitSeed(7, 0), from: 'point 1 of 10 of the sweep of check F1/full-sweep' }`.
 */
export function suggestedInput(file: CaseFile, path: string): SuggestedInput | undefined {
  for (const f of file.falsifications) {
    for (const c of f.checks) {
      const where = `check ${f.id}/${c.id}`;
      if (c.params.module === path) {
        return { input: Object.fromEntries(Object.entries(c.params).filter(([k]) => k !== 'module')), from: `the params of ${where}` };
      }
      const sweep = c.params.sweep;
      if (isRecord(sweep) && sweep.program === path && typeof sweep.seed === 'number') {
        const spec = parseSweepSpec({ parameters: sweep.grid }, `${path} (sweep grid of ${where})`);
        return { input: pointAt(spec, 0), seed: splitSeed(sweep.seed, 0), from: `point 1 of ${pointCount(spec)} of the sweep of ${where}` };
      }
    }
  }
  return undefined;
}
