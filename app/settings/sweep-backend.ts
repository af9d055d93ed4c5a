/**
 * The workspace's sweep settings as a SweepBackend (app/runs/backends/) for the checks a run computes, and the
 * check Slurm makes of them before they are saved. Local settings give no backend: runSweep's default (this
 * process's sandboxes) is the local one.
 */
import type { SlurmSweepSettings, SweepSettings } from '../../common/api/contract-settings';
import { BadInputError } from '../errors';
import type { SweepBackend } from '../runs/backends/backend';
import { checkSlurmSettings, slurmBackend, type SlurmSettings } from '../runs/backends/slurm';

/** The Slurm backend's settings from the workspace's. */
function slurmSettingsOf(s: SlurmSweepSettings, env?: NodeJS.ProcessEnv): SlurmSettings {
  return {
    ...(s.partition !== undefined ? { partition: s.partition } : {}),
    ...(s.arrayMax !== undefined ? { arrayMax: s.arrayMax } : {}),
    ...(s.time !== undefined ? { time: s.time } : {}),
    ...(s.mem !== undefined ? { mem: s.mem } : {}),
    ...(s.sbatchArgs !== undefined && s.sbatchArgs.length > 0 ? { sbatchArgs: s.sbatchArgs } : {}),
    ...(env !== undefined ? { env } : {}),
  };
}

/**
 * Where a run's sweeps compute their points: undefined for local (runSweep's default), a Slurm backend otherwise.
 * Example: `sweepBackendOf({ backend: 'slurm', partition: 'debug' })?.name` is `slurm`.
 */
export function sweepBackendOf(s: SweepSettings, env?: NodeJS.ProcessEnv): SweepBackend | undefined {
  return s.backend === 'slurm' ? slurmBackend(slurmSettingsOf(s, env)) : undefined;
}

/**
 * Why Slurm would not run sweeps with these settings (one line), or null: sbatch missing or the controller out
 * of reach, or options `sbatch --test-only` refuses. Local settings have nothing to check.
 */
export async function sweepSettingsProblem(s: SweepSettings, env?: NodeJS.ProcessEnv): Promise<string | null> {
  if (s.backend !== 'slurm') return null;
  try {
    await checkSlurmSettings(slurmSettingsOf(s, env));
    return null;
  } catch (err) {
    if (err instanceof BadInputError) return err.message;
    throw err;
  }
}
