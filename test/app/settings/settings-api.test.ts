// The settings through the API: the validators of both methods, the service reading and saving them (Slurm
// settings checked by the real sbatch --test-only when a cluster runs), and a run refused with one line when
// the workspace's settings.json does not read.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../../common/api/methods';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { slurmOrSkip } from '../runs/slurm-harness';

const cluster = slurmOrSkip();
const noSlurm = 'skip' in cluster ? cluster.skip : null;
if (noSlurm !== null) console.warn(`Slurm settings tests SKIPPED: ${noSlurm}`);

describe('the settings methods of the API', () => {
  it('validates their arguments: no arguments, then one object with a bounded JSON sweeps block', () => {
    expect(API_METHODS.workspaceSettings.validate([])).toEqual([]);
    expect(() => API_METHODS.workspaceSettings.validate([1])).toThrow('workspaceSettings: expected 0 argument(s), got 1');
    const save = API_METHODS.saveWorkspaceSettings.validate;
    expect(save([{ sweeps: { backend: 'slurm', partition: 'debug' }, reviewer: 'Ada' }])).toEqual([
      { sweeps: { backend: 'slurm', partition: 'debug' }, reviewer: 'Ada' },
    ]);
    expect(() => save([{ sweeps: 'slurm' }])).toThrow('saveWorkspaceSettings: sweeps must be an object');
    expect(() => save([{ sweeps: { backend: 'local' }, path: '/etc/passwd' }])).toThrow('saveWorkspaceSettings: unexpected field(s): path');
    let deep: unknown = 'x';
    for (let i = 0; i < 10; i++) deep = [deep];
    expect(() => save([{ sweeps: { backend: 'slurm', sbatchArgs: deep } }])).toThrow(
      /saveWorkspaceSettings: sweeps is nested deeper than 4 levels/,
    );
    expect(() => save([{ sweeps: { backend: 'slurm', sbatchArgs: Array.from({ length: 300 }, () => '--x') } }])).toThrow(
      /saveWorkspaceSettings: sweeps is more than 200 values/,
    );
  });

  it('reads the defaults, saves local settings, and refuses a run while settings.json is not JSON (one line naming it)', async () => {
    const ws = tempDir();
    writeMinimalCase(ws);
    const api = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    try {
      expect(await api.workspaceSettings()).toEqual({ sweeps: { backend: 'local' }, file: 'settings.json' });
      expect(await api.saveWorkspaceSettings({ sweeps: { backend: 'local' }, reviewer: 'Ada' })).toMatchObject({
        saved: true,
        settings: { sweeps: { backend: 'local' } },
      });
      expect(JSON.parse(readFileSync(join(ws, 'settings.log.jsonl'), 'utf8').trim())).toMatchObject({ who: 'Ada', action: 'saved' });
      writeFileSync(join(ws, 'settings.json'), '{"format": "recheck.settings/1", "sweeps": {"backend": "local"}');
      // Workspace-relative, one line: the file and the place.
      await expect(api.runChecks('mini', null)).rejects.toThrow(/^settings\.json: malformed JSON at line 1, column \d+ \([^\n]*\)$/);
      await expect(api.workspaceSettings()).rejects.toThrow(/^settings\.json: malformed JSON/);
    } finally {
      api.dispose();
    }
  });

  it('saves the replay interpreter through the API (checked to exist and run), shows it, and clears it; a bad one is one line', async () => {
    const ws = tempDir();
    writeMinimalCase(ws);
    const api = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    try {
      expect(API_METHODS.saveReplaySettings.validate([{ python: ' /usr/bin/python3 ', reviewer: 'Ada' }])).toEqual([
        { python: '/usr/bin/python3', reviewer: 'Ada' },
      ]);
      expect(API_METHODS.saveReplaySettings.validate([{ python: '' }])).toEqual([{}]);
      expect(() => API_METHODS.saveReplaySettings.validate([{ python: 3 }])).toThrow('saveReplaySettings: python must be a path');
      expect(() => API_METHODS.saveReplaySettings.validate([{ interpreter: 'x' }])).toThrow('unexpected field(s): interpreter');
      const bad = await api.saveReplaySettings({ python: '/no/such/python', reviewer: 'Ada' });
      expect(bad.saved).toBe(false);
      expect(!bad.saved && bad.problem).toMatch(/^\/replay\/python: \/no\/such\/python .*$/);
      expect((await api.workspaceSettings()).replay).toBeUndefined();
      const good = await api.saveReplaySettings({ python: process.execPath, reviewer: 'Ada' });
      expect(good).toMatchObject({ saved: true, settings: { sweeps: { backend: 'local' }, replay: { python: process.execPath } } });
      expect((await api.workspaceSettings()).replay).toEqual({ python: process.execPath });
      // A sweeps save keeps the interpreter; an empty save goes back to the default.
      await api.saveWorkspaceSettings({ sweeps: { backend: 'local' }, reviewer: 'Ada' });
      expect((await api.workspaceSettings()).replay).toEqual({ python: process.execPath });
      expect(await api.saveReplaySettings({ reviewer: 'Ada' })).toMatchObject({ saved: true });
      expect((await api.workspaceSettings()).replay).toEqual({});
    } finally {
      api.dispose();
    }
  });

  describe.skipIf(noSlurm !== null)(`Slurm settings checked by sbatch${noSlurm !== null ? ` (SKIPPED: ${noSlurm})` : ''}`, () => {
    const partition = 'partition' in cluster ? cluster.partition : 'debug';
    it('saves settings sbatch --test-only accepts and refuses an unknown partition with its one line, saving nothing', async () => {
      const ws = tempDir();
      const api = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
      try {
        const bad = await api.saveWorkspaceSettings({ sweeps: { backend: 'slurm', partition: 'no-such-partition' } });
        expect(bad).toEqual({ saved: false, problem: 'sbatch: refuses these settings: invalid partition specified: no-such-partition' });
        expect((await api.workspaceSettings()).sweeps).toEqual({ backend: 'local' });
        const good = await api.saveWorkspaceSettings({ sweeps: { backend: 'slurm', partition, arrayMax: 4, time: '10:00', mem: '500M' } });
        expect(good).toMatchObject({
          saved: true,
          settings: { sweeps: { backend: 'slurm', partition, arrayMax: 4, time: '10:00', mem: '500M' } },
        });
        expect((await api.workspaceSettings()).sweeps).toEqual({ backend: 'slurm', partition, arrayMax: 4, time: '10:00', mem: '500M' });
        const log = readFileSync(join(ws, 'settings.log.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { action: string; problem?: string });
        expect(log.map((l) => [l.action, l.problem])).toEqual([
          ['refused', 'sbatch: refuses these settings: invalid partition specified: no-such-partition'],
          ['saved', undefined],
        ]);
      } finally {
        api.dispose();
      }
    });
  });
});
