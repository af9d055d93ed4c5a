// The browser-mode server's static files: hashed assets cached for a year and compressed by Accept-Encoding
// (brotli preferred, then gzip), the pages revalidated on every load, and a changed file never served stale.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startBrowserServer, type BrowserServer } from '../../../app/server/http-server';
import type { RecheckApi } from '../../../common/api/contract';
import { tempDir } from '../../helpers/temp-case';

interface Reply {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

let server: BrowserServer;
let renderer: string;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A script of about 40 KB that compresses well, as bundles do. */
const SCRIPT = Array.from({ length: 800 }, (_, i) => `export const value${i} = compute(${i}, "recheck");`).join('\n');
const HASHED = '/assets/index-Dk4yZ_H9.js';
const PAGE = '<!doctype html><html lang="en"><head><title>Recheck</title></head><body><div id="root"></div></body></html>';

// The server reads no API for static files; only its event subscription is called at start.
const noApi = { onRunEvent: () => () => undefined } as unknown as RecheckApi;

beforeAll(async () => {
  renderer = tempDir();
  mkdirSync(join(renderer, 'assets'));
  mkdirSync(join(renderer, 'sandbox'));
  writeFileSync(join(renderer, 'index.html'), PAGE);
  writeFileSync(join(renderer, 'sandbox', 'index.html'), PAGE);
  writeFileSync(join(renderer, HASHED.slice(1)), SCRIPT);
  writeFileSync(join(renderer, 'assets', 'tiny-AbCdEf12.js'), 'export{}');
  writeFileSync(join(renderer, 'assets', 'font-AbCdEf12.woff2'), Buffer.alloc(4096, 7));
  writeFileSync(join(renderer, 'assets', 'plain.js'), SCRIPT);
  server = await startBrowserServer({ api: noApi, rendererDir: renderer });
});

afterAll(async () => {
  await server.close();
});

describe('static files: caching', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const r = await get(HASHED);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches the pages without revalidating them, and answers a revalidation with 304', async () => {
    for (const path of ['/', '/index.html', '/some/route', '/sandbox/']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      const etag = String(r.headers.etag);
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await get(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
      expect(again.headers['content-security-policy'], path).toBeDefined();
    }
  });

  it('revalidates files whose names carry no content hash', async () => {
    const r = await get('/assets/plain.js');
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('serves a changed page with a new validator', async () => {
    const first = await get('/');
    writeFileSync(join(renderer, 'index.html'), `${PAGE}\n<!-- rebuilt -->`);
    const second = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(second.status).toBe(200);
    expect(second.body.toString()).toContain('rebuilt');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    writeFileSync(join(renderer, 'index.html'), PAGE);
  });
});

describe('static files: compression', () => {
  it('sends brotli when the browser accepts it, and says so', async () => {
    const r = await get(HASHED, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted (absent or q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'deflate, gzip;q=1.0']) {
      const r = await get(HASHED, { 'accept-encoding': accept });
      expect(r.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(r.body).toString(), accept).toBe(SCRIPT);
    }
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'zstd' },
    ];
    for (const headers of cases) {
      const r = await get(HASHED, headers);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.toString()).toBe(SCRIPT);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('does not compress tiny files or formats that are compressed already', async () => {
    for (const path of ['/assets/tiny-AbCdEf12.js', '/assets/font-AbCdEf12.woff2']) {
      const r = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(r.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('compresses pages too, and answers HEAD with the same headers and no body', async () => {
    writeFileSync(join(renderer, 'big.html'), `${PAGE}${'<p>recheck</p>'.repeat(500)}`);
    const r = await get('/big.html', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    const head = await get('/big.html', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(r.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('never serves a stale compressed copy of a file that changed', async () => {
    const before = await get('/assets/plain.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(before.body).toString()).toBe(SCRIPT);
    const changed = `${SCRIPT}\n// changed`;
    writeFileSync(join(renderer, 'assets', 'plain.js'), changed);
    const after = await get('/assets/plain.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toBe(changed);
  });
});
