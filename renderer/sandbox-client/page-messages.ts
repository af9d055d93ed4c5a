/**
 * Messages between the app and the sandbox page (renderer/sandbox/page.ts), posted with window.postMessage.
 * The page relays the worker's protocol messages as text; the app parses them with parseSandboxMessage.
 */

/** Tag on every message of this exchange, so unrelated postMessage traffic is ignored. */
export const PAGE_CHANNEL = 'recheck-sandbox/1';

/** App -> page. `finished` lets the page drop the worker after the final message. */
export type HostToPage = { kind: 'start'; code: string; request: unknown } | { kind: 'cancel' } | { kind: 'finished' };

/** Page -> app. */
export type PageToHost =
  | { kind: 'ready' }
  | { kind: 'message'; text: string }
  | { kind: 'worker-error'; text: string }
  | { kind: 'cancelled' };
