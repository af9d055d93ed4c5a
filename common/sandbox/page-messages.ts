/**
 * Messages between the host and the sandbox page (renderer/sandbox/page.ts). In browser mode the host is the
 * app page and they travel by window.postMessage (page in a hidden iframe); in the desktop app the host is
 * the main process (main/window-runner.ts) and they travel over the sandbox window's IPC bridge
 * (main/preload/sandbox.ts). The page relays the worker's protocol messages as text; the host parses them
 * with parseSandboxMessage.
 *
 * Types only: a runtime value imported by both pages would become a script chunk shared with the app, which
 * the sandbox page's CSP (scripts only from assets/sandbox/) refuses. Each side declares the constants with
 * these literal types, so the compiler keeps them equal.
 */

/** Tag on every message of this exchange, so unrelated postMessage traffic is ignored. */
export type PageChannel = 'recheck-sandbox/1';

/** App -> page. */
export type HostToPage = { kind: 'start'; code: string; request: unknown } | { kind: 'cancel' };

/** How often (ms) the page says it is alive; the app declares it crashed after a few missed beats. */
export type HeartbeatMs = 250;

/** Page -> app. */
export type PageToHost =
  | { kind: 'ready' }
  | { kind: 'alive' }
  | { kind: 'message'; text: string }
  | { kind: 'worker-error'; text: string }
  | { kind: 'cancelled' };

/** IPC channel of the desktop bridge (the same tag as the postMessage one). */
export type BridgeChannel = PageChannel;

/** Name of the global the desktop sandbox preload gives the page. */
export type BridgeGlobal = 'recheckSandboxBridge';

/** The desktop bridge: the page posts PageToHost messages to main and receives HostToPage ones. */
export interface SandboxBridge {
  post(message: PageToHost): void;
  onMessage(listener: (message: unknown) => void): void;
}
