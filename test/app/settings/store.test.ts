// The workspace settings store: defaults without a file, a save read back, one-line problems naming the file for
// a file that is not JSON or does not fit the schema, refusals that write nothing but their log line, sbatch
// options Recheck sets itself refused, and writes that go through the atomic writer (no symlink followed).
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkspaceSettings, saveWorkspaceSettings, SETTINGS_FILE, SETTINGS_LOG } from '../../../app/settings/store';
import { settingsProblem } from '../../../app/settings/schema';
import { BadInputError } from '../../../app/errors';
import { tempDir } from '../../helpers/temp-case';

const NOW = () => new Date('2026-11-30T12:00:00.000Z');
const logLines = (ws: string) =>
  readFileSync(join(ws, SETTINGS_LOG), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** An environment in which no Slurm command can be found. */
const NO_SLURM = { PATH: '/nonexistent-recheck-path' };

describe('workspace settings', () => {
  it('runs on the defaults (sweeps local) when the workspace has no settings.json', async () => {
    expect(await readWorkspaceSettings(tempDir())).toEqual({ sweeps: { backend: 'local' }, file: 'settings.json' });
  });

  it('saves local settings as recheck.settings/1, reads them back, and logs the save with its hash', async () => {
    const ws = tempDir();
    const r = await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    expect(r).toEqual({
      saved: true,
      settings: { sweeps: { backend: 'local' }, file: 'settings.json', savedAt: '2026-11-30T12:00:00.000Z' },
    });
    expect(JSON.parse(readFileSync(join(ws, SETTINGS_FILE), 'utf8'))).toEqual({
      format: 'recheck.settings/1',
      sweeps: { backend: 'local' },
      savedAt: '2026-11-30T12:00:00.000Z',
    });
    expect(await readWorkspaceSettings(ws)).toEqual(r.saved ? r.settings : null);
    expect(logLines(ws)).toEqual([
      {
        at: '2026-11-30T12:00:00.000Z',
        who: 'Ada',
        action: 'saved',
        sweeps: { backend: 'local' },
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
  });

  it('reads a settings.json that is not JSON as one line naming the file and the place', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, SETTINGS_FILE), '{ "format": "recheck.settings/1",\n  "sweeps": { "backend": "slurm", }\n}\n');
    const err = await readWorkspaceSettings(ws).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    const message = (err as Error).message;
    expect(message).toMatch(
      new RegExp(`^${join(ws, SETTINGS_FILE).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: malformed JSON at line 2, column \\d+ \\(`),
    );
    expect(message).not.toContain('\n');
  });

  it('reads a settings.json that does not fit the schema as one line with its pointer', async () => {
    const ws = tempDir();
    const write = (doc: unknown) => writeFileSync(join(ws, SETTINGS_FILE), JSON.stringify(doc));
    write({ format: 'recheck.settings/1', sweeps: { backend: 'slurm', mem: 'lots' } });
    await expect(readWorkspaceSettings(ws)).rejects.toThrow(/settings\.json: \/sweeps\/mem: must be a size such as 2G or 500M$/);
    write({ format: 'recheck.settings/1', sweeps: { backend: 'local', partition: 'debug' } });
    await expect(readWorkspaceSettings(ws)).rejects.toThrow(/settings\.json: \/sweeps: unknown field "partition"$/);
    write({ format: 'recheck.settings/1', sweeps: { backend: 'kubernetes' } });
    await expect(readWorkspaceSettings(ws)).rejects.toThrow(/settings\.json: \/sweeps\/backend: must be one of "local", "slurm"$/);
    write({ format: 'recheck.settings/2', sweeps: { backend: 'local' } });
    await expect(readWorkspaceSettings(ws)).rejects.toThrow(
      /settings\.json: \/format: unsupported settings format "recheck.settings\/2" \(this Recheck reads recheck.settings\/1\)$/,
    );
  });

  it('refuses settings that do not fit the schema with one line, writing nothing but the log line', async () => {
    const ws = tempDir();
    await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    const before = readFileSync(join(ws, SETTINGS_FILE), 'utf8');
    const refused = await saveWorkspaceSettings(ws, { backend: 'slurm', time: 'an hour' }, { who: 'Bob', now: NOW, env: NO_SLURM });
    expect(refused).toEqual({ saved: false, problem: "/sweeps/time: must be Slurm's time syntax (minutes, H:MM:SS or D-HH)" });
    expect(readFileSync(join(ws, SETTINGS_FILE), 'utf8')).toBe(before);
    expect(logLines(ws).at(-1)).toEqual({
      at: '2026-11-30T12:00:00.000Z',
      who: 'Bob',
      action: 'refused',
      sweeps: { backend: 'slurm', time: 'an hour' },
      problem: "/sweeps/time: must be Slurm's time syntax (minutes, H:MM:SS or D-HH)",
    });
  });

  it('refuses sbatch options outside the allow-list (as sbatch reads them), and words with control characters', () => {
    // The attacks themselves, and the oracles of the reading, are in test/security/slurm-options.test.ts.
    const doc = (sbatchArgs: string[]) => ({ format: 'recheck.settings/1', sweeps: { backend: 'slurm', sbatchArgs } });
    expect(settingsProblem(doc(['--qos=normal', '--exclusive', '-N1']))).toBeNull();
    expect(settingsProblem(doc(['--qos', 'normal', '-p', 'debug']))).toBeNull(); // a value may be its own word
    expect(settingsProblem(doc(['--qos=normal', '--output=/tmp/x']))).toBe(
      '/sweeps/sbatchArgs/1: --output is set by Recheck for every sweep job and cannot be changed here',
    );
    expect(settingsProblem(doc(['--wrap=rm -rf ~']))).toBe(
      '/sweeps/sbatchArgs/0: --wrap is set by Recheck for every sweep job and cannot be changed here',
    );
    expect(settingsProblem(doc(['-a0-99']))).toBe(
      "/sweeps/sbatchArgs/0: -a (sbatch's --array) is set by Recheck for every sweep job and cannot be changed here",
    );
    expect(settingsProblem(doc(['--outp=/tmp/x']))).toBe(
      "/sweeps/sbatchArgs/0: --outp (sbatch's --output) is set by Recheck for every sweep job and cannot be changed here",
    );
    expect(settingsProblem(doc(['--requeue']))).toBe(
      '/sweeps/sbatchArgs/0: --requeue is not among the sbatch options Recheck allows for sweep jobs',
    );
    // A bare word would become sbatch's script (and Recheck's script its argument).
    expect(settingsProblem(doc(['/tmp/other-job.sh']))).toBe(
      '/sweeps/sbatchArgs/0: "/tmp/other-job.sh" is not an sbatch option (sbatch would take it as the job\'s script)',
    );
    expect(settingsProblem(doc(['--comment=a\nb']))).toBe(
      '/sweeps/sbatchArgs/0: must be one sbatch option or value each, without control characters',
    );
  });

  it('refuses Slurm settings where sbatch is missing, with one line, and keeps the saved file', async () => {
    const ws = tempDir();
    const r = await saveWorkspaceSettings(ws, { backend: 'slurm', partition: 'debug' }, { who: 'Ada', now: NOW, env: NO_SLURM });
    expect(r.saved).toBe(false);
    expect(r.saved ? '' : r.problem).toMatch(/^sbatch: not found on PATH: install Slurm's client commands/);
    expect(r.saved ? '' : r.problem).not.toContain('\n');
    expect(existsSync(join(ws, SETTINGS_FILE))).toBe(false);
    expect(logLines(ws).map((l) => l.action)).toEqual(['refused']);
  });

  it('writes atomically: no temporary file left behind, and never through a symlinked settings.json', async () => {
    const ws = tempDir();
    await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    await saveWorkspaceSettings(ws, { backend: 'local' }, { who: 'Ada', now: NOW });
    expect(readdirSync(ws).sort()).toEqual([SETTINGS_FILE, SETTINGS_LOG]);
    const other = tempDir();
    mkdirSync(join(other, 'elsewhere'));
    const target = join(other, 'elsewhere', 'precious.txt');
    writeFileSync(target, 'keep me\n');
    const linked = tempDir();
    symlinkSync(target, join(linked, SETTINGS_FILE));
    await expect(saveWorkspaceSettings(linked, { backend: 'local' }, { who: 'Ada', now: NOW })).rejects.toThrow(
      /settings\.json: is a symlink: refusing to write through or replace it/,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });
});
