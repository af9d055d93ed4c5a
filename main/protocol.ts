/**
 * The privileged `app://recheck/` protocol that serves the built renderer (out/renderer) to the window.
 * A real origin (instead of file://) gives module workers and CSP 'self' something to match; every response
 * carries the strict Content-Security-Policy, including worker scripts, which take their CSP from their own
 * response.
 */
import { appCsp, sandboxPageCsp } from '../app/security/csp';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'recheck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the main window loads. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * Only our own files run; no inline or evaluated script, no network. Inline styles are allowed because
 * Monaco and KaTeX set element styles at run time; data: images and fonts for their bundled icons; blob:
 * workers for Monaco's fallback worker loader. Built by the same function as browser mode's policy
 * (app/security/csp.ts), without the WebSocket, so what the e2e tests exercise there also loads here.
 */
export const CONTENT_SECURITY_POLICY = appCsp();

/** The sandbox page's policy (app://recheck/sandbox/), the same builder as browser mode's (app/security/csp.ts). */
export const SANDBOX_PAGE_CSP = sandboxPageCsp(APP_ORIGIN);

/** True for files served as the sandbox page: everything under `<root>/sandbox/` (`rel` is root-relative, with /). */
function isSandboxFile(rel: string): boolean {
  return rel.startsWith('sandbox/');
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** True when `url` lies on the app origin, e.g. isAppUrl('app://recheck/index.html') === true. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Maps an app:// URL to a file under `rootDir`, or null when the URL is not ours or would leave the folder
 * (`..`, encoded separators, NUL, backslashes). Guarantee: a non-null result is `rootDir` + a descendant.
 * Example: resolveAppFile('/r', 'app://recheck/') === '/r/index.html'; 'app://recheck/%2e%2e/x' -> null.
 */
export function resolveAppFile(rootDir: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  if (rel.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  if (rel === '/' || rel === '') rel = '/index.html';
  if (rel === '/sandbox' || rel === '/sandbox/') rel = '/sandbox/index.html';
  const root = path.resolve(rootDir);
  const target = path.resolve(root, `.${rel}`);
  if (!target.startsWith(root + path.sep)) return null;
  return target;
}

// A root to resolve URLs against without touching the disk (only the path relative to it is used).
const VIRTUAL_ROOT = path.resolve('/recheck-virtual-root');

/**
 * The file an app:// URL names, relative to the renderer folder with / separators, decoded and normalised
 * exactly as the protocol handler does; null when the URL is not ours or escapes. Example:
 * appRelativePath('app://recheck/%73andbox/') === 'sandbox/index.html'.
 */
export function appRelativePath(url: string): string | null {
  const file = resolveAppFile(VIRTUAL_ROOT, url);
  return file === null ? null : path.relative(VIRTUAL_ROOT, file).split(path.sep).join('/');
}

/** True only for the app's own page (the main window's), however spelled; false for the sandbox page. */
export function isAppPageUrl(url: string): boolean {
  return appRelativePath(url) === 'index.html';
}

function headers(contentType: string, rel = ''): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': isSandboxFile(rel) ? SANDBOX_PAGE_CSP : CONTENT_SECURITY_POLICY,
    // The sandbox page has an opaque origin: its module script is a CORS request from origin "null".
    ...(/^assets\/sandbox\/[A-Za-z0-9_.-]+\.js$/.test(rel) ? { 'Access-Control-Allow-Origin': '*' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  });
}

function refusal(status: number, text: string): Response {
  return new Response(text, { status, headers: headers('text/plain; charset=utf-8') });
}

/** Reads a file; injectable so tests need no disk. */
export type FileReader = (file: string) => Promise<Uint8Array>;

/**
 * The `protocol.handle` handler for app://: GET/HEAD of files under `rootDir` with the CSP header; 400 for
 * URLs that would escape it, 404 for missing files, 405 for other methods.
 */
export function createAppProtocolHandler(rootDir: string, read: FileReader = readFile): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'method not allowed');
    const file = resolveAppFile(rootDir, request.url);
    if (file === null) return refusal(400, 'bad path');
    let body: Uint8Array;
    try {
      body = await read(file);
    } catch {
      return refusal(404, 'not found');
    }
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Chosen by the file actually served (after decoding), so no spelling of the URL gets the page another policy.
    const rel = path.relative(path.resolve(rootDir), file).split(path.sep).join('/');
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: headers(type, rel) });
  };
}
