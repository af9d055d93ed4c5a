// The browser sandbox: a case's sandbox module runs in a Web Worker inside a sandboxed page (hidden iframe,
// CSP connect-src 'none'), streams progress and returns its result; programs that try the network, loop
// forever or exhaust memory end with a reason, and the app stays usable. The probe programs live in
// test/e2e/fixtures/ and are copied into the temporary workspace's kl-direction/sandbox/probes/.
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request, type Response } from '@playwright/test';
import { Xoshiro128 } from '../../checkers/random/xoshiro128';
import { expect, screenshot, serverOrigin, serverUrl, serverWorkspace, test } from './fixtures';

const CASE = 'kl-direction';
// TypeScript: with .mjs files in a case's sandbox, Monaco's JavaScript worker logged a page error (see report).
const PROBES = ['probe-network.ts', 'spin.ts', 'alloc-bomb.ts', 'seeded-draws.ts'];

test.beforeAll(async () => {
  const dir = path.join(serverWorkspace(), CASE, 'sandbox', 'probes');
  await mkdir(dir, { recursive: true });
  for (const name of PROBES) await copyFile(path.join(import.meta.dirname, 'fixtures', name), path.join(dir, name));
});

async function openSandboxFile(page: Page, file: string) {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const pane = page.getByTestId('pane-sandbox');
  await pane.getByTestId(`sandbox-tab-${file}`).click();
  await expect(pane.getByTestId('sandbox-run-start')).toBeEnabled();
  return pane;
}

test('runs the case re-implementation in the sandbox and shows its result', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const pane = await openSandboxFile(page, 'sandbox/mode-fit.ts');
  await pane.getByTestId('sandbox-run-start').click();
  // The input defaults to the declared check's params (teacher, grid, digits).
  await expect(pane.getByTestId('sandbox-run-input')).toHaveValue(/"teacher"/);
  await expect(pane.getByTestId('sandbox-run-result')).toBeVisible({ timeout: 90_000 });
  const { fits: result } = JSON.parse(await pane.getByTestId('sandbox-run-result').innerText()) as {
    fits: { direction: string; mean: number; forwardKl: string }[];
  };
  expect(result.map((r) => r.direction)).toEqual(['forward-kl', 'reverse-kl']);
  // Mode covering vs mode seeking for the 0.6/0.4 mixture at -3 and 3: the forward fit sits between the modes
  // (mean 0.6*-3 + 0.4*3 = -0.6, moment matching), the reverse fit on one mode.
  expect(result[0]!.mean).toBeCloseTo(-0.6, 1);
  expect(Math.abs(result[1]!.mean)).toBeGreaterThan(2);
  // Evaluated at 40 digits: a long decimal string, positive (the fit is not the teacher).
  expect(result[0]!.forwardKl.replace(/\D/g, '').length).toBeGreaterThan(30);
  expect(Number(result[0]!.forwardKl)).toBeGreaterThan(0);
  await expect(pane.getByTestId('sandbox-run-series')).toContainText('forward-kl');
  await expect(pane.getByTestId('sandbox-run-status')).toContainText('finished');
  await expect(page.locator('iframe[data-testid="sandbox-frame"]')).toHaveCount(0);
  await screenshot(page, '08-sandbox-run');
  expect(consoleErrors).toEqual([]);
});

test('a program cannot reach the server: import, fetch, XHR and WebSocket are blocked', async ({ page, context }) => {
  const pane = await openSandboxFile(page, 'sandbox/probes/probe-network.ts');
  const toServer = (url: string) =>
    url.startsWith(serverOrigin()) && !/\/(sandbox\/index\.html|assets\/sandbox\/[^/]+\.js|api\/call\/prepareSandboxProgram)$/.test(url);
  const answered: string[] = [];
  const failed: string[] = [];
  const onResponse = (r: Response) => void (toServer(r.url()) && !r.url().includes('/assets/') && answered.push(r.url()));
  const onFailed = (r: Request) => void (toServer(r.url()) && failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  context.on('response', onResponse);
  context.on('requestfailed', onFailed);
  await pane.getByTestId('sandbox-run-input').fill(JSON.stringify({ origin: serverOrigin() }));
  await pane.getByTestId('sandbox-run-start').click();
  const error = pane.getByTestId('sandbox-run-error');
  await expect(error).toBeVisible({ timeout: 30_000 });
  // The guards name the first attempt (the computed import), and the others are counted.
  await expect(error).toHaveAttribute('data-reason', 'denied');
  await expect(error).toContainText(`tried network access: import ${serverOrigin()}/api/call/listCases (and 3 more attempts)`);
  const logs = pane.getByTestId('sandbox-run-logs');
  for (const name of ['import', 'fetch', 'xhr', 'websocket']) await expect(logs).toContainText(`${name}: blocked`);
  await expect(logs).not.toContainText('reached');
  context.off('response', onResponse);
  context.off('requestfailed', onFailed);
  // No request from the sandbox even left: every attempt was stopped by the guards before the browser saw it.
  expect(answered).toEqual([]);
  expect(failed).toEqual([]);
});

test('without the guards, the sandbox page itself blocks import, fetch, XHR and WebSocket (CSP)', async ({ page, context }) => {
  // A raw worker script (no bundler, no guards) started in a fresh sandbox page, the way the app starts one:
  // what it can reach is what the page's CSP and opaque origin allow.
  const failed: string[] = [];
  const onFailed = (r: Request) =>
    void (r.url().startsWith(serverOrigin()) && r.url().includes('/api/') && failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  context.on('requestfailed', onFailed);
  await page.goto(serverUrl());
  const raw = `self.onmessage = async (e) => {
    const req = JSON.parse(e.data);
    const url = req.input.origin + '/api/call/listCases';
    const out = {};
    const tryIt = async (name, f) => { try { await f(); out[name] = 'reached'; } catch (err) { out[name] = 'blocked'; } };
    await tryIt('import', () => import(url));
    await tryIt('fetch', () => fetch(url, { method: 'POST', body: '[]' }));
    await tryIt('xhr', async () => { const x = new XMLHttpRequest(); x.open('POST', url, false); x.send('[]'); });
    await tryIt('websocket', () => new Promise((res, rej) => { const w = new WebSocket(req.input.origin.replace(/^http/, 'ws') + '/api/events'); w.onopen = res; w.onerror = () => rej(new Error('ws')); }));
    postMessage('{"recheck":"' + req.nonce + '","m":' + JSON.stringify({ type: 'result', value: out }) + '}');
  };`;
  // Runs in the app page: the few DOM members used, typed here (the Node project has no DOM types).
  type Frame = {
    setAttribute(n: string, v: string): void;
    src: string;
    contentWindow: { postMessage(m: unknown, o: string): void } | null;
  };
  type Doc = { createElement(t: 'iframe'): Frame; baseURI: string; body: { appendChild(f: Frame): void } };
  type Win = { addEventListener(t: 'message', l: (e: { source: unknown; data: { kind?: string; text?: string } }) => void): void };
  const value = await page.evaluate(
    ({ code, origin }) =>
      new Promise<unknown>((resolve, reject) => {
        const g = globalThis as unknown as { document: Doc; window: Win };
        const frame = g.document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.src = new URL('sandbox/index.html', g.document.baseURI).href;
        const nonce = '0123456789abcdef0123456789abcdef';
        g.window.addEventListener('message', (event) => {
          if (event.source !== frame.contentWindow) return;
          const data = event.data;
          if (data.kind === 'ready')
            frame.contentWindow?.postMessage(
              { channel: 'recheck-sandbox/1', kind: 'start', code, request: { type: 'run', input: { origin }, seed: 1, nonce } },
              '*',
            );
          if (data.kind === 'message' && typeof data.text === 'string')
            resolve((JSON.parse(data.text) as { m: { value: unknown } }).m.value);
          if (data.kind === 'worker-error') reject(new Error(data.text));
        });
        g.document.body.appendChild(frame);
      }),
    { code: raw, origin: serverOrigin() },
  );
  context.off('requestfailed', onFailed);
  expect(value).toEqual({ import: 'blocked', fetch: 'blocked', xhr: 'blocked', websocket: 'blocked' });
  expect(failed.some((f) => f.endsWith('csp'))).toBe(true);
});

test('an infinite loop is cancelled and the app stays responsive', async ({ page, consoleErrors }) => {
  const pane = await openSandboxFile(page, 'sandbox/probes/spin.ts');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(pane.getByTestId('sandbox-run-logs')).toContainText('spinning');
  // While the worker spins the app still answers: switch to another file and back.
  await pane.getByTestId('sandbox-tab-sandbox/mode-fit.ts').click();
  await expect(pane.getByTestId('sandbox-run-status')).toContainText('seed 1');
  await pane.getByTestId('sandbox-tab-sandbox/probes/spin.ts').click();
  await pane.getByTestId('sandbox-run-start').click();
  await expect(pane.getByTestId('sandbox-run-logs')).toContainText('spinning');
  await expect(page.locator('iframe[data-testid="sandbox-frame"]')).toHaveCount(1);
  await pane.getByTestId('sandbox-run-cancel').click();
  const error = pane.getByTestId('sandbox-run-error');
  await expect(error).toHaveAttribute('data-reason', 'killed', { timeout: 5_000 });
  await expect(error).toHaveText('killed: cancelled');
  await expect(page.locator('iframe[data-testid="sandbox-frame"]')).toHaveCount(0);
  await pane.getByTestId('sandbox-tab-sandbox/mode-fit.ts').click();
  await expect(pane.getByTestId('sandbox-run-status')).toContainText('seed 1');
  expect(consoleErrors).toEqual([]);
});

// An out-of-memory in the sandbox worker. Chromium (156 here) runs a sandboxed iframe in a process of its own
// (IsolateSandboxedIframes, on by default), so the OOM ends only the sandbox page and the app notices the missing
// heartbeat. Measured by hand: with --disable-features=IsolateSandboxedIframes the same run kills the app tab.
// Playwright marks a Page as crashed when ANY of its frames' targets crashes (FrameSession._onTargetCrashed
// calls page._didCrash() for out-of-process iframes too), so after the OOM this test reattaches to the still
// running browser over CDP and checks the app page there: same document (a marker set before the run is still
// present), the run ended with a reason, the iframe is gone, and the next program runs.
test('an allocation bomb ends only the sandbox page; the app tab survives and runs the next program', async () => {
  test.setTimeout(150_000);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-oom-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1600, height: 1000 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--remote-debugging-port=0',
    ],
  });
  let reattached: Browser | null = null;
  try {
    const first = context.pages()[0] ?? (await context.newPage());
    const pane = await openSandboxFile(first, 'sandbox/probes/alloc-bomb.ts');
    await first.evaluate(() => ((globalThis as unknown as { __beforeOom: number }).__beforeOom = 42));
    const frameCrashed = first.waitForEvent('crash', { timeout: 120_000 });
    await pane.getByTestId('sandbox-run-start').click();
    await expect(pane.getByTestId('sandbox-run-logs')).toContainText('allocating');
    await frameCrashed; // the sandbox page's process died (Playwright reports it on the app's Page object)

    const port = (await readFile(path.join(userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n')[0]!;
    reattached = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const app = reattached
      .contexts()
      .flatMap((c) => c.pages())
      .find((p) => p.url().startsWith(serverOrigin()));
    if (app === undefined) throw new Error('the app page is gone after the out-of-memory');
    expect(await app.evaluate(() => (globalThis as unknown as { __beforeOom?: number }).__beforeOom)).toBe(42);
    const again = app.getByTestId('pane-sandbox');
    const error = again.getByTestId('sandbox-run-error');
    await expect(error).toHaveAttribute('data-reason', 'killed', { timeout: 30_000 });
    await expect(error).toContainText('stopped answering');
    await expect(app.locator('iframe[data-testid="sandbox-frame"]')).toHaveCount(0);
    await screenshot(app, '09-sandbox-oom');
    // The app still answers and runs the next program in a fresh sandbox page.
    await again.getByTestId('sandbox-tab-sandbox/probes/probe-network.ts').click();
    await again.getByTestId('sandbox-run-input').fill(JSON.stringify({ origin: serverOrigin() }));
    await again.getByTestId('sandbox-run-start').click();
    await expect(again.getByTestId('sandbox-run-error')).toHaveAttribute('data-reason', 'denied', { timeout: 30_000 });
  } finally {
    await reattached?.close();
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});

// The seed the reviewer types reaches the program as api.seed: seeded-draws.ts returns it with the first draws
// of checkers' xoshiro128** from it, which this test recomputes in Node (same seed -> same draws).
function drawsFor(seed: number): number[] {
  const rng = new Xoshiro128(seed);
  return Array.from({ length: 4 }, () => rng.nextUint32());
}

test('the chosen seed reaches the program: seed 7 twice gives the same result, seed 8 another', async ({ page, consoleErrors }) => {
  const pane = await openSandboxFile(page, 'sandbox/probes/seeded-draws.ts');
  const seed = pane.getByTestId('sandbox-run-seed');
  const status = pane.getByTestId('sandbox-run-status');
  const result = pane.getByTestId('sandbox-run-result');
  await expect(seed).toHaveValue('1');
  await expect(pane.getByTestId('sandbox-run-timeout')).toHaveValue('120');

  await seed.fill('7');
  await expect(status).toHaveText('seed 7 · limit 120 s');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(result).toBeVisible({ timeout: 30_000 });
  const first = await result.innerText();
  expect(JSON.parse(first)).toEqual({ seed: 7, draws: drawsFor(7) });
  await expect(status).toHaveText(/^seed 7 · limit 120 s · wall \d+\.\d s · finished$/);

  await seed.fill('8');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(status).toHaveText(/^seed 8 · limit 120 s · wall \d+\.\d s · finished$/, { timeout: 30_000 });
  const other = await result.innerText();
  expect(JSON.parse(other)).toEqual({ seed: 8, draws: drawsFor(8) });
  expect(other).not.toEqual(first);

  await seed.fill('7');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(result).toHaveText(first, { timeout: 30_000 });
  await expect(status).toHaveText(/^seed 7 · limit 120 s · wall \d+\.\d s · finished$/);

  // The fields are kept per file while the panel is open: another file starts from the defaults.
  await pane.getByTestId('sandbox-tab-sandbox/probes/spin.ts').click();
  await expect(seed).toHaveValue('1');
  await pane.getByTestId('sandbox-tab-sandbox/probes/seeded-draws.ts').click();
  await expect(seed).toHaveValue('7');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(result).toHaveText(first, { timeout: 30_000 });
  await screenshot(page, '10-sandbox-seed');
  expect(consoleErrors).toEqual([]);
});

test('a 2 s limit ends an infinite loop on its own with reason timeout', async ({ page, consoleErrors }) => {
  const pane = await openSandboxFile(page, 'sandbox/probes/spin.ts');
  await pane.getByTestId('sandbox-run-timeout').fill('2');
  await pane.getByTestId('sandbox-run-start').click();
  await expect(pane.getByTestId('sandbox-run-logs')).toContainText('spinning');
  const error = pane.getByTestId('sandbox-run-error');
  await expect(error).toHaveAttribute('data-reason', 'timeout', { timeout: 10_000 });
  await expect(error).toContainText('wall-clock limit of 2 s reached');
  const status = await pane.getByTestId('sandbox-run-status').innerText();
  expect(status).toMatch(/^seed 1 · limit 2 s · wall \d+\.\d s · timeout$/);
  // The measured wall time is at least the limit (the run was not ended early).
  const wall = Number(/wall (\d+\.\d) s/.exec(status)?.[1]);
  expect(wall).toBeGreaterThanOrEqual(2);
  expect(wall).toBeLessThan(10);
  await expect(page.locator('iframe[data-testid="sandbox-frame"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('an invalid seed or limit disables the run button and says what is wrong', async ({ page, consoleErrors }) => {
  const pane = await openSandboxFile(page, 'sandbox/probes/seeded-draws.ts');
  const start = pane.getByTestId('sandbox-run-start');
  const seed = pane.getByTestId('sandbox-run-seed');
  const limit = pane.getByTestId('sandbox-run-timeout');
  const message = pane.getByTestId('sandbox-run-settings-error');
  await expect(message).toHaveCount(0);
  for (const bad of ['-1', '1.5', '4294967296', 'abc', '']) {
    await seed.fill(bad);
    await expect(start).toBeDisabled();
    await expect(message).toHaveText(bad === '' ? /^Seed is empty/ : `Seed "${bad}" is not a whole number from 0 to 4294967295.`);
    await expect(seed).toHaveAttribute('aria-invalid', 'true');
  }
  await seed.fill('4294967295');
  await expect(start).toBeEnabled();
  await expect(message).toHaveCount(0);
  for (const bad of ['0', '3601', '2.5']) {
    await limit.fill(bad);
    await expect(start).toBeDisabled();
    await expect(message).toHaveText(`Time limit "${bad}" is not a whole number of seconds from 1 to 3600.`);
  }
  await limit.fill('3600');
  await expect(start).toBeEnabled();
  // The largest seed runs as given (no clamping or wrapping on the way to the program).
  await start.click();
  await expect(pane.getByTestId('sandbox-run-result')).toBeVisible({ timeout: 30_000 });
  expect(JSON.parse(await pane.getByTestId('sandbox-run-result').innerText())).toEqual({ seed: 4294967295, draws: drawsFor(4294967295) });
  await expect(pane.getByTestId('sandbox-run-status')).toContainText('seed 4294967295 · limit 3600 s');
  await seed.fill('1.5');
  await expect(start).toBeDisabled();
  await screenshot(page, '11-sandbox-seed-invalid');
  expect(consoleErrors).toEqual([]);
});
