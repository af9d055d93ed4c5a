// A sweep check run with the workspace's Slurm settings (through the check context, as a run from the UI does)
// against the same check run locally: the paging case's full-sweep, on the real single-node Slurm
// (scripts/slurm/cluster.mjs; `npm test` starts it and sets RECHECK_REQUIRE_SLURM=1, so a missing cluster fails
// there and skips, saying why, by hand). Same table bytes, same outcome; the progress names the job as soon as it
// is submitted and every point arrives live, once, as it is merged; the evidence names backend and job.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../../app/checks/kind';
import { growthFitKind } from '../../../app/checks/kinds/growth-fit';
import { sweepBackendOf } from '../../../app/settings/sweep-backend';
import { makeTestContext } from '../../helpers/check-context';
import { confinementOrSkip } from '../sandbox/harness';
import { slurmOrSkip } from '../runs/slurm-harness';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const skip = 'skip' in cluster ? cluster.skip : c === null ? 'no bubblewrap' : null;
if (skip !== null) console.warn(`Slurm sweep check tests SKIPPED: ${skip}`);

const CASE = resolve(import.meta.dirname, '../../../cases/paging-robustness');
type GrowthFitParams = Parameters<typeof growthFitKind.run>[0];
const fullSweep = (
  JSON.parse(readFileSync(join(CASE, 'case.json'), 'utf8')) as { falsifications: { checks: { id: string; params: GrowthFitParams }[] }[] }
).falsifications[0]!.checks.find((k) => k.id === 'full-sweep')!.params;

describe.skipIf(skip !== null)(`a sweep check on Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const partition = 'partition' in cluster ? cluster.partition : 'debug';

  it("gives the paging case's full-sweep the local result, with live progress naming the job", { timeout: 240_000 }, async () => {
    const local = await growthFitKind.run(fullSweep, makeTestContext(CASE, { checkId: 'full-sweep' }));

    const points: SeriesPoint[] = [];
    const base = makeTestContext(CASE, { checkId: 'full-sweep' });
    const backend = sweepBackendOf({ backend: 'slurm', partition });
    const onSlurm = await growthFitKind.run(fullSweep, {
      ...base,
      point: (p) => points.push(p),
      ...(backend !== undefined ? { sweepBackend: backend } : {}),
    });

    const total = fullSweep.sweep!.grid.k!.length;
    expect(onSlurm.outcome).toBe(local.outcome);
    expect(onSlurm.summary).toBe(local.summary);
    expect(onSlurm.evidence.tableSha256).toBe(local.evidence.tableSha256);
    const fromLocal = local.evidence.sweep as { backend: unknown };
    const fromSlurm = onSlurm.evidence.sweep as {
      backend: { name: string; version: string; jobs: { id: string; end: string; nodes: string[] }[] };
      computedPoints: number;
    };
    expect(fromLocal.backend).toEqual({ name: 'local' });
    expect(fromSlurm.backend).toMatchObject({ name: 'slurm', version: expect.stringMatching(/^slurm/), settings: { partition } });
    expect(fromSlurm.backend.jobs).toHaveLength(1);
    const job = fromSlurm.backend.jobs[0]!;
    expect(job).toMatchObject({ id: expect.stringMatching(/^\d+$/), end: 'finished' });
    expect(fromSlurm.computedPoints).toBe(total);

    // The job is named from its submission on, before any point has landed.
    const messages = base.progressEvents.map((p) => p.message ?? '');
    const firstNamed = messages.findIndex((m) => m.includes(`on Slurm, job ${job.id}`));
    expect(firstNamed).toBeGreaterThanOrEqual(0);
    expect(base.progressEvents[firstNamed]?.done).toBe(0);
    // Every point merged from the shard files arrives once, live: as a series point and a progress step.
    expect(points).toHaveLength(total);
    expect(new Set(points.map((p) => p.x)).size).toBe(total);
    const steps = base.progressEvents
      .filter((p) => p.message === `sweep of ${fullSweep.sweep!.program} on Slurm, job ${job.id}` && p.done > 0)
      .map((p) => p.done);
    // (the job's end is said once more, at the count reached)
    expect([...new Set(steps)]).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(base.progressEvents.at(-1)).toMatchObject({ done: total, total });
  });
});
