/**
 * The settings slice of the service: reads and saves the workspace's settings (where sweeps compute their points).
 * Example: `settingsSlice(ctx).workspaceSettings()` gives the defaults when none were saved.
 */
import { readWorkspaceSettings, saveWorkspaceSettings } from '../../settings/store';
import type { ApiSlice, ServiceContext } from '../context';

export function settingsSlice(ctx: ServiceContext): ApiSlice<'settings'> {
  return {
    async workspaceSettings() {
      return readWorkspaceSettings(ctx.workspaceDir);
    },

    async saveWorkspaceSettings(input) {
      return saveWorkspaceSettings(ctx.workspaceDir, input.sweeps, { who: ctx.reviewerOf(input) });
    },
  };
}
