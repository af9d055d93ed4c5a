/**
 * The settings slice of the service: reads and saves the workspace's settings (where sweeps compute their points, and
 * which Python interpreter replays run).
 * In the packaged desktop app (ServiceOptions.slurm 'refuse-desktop') Slurm settings are refused with one line
 * saying how to run the sweep from the CLI, logged like any refused save, and nothing is written.
 * Example: `settingsSlice(ctx).workspaceSettings()` gives the defaults when none were saved.
 */
import { join } from 'node:path';
import { appendLineDurable } from '../../fs/log';
import { readWorkspaceSettings, saveReplaySettings, saveWorkspaceSettings, SETTINGS_LOG } from '../../settings/store';
import { sweepSettingsProblem } from '../../settings/sweep-backend';
import type { ApiSlice, ServiceContext } from '../context';

export function settingsSlice(ctx: ServiceContext): ApiSlice<'settings'> {
  return {
    async workspaceSettings() {
      return readWorkspaceSettings(ctx.workspaceDir);
    },

    async saveWorkspaceSettings(input) {
      const who = ctx.reviewerOf(input);
      if (ctx.options.slurm === 'refuse-desktop') {
        const problem = await sweepSettingsProblem(input.sweeps, undefined, 'refuse-desktop');
        if (problem !== null) {
          const at = new Date().toISOString();
          await appendLineDurable(
            join(ctx.workspaceDir, SETTINGS_LOG),
            JSON.stringify({ at, who, action: 'refused', sweeps: input.sweeps, problem }),
          );
          return { saved: false, problem };
        }
      }
      return saveWorkspaceSettings(ctx.workspaceDir, input.sweeps, { who });
    },

    async saveReplaySettings(input) {
      const r = await saveReplaySettings(ctx.workspaceDir, input.python !== undefined ? { python: input.python } : {}, {
        who: ctx.reviewerOf(input),
      });
      return r.saved ? { saved: true, settings: await readWorkspaceSettings(ctx.workspaceDir) } : r;
    },
  };
}
