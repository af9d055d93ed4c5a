/**
 * Forwards the RecheckApi over Electron IPC. Every call is checked twice before it reaches the core: the
 * sender must be the top frame of a page on app://recheck/ in the app's own session (a sandbox window's page,
 * in a partition of its own, never qualifies whatever its URL), and the arguments must pass the method's
 * validator from common/api/methods.ts (the single table of channel names).
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { RecheckApi, Unsubscribe } from '../common/api/contract';
import { API_METHODS, API_METHOD_NAMES, ApiArgumentError, RUN_EVENT_CHANNEL, type ApiMethod } from '../common/api/methods';
import { BadInputError, BusyError } from '../app/errors';
import type { IpcAnswer } from './ipc-answer';
import { isAppPageUrl } from './protocol';

export class UntrustedSenderError extends Error {
  constructor(readonly url: string) {
    super(`refused an IPC call from ${url === '' ? 'an unknown frame' : url}`);
    this.name = 'UntrustedSenderError';
  }
}

/**
 * Throws UntrustedSenderError unless the call comes from a live top-level frame showing the app's page
 * (an iframe, a page that navigated elsewhere, or a hidden sandbox window on app://recheck/sandbox/ cannot
 * drive the core).
 */
export function assertTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender?: { session?: unknown } },
  appSession?: object,
): void {
  const frame = event.senderFrame;
  if (!frame) throw new UntrustedSenderError('');
  if (frame.parent !== null) throw new UntrustedSenderError(frame.url);
  if (!isAppPageUrl(frame.url)) throw new UntrustedSenderError(frame.url);
  // By session too: the URL alone is what a page in another session could also show.
  if (appSession !== undefined && event.sender?.session !== appSession) throw new UntrustedSenderError(`${frame.url} (another session)`);
}

/** Where internal errors (with their stack) are logged; the renderer only gets one line. */
export type ErrorLog = (line: string) => void;

/**
 * Validates sender and arguments, then calls the core. An untrusted sender gets a rejection; a trusted one
 * an IpcAnswer: bad arguments, bad input and a full sandbox queue (ApiArgumentError, BadInputError, BusyError)
 * give their one-line message,
 * anything else "internal error: <message>" with the stack logged.
 */
export async function invokeApiMethod(
  api: RecheckApi,
  method: ApiMethod,
  event: Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender?: { session?: unknown } },
  args: unknown[],
  log: ErrorLog = (line) => console.error(line),
  appSession?: object,
): Promise<IpcAnswer> {
  assertTrustedSender(event, appSession);
  try {
    const valid = API_METHODS[method].validate(args);
    // The validator returns exactly Parameters<RecheckApi[method]>; TypeScript cannot correlate the two over a union.
    const fn = api[method] as (...a: unknown[]) => Promise<unknown>;
    return { ok: true, result: await fn.apply(api, valid) };
  } catch (err) {
    if (err instanceof ApiArgumentError || err instanceof BadInputError || err instanceof BusyError)
      return { ok: false, error: err.message };
    log(`recheck: internal error in ${method}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return { ok: false, error: `internal error: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * Registers one `ipcMain.handle` per API method; returns a function that removes them again.
 * Example: registerApiHandlers(ipcMain, service) -> the preload's openCase('id') reaches service.openCase('id')
 * and gets back {ok: true, result}.
 */
export function registerApiHandlers(
  ipc: Pick<IpcMain, 'handle' | 'removeHandler'>,
  api: RecheckApi,
  log?: ErrorLog,
  appSession?: object,
): Unsubscribe {
  for (const method of API_METHOD_NAMES) {
    ipc.handle(API_METHODS[method].channel, (event, ...args: unknown[]) => invokeApiMethod(api, method, event, args, log, appSession));
  }
  return () => {
    for (const method of API_METHOD_NAMES) ipc.removeHandler(API_METHODS[method].channel);
  };
}

/**
 * Sends every RunEvent of the core to the windows that currently show the app's page (in the app's session, when
 * given); destroyed or navigated-away contents and sandbox windows are skipped. Returns the unsubscribe of the core
 * subscription.
 */
export function forwardRunEvents(
  api: Pick<RecheckApi, 'onRunEvent'>,
  targets: () => readonly WebContents[],
  appSession?: object,
): Unsubscribe {
  return api.onRunEvent((event) => {
    for (const contents of targets()) {
      if (contents.isDestroyed() || !isAppPageUrl(contents.getURL())) continue;
      if (appSession !== undefined && contents.session !== appSession) continue;
      contents.send(RUN_EVENT_CHANNEL, event);
    }
  });
}
