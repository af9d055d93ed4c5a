// Screenshots of every screen (screen-tour.ts) at 1280x720 and 1920x1080, light and dark, plus 200% zoom
// (a 640x360 CSS viewport at device scale 2), kept in test-results/screenshots/<variant>/ to be looked at.
// On the way it checks the layout: the page itself never scrolls, and on an open case the case list, the
// three panes, the run bar and the decision tab are all inside the window (at 200% zoom, once the case's own
// column is scrolled to them).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, serverUrl, test } from './fixtures';
import type { PageGlobals } from './page-dom';
import { tour } from './screen-tour';

interface Variant {
  name: string;
  width: number;
  height: number;
  scale: number;
  scheme: 'light' | 'dark';
}

const VARIANTS: Variant[] = [
  { name: '1280x720-light', width: 1280, height: 720, scale: 1, scheme: 'light' },
  { name: '1280x720-dark', width: 1280, height: 720, scale: 1, scheme: 'dark' },
  { name: '1920x1080-light', width: 1920, height: 1080, scale: 1, scheme: 'light' },
  { name: '1920x1080-dark', width: 1920, height: 1080, scale: 1, scheme: 'dark' },
  { name: 'zoom200-light', width: 640, height: 360, scale: 2, scheme: 'light' },
  { name: 'zoom200-dark', width: 640, height: 360, scale: 2, scheme: 'dark' },
];

/** What must be in the window, without scrolling the page, whenever a case is open (the case list by its sidebar, which scrolls itself). */
const ESSENTIALS: [string, (page: Page) => Locator][] = [
  ['case list', (page) => page.locator('aside.sidebar')],
  ...['pane-paper', 'pane-logbook', 'pane-sandbox', 'run-checks', 'dock-tab-results', 'dock-tab-decide'].map(
    (id): [string, (page: Page) => Locator] => [id, (page) => page.getByTestId(id)],
  ),
];

/** The page (not a pane) scrolls neither way. */
async function expectNoPageScroll(page: Page, where: string): Promise<void> {
  const size = await page.evaluate(() => {
    const win = globalThis as unknown as PageGlobals;
    const el = win.document.scrollingElement ?? win.document.documentElement;
    return { sw: el.scrollWidth, sh: el.scrollHeight, w: win.innerWidth, h: win.innerHeight };
  });
  expect(size.sw, `${where}: page width`).toBeLessThanOrEqual(size.w);
  expect(size.sh, `${where}: page height`).toBeLessThanOrEqual(size.h);
}

/** The page-side view of a scrolling region, typed here (the Node-side project has no DOM library). */
interface ScrollRegion {
  readonly className: string;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  closest(sel: string): { getAttribute(name: string): string | null } | null;
}

/**
 * The regions that scroll up and down never need a sideways scroll as well: the checks dock's body and an open
 * dialog's body (a table or a long path wider than them hides its last column past the edge), and at scale 1 the run
 * history's tables (`selector` names them).
 */
async function expectNoSidewaysScroll(page: Page, where: string, selector: string): Promise<void> {
  const wide = await page.evaluate((sel) => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(sel: string): ArrayLike<ScrollRegion> } }).document;
    return Array.from(doc.querySelectorAll(sel))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) => `${el.closest('[data-testid]')?.getAttribute('data-testid') ?? ''} .${el.className}: ${el.scrollWidth} > ${el.clientWidth}`,
      );
  }, selector);
  expect(wide, `${where}: regions wider than their box`).toEqual([]);
}

/**
 * A check's figures in Results get the room of the dock: at least 80% of its width (or their own maximum of 720
 * pixels), so their axis labels are drawn near their stated size rather than scaled down beside the outcome.
 */
async function expectFiguresWide(page: Page, where: string): Promise<void> {
  const body = await page.locator('.dock-body').evaluate((el) => (el as unknown as { clientWidth: number }).clientWidth);
  const figures = await page.getByTestId('results').locator('.check-figure').all();
  expect(figures.length, `${where}: figures in Results`).toBeGreaterThan(0);
  for (const f of figures) {
    const w = (await f.boundingBox())!.width;
    expect(w, `${where}: a figure's width in a dock ${body} pixels wide`).toBeGreaterThanOrEqual(Math.min(720, 0.8 * body) - 1);
  }
}

/** The metrics plot has room to be read (300 pixels at least) and is not clipped by its box. */
async function expectMetricsPlotRoom(page: Page, where: string): Promise<void> {
  const plot = page.getByTestId('metrics-plot');
  const width = (await plot.boundingBox())!.width;
  expect(width, `${where}: the metrics plot's width`).toBeGreaterThanOrEqual(300);
  const clip = await plot.locator('.xy-plot').evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number };
    return { sw: e.scrollWidth, cw: e.clientWidth };
  });
  expect(clip.sw, `${where}: the metrics plot drawn inside its box`).toBeLessThanOrEqual(clip.cw + 1);
}

/** Every tab of the checks dock lies inside the dock (the dock clips what runs past its edge). */
async function expectDockTabsInside(page: Page, where: string): Promise<void> {
  const dock = await page.getByTestId('checks-dock').boundingBox();
  expect(dock, `${where}: the checks dock is shown`).not.toBeNull();
  for (const tab of await page.locator('[data-testid^="dock-tab-"]').all()) {
    const box = (await tab.boundingBox())!;
    const name = await tab.innerText();
    expect(box.x + box.width, `${where}: the dock's ${name} tab ends inside the dock`).toBeLessThanOrEqual(dock!.x + dock!.width + 0.5);
  }
}

/** A dialog fits the window: it scrolls inside itself instead of running past an edge. */
async function expectDialogInWindow(page: Page, scope: Locator, where: string): Promise<void> {
  const box = await scope.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${where}: the dialog is shown`).not.toBeNull();
  expect(box!.x, `${where}: dialog left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${where}: dialog top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: dialog right edge`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box!.y + box!.height, `${where}: dialog bottom edge`).toBeLessThanOrEqual(vp.height + 0.5);
}

async function expectInWindow(page: Page, testId: string, locator: Locator, where: string, scroll: boolean): Promise<void> {
  if (scroll) await locator.first().scrollIntoViewIfNeeded();
  const box = await locator.first().boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${where}: ${testId} is shown`).not.toBeNull();
  expect(box!.width * box!.height, `${where}: ${testId} has room`).toBeGreaterThan(0);
  expect(box!.x, `${where}: ${testId} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${where}: ${testId} top edge`).toBeGreaterThanOrEqual(0);
  // Within the window: at least its top-left corner area (panes extend to the bottom edge of the window).
  expect(box!.x + Math.min(box!.width, 40), `${where}: ${testId} right of the left edge`).toBeLessThanOrEqual(vp.width);
  expect(box!.y + Math.min(box!.height, 16), `${where}: ${testId} above the bottom edge`).toBeLessThanOrEqual(vp.height);
}

for (const v of VARIANTS) {
  test.describe(v.name, () => {
    test.use({ viewport: { width: v.width, height: v.height }, deviceScaleFactor: v.scale });

    test(`every screen, ${v.name}`, async ({ page, consoleErrors }) => {
      test.setTimeout(240_000);
      await page.emulateMedia({ colorScheme: v.scheme });
      // RECHECK_SCREENSHOT_DIR keeps them elsewhere (another run's global setup empties the shared folder).
      const dir = path.join(process.env.RECHECK_SCREENSHOT_DIR ?? SCREENSHOT_DIR, v.name);
      mkdirSync(dir, { recursive: true });
      let count = 0;
      await tour(page, async (name, scope) => {
        // The picture first: when a layout check below fails, it shows why.
        await page.screenshot({ path: path.join(dir, `${String(++count).padStart(2, '0')}-${name}.png`) });
        await expectNoPageScroll(page, name);
        // At 1280 pixels and up the run tables fit the dock too; at 200% zoom they may scroll by themselves.
        await expectNoSidewaysScroll(page, name, `.dock-body, dialog[open] .modal-body${v.scale === 1 ? ', .run-table-scroll' : ''}`);
        if ((await scope.evaluate((el) => (el as unknown as { tagName: string }).tagName)) === 'DIALOG')
          await expectDialogInWindow(page, scope, name);
        if (name.startsWith('results-')) await expectFiguresWide(page, name);
        if (name.startsWith('dock-metrics')) await expectMetricsPlotRoom(page, name);
        if (name.startsWith('case-') && name !== 'case-list') {
          // At 200% zoom they are reached by scrolling the case's column (never the page).
          for (const [what, find] of ESSENTIALS) await expectInWindow(page, what, find(page), name, v.scale > 1);
          await expectDockTabsInside(page, name);
        }
      });
      expect(count).toBeGreaterThan(15);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('first load: the case list fetches neither the editor, its TypeScript worker nor KaTeX, and under 300 KiB of JavaScript', async ({
  page,
  consoleErrors,
}) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    void req.sizes().then((s) => scripts.push({ url: req.url(), bytes: s.responseBodySize + s.responseHeadersSize }));
  });
  await page.goto(serverUrl());
  await expect(page.locator('[data-testid^="case-item-"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = scripts.map((s) => new URL(s.url).pathname);
  expect(
    names.some((n) => /index-[A-Za-z0-9_-]{8}\.js$/.test(n)),
    names.join(', '),
  ).toBe(true);
  for (const heavy of [/monaco/i, /editor\.api/i, /ts\.worker/i, /tsMode/i, /MarkdownView/, /katex/i]) {
    expect(
      names.filter((n) => heavy.test(n)),
      `${heavy} on first load`,
    ).toEqual([]);
  }
  const total = scripts.reduce((a, s) => a + s.bytes, 0);
  expect(total).toBeLessThanOrEqual(300 * 1024);
  expect(consoleErrors).toEqual([]);
});
