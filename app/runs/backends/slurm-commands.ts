/**
 * Slurm's client commands as the Slurm backend uses them: sbatch (submit, --test-only, --version), squeue
 * (the tasks still pending or running), scontrol (how the tasks ended, on which nodes) and scancel. No
 * accounting database (sacct) is needed. Each call is one child process with the given environment (PATH and
 * SLURM_CONF find the cluster); a missing command is a BadInputError naming it, one line.
 */
import { spawn } from 'node:child_process';
import { BadInputError } from '../../errors';
import { oneLine } from '../../text/display';

export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one Slurm command to completion. Rejects with BadInputError when it is not on PATH. */
export function slurmCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        reject(
          new BadInputError(
            command,
            "not found on PATH: install Slurm's client commands (Debian: slurm-client) or run the sweep without --backend slurm",
          ),
        );
      else reject(err);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The first error line of a Slurm command, without its `sbatch: error: ` prefix. Example: `invalid partition specified: nope`. */
export function slurmError(r: CommandResult): string {
  const lines = `${r.stderr}\n${r.stdout}`
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const line = lines.find((l) => /error/i.test(l)) ?? lines[0] ?? `exit ${r.code}`;
  return oneLine(line.replace(/^\w+: error: /, ''), 300);
}

/** `slurm-wlm 22.05.8` from `sbatch --version`. */
export async function slurmVersion(env: NodeJS.ProcessEnv): Promise<string> {
  const r = await slurmCommand('sbatch', ['--version'], env);
  if (r.code !== 0) throw new BadInputError('sbatch', `cannot reach Slurm: ${slurmError(r)}`);
  return oneLine(r.stdout.trim(), 100);
}

/** Submits a batch script; resolves with the job id (`sbatch --parsable`). BadInputError with sbatch's reason when refused. */
export async function submitBatch(args: readonly string[], script: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await slurmCommand('sbatch', ['--parsable', ...args, script], env);
  const id = /^(\d+)/.exec(r.stdout.trim())?.[1];
  if (r.code !== 0 || id === undefined) throw new BadInputError('sbatch', `refused the job: ${slurmError(r)}`);
  return id;
}

/** Asks sbatch whether it would accept a job with these options (`--test-only`, nothing submitted). */
export async function testSubmit(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const r = await slurmCommand('sbatch', ['--test-only', ...args, '--wrap', 'true'], env);
  if (r.code !== 0) throw new BadInputError('sbatch', `refuses these settings: ${slurmError(r)}`);
}

/** An array task still known to squeue. */
export interface QueuedTask {
  readonly task: number;
  readonly state: string;
  readonly nodes: string;
}

/**
 * The job's tasks that squeue still lists (pending, running, completing), one per array task (`-r`). An empty
 * list: the job has ended (or was purged). Rejects with an Error on any other squeue failure.
 */
export async function queuedTasks(jobId: string, env: NodeJS.ProcessEnv): Promise<QueuedTask[]> {
  const r = await slurmCommand('squeue', ['-h', '-r', '-j', jobId, '-o', '%K|%T|%N'], env);
  if (r.code !== 0) {
    if (/invalid job id/i.test(r.stderr)) return [];
    throw new Error(`squeue -j ${jobId}: ${slurmError(r)}`);
  }
  const out: QueuedTask[] = [];
  for (const line of r.stdout.split('\n')) {
    const [task, state, nodes] = line.trim().split('|');
    if (task === undefined || !/^\d+$/.test(task)) continue;
    out.push({ task: Number(task), state: state ?? '', nodes: nodes ?? '' });
  }
  return out;
}

/** How the tasks of an ended job ended, from `scontrol -o show job` (kept for MinJobAge after the end): states with counts, and nodes. */
export async function jobEnd(jobId: string, env: NodeJS.ProcessEnv): Promise<{ states: Record<string, number>; nodes: string[] }> {
  const r = await slurmCommand('scontrol', ['-o', 'show', 'job', jobId], env);
  const states: Record<string, number> = {};
  const nodes = new Set<string>();
  if (r.code !== 0) return { states, nodes: [] };
  for (const line of r.stdout.split('\n')) {
    const state = /\bJobState=(\S+)/.exec(line)?.[1];
    if (state === undefined) continue;
    states[state] = (states[state] ?? 0) + 1;
    for (const n of nodeNames(/\bNodeList=(\S+)/.exec(line)?.[1] ?? '')) nodes.add(n);
  }
  return { states, nodes: [...nodes].sort() };
}

/** Node names from a NodeList field (`(null)` and empty give none; a compressed list `n[1-3]` is kept as written). */
export function nodeNames(list: string): string[] {
  const t = list.trim();
  return t === '' || t === '(null)' ? [] : t.split(/,(?![^[]*\])/);
}

/** Cancels a whole job or some of its tasks (`12`, `12_[3-5]`). */
export async function cancelJob(target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const r = await slurmCommand('scancel', [target], env);
  if (r.code !== 0) throw new Error(`scancel ${target}: ${slurmError(r)}`);
}
