/**
 * The workspace's sweep settings as a SweepBackend (app/runs/backends/) for the checks a run computes, and the
 * check Slurm makes of them before they are saved. Local settings give no backend: runSweep's default (this
 * process's sandboxes) is the local one.
 *
 * The desktop app refuses Slurm (`SlurmPolicy` 'refuse-desktop', set by main/index.ts, packaged or started from a
 * checkout): a task runs the batch script's command, which there would be the Electron binary (RunAsNode fused off
 * when packaged, ELECTRON_RUN_AS_NODE dropped by the task's empty environment otherwise) and bin/recheck.mjs, and a
 * compute node cannot run that as Node. Saving Slurm settings then gives the one line
 * DESKTOP_SLURM_REFUSAL, and a sweep under Slurm settings saved elsewhere (the CLI, browser mode) fails with it
 * before its folder or any Slurm command is touched; local sweeps run as always.
 */
import type { SlurmSweepSettings, SweepSettings } from '../../common/api/contract-settings';
import { BadInputError } from '../errors';
import type { SweepBackend } from '../runs/backends/backend';
import { checkSlurmSettings, slurmBackend, type SlurmSettings } from '../runs/backends/slurm';

/**
 * Whether Slurm settings may be used: 'allow' (the CLI, browser mode) or 'refuse-desktop' (the desktop app, packaged or
 * started from a checkout: its process is Electron, which a compute node's batch script cannot run as Node).
 */
export type SlurmPolicy = 'allow' | 'refuse-desktop';

/** The one line the desktop app gives for Slurm settings. */
export const DESKTOP_SLURM_REFUSAL =
  'the desktop app cannot run sweeps on Slurm (compute nodes cannot run its Electron binary): keep sweeps local here, or run the sweep from the CLI, `npx recheck sweep ... --backend slurm`, in a checkout or with the recheck CLI installed';

/** A backend named slurm that refuses every sweep with DESKTOP_SLURM_REFUSAL (BadInputError, one line). */
const refusedSlurm: SweepBackend = {
  name: 'slurm',
  check: () => Promise.reject(new BadInputError('sweep settings', DESKTOP_SLURM_REFUSAL)),
  computeMissing: () => Promise.reject(new BadInputError('sweep settings', DESKTOP_SLURM_REFUSAL)),
};

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
export function sweepBackendOf(s: SweepSettings, env?: NodeJS.ProcessEnv, slurm: SlurmPolicy = 'allow'): SweepBackend | undefined {
  if (s.backend !== 'slurm') return undefined;
  return slurm === 'refuse-desktop' ? refusedSlurm : slurmBackend(slurmSettingsOf(s, env));
}

/**
 * Why Slurm would not run sweeps with these settings (one line), or null: the packaged desktop app, sbatch missing
 * or the controller out of reach, or options `sbatch --test-only` refuses. Local settings have nothing to check.
 */
export async function sweepSettingsProblem(
  s: SweepSettings,
  env?: NodeJS.ProcessEnv,
  slurm: SlurmPolicy = 'allow',
): Promise<string | null> {
  if (s.backend !== 'slurm') return null;
  if (slurm === 'refuse-desktop') return DESKTOP_SLURM_REFUSAL;
  try {
    await checkSlurmSettings(slurmSettingsOf(s, env));
    return null;
  } catch (err) {
    if (err instanceof BadInputError) return err.message;
    throw err;
  }
}
