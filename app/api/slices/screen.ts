/**
 * The screen slice of the service: `recheck screen` on a folder of the workspace, run in the background with its
 * progress polled and cancellable, results cached in the workspace (`.screen-cache/`, the CLI's --cache: an
 * unchanged logbook is not screened again, so a cancelled screen resumes where it stopped); a screened logbook read
 * for showing at a flagged cell; and a queue row made a case (app/screen/to-case.ts).
 * Example: `const { screenId } = await screenSlice(ctx).startScreen('challenge')`, then `screenProgress(screenId)`.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import type { ScreenProgressView } from '../../../common/api/screen';
import { BadInputError } from '../../errors';
import { resolveInside } from '../../fs/confine';
import { readLogbook } from '../../logbook/read';
import { screenFolders, screenFolderView, screenInputs } from '../../screen/folder-view';
import { ScreenCancelledError } from '../../screen/pool';
import { caseFromScreenRow } from '../../screen/to-case';
import type { ApiSlice, ServiceContext } from '../context';
import { workspaceRelative } from '../context';

/** The workspace's screen cache folder (hidden: never listed as a case or a challenge). */
export const SCREEN_CACHE = '.screen-cache';

/** Screens kept after they end (the oldest finished ones are dropped first). */
const KEEP = 8;

interface Session {
  view: ScreenProgressView;
  controller: AbortController;
}

export function screenSlice(ctx: ServiceContext): ApiSlice<'screen'> {
  const { workspaceDir, registry } = ctx;
  const sessions = new Map<string, Session>();
  const folderDir = (folder: string) => (folder === '.' ? workspaceDir : resolveInside(workspaceDir, folder, folder));
  const prune = () => {
    const ended = [...sessions].filter(([, s]) => s.view.status !== 'running');
    for (const [id] of ended.slice(0, Math.max(0, ended.length - KEEP))) sessions.delete(id);
  };
  return {
    async listScreenFolders() {
      return screenFolders(workspaceDir);
    },

    async startScreen(folder) {
      folderDir(folder); // confined to the workspace: refused now, not in the background
      const screenId = `screen-${randomBytes(6).toString('hex')}`;
      const controller = new AbortController();
      const session: Session = { view: { screenId, folder, status: 'running', done: 0, total: 0 }, controller };
      sessions.set(screenId, session);
      prune();
      screenFolderView(workspaceDir, folder, {
        jobs: Math.max(1, Math.min(availableParallelism(), 8)),
        cache: join(workspaceDir, SCREEN_CACHE),
        signal: controller.signal,
        progress: (done, total) => {
          session.view = { ...session.view, done, total };
        },
      }).then(
        (result) => {
          session.view = { ...session.view, status: 'done', done: result.logbooks, total: result.logbooks, result };
        },
        (err: unknown) => {
          session.view =
            err instanceof ScreenCancelledError
              ? { ...session.view, status: 'cancelled' }
              : {
                  ...session.view,
                  status: 'failed',
                  error: workspaceRelative(err instanceof Error ? err.message : String(err), workspaceDir),
                };
        },
      );
      return { screenId };
    },

    async screenProgress(screenId) {
      const s = sessions.get(screenId);
      if (s === undefined) throw new BadInputError('screen', `no screen "${screenId}" (it ended long ago, or the server restarted)`);
      return s.view;
    },

    async cancelScreen(screenId) {
      sessions.get(screenId)?.controller.abort();
    },

    async readScreenedLogbook(folder, logbook) {
      const { root } = await screenInputs(folderDir(folder));
      resolveInside(root, logbook, logbook);
      return readLogbook(root, { id: logbook, path: logbook, format: 'trackio', title: logbook });
    },

    async caseFromScreen(input) {
      return caseFromScreenRow({
        workspace: workspaceDir,
        folder: input.folder,
        paper: input.paper,
        claim: input.claim,
        logbook: input.logbook,
        who: ctx.reviewerOf(input),
        registry,
        mpfr: await loadMpfr(),
      });
    },
  };
}
