/**
 * The Content-Security-Policies of Recheck's pages, one builder for both transports: browser mode
 * (app/server) and the desktop app's app:// protocol (main/protocol.ts) serve exactly these.
 */

/**
 * The app's own pages. `connect` adds sources to connect-src beyond 'self' (browser mode adds its loopback
 * WebSocket; the desktop app needs none).
 * Example: appCsp() contains "script-src 'self'" and "connect-src 'self'".
 */
export function appCsp(connect: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    ["connect-src 'self'", ...connect].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy of the sandbox page (/sandbox/), where untrusted programs run in a Web Worker, for the app's
 * `origin` (e.g. `http://127.0.0.1:8123` or `app://recheck`). No network (`connect-src 'none'`, which a blob:
 * worker inherits); scripts only from the page's own folder `assets/sandbox/` and the program's blob: URL (not
 * 'self': a dynamic import() from the worker would otherwise reach any path of the app); WebAssembly
 * compilation (`'wasm-unsafe-eval'`: the checkers' MPFR is gmp-wasm; it compiles wasm bytes, it does not eval
 * strings); embeddable only by the app; a sandboxed, opaque origin (`sandbox allow-scripts`: no storage,
 * cookies or access to the app's DOM), even when the page is opened directly.
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
