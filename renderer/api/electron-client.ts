/**
 * The RecheckApi over Electron IPC: forwards each contract method to the object the preload exposed
 * (`window.recheck`). Built by iterating API_METHOD_NAMES so that a method added to the contract without a
 * preload counterpart fails loudly at start-up instead of at its first call.
 */
import type { RecheckApi } from '../../common/api/contract';
import { API_METHOD_NAMES } from '../../common/api/methods';

/** Wraps the preload's object; throws when it lacks a contract method. Example: `electronClient(window.recheck!)`. */
export function electronClient(exposed: RecheckApi): RecheckApi {
  const api: Record<string, unknown> = {};
  for (const name of API_METHOD_NAMES) {
    const fn = (exposed as unknown as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`The preload does not expose ${name}`);
    api[name] = (...args: unknown[]) => (fn as (...a: unknown[]) => Promise<unknown>).apply(exposed, args);
  }
  if (typeof exposed.onRunEvent !== 'function') throw new Error('The preload does not expose onRunEvent');
  api.onRunEvent = (listener: Parameters<RecheckApi['onRunEvent']>[0]) => exposed.onRunEvent(listener);
  return api as unknown as RecheckApi;
}
