/**
 * The sandbox side of the run protocol in the Node child: reads the RunRequest from stdin, runs the driver
 * through the shared core (`run-core.ts`), writes messages as JSON lines on stdout and exits after the one
 * `result` or `error` message. Bundled together with `guards.ts`, a driver and the untrusted module.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { RunRequest } from '../protocol';
import { finish, send } from './guards';
import { executeRun, failureMessage, type RunChannel } from './run-core';

export type { Driver, SandboxApi } from './run-core';
import type { Driver } from './run-core';

/** Runs `driver` on the request read from stdin and reports the outcome. Never returns normally. */
export async function runProgram(user: Record<string, unknown>, driver: Driver): Promise<never> {
  const realProcess = process; // guards installed the restricted view; `on` is forwarded to the real one
  realProcess.on('uncaughtException', (err) => fail(err));
  realProcess.on('unhandledRejection', (err) => fail(err));
  let request: RunRequest;
  try {
    request = JSON.parse(readFileSync(0, 'utf8')) as RunRequest;
  } catch (err) {
    send({ type: 'error', reason: 'threw', message: `sandbox: unreadable run request (${String(err)})` });
    return finish();
  }
  const channel: RunChannel = { send, now: () => performance.now() };
  await executeRun(user, driver, request, channel);
  return finish();
}

function fail(err: unknown): never {
  send(failureMessage(err));
  return finish();
}
