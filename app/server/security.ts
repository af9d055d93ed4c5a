/**
 * The browser-mode server's gatekeeping: only this machine, only pages this server served, only with the
 * per-launch token. Host checks defeat DNS rebinding; Origin checks stop other local pages; the token stops
 * other local users and processes that cannot read the URL printed to this user's terminal.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The policy of the sandbox page (/sandbox/), where untrusted programs run in a Web Worker, for the server's
 * `origin` (e.g. `http://127.0.0.1:8123`). No network (`connect-src 'none'`, which a blob: worker inherits);
 * scripts only from the page's own folder `assets/sandbox/` and the program's blob: URL (not 'self': a
 * dynamic import() from the worker would otherwise reach any path of this server); WebAssembly compilation
 * (`'wasm-unsafe-eval'`: the checkers' MPFR is gmp-wasm; it compiles wasm bytes, it does not eval strings);
 * embeddable only by the app; a sandboxed, opaque origin (`sandbox allow-scripts`: no storage, cookies or
 * access to the app's DOM), even when the page is opened directly.
 * Example: sandboxPageCsp('http://127.0.0.1:8123') contains "script-src http://127.0.0.1:8123/assets/sandbox/ blob:".
 */
export function sandboxPageCsp(origin: string): string {
  return [
    "default-src 'none'",
    `script-src ${origin}/assets/sandbox/ blob: 'wasm-unsafe-eval'`,
    'worker-src blob:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin}`,
    'sandbox allow-scripts',
  ].join('; ');
}

/**
 * True for the sandbox page's own scripts (`assets/sandbox/<name>.js`, root-relative with /), the files an
 * opaque-origin document fetches from this server: a module script there is a CORS request from origin `null`.
 */
export function isSandboxPageScript(rel: string): boolean {
  return /^assets\/sandbox\/[A-Za-z0-9_.-]+\.js$/.test(rel);
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
