/**
 * Benchmark: the speed of the face in browser mode. The production build (out/renderer, `npm run build:renderer`)
 * is served by the real browser-mode server over a fresh copy of the bundled cases, and loaded in Chromium
 * (/usr/bin/chromium through playwright-core) with an empty cache, several times. Measured per load: the bytes
 * on the wire (JavaScript, and everything) until the case list shows, the time to the load event and to the
 * case list, the bytes a reload transfers (hashed assets come from the cache), and the JavaScript heap after
 * opening all five cases, after a forced garbage collection. The reference is a static blank page served by the
 * same server to the same browser in the same run: times and heap are reported as ratios to it, and the first
 * load's JavaScript as a ratio to its 300 KiB budget. Never asserts a time.
 * Run alone: `npm run bench ui`.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWorkspace } from '../app/cases/workspace';
import { createRecheckService } from '../app/api/service';
import { startBrowserServer } from '../app/server/http-server';
import { BUNDLED_CASES_DIR, RENDERER_DIR } from '../app/paths';
import { isSmoke, record } from './report';

export const name = 'ui';

const CHROMIUM = '/usr/bin/chromium';
const JS_BUDGET_BYTES = 300 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
const ms = (t: number) => `${t.toFixed(0)} ms`;

/** What one load of a page cost. */
interface Load {
  /** Navigation start to the load event. */
  loadMs: number;
  /** Navigation start to the first case in the list (the app only). */
  readyMs: number;
  /** Bytes received (headers and compressed bodies) for scripts, and for everything, until ready. */
  jsBytes: number;
  allBytes: number;
  /** Bytes a reload of the same page received, for scripts and for everything (API answers included); cached assets are not fetched again. */
  reloadJsBytes: number;
  reloadBytes: number;
  /** JavaScript heap in use after a forced collection (the app: after opening every case). */
  heapBytes: number;
}

/** The renderer build plus a blank page, in one folder the server serves (links, so nothing is copied). */
function servedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recheck-bench-ui-'));
  for (const entry of readdirSync(RENDERER_DIR)) symlinkSync(join(RENDERER_DIR, entry), join(dir, entry));
  writeFileSync(
    join(dir, 'blank.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>\n',
  );
  return dir;
}

export async function run(args: string[] = []): Promise<void> {
  const LOADS = isSmoke(args) ? 1 : 5;
  if (!existsSync(CHROMIUM)) {
    process.stdout.write(`skipped: no Chromium at ${CHROMIUM}\n`);
    return;
  }
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    process.stdout.write(`skipped: no production build in ${RENDERER_DIR} (run "npm run build:renderer" first)\n`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const workspaceDir = mkdtempSync(join(tmpdir(), 'recheck-bench-ui-ws-'));
  const folder = servedFolder();
  await ensureWorkspace({ bundledCasesDir: BUNDLED_CASES_DIR, workspaceDir });
  const service = await createRecheckService({ workspaceDir });
  const server = await startBrowserServer({ api: service, rendererDir: folder });
  const origin = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--js-flags=--expose-gc',
    ],
  });

  /** One cold load in a fresh context; `ready` waits for what counts as "shown" and `after` runs before the heap is read. */
  async function load(
    url: string,
    ready: (page: import('playwright-core').Page) => Promise<void>,
    after: (page: import('playwright-core').Page) => Promise<void>,
  ): Promise<Load> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    const types = new Map<string, string>();
    let jsBytes = 0;
    let allBytes = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      allBytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
    const readyMs = await page.evaluate(() => performance.now());
    const loadMs = await page.evaluate(() => {
      // In the page; the Node project has no DOM types, so the navigation entry's two fields are declared here.
      const perf = performance as unknown as { getEntriesByType(t: string): { startTime: number; loadEventEnd: number }[] };
      const nav = perf.getEntriesByType('navigation')[0];
      return nav === undefined ? Number.NaN : nav.loadEventEnd - nav.startTime;
    });
    const firstJs = jsBytes;
    const firstAll = allBytes;
    await after(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    allBytes = 0;
    jsBytes = 0;
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const reloadBytes = allBytes;
    const reloadJsBytes = jsBytes;
    await context.close();
    return { loadMs, readyMs, jsBytes: firstJs, allBytes: firstAll, reloadJsBytes, reloadBytes, heapBytes };
  }

  const blank: Load[] = [];
  const app: Load[] = [];
  const caseIds = (await service.listCases()).map((c) => c.id);
  try {
    for (let i = 0; i < LOADS; i++) {
      blank.push(
        await load(
          `${origin}/blank.html`,
          async () => undefined,
          async () => undefined,
        ),
      );
      app.push(
        await load(
          `${origin}/#token=${server.token}`,
          async (page) => {
            await page.locator('[data-testid^="case-item-"]').first().waitFor({ state: 'visible' });
          },
          async (page) => {
            for (const id of caseIds) {
              await page.getByTestId(`case-item-${id}`).click();
              await page
                .locator(`[data-testid="case-workspace"][data-case="${id}"] [data-testid="paper-title"]`)
                .waitFor({ state: 'visible' });
              await page.locator('.markdown-pending').first().waitFor({ state: 'detached' });
            }
          },
        ),
      );
    }
  } finally {
    await browser.close();
    await server.close();
    service.dispose();
    rmSync(folder, { recursive: true, force: true });
    rmSync(workspaceDir, { recursive: true, force: true });
  }

  const m = (xs: Load[], f: (l: Load) => number) => median(xs.map(f));
  const ref = { load: m(blank, (l) => l.loadMs), heap: m(blank, (l) => l.heapBytes) };
  const rows: [string, string, string][] = [
    [
      'first load, JavaScript on the wire',
      kib(m(app, (l) => l.jsBytes)),
      `${(m(app, (l) => l.jsBytes) / JS_BUDGET_BYTES).toFixed(2)}x the 300 KiB budget`,
    ],
    ['first load, all bytes on the wire', kib(m(app, (l) => l.allBytes)), `blank page: ${kib(m(blank, (l) => l.allBytes))}`],
    [
      'reload, JavaScript on the wire',
      kib(m(app, (l) => l.reloadJsBytes)),
      `${(m(app, (l) => l.reloadJsBytes) / m(app, (l) => l.jsBytes)).toFixed(3)}x the first load (assets cached)`,
    ],
    [
      'reload, all bytes on the wire',
      kib(m(app, (l) => l.reloadBytes)),
      `${(m(app, (l) => l.reloadBytes) / m(app, (l) => l.allBytes)).toFixed(3)}x the first load (the open case's data included)`,
    ],
    ['time to the load event', ms(m(app, (l) => l.loadMs)), `${(m(app, (l) => l.loadMs) / ref.load).toFixed(1)}x blank (${ms(ref.load)})`],
    ['time to the case list', ms(m(app, (l) => l.readyMs)), `${(m(app, (l) => l.readyMs) / ref.load).toFixed(1)}x blank's load`],
    [
      `JS heap after opening all ${caseIds.length} cases`,
      `${(m(app, (l) => l.heapBytes) / 2 ** 20).toFixed(1)} MiB`,
      `${(m(app, (l) => l.heapBytes) / ref.heap).toFixed(1)}x blank (${(ref.heap / 2 ** 20).toFixed(2)} MiB)`,
    ],
  ];
  process.stdout.write(
    `Production build, Chromium, empty cache, ${LOADS} loads each (medians); reference: a blank page from the same server.\n`,
  );
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  for (const [what, value, ratio] of rows) process.stdout.write(`  ${what.padEnd(w0)}  ${value.padStart(w1)}  ${ratio}\n`);
  record({
    bench: name,
    workload: `first load of the UI in browser mode (Chromium, production build, empty cache, median of ${LOADS})`,
    ours: `${kib(m(app, (l) => l.jsBytes))} of JavaScript (compressed), case list at ${ms(m(app, (l) => l.readyMs))}`,
    reference: `a blank page from the same server: load at ${ms(ref.load)}`,
    ratio: `${(m(app, (l) => l.jsBytes) / JS_BUDGET_BYTES).toFixed(2)}x the 300 KiB budget; ${(m(app, (l) => l.readyMs) / ref.load).toFixed(1)}x the blank page's load`,
  });
}
