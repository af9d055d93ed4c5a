/**
 * The flags every sweep-shaped command shares (`recheck sweep`, `recheck replay --grid`): where the points run
 * (`--backend local|slurm` and the allow-listed sbatch options) and which slice a Slurm task runs (`--shard i/N`).
 * One option table and one reading of it, so the commands cannot drift apart in what they accept or refuse.
 * Example: `const { backend, shard } = await sweepBackendFromFlags('sweep', values)`.
 */
import { UsageError } from './args';
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import { parseShard, type Shard } from '../runs/shard';
import { sbatchWordsProblem } from '../runs/backends/sbatch-options';
import type { SweepBackend } from '../runs/backends/backend';

/** The parseArgs options of the backend flags (spread into a command's own table). */
export const SWEEP_BACKEND_OPTIONS = {
  backend: { type: 'string' },
  partition: { type: 'string' },
  'array-max': { type: 'string' },
  tasks: { type: 'string' },
  time: { type: 'string' },
  mem: { type: 'string' },
  'sbatch-arg': { type: 'string', multiple: true },
  shard: { type: 'string' },
} as const;

/** The backend flags as parsed. */
export interface SweepBackendFlags {
  readonly backend?: string;
  readonly partition?: string;
  readonly 'array-max'?: string;
  readonly tasks?: string;
  readonly time?: string;
  readonly mem?: string;
  readonly 'sbatch-arg'?: string[];
  readonly shard?: string;
}

/** The flags that mean something only with --backend slurm. */
const SLURM_ONLY = ['partition', 'array-max', 'tasks', 'time', 'mem', 'sbatch-arg'] as const;

/** An integer flag in [min, max] (`fallback` when absent); anything else is a usage error of `command`. */
export function intFlag(command: string, name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const x = Number(text);
  if (!Number.isInteger(x) || x < min || x > max)
    throw new UsageError(command, `--${name} must be an integer in [${min}, ${max}], got "${shown(text, 40)}"`);
  return x;
}

/**
 * Reads the backend flags: the Slurm backend with its settings, or none (local); the shard a Slurm task runs.
 * Refuses (exit 2) an unknown backend, a Slurm-only flag without --backend slurm, an sbatch option Recheck does
 * not allow (the workspace settings' rule, docs/slurm.md), a malformed --shard, and --shard with --backend slurm.
 */
export async function sweepBackendFromFlags(
  command: string,
  f: SweepBackendFlags,
): Promise<{ backend: SweepBackend | undefined; shard: Shard | undefined }> {
  const name = f.backend ?? 'local';
  if (name !== 'local' && name !== 'slurm') throw new UsageError(command, `--backend must be local or slurm, got "${shown(name, 40)}"`);
  const slurmOnly = SLURM_ONLY.filter((k) => f[k] !== undefined);
  if (name !== 'slurm' && slurmOnly.length > 0) throw new UsageError(command, `--${slurmOnly[0]} needs --backend slurm`);
  const refused = sbatchWordsProblem(f['sbatch-arg'] ?? []);
  if (refused !== null) throw new BadInputError('--sbatch-arg', refused.problem);
  const shard = f.shard !== undefined ? parseShard(f.shard, '--shard') : undefined;
  if (shard !== undefined && name === 'slurm')
    throw new UsageError(command, '--shard runs one slice here (it is what a Slurm task runs): drop --backend slurm');
  if (name !== 'slurm') return { backend: undefined, shard };
  const { slurmBackend } = await import('../runs/backends/slurm');
  const backend = slurmBackend({
    ...(f.partition !== undefined ? { partition: f.partition } : {}),
    ...(f['array-max'] !== undefined ? { arrayMax: intFlag(command, 'array-max', f['array-max'], 1, 1, 100_000) } : {}),
    ...(f.tasks !== undefined ? { tasks: intFlag(command, 'tasks', f.tasks, 1, 1, 100_000) } : {}),
    ...(f.time !== undefined ? { time: f.time } : {}),
    ...(f.mem !== undefined ? { mem: f.mem } : {}),
    ...(f['sbatch-arg'] !== undefined ? { sbatchArgs: f['sbatch-arg'] } : {}),
  });
  return { backend, shard };
}
