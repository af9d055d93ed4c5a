/**
 * The settings capability: the workspace's settings as the API carries them (app/settings/ keeps them in
 * `<workspace>/settings.json`), where sweeps run in words, and the methods that read and save them
 * (implemented by app/api/slices/settings.ts).
 */
import type { JsonLimits } from '../json/bounded';
import { method, returns } from './method';
import { ApiArgumentError, arity, jsonArgument, record, reviewer } from './validate';

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

/**
 * How replays run a logbook's cells (`replay` in `<workspace>/settings.json`, app/settings/schema.ts): `python`
 * is the absolute path of the interpreter (a virtual environment's `bin/python` is fine, a pyenv shim is not: the
 * binary itself); absent, replays run Debian's /usr/bin/python3 when present, else `python3` on PATH. It only ever
 * runs inside the sandbox.
 */
export interface ReplaySettings {
  python?: string;
}

export interface WorkspaceSettingsView {
  sweeps: SweepSettings;
  /** How replays run (absent: the defaults). */
  replay?: ReplaySettings;
  /** The settings file, relative to the workspace (`settings.json`). */
  file: string;
  /** When they were last saved (ISO time); absent while the workspace runs on the defaults. */
  savedAt?: string;
}

export interface SaveWorkspaceSettingsInput {
  sweeps: SweepSettings;
  reviewer?: string;
}

export interface SaveReplaySettingsInput {
  /** Absolute path of the interpreter; absent or empty: back to the default. */
  python?: string;
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

/** Limits of the workspace settings' sweep block: a few fields and at most a few dozen sbatch options. */
const SETTINGS_JSON_LIMITS: JsonLimits = { maxChars: 32 * 1024, maxDepth: 4, maxNodes: 200 };

/** The methods of the workspace's settings. */
export const SETTINGS = {
  /** The workspace's settings (where sweep checks compute their points); the defaults when none were saved. */
  workspaceSettings: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<WorkspaceSettingsView>() }),
  /** Saves the workspace's settings after Slurm accepts them (sbatch --test-only); a refusal is one line, nothing saved; logged. */
  saveWorkspaceSettings: method({
    validate: (a, m): [input: SaveWorkspaceSettingsInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['sweeps', 'reviewer']);
      // The shape is bounded JSON here; the core checks it against the settings schema and answers a one-line problem.
      if (typeof r.sweeps !== 'object' || r.sweeps === null || Array.isArray(r.sweeps))
        throw new ApiArgumentError(m, 'sweeps must be an object');
      const sweeps = jsonArgument(m, 'sweeps', r.sweeps, SETTINGS_JSON_LIMITS) as SaveWorkspaceSettingsInput['sweeps'];
      return [{ sweeps, ...reviewer(m, r.reviewer) }];
    },
    result: returns<SaveWorkspaceSettingsResult>(),
  }),
  /** Saves how replays run (the interpreter, checked to exist and be executable now); the sweeps stay; logged. */
  saveReplaySettings: method({
    validate: (a, m): [input: SaveReplaySettingsInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['python', 'reviewer']);
      if (r.python !== undefined && (typeof r.python !== 'string' || r.python.length > 1024))
        throw new ApiArgumentError(m, 'python must be a path of at most 1024 characters');
      return [
        { ...(typeof r.python === 'string' && r.python.trim() !== '' ? { python: r.python.trim() } : {}), ...reviewer(m, r.reviewer) },
      ];
    },
    result: returns<SaveWorkspaceSettingsResult>(),
  }),
};
