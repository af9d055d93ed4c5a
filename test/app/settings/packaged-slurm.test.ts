// The packaged desktop app and Slurm (issue 26 item 6): a Slurm task would run the batch script's command, which in
// the packaged app is the Electron binary and an unpackaged bin/recheck.mjs, so compute nodes could not run it.
// With `slurm: 'refuse-desktop'` (main/index.ts when app.isPackaged) the core refuses Slurm with one line saying
// how to run the sweep from the CLI: when the settings are saved (nothing written, the refusal logged), and where
// a sweep would start (settings.json written by the CLI or browser mode in the shared workspace), before the
// sweep's folder or any Slurm command is touched. Local settings and local sweeps are unaffected.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { CheckKind } from '../../../app/checks/kind';
import { createCheckRegistry } from '../../../app/checks/registry';
import { parseSweepSpec } from '../../../app/runs/grid';
import { runSweep } from '../../../app/runs/sweep';
import type { SandboxRunner } from '../../../app/sandbox/runner';
import { DESKTOP_SLURM_REFUSAL, sweepBackendOf, sweepSettingsProblem } from '../../../app/settings/sweep-backend';
import type { RunEvent } from '../../../common/api/runs';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

/** A runner that must never be reached: the refusal comes first. */
const unreachableRunner = {
  description: 'unreachable',
  confined: true,
  prepare: () => Promise.reject(new Error('the sandbox was reached')),
} as unknown as SandboxRunner;

/** A check that starts a sweep where the workspace's settings say, as the sweep-table kind does. */
const sweepProbe: CheckKind<Record<string, never>> = {
  kind: 'test-sweep-probe',
  title: 'starts a sweep where the settings say',
  paramsSchema: { type: 'object', additionalProperties: false, properties: {} },
  example: {},
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(_params, ctx) {
    const summary = await runSweep({
      modulePath: join(ctx.caseDir, 'sandbox', 'model.ts'),
      spec: parseSweepSpec({ parameters: { k: [1, 2] } }, 'probe'),
      seed: 1,
      runsDir: join(ctx.caseDir, 'runs'),
      runner: unreachableRunner,
      ...(ctx.sweepBackend !== undefined ? { backend: ctx.sweepBackend } : {}),
    });
    return { outcome: 'neutral', summary: summary.status, evidence: {} };
  },
};

function probeCase(ws: string): string {
  return writeMinimalCase(ws, 'mini', {
    format: 'recheck.case/1',
    id: 'mini',
    title: 'A minimal case',
    paper: { title: 'A paper', venueId: 'openreview:example-mini', claims: [{ id: 'C1', text: 'The bound holds.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        assertion: 'The bound fails at k = 8.',
        checks: [{ id: 's1', kind: 'test-sweep-probe', title: 'a sweep', params: {} }],
      },
    ],
  });
}

describe('Slurm in the packaged desktop app', () => {
  it('is one line that says how to run the sweep from the CLI', () => {
    expect(DESKTOP_SLURM_REFUSAL).not.toContain('\n');
    expect(DESKTOP_SLURM_REFUSAL).toContain('npx recheck sweep');
    expect(DESKTOP_SLURM_REFUSAL).toContain('--backend slurm');
  });

  it('is refused when the settings are saved: nothing written, the refusal logged; local settings still save', async () => {
    const ws = tempDir();
    const api = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), slurm: 'refuse-desktop' });
    try {
      const refused = await api.saveWorkspaceSettings({ sweeps: { backend: 'slurm', partition: 'debug' }, reviewer: 'Ada' });
      expect(refused).toEqual({ saved: false, problem: DESKTOP_SLURM_REFUSAL });
      expect(existsSync(join(ws, 'settings.json'))).toBe(false);
      expect((await api.workspaceSettings()).sweeps).toEqual({ backend: 'local' });
      expect(await api.saveWorkspaceSettings({ sweeps: { backend: 'local' }, reviewer: 'Ada' })).toMatchObject({ saved: true });
      const log = readFileSync(join(ws, 'settings.log.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { action: string; who: string; problem?: string });
      expect(log.map((l) => [l.action, l.who, l.problem])).toEqual([
        ['refused', 'Ada', DESKTOP_SLURM_REFUSAL],
        ['saved', 'Ada', undefined],
      ]);
    } finally {
      api.dispose();
    }
  });

  it('is refused where a sweep would start, before its folder is made; other checks of the run still run', async () => {
    const ws = tempDir();
    const dir = probeCase(ws);
    // Saved by the CLI or browser mode, which share the workspace.
    writeFileSync(
      join(ws, 'settings.json'),
      JSON.stringify({ format: 'recheck.settings/1', sweeps: { backend: 'slurm', partition: 'debug' } }),
    );
    const api = await createRecheckService({
      workspaceDir: ws,
      registry: createCheckRegistry([fixedKind, sweepProbe]),
      slurm: 'refuse-desktop',
    });
    try {
      const events: RunEvent[] = [];
      const ended = new Promise<void>((resolve) =>
        api.onRunEvent((e) => {
          events.push(e);
          if (e.type === 'finished' || e.type === 'failed' || e.type === 'cancelled') resolve();
        }),
      );
      await api.runChecks('mini', null);
      await ended;
      const check = events.find((e) => e.type === 'check');
      expect(check).toMatchObject({ result: { checkId: 's1', outcome: 'error', summary: `sweep settings: ${DESKTOP_SLURM_REFUSAL}` } });
      expect(existsSync(join(dir, 'runs', 'sweeps'))).toBe(false);
      expect(events.at(-1)?.type).toBe('finished');
    } finally {
      api.dispose();
    }
  });

  it('leaves the CLI, browser mode and an unpackaged desktop as they were, and local settings everywhere', async () => {
    expect(sweepBackendOf({ backend: 'local' }, undefined, 'refuse-desktop')).toBeUndefined();
    expect(await sweepSettingsProblem({ backend: 'local' }, undefined, 'refuse-desktop')).toBeNull();
    expect(await sweepSettingsProblem({ backend: 'slurm' }, undefined, 'refuse-desktop')).toBe(DESKTOP_SLURM_REFUSAL);
    // Without the option the Slurm backend is the real one (its check asks sbatch; not run here).
    expect(sweepBackendOf({ backend: 'slurm', partition: 'debug' })?.name).toBe('slurm');
    const refusing = sweepBackendOf({ backend: 'slurm', partition: 'debug' }, undefined, 'refuse-desktop');
    expect(refusing?.name).toBe('slurm');
    await expect(refusing!.check!({} as never)).rejects.toThrow(`sweep settings: ${DESKTOP_SLURM_REFUSAL}`);
    await expect(refusing!.computeMissing({} as never)).rejects.toThrow(`sweep settings: ${DESKTOP_SLURM_REFUSAL}`);
  });
});
