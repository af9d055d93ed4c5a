/**
 * `recheck screen --backend slurm`: the screen as one Slurm job array through the sweep backend's Slurm commands
 * and settings (app/runs/backends: the same allow-listed sbatch options, the same task environment). Array task i
 * runs `recheck screen TARGET --logbooks ROOT --shard i/N --cache CACHE --jobs 1` (the cache on storage the nodes
 * share); when the job has ended this process screens the folders as usual, reading every one from that cache (a
 * folder a failed task left out is screened here), so the output is the bytes of a screen on one machine.
 * Example: `await screenOnSlurm({ target: 'challenge', root: '/c/logbooks', folders: 7000, tasks: 64, cache: '/shared/c' })`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BadInputError } from '../errors';
import { INSTALL_ROOT } from '../paths';
import { jobEnd, queuedTasks, slurmVersion, submitBatch } from '../runs/backends/slurm-commands';
import { settingArgs, type SlurmSettings } from '../runs/backends/slurm';
import { shellWord, taskEnv } from '../runs/backends/slurm-script';
import type { ScreenReplayOptions } from './replay-cells';

export interface SlurmScreen {
  /** The screen's first argument (a challenge folder or a ledger), absolute. */
  readonly target: string;
  /** The logbooks folder, absolute. */
  readonly root: string;
  /** How many logbook folders (no more tasks than folders). */
  readonly folders: number;
  /** Array tasks (shards); default min(folders, 100). */
  readonly tasks?: number;
  /** The shared cache folder, absolute. */
  readonly cache: string;
  readonly replay?: ScreenReplayOptions;
  readonly settings?: SlurmSettings;
  /** Lines of progress (submitted, tasks left). */
  readonly notice?: (line: string) => void;
}

export interface SlurmScreenEnd {
  readonly jobId: string;
  readonly tasks: number;
  /** How the tasks ended, with counts (e.g. `{ COMPLETED: 8 }`). */
  readonly states: Readonly<Record<string, number>>;
  readonly version: string;
}

/** Submits the array, waits for it to end, and says how its tasks ended; BadInputError when Slurm refuses. */
export async function screenOnSlurm(o: SlurmScreen): Promise<SlurmScreenEnd> {
  const s = o.settings ?? {};
  const env = s.env ?? process.env;
  const tasks = Math.max(1, Math.min(o.tasks ?? 100, o.folders));
  if (!Number.isInteger(tasks) || tasks > 10000) throw new BadInputError('--tasks', `must be a whole number from 1 to 10000, got ${tasks}`);
  const args = settingArgs(s, 1); // options Recheck does not allow are refused here, before Slurm is asked
  const version = await slurmVersion(env);
  await mkdir(o.cache, { recursive: true });
  const vars = Object.entries(taskEnv(env)).map(([k, v]) => shellWord(`${k}=${v}`));
  const words = [
    process.execPath,
    join(INSTALL_ROOT, 'bin', 'recheck.mjs'),
    'screen',
    o.target,
    '--logbooks',
    o.root,
    '--cache',
    o.cache,
    '--jobs',
    '1',
    ...(o.replay !== undefined
      ? ['--replay', '--budget', String(o.replay.budgetS), ...(o.replay.python !== undefined ? ['--python', o.replay.python] : [])]
      : []),
  ].map(shellWord);
  const script = join(o.cache, 'screen-task.sh');
  await writeFile(
    script,
    [
      '#!/bin/sh',
      `# Written by recheck screen: array task i screens shard i of ${tasks} of the logbooks into this cache.`,
      `exec /usr/bin/env -i ${[...vars, 'TMPDIR="${TMPDIR:-/tmp}"'].join(' ')} ${words.join(' ')} --shard "$SLURM_ARRAY_TASK_ID/${tasks}"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const array = `--array=0-${tasks - 1}${s.arrayMax !== undefined ? `%${s.arrayMax}` : ''}`;
  const jobId = await submitBatch(
    [...args, array, '--job-name=recheck-screen', `--output=${join(o.cache, 'slurm-%A-%a.out')}`],
    script,
    env,
  );
  o.notice?.(`submitted Slurm job ${jobId}: ${tasks} array tasks (${version})`);
  let last = -1;
  for (;;) {
    const left = (await queuedTasks(jobId, env)).length;
    if (left === 0) break;
    if (left !== last) o.notice?.(`Slurm job ${jobId}: ${left} of ${tasks} tasks queued or running`);
    last = left;
    await new Promise((r) => setTimeout(r, s.pollMs ?? 500));
  }
  const { states } = await jobEnd(jobId, env);
  return { jobId, tasks, states, version };
}
