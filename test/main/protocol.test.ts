import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, CONTENT_SECURITY_POLICY, createAppProtocolHandler, isAppUrl, resolveAppFile } from '../../main/protocol';

const root = mkdtempSync(path.join(tmpdir(), 'recheck-protocol-'));
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(path.join(root, 'assets', 'app.js'), 'export const x = 1;');
writeFileSync(path.join(root, 'assets', 'font.woff2'), new Uint8Array([1, 2, 3]));
// A file just outside the served folder that traversal attempts aim at.
const secret = `${root}-secret.txt`;
writeFileSync(secret, 'secret');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(secret, { force: true });
});

describe('resolveAppFile', () => {
  it('maps app URLs to files under the root', () => {
    expect(resolveAppFile(root, 'app://recheck/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, APP_INDEX_URL)).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://recheck/assets/app.js?v=1#x')).toBe(path.join(root, 'assets', 'app.js'));
    expect(resolveAppFile(root, 'app://recheck/assets/a%20b.js')).toBe(path.join(root, 'assets', 'a b.js'));
  });

  it('keeps dot segments inside the root (the URL parser resolves them against "/")', () => {
    expect(resolveAppFile(root, 'app://recheck/../secret.txt')).toBe(path.join(root, 'secret.txt'));
    expect(resolveAppFile(root, 'app://recheck/%2e%2e/%2E%2E/secret.txt')).toBe(path.join(root, 'secret.txt'));
  });

  it.each([
    'app://recheck/assets/..%2f..%2fsecret.txt',
    'app://recheck/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    'app://recheck/..%5csecret.txt',
    'app://recheck/assets/%00.js',
    'app://recheck/%E0%A4%A',
    'app://other/index.html',
    'file:///etc/passwd',
    'https://recheck/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });
});

describe('isAppUrl', () => {
  it('accepts only the app origin', () => {
    expect(isAppUrl('app://recheck/index.html')).toBe(true);
    expect(isAppUrl('app://recheck.evil/index.html')).toBe(false);
    expect(isAppUrl('http://recheck/index.html')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});

describe('createAppProtocolHandler', () => {
  const handle = createAppProtocolHandler(root);

  it('serves files with the CSP header and a MIME type', async () => {
    const res = await handle(new Request(APP_INDEX_URL));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<title>t</title>');

    const js = await handle(new Request('app://recheck/assets/app.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const font = await handle(new Request('app://recheck/assets/font.woff2'));
    expect(new Uint8Array(await font.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('refuses encoded traversal with 400 and never reads outside the root', async () => {
    const reads: string[] = [];
    const spying = createAppProtocolHandler(root, async (f) => {
      reads.push(f);
      return readFileSync(f);
    });
    const name = path.basename(secret);
    for (const url of [`app://recheck/..%2f${name}`, `app://recheck/assets/..%2F..%2F${name}`, `app://recheck/..%5c${name}`]) {
      const res = await spying(new Request(url));
      expect(res.status).toBe(400);
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    // Plain dot segments are resolved by the URL parser and stay inside the root: a miss, not the secret.
    const dotted = await spying(new Request(`app://recheck/../../${name}`));
    expect(dotted.status).toBe(404);
    expect(await dotted.text()).not.toContain('secret');
    expect(reads.every((f) => f.startsWith(root + path.sep))).toBe(true);
  });

  it('answers 404 for a missing file, 405 for other methods, no body for HEAD', async () => {
    expect((await handle(new Request('app://recheck/missing.js'))).status).toBe(404);
    expect((await handle(new Request(APP_INDEX_URL, { method: 'POST', body: 'x' }))).status).toBe(405);
    const head = await handle(new Request(APP_INDEX_URL, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('uses a strict policy: no inline or eval script, no network, no frames or plugins', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*|https?:/);
  });
});
