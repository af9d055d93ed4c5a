// The sandbox windows' session: which URLs a sandbox window may load (however spelled), and the app://
// handler on that session, which serves the sandbox page and its scripts and nothing else of the app.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_PAGE_CSP } from '../../main/protocol';
import { SANDBOX_PAGE_URL, configureSandboxSession, createSandboxProtocolHandler, isSandboxResource } from '../../main/sandbox-session';

const root = mkdtempSync(path.join(tmpdir(), 'recheck-sandbox-session-'));
mkdirSync(path.join(root, 'assets', 'sandbox'), { recursive: true });
mkdirSync(path.join(root, 'sandbox'));
writeFileSync(path.join(root, 'index.html'), '<title>app</title>');
writeFileSync(path.join(root, 'sandbox', 'index.html'), '<title>sandbox</title>');
writeFileSync(path.join(root, 'assets', 'sandbox', 'page-Ab12.js'), 'export {};');
writeFileSync(path.join(root, 'assets', 'index-Cd34.js'), 'export {};');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('isSandboxResource', () => {
  it.each([
    SANDBOX_PAGE_URL,
    'app://recheck/sandbox/',
    'app://recheck/%73andbox/index.html',
    'app://recheck/assets/sandbox/page-Ab12.js',
    'blob:null/5a0c1e1e-0000-4000-8000-000000000000',
  ])('allows %s', (url) => {
    expect(isSandboxResource(url)).toBe(true);
  });

  it.each([
    'app://recheck/index.html',
    'app://recheck/',
    'app://recheck/assets/index-Cd34.js',
    'app://recheck/assets/sandbox/../index-Cd34.js',
    'app://recheck/assets/sandbox%2f..%2findex-Cd34.js',
    'app://recheck/assets/sandbox/nested/x.js',
    'app://recheck.evil/sandbox/index.html',
    'http://127.0.0.1:4780/sandbox/index.html',
    'https://example.org/',
    'ws://127.0.0.1:4780/api/events',
    'file:///etc/passwd',
    'data:text/html,<script>1</script>',
    'devtools://devtools/bundled/inspector.html',
  ])('refuses %s', (url) => {
    expect(isSandboxResource(url)).toBe(false);
  });
});

describe('the app:// handler of the sandbox session', () => {
  const handle = createSandboxProtocolHandler(root);

  it('serves the sandbox page with the sandbox policy, and its script', async () => {
    const page = await handle(new Request(SANDBOX_PAGE_URL));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>sandbox</title>');
    expect(page.headers.get('content-security-policy')).toBe(SANDBOX_PAGE_CSP);
    expect((await handle(new Request('app://recheck/assets/sandbox/page-Ab12.js'))).status).toBe(200);
  });

  it("serves nothing else of the app's files", async () => {
    for (const url of ['app://recheck/index.html', 'app://recheck/', 'app://recheck/assets/index-Cd34.js']) {
      const res = await handle(new Request(url));
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('not found');
    }
  });
});

describe('configureSandboxSession', () => {
  it('denies permissions and devices, cancels foreign requests and downloads, disables spellcheck', () => {
    const s = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      setSpellCheckerEnabled: vi.fn(),
      on: vi.fn(),
      protocol: { handle: vi.fn() },
      webRequest: { onBeforeRequest: vi.fn() },
    };
    expect(configureSandboxSession(s as never, root)).toBe(s);
    const answer = vi.fn();
    s.setPermissionRequestHandler.mock.calls[0]![0]({}, 'geolocation', answer);
    expect(answer).toHaveBeenCalledWith(false);
    expect(s.setPermissionCheckHandler.mock.calls[0]![0]()).toBe(false);
    expect(s.setDevicePermissionHandler.mock.calls[0]![0]()).toBe(false);
    expect(s.setSpellCheckerEnabled).toHaveBeenCalledWith(false);
    const filter = s.webRequest.onBeforeRequest.mock.calls[0]![0] as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    const verdicts: Record<string, boolean> = {};
    for (const url of [SANDBOX_PAGE_URL, 'http://127.0.0.1:1/x', 'app://recheck/index.html'])
      filter({ url }, (r) => (verdicts[url] = r.cancel));
    expect(verdicts).toEqual({ [SANDBOX_PAGE_URL]: false, 'http://127.0.0.1:1/x': true, 'app://recheck/index.html': true });
    const [event, onDownload] = s.on.mock.calls[0]!;
    expect(event).toBe('will-download');
    const download = { preventDefault: vi.fn() };
    onDownload(download);
    expect(download.preventDefault).toHaveBeenCalled();
    expect(s.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });
});
