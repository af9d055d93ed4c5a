/**
 * The RecheckApi over HTTP + WebSocket (browser mode). Each contract method becomes
 * `POST /api/call/<method>` with body `{"args":[...]}` and the bearer token; the answer is
 * `{"ok":true,"result":...}` or `{"ok":false,"error":"one line"}`. Run events arrive on one WebSocket
 * (`/api/events`, subprotocols `recheck.v1` and `token.<hex>`), opened while someone listens and reopened
 * with backoff when it drops. Transport primitives are injected so the client runs under unit tests.
 */
import type { RecheckApi, RunEvent, Unsubscribe } from '../../common/api/contract';
import { API_METHOD_NAMES } from '../../common/api/methods';
import { reconnectDelayMs } from './backoff';

/** The subset of `fetch` the client uses. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/** The subset of `WebSocket` the client uses. */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export type EventConnection = 'connecting' | 'open' | 'closed';

export interface HttpClientOptions {
  /** e.g. `http://127.0.0.1:5173` (no trailing slash). */
  origin: string;
  token: string;
  fetch: FetchLike;
  openSocket: (url: string, protocols: string[]) => SocketLike;
  /** setTimeout-like; returns a cancel function. */
  schedule: (fn: () => void, ms: number) => () => void;
  /** Jitter source in [0, 1); tests pass `() => 0`. */
  jitter: () => number;
  onConnection?: (state: EventConnection) => void;
}

/** The WebSocket URL of the event stream for a page origin. Example: `http://h:1` -> `ws://h:1/api/events`. */
export function eventsUrl(origin: string): string {
  return origin.replace(/^http(s?):/, 'ws$1:') + '/api/events';
}

/** Parses a call response body; returns the result or throws an Error carrying the server's one line. */
export function unwrapCallResponse(method: string, status: number, body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    const b = body as { ok: unknown; result?: unknown; error?: unknown };
    if (b.ok === true && status < 400) return b.result;
    if (b.ok === false) throw new Error(typeof b.error === 'string' ? b.error : `${method} failed (HTTP ${status})`);
  }
  throw new Error(`${method}: unexpected answer from the server (HTTP ${status})`);
}

/** Parses one socket message into a RunEvent, or null when it is not one. */
export function parseRunEvent(data: unknown): RunEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const v = JSON.parse(data) as unknown;
    if (
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { type?: unknown }).type === 'string' &&
      typeof (v as { runId?: unknown }).runId === 'string'
    ) {
      return v as RunEvent;
    }
  } catch {
    // not JSON: ignore the frame
  }
  return null;
}

/** Builds the browser-mode client. Example: `httpClient({ origin: location.origin, token, fetch: ..., ... })`. */
export function httpClient(opts: HttpClientOptions): RecheckApi {
  const api: Record<string, unknown> = {};
  for (const name of API_METHOD_NAMES) {
    api[name] = async (...args: unknown[]) => {
      let res: { status: number; json(): Promise<unknown> };
      try {
        res = await opts.fetch(`${opts.origin}/api/call/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${opts.token}` },
          body: JSON.stringify({ args }),
        });
      } catch {
        throw new Error(`${name}: the Recheck server is not reachable`);
      }
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        // fall through: unwrap reports the unexpected answer
      }
      return unwrapCallResponse(name, res.status, body);
    };
  }
  api.onRunEvent = eventStream(opts);
  return api as unknown as RecheckApi;
}

/** One shared socket for all listeners; open while at least one listener is subscribed. */
function eventStream(opts: HttpClientOptions): RecheckApi['onRunEvent'] {
  const listeners = new Set<(e: RunEvent) => void>();
  let socket: SocketLike | null = null;
  let cancelRetry: (() => void) | null = null;
  let attempt = 0;

  const connect = (): void => {
    cancelRetry = null;
    opts.onConnection?.('connecting');
    const s = opts.openSocket(eventsUrl(opts.origin), ['recheck.v1', `token.${opts.token}`]);
    socket = s;
    s.onopen = () => {
      attempt = 0;
      opts.onConnection?.('open');
    };
    s.onmessage = (ev) => {
      const e = parseRunEvent(ev.data);
      if (e === null) return;
      for (const l of [...listeners]) l(e);
    };
    s.onerror = () => undefined; // onclose follows and schedules the retry
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      opts.onConnection?.('closed');
      if (listeners.size === 0) return;
      cancelRetry = opts.schedule(connect, reconnectDelayMs(attempt++, opts.jitter()));
    };
  };

  const disconnect = (): void => {
    cancelRetry?.();
    cancelRetry = null;
    const s = socket;
    socket = null;
    s?.close();
    opts.onConnection?.('closed');
  };

  return (listener): Unsubscribe => {
    listeners.add(listener);
    if (socket === null && cancelRetry === null) connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  };
}
