/**
 * Runs a case's sandbox module in the core's own sandbox (api.runSandboxProgram): in the desktop app, a hidden
 * sandboxed window that the main process opens, watches and ends (main/window-runner.ts). Same interface as
 * runInPage (the browser-mode iframe), so the panel does not care which one it got: streamed progress, log and
 * point messages, an `ended` promise that settles once and never rejects, and an idempotent `cancel()`.
 */
import type { RecheckApi, RunEvent, SandboxRunInput } from '../../common/api/contract';
import type { SandboxRun, SandboxRunEnd, SandboxStreamMessage } from './run-types';

export interface RunInCoreOptions extends SandboxRunInput {
  onMessage?(message: SandboxStreamMessage): void;
}

/** Starts the run. Example: `const r = runInCore(api, { caseId, path, input, seed: 1, timeoutSeconds: 120 }); await r.ended;` */
export function runInCore(api: Pick<RecheckApi, 'runSandboxProgram' | 'cancelRun' | 'onRunEvent'>, o: RunInCoreOptions): SandboxRun {
  let settle!: (end: SandboxRunEnd) => void;
  const ended = new Promise<SandboxRunEnd>((resolve) => (settle = resolve));
  let runId: string | null = null;
  let finished = false;
  let cancelWanted = false;
  // Events can arrive before runSandboxProgram answers with the run's id: keep them until it does.
  const early: RunEvent[] = [];

  const finish = (end: SandboxRunEnd) => {
    if (finished) return;
    finished = true;
    unsubscribe();
    settle(end);
  };
  const handle = (e: RunEvent) => {
    if (e.type === 'sandbox-message') o.onMessage?.(e.message);
    else if (e.type === 'sandbox-ended') {
      const record = e.end.record !== undefined ? { record: e.end.record } : {};
      finish(
        e.end.outcome === 'result'
          ? { outcome: 'result', value: e.end.value, ...record }
          : { outcome: 'error', reason: e.end.reason, message: e.end.message, ...record },
      );
    }
  };
  const unsubscribe = api.onRunEvent((e) => {
    if (finished) return;
    if (runId === null) early.push(e);
    else if (e.runId === runId) handle(e);
  });

  const { onMessage: _onMessage, ...input } = o;
  api.runSandboxProgram(input).then(
    (answer) => {
      runId = answer.runId;
      for (const e of early.splice(0)) if (e.runId === runId && !finished) handle(e);
      if (cancelWanted && !finished) void api.cancelRun(runId);
    },
    // The core refused before running (the module does not bundle, no sandbox here): one line from the core.
    (err: unknown) => finish({ outcome: 'error', reason: 'threw', message: err instanceof Error ? err.message : String(err) }),
  );
  return {
    ended,
    cancel: () => {
      if (finished || cancelWanted) return;
      cancelWanted = true;
      if (runId !== null) void api.cancelRun(runId);
    },
  };
}
