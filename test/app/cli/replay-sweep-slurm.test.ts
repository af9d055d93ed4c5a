// A replay sweep on the real single-node Slurm (scripts/slurm/cluster.mjs; `npm test` starts it; the skip rule of
// test/app/runs/slurm-harness.ts): `recheck replay --grid KS=2,...,1024 --backend slurm` submits one job array
// whose tasks run `recheck replay ... --shard i/N`, and its points and points table equal a local run's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointsFiles, readCheckpoint } from '../../../app/runs/checkpoint';
import type { PointRecord, SweepManifest } from '../../../app/runs/record';
import { runReplaySweep } from '../../../app/replay/sweep';
import { parseReplayGrid } from '../../../app/replay/sweep-grid';
import { cli } from '../../helpers/cli';
import { confinementOrSkip } from '../sandbox/harness';
import { slurmOrSkip } from '../runs/slurm-harness';
import { PAGING_CELL, pagingCase } from '../replay/sweep-case';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const skip = 'skip' in cluster ? cluster.skip : c === null ? 'no bubblewrap' : null;
if (skip !== null) console.warn(`Slurm replay sweep test SKIPPED: ${skip}`);

/** What a point is, without when and how long it ran. */
const essence = (r: PointRecord | undefined) =>
  r === undefined
    ? undefined
    : { index: r.index, params: r.params, seed: r.seed, inputSha256: r.inputSha256, outcome: r.outcome, value: r.value };

describe.skipIf(skip !== null)(`a replay sweep on Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const partition = 'partition' in cluster ? cluster.partition : 'debug';

  it('runs as one job array of `recheck replay --shard` tasks, point for point as the local sweep', { timeout: 180_000 }, async () => {
    const caseDir = pagingCase();
    const local = await runReplaySweep({
      caseDir,
      where: 'paging',
      cell: PAGING_CELL,
      spec: parseReplayGrid(['KS=2,4,8,...,1024']),
      seed: 1,
      jobs: 2,
      runsDir: join(caseDir, 'runs'),
      id: 'local',
      limits: { timeoutMs: 60_000, cpuSeconds: 60, memoryMb: 1024 },
    });
    expect(local.summary.status).toBe('complete');

    const t0 = Date.now();
    const r = await cli(
      [
        'replay',
        caseDir,
        '--cell',
        PAGING_CELL,
        '--grid',
        'KS=2,4,8,...,1024',
        '--id',
        'slurm',
        '--backend',
        'slurm',
        '--partition',
        partition,
        '--json',
      ],
      caseDir,
    );
    console.log(`replay sweep of 10 points on Slurm: ${Date.now() - t0} ms`);
    expect(r.stderr).not.toMatch(/^recheck:/m);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as { status: string; done: number; folder: string; identity: string };
    expect(summary).toMatchObject({ status: 'complete', done: 10, identity: local.identity });
    const a = await readCheckpoint(local.dir);
    const b = await readCheckpoint(summary.folder);
    expect(b.points.size).toBe(10);
    for (let i = 0; i < 10; i++) expect(essence(b.points.get(i))).toEqual(essence(a.points.get(i)));
    // Computed by the array's tasks, each into its own file, each task a `recheck replay ... --shard i/10`.
    expect(await pointsFiles(summary.folder)).toEqual(Array.from({ length: 10 }, (_, i) => `points.shard-${i}-of-10.jsonl`));
    const script = readFileSync(join(summary.folder, 'slurm', 'sweep.sh'), 'utf8');
    expect(script).toContain(`'replay' '${caseDir}' '--cell' '${PAGING_CELL}' '--grid=KS=2,4,8,16,32,64,128,256,512,1024' '--seed' '1'`);
    expect(script).toContain('--shard "$SLURM_ARRAY_TASK_ID/10"');
    const m = JSON.parse(readFileSync(join(summary.folder, 'manifest.json'), 'utf8')) as SweepManifest;
    expect(m).toMatchObject({ status: 'complete', backend: { name: 'slurm', settings: { shards: 10 } } });
    expect(m.backend?.jobs).toHaveLength(1);
    expect(readFileSync(join(summary.folder, 'points-table-1.csv'), 'utf8')).toBe(
      readFileSync(join(local.dir, 'points-table-1.csv'), 'utf8'),
    );
  });
});
