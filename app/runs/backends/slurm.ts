/**
 * The Slurm backend: a sweep's missing points computed by ONE `sbatch --array` job. The points are cut into
 * `tasks` contiguous shards (app/runs/shard.ts); array task i runs `recheck sweep --shard i/N` in the same
 * headless sandbox as a local run and appends to its own `points.shard-i-of-N.jsonl`. This process follows the
 * job with squeue (no accounting database), reads the shard files with the checkpoint's own reader (torn tails
 * skipped, every record verified against its index and its file's shard, records that disagree refused), and
 * accepts the points as they land, so the events and the progress bar are those of a local sweep. Results are
 * those of a local sweep bit for bit: a point's seed is splitSeed(seed, index), whichever task computes it.
 *
 * - The cut into N shards is fixed when the sweep is first submitted and recorded in the manifest before any
 *   task starts (`settings.shards`): a resume keeps it, and readers trust a shard file only for that cut.
 * - sbatch gets only options from Recheck's allow-list (app/runs/backends/sbatch-options.ts), checked before any
 *   Slurm command runs, then Recheck's own (array, job name, output file, `--chdir` to the sweep's folder and
 *   `--export=NONE`: the task's environment is the batch script's, slurm-script.ts).
 *
 * - Stop field: once the first violating index is confirmed (every lower point on disk), the job is
 *   cancelled (scancel); a task also stops at its own first violation.
 * - Abort (Ctrl-C): the job is cancelled; finished points stay.
 * - A task that dies (scancel, time limit, node failure) leaves its finished points; the pass ends
 *   `incomplete` and rerunning the sweep (or `--resume`) submits only the shards that still lack points.
 * - A rerun while the recorded job still runs follows that job instead of submitting another.
 * The manifest records the Slurm version, each job's id, tasks and nodes, and the settings.
 */
import { mkdir, writeFile, chmod } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { INSTALL_ROOT } from '../../paths';
import { BadInputError } from '../../errors';
import { writeFileAtomic, writeJsonAtomic } from '../../fs/atomic';
import { sbatchWordsProblem } from './sbatch-options';
import { shown } from '../../text/display';
import { contestedProblem, readCheckpoint, repairAllPointsFiles } from '../checkpoint';
import type { PointRecord } from '../record';
import { arrayIndexList, shardsMissing } from '../shard';
import type { SweepOptions } from '../sweep';
import type { BackendJob, BackendRecord, PassEnd, SweepBackend, SweepPass } from './backend';
import { cancelJob, jobEnd, nodeNames, queuedTasks, slurmVersion, submitBatch, testSubmit } from './slurm-commands';
import { batchScript, taskEnv } from './slurm-script';

/** Array indexes Slurm accepts by default (MaxArraySize 1001): the default number of shards stays below. */
const DEFAULT_MAX_TASKS = 1000;
/** Consecutive squeue failures tolerated (a busy controller) before the sweep fails. */
const MAX_QUEUE_FAILURES = 20;

export interface SlurmSettings {
  readonly partition?: string;
  /** At most this many array tasks at once (`--array=...%N`). */
  readonly arrayMax?: number;
  /** Per task (`--time`, Slurm's syntax: `30`, `1:00:00`, `1-0`). */
  readonly time?: string;
  /** Per task (`--mem`, e.g. `2G`). */
  readonly mem?: string;
  /** Further sbatch options: only those Recheck allows (app/runs/backends/sbatch-options.ts). */
  readonly sbatchArgs?: readonly string[];
  /** Number of shards (array tasks) of the whole sweep (default: one per point, at most 1000). */
  readonly tasks?: number;
  /** Environment of the Slurm commands (default: this process's); a task gets only taskEnv's variables of it. */
  readonly env?: NodeJS.ProcessEnv;
  /** How often the job is polled (default 300 ms). */
  readonly pollMs?: number;
  /** The command that runs `recheck` on a compute node (default: this Node and this installation's bin/recheck.mjs). */
  readonly recheck?: readonly string[];
}

/**
 * The sbatch options the settings give (besides Recheck's own), every one from the allow-list with a value of
 * its form, else BadInputError naming the option as sbatch reads it: `sbatch options: --outp (sbatch's --output) ...`.
 */
export function settingArgs(s: SlurmSettings, jobs: number): string[] {
  const words = [
    ...(s.partition !== undefined ? [`--partition=${s.partition}`] : []),
    ...(s.time !== undefined ? [`--time=${s.time}`] : []),
    ...(s.mem !== undefined ? [`--mem=${s.mem}`] : []),
    ...(jobs > 1 ? [`--cpus-per-task=${jobs}`] : []),
    ...(s.sbatchArgs ?? []),
  ];
  const refused = sbatchWordsProblem(words);
  if (refused !== null) throw new BadInputError('sbatch options', refused.problem);
  return words;
}

/** The settings as the manifest records them. */
function settingsRecord(s: SlurmSettings, shards: number): Record<string, string | number | readonly string[]> {
  return {
    shards,
    ...(s.partition !== undefined ? { partition: s.partition } : {}),
    ...(s.arrayMax !== undefined ? { arrayMax: s.arrayMax } : {}),
    ...(s.time !== undefined ? { time: s.time } : {}),
    ...(s.mem !== undefined ? { mem: s.mem } : {}),
    ...(s.sbatchArgs !== undefined && s.sbatchArgs.length > 0 ? { sbatchArgs: s.sbatchArgs } : {}),
  };
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((r) => {
    if (signal?.aborted) return r();
    const done = (): void => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      r();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Refuses settings Slurm would refuse before anything is written: a missing `sbatch` or a controller out of reach
 * (BadInputError naming sbatch), options `sbatch --test-only` rejects (an unknown partition, a malformed time).
 * Resolves with Slurm's version. Example: `await checkSlurmSettings({ partition: 'nope' })` throws
 * "sbatch: refuses these settings: invalid partition specified: nope".
 */
export async function checkSlurmSettings(s: SlurmSettings, jobs = 1): Promise<string> {
  const env = s.env ?? process.env;
  const args = settingArgs(s, jobs); // refused options end here, before any Slurm command runs
  const version = await slurmVersion(env);
  await testSubmit(args, env);
  return version;
}

/** A backend submitting the sweep to Slurm. Example: `runSweep({ ..., backend: slurmBackend({ partition: 'debug', arrayMax: 4 }) })`. */
export function slurmBackend(s: SlurmSettings = {}): SweepBackend {
  const env = s.env ?? process.env;
  const pollMs = s.pollMs ?? 300;
  let version = '';

  const check = async (o: SweepOptions): Promise<void> => {
    if (o.shard !== undefined) throw new Error('a shard of a sweep runs locally (its task is the Slurm part)');
    version = await checkSlurmSettings(s, Math.max(1, Math.floor(o.jobs ?? 1)));
  };

  const computeMissing = async (p: SweepPass): Promise<PassEnd> => {
    if (version === '') await check(p.o);
    // The cut is the sweep's for life: readers trust shard files only for the cut the manifest records.
    const recorded = p.previous?.name === 'slurm' ? p.previous.settings?.shards : undefined;
    const wanted = Math.max(1, Math.min(s.tasks ?? Math.min(p.total, DEFAULT_MAX_TASKS), p.total));
    const shards =
      typeof recorded === 'number' && Number.isSafeInteger(recorded) && recorded >= 1 && recorded <= p.total ? recorded : wanted;
    if (shards !== wanted && s.tasks !== undefined)
      p.notice(
        `this sweep was cut into ${shards} shards when it was first submitted: it keeps them (--tasks ${s.tasks} applies to a new sweep)`,
      );
    // Points a task runs at once: --jobs when given (and as many CPUs asked for), else one.
    const perTask = Math.max(1, Math.floor(p.o.jobs ?? 1));
    const previousJobs = p.previous?.name === 'slurm' ? [...(p.previous.jobs ?? [])] : [];
    const jobs: BackendJob[] = previousJobs;
    const record = (): BackendRecord => ({ name: 'slurm', version, jobs: [...jobs], settings: settingsRecord(s, shards) });
    const sweep = { spec: p.o.spec, seed: p.o.seed };

    /** Accepts the points on disk that this pass has not seen, in index order; BadInputError when records of a point disagree. */
    const collect = async (): Promise<void> => {
      const cp = await readCheckpoint(p.dir, sweep);
      const contested = contestedProblem(cp);
      if (contested !== null) throw new BadInputError(shown(p.dir), contested);
      const fresh: PointRecord[] = [];
      for (const [i, r] of cp.points) if (!p.records.has(i)) fresh.push(r);
      fresh.sort((a, b) => a.index - b.index).forEach((r) => p.accept(r));
    };
    const confirmedStop = (): boolean => {
      if (!Number.isFinite(p.stopIndex)) return false;
      for (let i = 0; i < p.stopIndex; i++) if (!p.records.has(i)) return false;
      return true;
    };

    /** Follows job `k` of `jobs` until squeue no longer lists any of its tasks; cancels it on abort or at a confirmed stop. */
    const follow = async (k: number): Promise<void> => {
      const job = jobs[k] as BackendJob;
      const nodes = new Set(job.nodes);
      let end: string | undefined;
      let failures = 0;
      for (;;) {
        try {
          await collect();
        } catch (err) {
          // Points that cannot be trusted end the sweep: its tasks are not left running.
          if (end === undefined) await cancelJob(job.id, env).catch(() => undefined);
          throw err;
        }
        if (end === undefined && p.o.signal?.aborted) {
          end = 'cancelled';
          await cancelJob(job.id, env);
        }
        if (end === undefined && confirmedStop()) {
          end = 'cancelled-at-stop-point';
          p.notice(
            `Slurm job ${job.id}: first violation at point ${p.stopIndex} confirmed (every point below it is done): remaining tasks cancelled`,
          );
          await cancelJob(job.id, env);
        }
        let queued;
        try {
          queued = await queuedTasks(job.id, env);
          failures = 0;
        } catch (err) {
          if (++failures >= MAX_QUEUE_FAILURES) throw err;
          await pause(pollMs * 2);
          continue;
        }
        for (const t of queued) for (const n of nodeNames(t.nodes)) nodes.add(n);
        if (queued.length === 0) break;
        await pause(pollMs, end === undefined ? p.o.signal : undefined);
      }
      const ended = await jobEnd(job.id, env);
      for (const n of ended.nodes) nodes.add(n);
      jobs[k] = {
        ...job,
        nodes: [...nodes].sort(),
        end: end ?? 'finished',
        ...(Object.keys(ended.states).length > 0 ? { states: ended.states } : {}),
      };
      // No task writes now: torn tails of killed tasks are set aside, then the last points are read.
      for (const torn of await repairAllPointsFiles(p.dir)) p.notice(torn.message);
      await collect();
      await p.recordBackend(record());
    };

    const last = jobs.length - 1;
    if (last >= 0 && jobs[last]?.end === undefined && (await queuedTasks((jobs[last] as BackendJob).id, env)).length > 0) {
      p.notice(`Slurm job ${jobs[last]?.id} of this sweep is still running: following it`);
      await follow(last);
      if (p.o.signal?.aborted) return 'done';
    } else {
      for (const torn of await repairAllPointsFiles(p.dir)) p.notice(torn.message);
    }

    const limit = Number.isFinite(p.stopIndex) ? p.stopIndex + 1 : p.total;
    const missing = shardsMissing(p.records, p.total, shards, limit);
    if (missing.length === 0 || confirmedStop() || p.o.signal?.aborted) return 'done';

    const slurmDir = join(p.dir, 'slurm');
    await mkdir(slurmDir, { recursive: true });
    const gridFile = join(p.dir, 'grid.json');
    await writeJsonAtomic(gridFile, p.o.spec);
    const script = join(slurmDir, 'sweep.sh');
    await writeFileAtomic(
      script,
      batchScript({
        recheck: s.recheck ?? [process.execPath, join(INSTALL_ROOT, 'bin', 'recheck.mjs')],
        modulePath: resolve(p.o.modulePath),
        gridFile,
        ...(p.o.task !== undefined ? { task: p.o.task } : {}),
        runsDir: resolve(p.o.runsDir),
        id: p.id,
        seed: p.o.seed,
        stopOn: p.stopOn,
        timeoutSeconds: Math.max(1, Math.ceil(p.limits.timeoutMs / 1000)),
        memoryMb: p.limits.memoryMb,
        jobs: perTask,
        shards,
        allowUnconfined: !p.o.runner.confined,
        env: taskEnv(env),
      }),
    );
    await chmod(script, 0o755);
    const tasks = arrayIndexList(missing);
    const array = `${tasks}${s.arrayMax !== undefined ? `%${s.arrayMax}` : ''}`;
    // The cut is on record before any task can read the manifest.
    await p.recordBackend(record());
    const submittedAt = new Date().toISOString();
    const t0 = performance.now();
    // Recheck's own options last: sbatch takes the last of a repeated option.
    const own = [
      '--array',
      array,
      '--job-name',
      `recheck-${p.id}`.slice(0, 64),
      '--output',
      join(slurmDir, 'task-%A_%a.out'),
      '--chdir',
      resolve(p.dir),
      '--export=NONE',
    ];
    const id = await submitBatch([...settingArgs(s, perTask), ...own], script, env);
    await writeFile(
      join(slurmDir, `job-${id}.submitted`),
      `${submittedAt} in ${Math.round(performance.now() - t0)} ms: --array=${array}\n`,
    );
    jobs.push({ id, tasks, shards: missing.length, nodes: [], submittedAt });
    await p.recordBackend(record());
    p.notice(
      `submitted Slurm job ${id}: ${missing.length} task${missing.length === 1 ? '' : 's'} (shards ${tasks} of ${shards})${s.arrayMax !== undefined ? `, at most ${s.arrayMax} at once` : ''}`,
    );
    await follow(jobs.length - 1);

    if (p.o.signal?.aborted || confirmedStop()) return 'done';
    const stillMissing = shardsMissing(p.records, p.total, shards, Number.isFinite(p.stopIndex) ? p.stopIndex + 1 : p.total);
    if (stillMissing.length === 0) return 'done';
    const states = jobs.at(-1)?.states ?? {};
    const how = Object.entries(states)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    p.notice(
      `Slurm job ${id} ended${how !== '' ? ` (${how})` : ''} with shards ${arrayIndexList(stillMissing)} unfinished: rerun the same command (or add --resume) to submit only those`,
    );
    return 'incomplete';
  };

  return { name: 'slurm', check, computeMissing };
}
