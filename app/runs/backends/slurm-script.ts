/**
 * The batch script of a Slurm sweep: array task i runs `recheck sweep <module> --shard i/N` on the sweep's
 * folder, with the grid file the parent wrote there and the same seed, stop field and limits, so the task's
 * sweep is the parent's (runSweep refuses a folder of another sweep). A sweep whose runner is not a module's
 * (a replay) gives its own `task` arguments instead of `sweep <module> --grid <file>`, e.g.
 * `replay CASE --cell ID --grid K=2,4`, followed by the same seed, folder, limits and `--shard`. The compute nodes share the filesystem:
 * the script names this Node binary and this installation's bin/recheck.mjs by absolute path.
 *
 * The task's environment is the script's, whatever Slurm hands the batch shell (the job is submitted with
 * `--export=NONE`; Slurm still adds SLURM_* variables, and for root the login environment): recheck starts
 * under `/usr/bin/env -i` with exactly the variables of `taskEnv` (PATH, HOME and Recheck's own sandbox
 * variables, from the submitting process) and the node's TMPDIR. Nothing such as NODE_OPTIONS or LD_PRELOAD
 * reaches it.
 */

/** Variables a task takes from the submitting process, when set there: PATH finds bubblewrap, prlimit and ldd. */
export const TASK_ENV_NAMES: readonly string[] = ['PATH', 'HOME', 'RECHECK_SANDBOX_NODE', 'ESBUILD_BINARY_PATH', 'RECHECK_CLI'];

/** A task's variables from the submitting process's. Example: `taskEnv({ PATH: '/usr/bin', NODE_OPTIONS: 'x' })` is `{ PATH: '/usr/bin' }`. */
export function taskEnv(from: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of TASK_ENV_NAMES) {
    const value = from[name];
    if (value !== undefined) out[name] = value;
  }
  out.PATH ??= '/usr/bin:/bin';
  return out;
}

/** What a task needs to rebuild the parent's sweep. */
export interface TaskCommand {
  /** The command that runs `recheck` (default: process.execPath and <install>/bin/recheck.mjs). */
  readonly recheck: readonly string[];
  readonly modulePath: string;
  readonly gridFile: string;
  /** The arguments that rebuild the sweep's runner and spec instead of `sweep <modulePath> --grid <gridFile>` (SweepOptions.task). */
  readonly task?: readonly string[];
  readonly runsDir: string;
  readonly id: string;
  readonly seed: number;
  readonly stopOn: string | null;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** Points a task runs at once (its --cpus-per-task). */
  readonly jobs: number;
  readonly shards: number;
  readonly allowUnconfined: boolean;
  /** The task's variables besides TMPDIR (taskEnv); none when absent. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A word for sh, single-quoted. Example: `shellWord("it's")` is `'it'\''s'`. */
export function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The script's text. Throws when a variable name is not one, or the command's path has a "=" (env would read it as a variable). */
export function batchScript(c: TaskCommand): string {
  const vars = Object.entries(c.env ?? {}).map(([name, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name === 'TMPDIR') throw new Error(`batchScript: ${name} is not a task variable`);
    return shellWord(`${name}=${value}`);
  });
  if (c.recheck[0]?.includes('=') !== false) throw new Error('batchScript: the command must be given, and its path must not contain "="');
  const words = [
    ...c.recheck,
    ...(c.task ?? ['sweep', c.modulePath, '--grid', c.gridFile]),
    '--seed',
    String(c.seed),
    '--runs',
    c.runsDir,
    '--id',
    c.id,
    '--timeout',
    String(c.timeoutSeconds),
    '--memory',
    String(c.memoryMb),
    '--jobs',
    String(c.jobs),
    ...(c.stopOn !== null ? ['--stop-on', c.stopOn] : []),
    ...(c.allowUnconfined ? ['--allow-unconfined'] : []),
  ].map(shellWord);
  return [
    '#!/bin/sh',
    `# Written by recheck for sweep ${c.id}: array task i computes shard i of ${c.shards} into points.shard-i-of-${c.shards}.jsonl.`,
    `exec /usr/bin/env -i ${[...vars, 'TMPDIR="${TMPDIR:-/tmp}"'].join(' ')} ${words.join(' ')} --shard "$SLURM_ARRAY_TASK_ID/${c.shards}"`,
    '',
  ].join('\n');
}
