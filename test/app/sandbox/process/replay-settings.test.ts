/**
 * The replay interpreter in the workspace settings (`replay.python` in settings.json, app/settings/schema.ts and
 * store.ts): the schema takes an absolute path without control characters and says what is wrong in one line;
 * whether it exists and runs is checked when it is saved and again when a replay uses it (not when the file is
 * read); saving the sweeps keeps it, and saving it keeps the sweeps.
 * (It sits beside the sandbox's tests because it is the sandbox's input; test/app/settings/ would also fit.)
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BadInputError } from '../../../../app/errors';
import { settingsProblem } from '../../../../app/settings/schema';
import {
  readReplaySettings,
  readWorkspaceSettings,
  replayPython,
  saveReplaySettings,
  saveWorkspaceSettings,
  SETTINGS_FILE,
} from '../../../../app/settings/store';
import { tempDir } from '../../../helpers/temp-case';

const NOW = () => new Date('2026-12-02T08:00:00.000Z');
const doc = (replay: unknown) => ({ format: 'recheck.settings/1', sweeps: { backend: 'local' }, replay });

describe('replay.python in the settings schema', () => {
  it.each([
    [{}, null],
    [{ python: '/usr/bin/python3' }, null],
    [{ python: '/srv/a venv/bin/python' }, null],
    [
      { python: 'python3' },
      '/replay/python: must be the absolute path of a Python interpreter (e.g. /srv/venv/bin/python), without control characters',
    ],
    [
      { python: '/usr/bin/python3\n' },
      '/replay/python: must be the absolute path of a Python interpreter (e.g. /srv/venv/bin/python), without control characters',
    ],
    [{ python: 3 }, '/replay/python: must be string'],
    ['fast', '/replay: must be object'],
  ])('%j', (replay, problem) => {
    expect(settingsProblem(doc(replay))).toBe(problem);
  });

  it('refuses an unknown key in the replay block', () => {
    expect(settingsProblem(doc({ python: '/usr/bin/python3', node: '/usr/bin/node' }))).toMatch(/^\/replay: .*node/);
  });

  it('a missing interpreter still reads (the file stays usable), and is named when a replay uses it', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, SETTINGS_FILE), JSON.stringify(doc({ python: '/nonexistent/venv/bin/python' })));
    expect(await readReplaySettings(ws)).toEqual({ python: '/nonexistent/venv/bin/python' });
    expect(await readWorkspaceSettings(ws)).toMatchObject({ sweeps: { backend: 'local' } });
    const err = await replayPython(ws).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(`${join(ws, SETTINGS_FILE)}: /replay/python: /nonexistent/venv/bin/python does not exist`);
  });

  it('a file that is not executable is named; none configured gives undefined (the sandbox default)', async () => {
    const ws = tempDir();
    expect(await replayPython(ws)).toBeUndefined();
    const fake = join(ws, 'python');
    writeFileSync(fake, '');
    chmodSync(fake, 0o644);
    writeFileSync(join(ws, SETTINGS_FILE), JSON.stringify(doc({ python: fake })));
    // root may execute any file with an x bit only; without one even root is refused
    await expect(replayPython(ws)).rejects.toThrow(`/replay/python: ${fake} is not executable`);
  });
});

describe('saving the replay interpreter', () => {
  it('saves an existing interpreter, keeps the sweeps, and a sweeps save keeps it', async () => {
    const ws = tempDir();
    await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    expect(await saveReplaySettings(ws, { python: '/bin/sh' }, { who: 'Ada', now: NOW })).toEqual({ saved: true });
    expect(await replayPython(ws)).toBe('/bin/sh');
    await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    expect(JSON.parse(readFileSync(join(ws, SETTINGS_FILE), 'utf8'))).toEqual({
      format: 'recheck.settings/1',
      sweeps: { backend: 'local' },
      replay: { python: '/bin/sh' },
      savedAt: '2026-12-02T08:00:00.000Z',
    });
    expect(await saveReplaySettings(ws, {}, { who: 'Ada', now: NOW })).toEqual({ saved: true });
    expect(await replayPython(ws)).toBeUndefined();
  });

  it('refuses a relative or missing interpreter in one line, writing nothing but the log line', async () => {
    const ws = tempDir();
    expect(await saveReplaySettings(ws, { python: 'python3' }, { who: 'Ada' })).toEqual({
      saved: false,
      problem: '/replay/python: must be the absolute path of a Python interpreter (e.g. /srv/venv/bin/python), without control characters',
    });
    expect(await saveReplaySettings(ws, { python: '/nonexistent/python' }, { who: 'Ada' })).toEqual({
      saved: false,
      problem: '/replay/python: /nonexistent/python does not exist',
    });
    expect(() => readFileSync(join(ws, SETTINGS_FILE))).toThrow();
    const log = readFileSync(join(ws, 'settings.log.jsonl'), 'utf8').trim().split('\n');
    expect(log.map((l) => (JSON.parse(l) as { action: string }).action)).toEqual(['refused', 'refused']);
    rmSync(ws, { recursive: true, force: true });
  });
});
