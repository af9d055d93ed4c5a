/**
 * The sandbox side of the run protocol in the Node child: takes the RunRequest the guards read from stdin
 * before the untrusted module was evaluated, runs the driver through the shared core (`run-core.ts`), sends
 * messages in the run's envelope on stdout and exits after the one `result` or `error` message. Bundled
 * together with `guards.ts`, a driver and the untrusted module.
 */
import { writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { finish, runRequest, send } from './guards';
import { executeRun, failureMessage, type RunChannel } from '../run-core';

export type { Driver, SandboxApi } from '../run-core';
import type { Driver } from '../run-core';

/** Runs `driver` on the host's request and reports the outcome. Never returns normally. */
export async function runProgram(user: Record<string, unknown>, driver: Driver): Promise<never> {
  const realProcess = process; // guards installed the restricted view; `on` is forwarded to the real one
  realProcess.on('uncaughtException', (err) => fail(err));
  realProcess.on('unhandledRejection', (err) => fail(err));
  const request = runRequest();
  if ('problem' in request) {
    // Without a nonce nothing can be sent: the host sees an exit without a result, and this line on stderr.
    writeSync(2, `sandbox: unreadable run request (${request.problem})\n`);
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
