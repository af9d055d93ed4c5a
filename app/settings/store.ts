/**
 * The workspace's settings: `<workspace>/settings.json` (format `recheck.settings/1`, schema.ts), written
 * atomically by one writer at a time (app/fs/case-queue.ts); every save and every refused save is appended to
 * `<workspace>/settings.log.jsonl` (who, when, what, and the problem of a refused one). A workspace without
 * the file runs on the defaults (sweeps local).
 *
 * Saving Slurm settings first asks Slurm whether it would take them (`sbatch --version`, `sbatch --test-only`:
 * sweep-backend.ts): settings it refuses, or a machine without sbatch, give a one-line problem and leave the
 * file as it was, so that a bad partition is found here and not halfway through a run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SaveWorkspaceSettingsResult, SweepSettings, WorkspaceSettingsView } from '../../common/api/contract-settings';
import { BadInputError } from '../errors';
import { writeFileAtomic } from '../fs/atomic';
import { withFileWriter } from '../fs/case-queue';
import { sha256 } from '../fs/hash';
import { appendLineDurable } from '../fs/log';
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
  const path = join(workspaceDir, SETTINGS_FILE);
  if (!existsSync(path)) return { sweeps: DEFAULTS, file: SETTINGS_FILE };
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
  const file = doc as SettingsFile;
  return { sweeps: file.sweeps, file: SETTINGS_FILE, ...(file.savedAt !== undefined ? { savedAt: file.savedAt } : {}) };
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
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const file = join(workspaceDir, SETTINGS_FILE);
  // As the file's only writer: the save the log names last is the one on disk.
  await withFileWriter(file, async () => {
    await writeFileAtomic(file, text);
    await appendLineDurable(log, JSON.stringify({ at, who: o.who, action: 'saved', sweeps, sha256: sha256(text) }));
  });
  return { saved: true, settings: { sweeps, file: SETTINGS_FILE, savedAt: at } };
}
