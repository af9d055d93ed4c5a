/**
 * The paging-style sweep script of the replay-sweep tests, in a Trackio logbook case: for each k of a top-level
 * list KS it prints `k=<k> cost=<c>` with c = 1 + 0.5 ln k + N(0, 0.01) noise seeded by k alone (so a point's
 * numbers do not depend on which other points ran, or where). The logbook ran KS = [2, 4, 8, 16] and printed
 * those four lines, computed here by /usr/bin/python3 itself (the oracle), not by Recheck. DELAY (seconds per k,
 * 0 in the logbook) lets a test slow the points down with --set DELAY=0.3 without changing their numbers.
 */
import { spawnSync } from 'node:child_process';
import { PYTHON } from '../../helpers/required';
import { pythonCell, replayCase } from './replay-case';

export const PAGING_CELL = 'cell_paging_sweep';

export const PAGING_PY = `# additive term of the paging bound, by cache size k
import math
import random
import time
KS = [2, 4, 8, 16]
C = 0.5
DELAY = 0
for k in KS:
    time.sleep(DELAY)
    rng = random.Random(1000 + k)
    cost = 1.0 + C * math.log(k) + rng.gauss(0.0, 0.01)
    print(f"k={k} cost={cost:.6f}")
`;

/** What the script prints for these k, run directly by Debian's Python outside Recheck (the oracle). */
export function pagingOracle(ks: readonly number[]): string {
  const src = PAGING_PY.replace('KS = [2, 4, 8, 16]', `KS = [${ks.join(', ')}]`);
  const r = spawnSync(PYTHON, ['-c', src], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`oracle failed: ${r.stderr}`);
  return r.stdout;
}

/** A case whose logbook holds the paging cell (python3 paging.py, the script embedded) with its printed output. */
export function pagingCase(): string {
  return replayCase([pythonCell(PAGING_CELL, 'paging.py', PAGING_PY, pagingOracle([2, 4, 8, 16]))]);
}

/** k = 2, 4, ..., 2^n. */
export const powersOfTwo = (n: number): number[] => Array.from({ length: n }, (_, i) => 2 ** (i + 1));
