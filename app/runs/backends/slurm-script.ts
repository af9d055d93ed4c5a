/**
 * The batch script of a Slurm sweep: array task i runs `recheck sweep <module> --shard i/N` on the sweep's
 * folder, with the grid file the parent wrote there and the same seed, stop field and limits, so the task's
 * sweep is the parent's (runSweep refuses a folder of another sweep). The compute nodes share the filesystem:
 * the script names this Node binary and this installation's bin/recheck.mjs by absolute path.
 */

/** What a task needs to rebuild the parent's sweep. */
export interface TaskCommand {
  /** The command that runs `recheck` (default: process.execPath and <install>/bin/recheck.mjs). */
  readonly recheck: readonly string[];
  readonly modulePath: string;
  readonly gridFile: string;
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
}

/** A word for sh, single-quoted. Example: `shellWord("it's")` is `'it'\''s'`. */
export function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The script's text. */
export function batchScript(c: TaskCommand): string {
  const words = [
    ...c.recheck,
    'sweep',
    c.modulePath,
    '--grid',
    c.gridFile,
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
    `# Written by recheck for sweep ${c.id}: array task i computes shard i of ${c.shards} into points.shard-i.jsonl.`,
    `exec ${words.join(' ')} --shard "$SLURM_ARRAY_TASK_ID/${c.shards}"`,
    '',
  ].join('\n');
}
