/**
 * The workspace's settings: `<workspace>/settings.json` (format `recheck.settings/1`, schema.ts), written
 * atomically by one writer at a time (app/fs/case-queue.ts); every save and every refused save is appended to
 * `<workspace>/settings.log.jsonl` (who, when, what, and the problem of a refused one). A workspace without
 * the file runs on the defaults (sweeps local). The optional `replay` block names the Python interpreter replays
 * run (saveReplaySettings; checked to exist and run when saved and again when a replay uses it, replayPython).
 *
 * Saving Slurm settings first asks Slurm whether it would take them (`sbatch --version`, `sbatch --test-only`:
 * sweep-backend.ts): settings it refuses, or a machine without sbatch, give a one-line problem and leave the
 * file as it was, so that a bad partition is found here and not halfway through a run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplaySettings, SaveWorkspaceSettingsResult, SweepSettings, WorkspaceSettingsView } from '../../common/api/contract-settings';
import { BadInputError } from '../errors';
import { writeFileAtomic } from '../fs/atomic';
import { withFileWriter } from '../fs/case-queue';
import { sha256 } from '../fs/hash';
import { appendLineDurable } from '../fs/log';
import { interpreterPathProblem } from '../sandbox/process/interpreter';
import { readJsonFile } from '../tables/json-file';
import { oneLine } from '../text/display';
import { SETTINGS_FORMAT, settingsProblem, type SettingsFile } from './schema';
import { sweepSettingsProblem } from './sweep-backend';

export const SETTINGS_FILE = 'settings.json';
export const SETTINGS_LOG = 'settings.log.jsonl';
/** Largest settings file read. */
const MAX_SETTINGS_BYTES = 256 * 1024;

const DEFAULTS: SweepSettings = { backend: 'local' };

/**
 * The workspace's settings (the defaults when it has no settings.json). Throws BadInputError, one line naming
 * the file, for a file that is not JSON or does not fit the schema: `settings.json: /sweeps/mem: must be ...`.
 */
export async function readWorkspaceSettings(workspaceDir: string): Promise<WorkspaceSettingsView> {
  const file = await readSettingsFile(workspaceDir);
  if (file === null) return { sweeps: DEFAULTS, file: SETTINGS_FILE };
  return {
    sweeps: file.sweeps,
    ...(file.replay !== undefined ? { replay: file.replay } : {}),
    file: SETTINGS_FILE,
    ...(file.savedAt !== undefined ? { savedAt: file.savedAt } : {}),
  };
}

/** The settings file as stored, or null when the workspace has none; throws BadInputError like readWorkspaceSettings. */
async function readSettingsFile(workspaceDir: string): Promise<SettingsFile | null> {
  const path = join(workspaceDir, SETTINGS_FILE);
  if (!existsSync(path)) return null;
  const doc = await readJsonFile(path, path, { maxBytes: MAX_SETTINGS_BYTES });
  const format = typeof doc === 'object' && doc !== null ? (doc as { format?: unknown }).format : undefined;
  if (typeof format === 'string' && format !== SETTINGS_FORMAT)
    throw new BadInputError(
      path,
      `unsupported settings format ${JSON.stringify(oneLine(format, 60))} (this Recheck reads ${SETTINGS_FORMAT})`,
      '/format',
    );
  const problem = settingsProblem(doc);
  if (problem !== null) throw new BadInputError(path, problem);
  return doc as SettingsFile;
}

/** The replay block of the workspace's settings (`{}` when absent). Example: `{ python: '/srv/venv/bin/python' }`. */
export async function readReplaySettings(workspaceDir: string): Promise<ReplaySettings> {
  return (await readSettingsFile(workspaceDir))?.replay ?? {};
}

/**
 * The Python interpreter replays use in this workspace, checked now (it must exist and be executable), or
 * undefined when none is configured (the sandbox's default then). Throws BadInputError naming the settings file:
 * `<ws>/settings.json: /replay/python: /srv/venv/bin/python does not exist`.
 */
export async function replayPython(workspaceDir: string): Promise<string | undefined> {
  const python = (await readReplaySettings(workspaceDir)).python;
  if (python === undefined) return undefined;
  const problem = interpreterPathProblem(python);
  if (problem !== null) throw new BadInputError(join(workspaceDir, SETTINGS_FILE), `${oneLine(python, 200)} ${problem}`, '/replay/python');
  return python;
}

export interface SaveSettingsOptions {
  /** Who saves them (the reviewer), for the log. */
  readonly who: string;
  /** Environment of the Slurm commands that check Slurm settings (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  readonly now?: () => Date;
}

/**
 * Checks and saves the sweep settings; resolves `{ saved: false, problem }` (nothing written but the log line)
 * when they do not fit the schema or Slurm refuses them. Example: `saveWorkspaceSettings(ws, { backend: 'slurm',
 * partition: 'nope' }, { who: 'ada' })` resolves `{ saved: false, problem: 'sbatch: refuses these settings:
 * invalid partition specified: nope' }` on a cluster without that partition.
 */
export async function saveWorkspaceSettings(
  workspaceDir: string,
  sweeps: SweepSettings,
  o: SaveSettingsOptions,
): Promise<SaveWorkspaceSettingsResult> {
  const at = (o.now ?? (() => new Date()))().toISOString();
  const doc: SettingsFile = { format: SETTINGS_FORMAT, sweeps, savedAt: at };
  const problem = settingsProblem(doc) ?? (await sweepSettingsProblem(sweeps, o.env));
  const log = join(workspaceDir, SETTINGS_LOG);
  if (problem !== null) {
    await appendLineDurable(log, JSON.stringify({ at, who: o.who, action: 'refused', sweeps, problem }));
    return { saved: false, problem };
  }
  const file = join(workspaceDir, SETTINGS_FILE);
  // As the file's only writer: the save the log names last is the one on disk; the replay block is kept as it is.
  await withFileWriter(file, async () => {
    const replay = await keptReplay(workspaceDir);
    const text = `${JSON.stringify(replay !== undefined ? { format: doc.format, sweeps, replay, savedAt: at } : doc, null, 2)}\n`;
    await writeFileAtomic(file, text);
    await appendLineDurable(log, JSON.stringify({ at, who: o.who, action: 'saved', sweeps, sha256: sha256(text) }));
  });
  return { saved: true, settings: { sweeps, file: SETTINGS_FILE, savedAt: at } };
}

/** The replay block of the current file, kept when the sweeps are saved (nothing when the file is missing or unreadable). */
async function keptReplay(workspaceDir: string): Promise<ReplaySettings | undefined> {
  try {
    return (await readSettingsFile(workspaceDir))?.replay;
  } catch {
    return undefined;
  }
}

/**
 * Saves the replay block (the sweeps stay as they are): refused with one line, nothing written but the log line,
 * when it does not fit the schema or the interpreter does not exist or is not executable now. An empty block
 * returns replays to the default interpreter. Example: `saveReplaySettings(ws, { python: '/usr/bin/python3' }, { who: 'ada' })`
 * resolves `{ saved: true }`.
 */
export async function saveReplaySettings(
  workspaceDir: string,
  replay: ReplaySettings,
  o: { readonly who: string; readonly now?: () => Date },
): Promise<{ saved: true } | { saved: false; problem: string }> {
  const at = (o.now ?? (() => new Date()))().toISOString();
  const log = join(workspaceDir, SETTINGS_LOG);
  const file = join(workspaceDir, SETTINGS_FILE);
  const refuse = async (problem: string): Promise<{ saved: false; problem: string }> => {
    await appendLineDurable(log, JSON.stringify({ at, who: o.who, action: 'refused', replay, problem }));
    return { saved: false, problem };
  };
  const usable = replay.python !== undefined ? interpreterPathProblem(replay.python) : null;
  const own = settingsProblem({ format: SETTINGS_FORMAT, sweeps: DEFAULTS, replay });
  if (own !== null || usable !== null) return refuse(own ?? `/replay/python: ${oneLine(replay.python ?? '', 200)} ${usable}`);
  // As the file's only writer: the sweeps are read and written back under the same lock.
  const problem = await withFileWriter(file, async (): Promise<string | null> => {
    let current: SettingsFile | null;
    try {
      current = await readSettingsFile(workspaceDir);
    } catch (err) {
      return err instanceof BadInputError ? err.problem : String(err);
    }
    const text = `${JSON.stringify({ format: SETTINGS_FORMAT, sweeps: current?.sweeps ?? DEFAULTS, replay, savedAt: at }, null, 2)}\n`;
    await writeFileAtomic(file, text);
    await appendLineDurable(log, JSON.stringify({ at, who: o.who, action: 'saved', replay, sha256: sha256(text) }));
    return null;
  });
  if (problem !== null) return refuse(problem);
  return { saved: true };
}
