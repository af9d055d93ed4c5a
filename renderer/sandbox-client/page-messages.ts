/**
 * Messages between the app and the sandbox page (renderer/sandbox/page.ts), posted with window.postMessage.
 * The page relays the worker's protocol messages as text; the app parses them with parseSandboxMessage.
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
