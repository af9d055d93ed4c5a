// Light and dark themes: the system's preference is followed live, the top bar's switch overrides it and is
// remembered, and in both themes text, math, code and the plot colours other figures read stay readable.
import type { Page } from '@playwright/test';
import { expect, serverUrl, test } from './fixtures';
import type { PageElement, PageGlobals } from './page-dom';

const PLOT_VARS = ['--plot-line', '--plot-line-2', '--plot-line-3', '--plot-grid', '--plot-axis', '--plot-band'] as const;

/** The theme written on <html>. */
const themeOf = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.dataset.theme ?? '');

/**
 * WCAG contrast ratio of an element's text against the first opaque background behind it, computed in the
 * page from the computed styles (sRGB relative luminance, WCAG 2.2 section 1.4.3).
 */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((target) => {
      const { getComputedStyle } = globalThis as unknown as PageGlobals;
      const el = target as unknown as PageElement;
      const rgb = (c: string): [number, number, number, number] => {
        const m = /rgba?\(([^)]+)\)/.exec(c);
        if (!m) throw new Error(`not an rgb colour: ${c}`);
        const p = m[1]!
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number);
        return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
      };
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      let bg: PageElement | null = el;
      let back = rgb('rgba(0,0,0,0)');
      while (bg !== null) {
        back = rgb(getComputedStyle(bg).backgroundColor);
        if (back[3] > 0.9) break;
        bg = bg.parentElement;
      }
      const a = lum(rgb(getComputedStyle(el).color));
      const b = lum(back);
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}

/** The plot variables resolved to rgb() colours (an unset or invalid one resolves to the probe's default, flagged as ''). */
async function plotColours(page: Page): Promise<Record<string, string>> {
  return page.evaluate((vars) => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
    const out: Record<string, string> = {};
    const probe = document.createElement('span');
    document.body.append(probe);
    for (const v of vars) {
      const raw = getComputedStyle(document.documentElement).getPropertyValue(v).trim();
      probe.style.color = 'rgb(1, 2, 3)';
      probe.style.color = raw;
      const c = getComputedStyle(probe).color;
      out[v] = raw === '' || c === 'rgb(1, 2, 3)' ? '' : c;
    }
    probe.remove();
    return out;
  }, PLOT_VARS);
}

test('follows the system preference, live, until a theme is chosen', async ({ page, consoleErrors }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(serverUrl());
  await expect(page.getByTestId('case-list')).toBeVisible();
  expect(await themeOf(page)).toBe('dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('system');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => themeOf(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => themeOf(page)).toBe('dark');
  expect(consoleErrors).toEqual([]);
});

test("the top bar's switch overrides the system and is remembered across reloads", async ({ page, consoleErrors }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(serverUrl());
  const pick = page.getByRole('combobox', { name: 'Theme' });
  await pick.selectOption('dark');
  expect(await themeOf(page)).toBe('dark');
  await page.reload();
  await expect(page.getByTestId('case-list')).toBeVisible();
  expect(await themeOf(page)).toBe('dark');
  await expect(pick).toHaveValue('dark');
  // Chosen "light" holds against a dark system.
  await pick.selectOption('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('case-list')).toBeVisible();
  expect(await themeOf(page)).toBe('light');
  await pick.selectOption('system');
  expect(await themeOf(page)).toBe('dark');
  expect(consoleErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: text, math, code and plot colours are readable`, async ({ page, consoleErrors }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(serverUrl());
    await page.getByTestId('case-item-kl-direction').click();
    const paper = page.getByTestId('pane-paper');
    await expect(paper.locator('.katex').first()).toBeVisible();
    expect(await themeOf(page)).toBe(scheme);

    // The page itself is dark in dark and light in light.
    const background = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
      return getComputedStyle(document.body).backgroundColor;
    });
    const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
    const mean = channels.reduce((a, b) => a + b, 0) / 3;
    if (scheme === 'dark') expect(mean, background).toBeLessThan(60);
    else expect(mean, background).toBeGreaterThan(200);

    expect(await contrastOf(page, '[data-testid="paper-title"]')).toBeGreaterThanOrEqual(7);
    expect(await contrastOf(page, '[data-testid="pane-paper"] .katex')).toBeGreaterThanOrEqual(4.5);
    const code = page.getByTestId('pane-logbook').locator('pre').first();
    await expect(code).toBeVisible();
    expect(await contrastOf(page, '[data-testid="pane-logbook"] pre')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.case-item.selected .case-title')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '[data-testid="run-checks"]')).toBeGreaterThanOrEqual(4.5);

    const colours = await plotColours(page);
    for (const v of PLOT_VARS) expect(colours[v], `${v} in ${scheme}`).not.toBe('');
    expect(new Set([colours['--plot-line'], colours['--plot-line-2'], colours['--plot-line-3']]).size).toBe(3);
    expect(consoleErrors).toEqual([]);
  });
}

test('the plot colours differ between the themes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(serverUrl());
  await expect(page.getByTestId('case-list')).toBeVisible();
  const light = await plotColours(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => themeOf(page)).toBe('dark');
  const dark = await plotColours(page);
  for (const v of ['--plot-grid', '--plot-axis', '--plot-line'] as const) expect(dark[v], v).not.toBe(light[v]);
});
