/**
 * The browser sandbox page. It is loaded in a hidden `<iframe sandbox="allow-scripts">` (opaque origin) and
 * served with its own CSP (`default-src 'none'; script-src <origin>/assets/sandbox/ blob: 'wasm-unsafe-eval';
 * worker-src blob:; connect-src 'none'; sandbox allow-scripts`; sandboxPageCsp in app/server/security.ts):
 * the program cannot reach the network, storage or the app's DOM. An out-of-memory in the worker ends this page
 * only: Chromium gives a sandboxed iframe a process of its own (IsolateSandboxedIframes, on by default in
 * Chromium 156 here; with it disabled, the same OOM killed the app's tab), and the app notices the missing
 * heartbeat. test/e2e/sandbox-run.spec.ts checks that the app tab survives and runs the next program.
 *
 * Host: in browser mode the app page that holds the iframe (the only window it listens to); in the desktop
 * app the main process, through the preload's bridge of a hidden sandbox window (main/window-runner.ts).
 *
 * Protocol with the host: the host posts `start` with the bundled
 * program (`code`, from prepareSandboxProgram) and the RunRequest; the page starts a dedicated
 * Worker from a blob: URL, posts it the request, and relays every message the worker posts (JSON strings of
 * the sandbox protocol) unchanged, as untrusted text. `cancel` terminates the worker and is acknowledged.
 * It posts a heartbeat every HEARTBEAT_MS. One run per page: the parent makes (and removes) an iframe per run.
 */
import type { RunRequest } from '../../common/sandbox/protocol';
import type { BridgeGlobal, HeartbeatMs, PageChannel, PageToHost, SandboxBridge } from '../../common/sandbox/page-messages';

const PAGE_CHANNEL: PageChannel = 'recheck-sandbox/1';
const HEARTBEAT_MS: HeartbeatMs = 250;
const BRIDGE_GLOBAL: BridgeGlobal = 'recheckSandboxBridge';

/** In the desktop app's hidden sandbox window, the preload's bridge to main; in browser mode, none. */
const bridge = (globalThis as unknown as Partial<Record<BridgeGlobal, SandboxBridge>>)[BRIDGE_GLOBAL];

let worker: Worker | null = null;
let blobUrl: string | null = null;
let started = false;

function tell(message: PageToHost): void {
  if (bridge !== undefined) return bridge.post(message);
  // The parent's origin cannot be named from an opaque origin; the parent checks event.source.
  window.parent.postMessage({ channel: PAGE_CHANNEL, ...message }, '*');
}

function stop(): void {
  worker?.terminate();
  worker = null;
  if (blobUrl !== null) URL.revokeObjectURL(blobUrl);
  blobUrl = null;
}

function start(code: string, request: RunRequest): void {
  if (started) return;
  started = true;
  blobUrl = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  // A classic worker: a module worker from a blob: URL failed to load in this opaque origin (Chromium 156).
  const w = new Worker(blobUrl, { name: 'recheck-sandbox-program' });
  worker = w;
  w.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string') return;
    tell({ kind: 'message', text: event.data });
  };
  w.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    tell({ kind: 'worker-error', text: event.message || 'the program failed to load (syntax error or blocked script)' });
    stop();
  };
  w.onmessageerror = () => tell({ kind: 'worker-error', text: 'the program posted a message that cannot be read' });
  w.postMessage(JSON.stringify(request));
}

/** A message from the host: start the program once, or cancel it. */
function onHostMessage(data: { kind?: unknown; code?: unknown; request?: unknown }): void {
  if (data.kind === 'start' && typeof data.code === 'string' && typeof data.request === 'object' && data.request !== null) {
    start(data.code, data.request as RunRequest);
  } else if (data.kind === 'cancel') {
    stop();
    tell({ kind: 'cancelled' });
  }
}

if (bridge !== undefined) {
  // Only main can send on the bridge's channel, to this window only.
  bridge.onMessage((data) => {
    if (typeof data === 'object' && data !== null) onHostMessage(data);
  });
} else {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window.parent) return;
    const data = event.data as { channel?: unknown; kind?: unknown; code?: unknown; request?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.channel !== PAGE_CHANNEL) return;
    onHostMessage(data);
  });
}

tell({ kind: 'ready' });
// The worker runs on its own thread, so this page keeps beating while the program computes; when the page's
// process dies (an out-of-memory in the worker takes the page with it) the beats stop and the app notices.
setInterval(() => tell({ kind: 'alive' }), HEARTBEAT_MS);
