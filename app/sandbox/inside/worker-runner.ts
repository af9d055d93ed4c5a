/**
 * The sandbox side of the run protocol in a browser Web Worker: waits for the page's one RunRequest (a JSON
 * string posted to the worker), runs the driver through the shared core (`run-core.ts`) and posts every
 * message as a JSON string. After the `result` or `error` message the worker sends nothing more; the page
 * terminates it. Bundled together with `worker-guards.ts`, a driver and the untrusted module.
 */
import type { RunRequest } from '../protocol';
import { send } from './worker-guards';
import { executeRun, failureMessage, type Driver, type RunChannel } from './run-core';

interface WorkerEvents {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void, options?: { once: boolean }): void;
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown; preventDefault(): void }) => void): void;
}

/** Parses the page's run request; null when it is not one. */
function parseRequest(data: unknown): RunRequest | null {
  if (typeof data !== 'string') return null;
  try {
    const v = JSON.parse(data) as Record<string, unknown>;
    if (v.type !== 'run' || typeof v.seed !== 'number' || !Number.isInteger(v.seed)) return null;
    return { type: 'run', input: v.input ?? null, seed: v.seed >>> 0 };
  } catch {
    return null;
  }
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
  scope.addEventListener(
    'message',
    (event) => {
      const request = parseRequest(event.data);
      if (request === null) return channel.send({ type: 'error', reason: 'threw', message: 'sandbox: unreadable run request' });
      void executeRun(user, driver, request, channel);
    },
    { once: true },
  );
}
