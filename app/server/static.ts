/**
 * Serves the built renderer (out/renderer) read-only, with no path leaving that folder. Files whose names carry
 * Vite's content hash are cached by the browser for a year; everything else (the pages above all) is
 * revalidated on each load against a content tag. Text formats go out brotli- or gzip-compressed.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, relative, isAbsolute } from 'node:path';
import type { ServerResponse } from 'node:http';
import { CSP, isSandboxPageScript, sandboxPageCsp } from './security';
import { acceptedCoding, compressible, contentTag, type CompressedCopies } from './static-encoding';

/** Cache-Control of files whose content can never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Vite names built assets `<name>-<8-character hash>.<ext>` (`index-DkrOmyZH.js`, `KaTeX_Main-Regular-B22Nviop.woff2`):
 * a new build of changed content gets a new name.
 */
export function isHashedAsset(rel: string): boolean {
  return rel.startsWith('assets/') && /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(basename(rel));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/**
 * Serves one file of the built renderer for a checked request path (still percent-encoded, see
 * `requestTarget`). A path that does not decode, or decodes to control characters or a backslash, is 400;
 * one that leaves the folder is 403; a missing file with an extension is 404; only a missing `index.html`
 * (the UI not built) is 503.
 */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, copies: CompressedCopies): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return send(res, 400, 'text/plain', 'bad path');
  }
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return send(res, 400, 'text/plain', 'bad path');
  const rel = normalize(decoded).replace(/^[/\\]+/, '');
  const index = join(root, 'index.html');
  let file = join(root, rel);
  const back = relative(root, file);
  if (back.startsWith('..') || isAbsolute(back)) return send(res, 403, 'text/plain', 'forbidden');
  const sandboxPage = rel === 'sandbox' || rel.startsWith('sandbox/') || rel.startsWith('sandbox\\');
  try {
    const st = await stat(file);
    if (st.isDirectory() && sandboxPage) file = join(file, 'index.html');
    else if (!st.isFile()) file = index;
  } catch {
    // Unknown paths without an extension get the app (client-side routes); others are 404.
    if (extname(rel) !== '') return send(res, 404, 'text/plain', 'not found');
    file = index;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    if (file !== index) return send(res, 404, 'text/plain', 'not found');
    return send(res, 503, 'text/plain', `the UI is not built: run "npm run build:renderer" (looked in ${root})`);
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const relPath = rel.split('\\').join('/');
  const tag = contentTag(body);
  const headers: Record<string, string> = {
    'content-type': type,
    // The request's Host was checked against this server's own names before static files are served.
    'content-security-policy': sandboxPage ? sandboxPageCsp(`http://${String(res.req?.headers.host ?? '127.0.0.1')}`) : CSP,
    // The sandbox page has an opaque origin: its module script is a CORS request from origin "null".
    ...(isSandboxPageScript(relPath) ? { 'access-control-allow-origin': '*' } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // A route answered with index.html is never an asset, whatever its name looks like.
    'cache-control': file !== index && extname(file) !== '.html' && isHashedAsset(relPath) ? IMMUTABLE : 'no-cache',
    etag: tag,
    vary: 'Accept-Encoding',
  };
  if (matchesTag(res.req?.headers['if-none-match'], tag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const coding = compressible(file, body.length) ? acceptedCoding(res.req?.headers['accept-encoding']) : null;
  if (coding !== null) {
    body = await copies.get(body, tag, coding);
    headers['content-encoding'] = coding;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(body);
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 section 13.1.2). */
function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (typeof header !== 'string') return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(tag));
}

/** A complete small response; `extra` adds headers (Retry-After, Connection). */
export function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...extra });
  res.end(body);
}
