/**
 * The object the preload exposes as `window.recheck`: one function per API method, each an
 * `ipcRenderer.invoke` on the method's channel from common/api/methods.ts that unwraps the IpcAnswer (resolves
 * with the result or rejects with an Error carrying the main process's one line), plus `onRunEvent`. Nothing else:
 * no raw invoke, no IPC event objects (they would hand the page a reference to ipcRenderer).
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { RecheckApi, RunEvent, Unsubscribe } from '../../common/api/contract';
import { API_METHODS, API_METHOD_NAMES, RUN_EVENT_CHANNEL } from '../../common/api/methods';
import { unwrapAnswer } from '../ipc-answer';

/** The name of the one global the preload adds to the page. */
export const PRELOAD_GLOBAL = 'recheck';

type PreloadIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * Builds the exposed API over `ipc`. Example: buildPreloadApi(ipcRenderer).openCase('x') invokes the
 * openCase channel with ['x'] and resolves to the main process's answer.
 */
export function buildPreloadApi(ipc: PreloadIpc): RecheckApi {
  const api: Record<string, unknown> = {};
  for (const method of API_METHOD_NAMES) {
    const { channel } = API_METHODS[method];
    api[method] = async (...args: unknown[]) => unwrapAnswer(method, await ipc.invoke(channel, ...args));
  }
  api.onRunEvent = (listener: (event: RunEvent) => void): Unsubscribe => {
    if (typeof listener !== 'function') throw new TypeError('onRunEvent: listener must be a function');
    const forward = (_event: IpcRendererEvent, runEvent: RunEvent): void => listener(runEvent);
    ipc.on(RUN_EVENT_CHANNEL, forward);
    return () => {
      ipc.removeListener(RUN_EVENT_CHANNEL, forward);
    };
  };
  return Object.freeze(api) as unknown as RecheckApi;
}
