/**
 * First module evaluated inside the browser sandbox's Web Worker (the worker bundle imports it before the
 * untrusted code). Like `guards.ts` for the Node child, it exists to NAME what untrusted code tried, not to be
 * the boundary: the sandboxed page's CSP (`connect-src 'none'`, no nested workers) and its opaque origin hold
 * even when this layer is bypassed.
 *
 * It captures `postMessage` (the protocol channel) before user code runs, routes `console.*` to log
 * messages, replaces network and script-loading globals with functions that record the attempt and throw,
 * and installs the factory the bundler's stub modules (for denied `node:*` imports) call.
 */
import type { DeniedResource, SandboxMessage } from '../protocol';
import { denier, installDeniedExportFactory } from './denial';
import { installSeededMathRandom } from './seeded-random';

/** The few members of a dedicated worker's global scope this file uses (the Node project has no DOM types). */
interface WorkerScope {
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
const realPostMessage = scope.postMessage.bind(scope);

/** Posts one protocol message to the page as a JSON string (the page relays it; the host parses it as untrusted). */
export function send(message: SandboxMessage): void {
  realPostMessage(JSON.stringify(message));
}

installDeniedExportFactory();
installSeededMathRandom();

const DENIED_GLOBALS: Record<string, DeniedResource> = {
  fetch: 'network',
  XMLHttpRequest: 'network',
  WebSocket: 'network',
  EventSource: 'network',
  WebTransport: 'network',
  RTCPeerConnection: 'network',
  importScripts: 'network',
  Worker: 'worker',
  SharedWorker: 'worker',
  postMessage: 'environment',
};
for (const [name, resource] of Object.entries(DENIED_GLOBALS)) {
  Object.defineProperty(globalThis, name, { value: denier(resource, name), writable: false, configurable: false });
}

function formatArgs(args: readonly unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error) return `${a.name}: ${a.message}`;
      try {
        return JSON.stringify(a) ?? String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

const levels = { log: 'info', info: 'info', debug: 'info', warn: 'warn', error: 'error' } as const;
for (const [method, level] of Object.entries(levels)) {
  (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => send({ type: 'log', level, text: formatArgs(args) });
}
