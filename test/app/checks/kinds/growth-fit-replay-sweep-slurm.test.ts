// A growth-fit check over a replay sweep run with the workspace's Slurm settings (through the check context, as a
// run from the UI does) against the same check run locally, on the real single-node Slurm (scripts/slurm/cluster.mjs;
// `npm test` starts it and sets RECHECK_REQUIRE_SLURM=1; by hand a missing cluster skips, saying why). The array's
// tasks rebuild the replay with `recheck replay CASE --cell ID --grid ... --shard i/N`: same table bytes, same
// outcome, the job named in the progress and the evidence, every point live once.
import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../../../app/checks/kind';
import { growthFitKind } from '../../../../app/checks/kinds/growth-fit';
import { sweepBackendOf } from '../../../../app/settings/sweep-backend';
import { makeTestContext } from '../../../helpers/check-context';
import { confinementOrSkip } from '../../sandbox/harness';
import { slurmOrSkip } from '../../runs/slurm-harness';
import { PAGING_CELL, pagingCase, powersOfTwo } from '../../replay/sweep-case';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const skip = 'skip' in cluster ? cluster.skip : c === null ? 'no bubblewrap' : null;
if (skip !== null) console.warn(`Slurm replay sweep check test SKIPPED: ${skip}`);

const KS = powersOfTwo(8);
const params = { sweep: { replay: { cell: PAGING_CELL }, grid: { KS }, seed: 1, timeoutSeconds: 60 }, x: 'k', y: 'cost' };

describe.skipIf(skip !== null)(`a replay sweep check on Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const partition = 'partition' in cluster ? cluster.partition : 'debug';

  it('gives the local result, with the job named and each point live', { timeout: 240_000 }, async () => {
    const caseDir = pagingCase();
    const local = await growthFitKind.run(params, makeTestContext(caseDir, { checkId: 'grow' }));
    const points: SeriesPoint[] = [];
    const base = makeTestContext(caseDir, { checkId: 'grow' });
    const backend = sweepBackendOf({ backend: 'slurm', partition });
    const onSlurm = await growthFitKind.run(params, {
      ...base,
      point: (p) => points.push(p),
      ...(backend !== undefined ? { sweepBackend: backend } : {}),
    });
    expect(onSlurm.outcome).toBe(local.outcome);
    expect(onSlurm.evidence.tableSha256).toBe(local.evidence.tableSha256);
    const sweep = onSlurm.evidence.sweep as { backend: { name: string; jobs: { id: string; end: string }[] }; computedPoints: number };
    expect(sweep.backend.name).toBe('slurm');
    expect(sweep.backend.jobs).toHaveLength(1);
    expect(sweep.computedPoints).toBe(KS.length);
    const job = sweep.backend.jobs[0]!;
    expect(base.progressEvents.some((p) => p.message === `sweep of the replay of ${PAGING_CELL} on Slurm, job ${job.id}`)).toBe(true);
    expect(points.map((p) => p.x).sort((a, b) => a - b)).toEqual(KS);
  });
});
