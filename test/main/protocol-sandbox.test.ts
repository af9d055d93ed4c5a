// The sandbox page on app://recheck/sandbox/ gets its own policy (no network, opaque origin), the same one
// browser mode sends; the app's pages keep theirs; only the sandbox page's own script is readable cross-origin.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxPageCsp } from '../../app/server/security';
import { APP_ORIGIN, CONTENT_SECURITY_POLICY, SANDBOX_PAGE_CSP, createAppProtocolHandler } from '../../main/protocol';

const root = mkdtempSync(path.join(tmpdir(), 'recheck-protocol-sandbox-'));
mkdirSync(path.join(root, 'assets'));
mkdirSync(path.join(root, 'sandbox'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(root, 'sandbox', 'index.html'), '<!doctype html><title>sandbox</title>');
mkdirSync(path.join(root, 'assets', 'sandbox'));
writeFileSync(path.join(root, 'assets', 'sandbox', 'page-Ab12_-.js'), 'export {};');
writeFileSync(path.join(root, 'assets', 'sandbox-lookalike.js'), 'export {};');
writeFileSync(path.join(root, 'assets', 'index-Cd34.js'), 'export {};');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
}

describe('the sandbox page on app://', () => {
  const handle = createAppProtocolHandler(root);

  it('is served with the sandbox policy, however its URL is spelled', async () => {
    for (const url of [
      'app://recheck/sandbox/index.html',
      'app://recheck/sandbox/',
      'app://recheck/sandbox',
      'app://recheck/%73andbox/index.html',
    ]) {
      const res = await handle(new Request(url));
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('<title>sandbox</title>');
      expect(res.headers.get('content-security-policy'), url).toBe(SANDBOX_PAGE_CSP);
    }
    const app = await handle(new Request('app://recheck/index.html'));
    expect(app.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('denies the network, nested frames and other origins, and sandboxes the page', () => {
    const d = directives(SANDBOX_PAGE_CSP);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'none'"]);
    expect(d.get('worker-src')).toEqual(['blob:']);
    // Scripts only from the page's own folder (not 'self': a dynamic import from the worker would reach any path).
    expect(d.get('script-src')).toEqual([`${APP_ORIGIN}/assets/sandbox/`, 'blob:', "'wasm-unsafe-eval'"]);
    expect(d.get('sandbox')).toEqual(['allow-scripts']);
    expect(d.get('frame-ancestors')).toEqual([APP_ORIGIN]);
  });

  it('is the same policy browser mode sends', () => {
    expect(SANDBOX_PAGE_CSP).toBe(sandboxPageCsp(APP_ORIGIN));
  });

  it('lets the opaque-origin page load its own script, and no other file, cross-origin', async () => {
    const own = await handle(new Request('app://recheck/assets/sandbox/page-Ab12_-.js'));
    expect(own.headers.get('access-control-allow-origin')).toBe('*');
    for (const url of [
      'app://recheck/assets/index-Cd34.js',
      'app://recheck/assets/sandbox-lookalike.js',
      'app://recheck/index.html',
      'app://recheck/sandbox/index.html',
    ]) {
      expect((await handle(new Request(url))).headers.get('access-control-allow-origin'), url).toBeNull();
    }
  });
});
