/**
 * Which Python a replay runs: the one asked for (`--python`, the check's `python` param), else the workspace's
 * setting `replay.python` (app/settings/store.ts `replayPython`, read from the folder holding the case, which is the
 * workspace for the cases Recheck keeps), else none (the sandbox's default: /usr/bin/python3, else python3 on PATH).
 * A configured interpreter that is gone is bad input naming the settings file.
 * Example: `await replayPythonFor('/ws/timing', undefined)` is '/srv/venv/bin/python' when /ws/settings.json says so.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { replayPython, SETTINGS_FILE } from '../settings/store';

export async function replayPythonFor(caseDir: string, asked: string | undefined): Promise<string | undefined> {
  if (asked !== undefined) return asked;
  const workspace = dirname(caseDir);
  if (!existsSync(join(workspace, SETTINGS_FILE))) return undefined;
  return replayPython(workspace);
}
