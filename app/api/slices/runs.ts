/**
 * The runs slice of the service: starts a case's check run (one per case at a time), lists and cancels the runs
 * going on, and subscribes to their events.
 * Example: `runsSlice(ctx).runChecks('timing', null)` returns `{ runId }`; its events reach every onRunEvent listener.
 */
import { join } from 'node:path';
import { newRunId, runCase } from '../../checks/run-case';
import { runHistory, runReport } from '../../checks/run-history';
import { BadInputError, BusyError, CancelledError } from '../../errors';
import { readWorkspaceSettings } from '../../settings/store';
import { sweepBackendOf } from '../../settings/sweep-backend';
import type { ApiSlice, ServiceContext } from '../context';

export function runsSlice(ctx: ServiceContext): ApiSlice<'runs'> {
  const { registry, options: o } = ctx;
  const { live, running, listeners, emit } = ctx.runs;
  return {
    async runChecks(caseId, falsificationId, options) {
      const { dir, loaded } = await ctx.caseOf(caseId);
      if (falsificationId !== null && !loaded.file.falsifications.some((f) => f.id === falsificationId)) {
        throw new BadInputError(join(dir, 'case.json'), `no falsification "${falsificationId}"`);
      }
      // Sweeps run where the workspace's settings say (a settings.json that does not read is a one-line refusal here).
      const sweepBackend = sweepBackendOf((await readWorkspaceSettings(o.workspaceDir)).sweeps, undefined, o.slurm);
      // One check run per case at a time: a second (a reloaded page, another window) would race the first's report.
      const going = live.ofCase(caseId);
      if (going !== undefined)
        throw new BusyError(
          `case "${caseId}" is already running (run ${going.runId}, started by ${going.who}): wait for it or cancel it`,
          5,
        );
      const runId = newRunId();
      const controller = new AbortController();
      running.set(runId, controller);
      const who = ctx.reviewerOf(options ?? {});
      live.reserve(runId, caseId, falsificationId, who);
      void runCase(loaded, registry, {
        runId,
        caseId,
        falsificationId,
        signal: controller.signal,
        onEvent: emit,
        who,
        ...(o.sandbox ? { sandbox: o.sandbox } : {}),
        ...(sweepBackend ? { sweepBackend } : {}),
      })
        .catch((err: unknown) => {
          if (err instanceof CancelledError) emit({ runId, type: 'cancelled' });
          else emit({ runId, type: 'failed', error: err instanceof Error ? err.message : String(err) });
        })
        .finally(() => running.delete(runId));
      return { runId };
    },

    async listRuns() {
      return live.list();
    },

    async cancelRun(runId) {
      running.get(runId)?.abort();
    },

    async listRunHistory(caseId, falsificationId) {
      return runHistory(await ctx.caseDir(caseId), falsificationId);
    },

    async readRunReport(caseId, runId, falsificationId) {
      return runReport(await ctx.caseDir(caseId), caseId, runId, falsificationId);
    },

    onRunEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
