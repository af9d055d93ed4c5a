/**
 * Benchmark: what Slurm costs a sweep. The same 64-point sweep (the paging case's point function over 8 cache
 * sizes x 8 horizons) runs locally (runSweep, one sandbox per core: the reference) and on the Slurm that
 * scripts/slurm/cluster.mjs starts (one array job: 64 tasks of one point, then 8 tasks of 8 points), each in a
 * fresh runs folder. Reports wall times as ratios to the local run and Slurm's overhead per task: the extra
 * wall time spread over the machine's cores and the tasks, (T_slurm - T_local) x cores / tasks, which is what
 * each task costs beyond its points (scheduling, a Node start, loading the CLI, bundling the module). A cluster
 * pays off once a task's points take well beyond that and there are more cores to spread them over.
 * Skipped (one line) when no Slurm is running. Run alone: `npm run bench slurm-sweep`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { slurmBackend } from '../app/runs/backends/slurm';
import { runSweep, type SweepSummary } from '../app/runs/sweep';
import { defaultConfinement } from '../app/sandbox/confinement';
import { nodeChildRunner } from '../app/sandbox/runner';
import { isSmoke, record } from './report';
// @ts-expect-error a plain ES module script without types
import { clusterState, DEFAULT_DIR } from '../scripts/slurm/cluster.mjs';

export const name = 'slurm-sweep';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const POINT = join(REPO, 'cases', 'paging-robustness', 'sandbox', 'point.ts');
const SPEC = { parameters: { k: [2, 4, 8, 16, 32, 64, 128, 256], replicates: [8], phases: [10, 20, 30, 40, 50, 60, 70, 80] } };
/** Smoke: 4 points, as 4 tasks of 1 and 2 tasks of 2. */
const SMOKE_SPEC = { parameters: { k: [2, 4], replicates: [2], phases: [10, 20] } };

export async function run(args: string[] = []): Promise<void> {
  const smoke = isSmoke(args);
  const spec = smoke ? SMOKE_SPEC : SPEC;
  const [many, few] = smoke ? [4, 2] : [64, 8];
  const state = clusterState(DEFAULT_DIR) as { conf: string } | null;
  const conf = process.env.SLURM_CONF ?? state?.conf;
  if (conf === undefined) {
    process.stdout.write('skipped: no Slurm running (as root: node scripts/slurm/cluster.mjs start)\n');
    return;
  }
  const env = { ...process.env, SLURM_CONF: conf };
  const runner = nodeChildRunner(await defaultConfinement(), { allowUnconfined: true });
  const cores = availableParallelism();
  const root = mkdtempSync(join(tmpdir(), 'recheck-bench-slurm-'));
  const sweep = async (label: string, tasks?: number): Promise<SweepSummary> => {
    const s = await runSweep({
      modulePath: POINT,
      spec,
      seed: 7,
      runsDir: join(root, label),
      runner,
      ...(tasks !== undefined ? { backend: slurmBackend({ tasks, env }) } : { jobs: cores }),
    });
    if (s.status !== 'complete') throw new Error(`${label}: ${s.status}`);
    return s;
  };
  try {
    const local = await sweep('local');
    const perPoint = await sweep('slurm-many', many);
    const batched = await sweep('slurm-few', few);
    const ref = local.wallMs;
    const overhead = (s: SweepSummary, tasks: number): string => `${(((s.wallMs - ref) * cores) / tasks).toFixed(0)} ms per task`;
    const row = (label: string, s: SweepSummary, note: string) =>
      `  ${label.padEnd(30)} ${(s.wallMs / 1000).toFixed(2).padStart(6)} s   ${(s.wallMs / ref).toFixed(2)}x   ${note}`;
    process.stdout.write(
      [
        `workload: ${local.total} points of the paging case (k = 2..256, 8 replicates, 10..80 phases), ${cores} cores, single-node Slurm (${(perPoint.backend.version ?? '?').trim()})`,
        row('local, one sandbox per core', local, '(reference)'),
        row(`Slurm, ${many} tasks of ${local.total / many} point`, perPoint, `overhead ${overhead(perPoint, many)}`),
        row(`Slurm, ${few} tasks of ${local.total / few} points`, batched, `overhead ${overhead(batched, few)}`),
        '',
      ].join('\n'),
    );
    record({
      bench: name,
      workload: `a ${local.total}-point sweep of the paging case on a single-node Slurm (${cores} cores), as ${many} tasks of one point`,
      ours: `${(perPoint.wallMs / 1000).toFixed(2)} s (${few} tasks of ${local.total / few}: ${(batched.wallMs / 1000).toFixed(2)} s)`,
      reference: `local, one sandbox per core: ${(local.wallMs / 1000).toFixed(2)} s`,
      ratio: `${(perPoint.wallMs / ref).toFixed(2)}x the time: Slurm costs ${overhead(perPoint, many)} beyond the points (${overhead(batched, few)} in ${few} tasks)`,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
