/**
 * First module evaluated inside the browser sandbox's Web Worker (the worker bundle imports it before the
 * untrusted code). Like `guards.ts` for the Node child, it exists to NAME what untrusted code tried, not to be
 * the boundary: the sandboxed page's CSP (`connect-src 'none'`, no nested workers) and its opaque origin hold
 * even when this layer is bypassed.
 *
 * It captures `postMessage` (the protocol channel) and takes the page's run request with a listener registered
 * before any untrusted code, which stops the event there and ignores synthetic events (`isTrusted`), so the
 * program never sees the request's nonce (wire.ts). It routes `console.*` to log messages, replaces network,
 * worker and script-loading globals and code generation (code-guards.ts) with functions that record the
 * attempt and throw, and installs the factory the bundler's stub modules (for denied `node:*` imports) call.
 */
import type { DeniedResource, RunRequest, SandboxMessage } from '../../../common/sandbox/protocol';
import { installCodeGuards } from './code-guards';
import { denier, installDeniedExportFactory } from './denial';
import { installSeededMathRandom } from './seeded-random';
import { installWire, sendMessage, takeRequest } from './wire';

/** The few members of a dedicated worker's global scope this file uses (the Node project has no DOM types). */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; isTrusted: boolean; stopImmediatePropagation(): void }) => void,
  ): void;
}

const scope = globalThis as unknown as WorkerScope;
const realPostMessage = scope.postMessage.bind(scope);
installWire((line) => realPostMessage(line));

let deliver: ((r: RunRequest | null) => void) | null = null;
let early: RunRequest | null | undefined;
let taken = false;
scope.addEventListener('message', (event) => {
  // First listener of the worker: no later listener (nor `onmessage`) of the program sees the request.
  event.stopImmediatePropagation();
  if (!event.isTrusted || taken) return;
  taken = true;
  const request = typeof event.data === 'string' ? takeRequest(event.data) : null;
  if (deliver !== null) deliver(request);
  else early = request;
});

/** Resolves with the page's run request (null when it was not one). */
export function nextRunRequest(): Promise<RunRequest | null> {
  if (early !== undefined) return Promise.resolve(early);
  return new Promise((resolve) => (deliver = resolve));
}

/** Posts one protocol message to the page in the run's envelope (the page relays it; the host parses it as untrusted). */
export function send(message: SandboxMessage): void {
  sendMessage(message);
}

installDeniedExportFactory();
installSeededMathRandom();
installCodeGuards(new Map(), new Set());

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

const levels = { log: 'info', info: 'info', debug: 'info', warn: 'warn', error: 'error', trace: 'info' } as const;
for (const [method, level] of Object.entries(levels)) {
  (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => send({ type: 'log', level, text: formatArgs(args) });
}
