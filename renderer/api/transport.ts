/**
 * Picks the transport: the Electron preload's `window.recheck` when present, else the browser-mode client
 * with the token from the page URL. Returns an error string when neither is usable (no token).
 */
import type { RecheckApi } from '../../common/api/contract';
import { electronClient } from './electron-client';
import { httpClient, type EventConnection, type SocketLike } from './http-client';
import { takeToken } from './token';

export type Transport = { kind: 'electron' | 'browser'; api: RecheckApi } | { kind: 'none'; error: string };

/** Builds the client for this window. Example: `const t = pickTransport(window, s => setStatus(s))`. */
export function pickTransport(win: Window, onConnection?: (s: EventConnection) => void): Transport {
  if (win.recheck !== undefined) return { kind: 'electron', api: electronClient(win.recheck) };
  const token = takeToken({
    hash: win.location.hash,
    // The origin's localStorage: every tab of this origin shares it, so a copied link (which never carries the
    // token) opens in a new tab; the token changes with every server launch, so a stale one opens nothing.
    storage: win.localStorage,
    clearHash: () => win.history.replaceState(null, '', win.location.pathname + win.location.search),
  });
  if (token === null) {
    return { kind: 'none', error: 'No access token: open the URL that `recheck serve` printed (it ends in #token=...).' };
  }
  const api = httpClient({
    origin: win.location.origin,
    token,
    fetch: (url, init) => fetch(url, init),
    openSocket,
    schedule: (fn, ms) => {
      const h = win.setTimeout(fn, ms);
      return () => win.clearTimeout(h);
    },
    jitter: () => Math.random(),
    onConnection,
  });
  return { kind: 'browser', api };
}

/** Adapts a browser WebSocket to the client's SocketLike. */
function openSocket(url: string, protocols: string[]): SocketLike {
  const ws = new WebSocket(url, protocols);
  const sock: SocketLike = { onopen: null, onmessage: null, onclose: null, onerror: null, close: () => ws.close() };
  ws.onopen = () => sock.onopen?.();
  ws.onmessage = (e) => sock.onmessage?.({ data: e.data });
  ws.onclose = () => sock.onclose?.();
  ws.onerror = () => sock.onerror?.();
  return sock;
}
