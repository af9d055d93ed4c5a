/**
 * The sandbox side of the run protocol in a browser Web Worker: waits for the page's one RunRequest (taken by
 * the guards' first listener), runs the driver through the shared core (`run-core.ts`) and posts every message
 * in the run's envelope. After the `result` or `error` message the worker sends nothing more; the page
 * terminates it. Bundled together with `worker-guards.ts`, a driver and the untrusted module.
 */
import { nextRunRequest, send } from './worker-guards';
import { executeRun, failureMessage, type Driver, type RunChannel } from './run-core';

interface WorkerEvents {
  addEventListener(
    type: 'error' | 'unhandledrejection',
    listener: (event: { error?: unknown; reason?: unknown; preventDefault(): void }) => void,
  ): void;
}

/** Waits for the RunRequest, runs `driver` on it and reports the outcome exactly once. */
export function runInWorker(user: Record<string, unknown>, driver: Driver): void {
  const scope = globalThis as unknown as WorkerEvents;
  let ended = false;
  const channel: RunChannel = {
    send(message) {
      if (ended) return;
      if (message.type === 'result' || message.type === 'error') ended = true;
      send(message);
    },
    now: () => performance.now(),
  };
  const fail = (err: unknown) => channel.send(failureMessage(err));
  scope.addEventListener('error', (e) => {
    e.preventDefault();
    fail(e.error);
  });
  scope.addEventListener('unhandledrejection', (e) => {
    e.preventDefault();
    fail(e.reason);
  });
  void nextRunRequest().then((request) => {
    // Without a request there is no nonce to answer with: the page's host ends the run on its wall clock.
    if (request !== null) void executeRun(user, driver, request, channel);
  });
}
