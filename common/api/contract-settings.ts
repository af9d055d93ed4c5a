/**
 * The workspace's settings as the API carries them (app/settings/ keeps them in `<workspace>/settings.json`).
 * Pure types and words: both TypeScript projects see this file.
 */

/** Sweeps computed by this process's sandboxes (the default). */
export interface LocalSweepSettings {
  backend: 'local';
}

/**
 * Sweeps handed to Slurm as one job array (docs/slurm.md). The workspace's runs folders must then be on storage
 * the compute nodes share, and the nodes must see this installation at the same path.
 */
export interface SlurmSweepSettings {
  backend: 'slurm';
  /** `sbatch --partition` (default: the cluster's default partition). */
  partition?: string;
  /** At most this many array tasks at once (`--array=...%N`). */
  arrayMax?: number;
  /** Per task, in Slurm's syntax (`30`, `1:00:00`, `1-0`). */
  time?: string;
  /** Per task (`2G`, `500M`). */
  mem?: string;
  /** Further sbatch options, one `--option=value` each (`--qos=normal`). */
  sbatchArgs?: string[];
}

/** Where the sweep checks of the workspace compute their points. */
export type SweepSettings = LocalSweepSettings | SlurmSweepSettings;

export interface WorkspaceSettingsView {
  sweeps: SweepSettings;
  /** The settings file, relative to the workspace (`settings.json`). */
  file: string;
  /** When they were last saved (ISO time); absent while the workspace runs on the defaults. */
  savedAt?: string;
}

export interface SaveWorkspaceSettingsInput {
  sweeps: SweepSettings;
  reviewer?: string;
}

/** Saved, or refused with one line saying what is wrong (nothing is written then). */
export type SaveWorkspaceSettingsResult = { saved: true; settings: WorkspaceSettingsView } | { saved: false; problem: string };

/**
 * Where sweeps run, in words. Example: `sweepPlaceWords({ backend: 'slurm', partition: 'debug' })` is
 * "on Slurm (partition debug)"; `sweepPlaceWords({ backend: 'local' })` is "on this machine".
 */
export function sweepPlaceWords(s: SweepSettings): string {
  if (s.backend === 'local') return 'on this machine';
  return `on Slurm${s.partition !== undefined ? ` (partition ${s.partition})` : ''}`;
}
