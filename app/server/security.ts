/**
 * The browser-mode server's gatekeeping: only this machine, only pages this server served, only with the
 * per-launch token. Host checks defeat DNS rebinding; Origin checks stop other local pages; the token stops
 * other local users and processes that cannot read the URL printed to this user's terminal.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { appCsp, sandboxPageCsp } from '../security/csp';

/** The app pages' policy in browser mode: the shared one plus this server's loopback WebSocket. */
export const CSP = appCsp(['ws://127.0.0.1:*', 'ws://localhost:*']);

export { sandboxPageCsp };

/**
 * True for the sandbox page's own scripts (`assets/sandbox/<name>.js`, root-relative with /), the files an
 * opaque-origin document fetches from this server: a module script there is a CORS request from origin `null`.
 */
export function isSandboxPageScript(rel: string): boolean {
  return /^assets\/sandbox\/[A-Za-z0-9_.-]+\.js$/.test(rel);
}

/** Longest request-target accepted; the app's own URLs are far shorter. */
export const MAX_TARGET_CHARS = 2048;

/**
 * An origin-form request-target (RFC 9112 section 3.2.1: an absolute path and an optional query) in the
 * characters RFC 3986 allows there, with well-formed percent escapes; `*`, absolute-form, `//host` (which
 * URL parsers read as an authority), backslashes, spaces, controls and non-ASCII bytes are refused.
 */
const ORIGIN_FORM =
  /^\/(?!\/)(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

/** A checked request-target: its path (still percent-encoded) and query (without the `?`). */
export interface RequestTarget {
  readonly path: string;
  readonly query: string;
}

/**
 * The request-target checked before anything parses it; null when malformed (the caller answers 400).
 * Example: `requestTarget('/api/call/listCases?x=1')` returns `{ path: '/api/call/listCases', query: 'x=1' }`;
 * `requestTarget('//[')` returns null.
 */
export function requestTarget(raw: string | undefined): RequestTarget | null {
  if (typeof raw !== 'string' || raw.length > MAX_TARGET_CHARS || !ORIGIN_FORM.test(raw)) return null;
  const q = raw.indexOf('?');
  return q < 0 ? { path: raw, query: '' } : { path: raw.slice(0, q), query: raw.slice(q + 1) };
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return typeof host === 'string' && allowedHosts(port).has(host.toLowerCase());
}

/** An Origin header, when present, must be this server's own origin. Absent Origin is allowed for same-origin GETs and non-browser clients with the token. */
export function originAllowed(req: IncomingMessage, port: number, required: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return !required;
  return [...allowedHosts(port)].some((h) => origin === `http://${h}`);
}

export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || !h.startsWith('Bearer ')) return undefined;
  return h.slice('Bearer '.length).trim();
}

/** The token carried as a WebSocket subprotocol `token.<hex>` (browsers cannot set headers on WebSockets). */
export function wsToken(req: IncomingMessage): string | undefined {
  const h = req.headers['sec-websocket-protocol'];
  if (typeof h !== 'string') return undefined;
  return h
    .split(',')
    .map((s) => s.trim())
    .find((s) => s.startsWith('token.'))
    ?.slice('token.'.length);
}
