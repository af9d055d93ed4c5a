// Issue 22, item 4: search across a case. On kl-direction, Ctrl+Shift+F opens the search; "kl_div" is found as many
// times as the write-up and loss.mjs on disk hold it, and a hit opens its place: the logbook cell scrolled to and
// marked, the file in the evidence viewer, a sandbox file in the editor, the paper's words in the paper pane. Axe on
// the dialog in both themes; screenshots at 1280x720 and 1920x1080 in each theme go to /work/notes/shots/.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, serverUrl, serverWorkspace, test } from './fixtures';
import { seriousViolations } from './axe-scan';

const SHOTS = '/work/notes/shots';
const CASE = 'kl-direction';
const count = (rel: string, q: string) =>
  (readFileSync(path.join(serverWorkspace(), CASE, rel), 'utf8').match(new RegExp(q, 'gi')) ?? []).length;

test.use({ bypassCSP: true });

async function openSearch(page: Page): Promise<void> {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', CASE);
  await page.getByTestId('paper-title').click();
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByTestId('search-dialog')).toBeVisible();
  await expect(page.getByTestId('search-input')).toBeFocused();
}

test('finds words across the case and opens the place found', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSearch(page);
  const input = page.getByTestId('search-input');
  await input.fill('kl_div');
  const n = count('logbook/writeup.md', 'kl_div') + count('logbook/loss.mjs', 'kl_div');
  await expect(page.getByTestId('search-status')).toHaveText(`${n} matches in 2 places`);
  await expect(page.getByTestId('search-hit')).toHaveCount(n);
  // Enter opens the first hit: the write-up cell, scrolled to and marked.
  await input.press('Enter');
  await expect(page.getByTestId('search-dialog')).toBeHidden();
  const cell = page.getByTestId('pane-logbook').locator('[data-cell="writeup.md"]');
  await expect(cell).toHaveClass(/cell-revealed/);
  await expect(cell).toBeInViewport();

  // A logbook file opens in the evidence viewer.
  await openSearch(page);
  await page.getByTestId('search-input').fill('kl_div');
  await page.locator('[data-testid="search-hit"][data-place="file"]').first().click();
  await expect(page.locator('.file-viewer')).toHaveAttribute('data-path', 'logbook/loss.mjs');
  await page.keyboard.press('Escape');

  // A sandbox file opens in the editor.
  await openSearch(page);
  await page.getByTestId('search-input').fill('discretisedGaussian');
  await page.locator('[data-testid="search-hit"][data-place="sandbox-file"]').first().click();
  await expect(page.getByTestId('sandbox-status')).toContainText('sandbox/mode-fit.ts');

  // The paper's words, in the paper pane.
  await openSearch(page);
  await page.getByTestId('search-input').fill('mode-seeking');
  await page.locator('[data-testid="search-hit"][data-place="paper"]').first().click();
  await expect(page.getByTestId('pane-paper').locator('.search-revealed')).toContainText(/mode-seeking/i);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the search dialog is axe-clean in ${scheme}, shot at 1280x720 and 1920x1080`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.emulateMedia({ colorScheme: scheme });
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openSearch(page);
      await page.getByTestId('search-input').fill('KL');
      await expect(page.getByTestId('search-hit').first()).toBeVisible();
      expect(await seriousViolations(page, page.getByTestId('search-dialog'))).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `case-search-${scheme}-${w}x${h}.png`) });
    }
  });
}

test('snippets show plain text, not Markdown or LaTeX marks; one Escape closes a filled search', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1280, height: 720 });
  await openSearch(page);
  const input = page.getByTestId('search-input');
  await input.fill('forward KL');
  const paper = page.locator('[data-testid="search-hit"][data-place="paper"]');
  await expect(paper.first()).toBeVisible();
  // Markdown places (not code files, whose text is shown as written).
  const prose = page.locator('[data-testid="search-hit"]:not([data-place$="file"]) .search-snippet');
  expect(await prose.count()).toBeGreaterThan(0);
  for (const text of await prose.allTextContents()) expect(text).not.toMatch(/\*\*|\$|`/);
  await expect(paper.first().locator('mark')).toHaveText(/forward KL/i);
  await input.press('Escape');
  await expect(page.getByTestId('search-dialog')).toBeHidden();
});
