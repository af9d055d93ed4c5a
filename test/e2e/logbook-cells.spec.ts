// Issue 22, item 4: collapsible logbook cells, kept per case like pane sizes. A cell of the timing-normalization
// logbook collapses by keyboard to its title line, stays collapsed across a case switch and a reload (another
// case's cells are untouched), and "Collapse all" / "Expand all" fold the whole logbook. Axe-clean in both themes;
// screenshots at 1280x720 and 1920x1080 in each theme go to /work/notes/shots/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, serverUrl, test } from './fixtures';
import { seriousViolations } from './axe-scan';

const SHOTS = '/work/notes/shots';
const CASE = 'timing-normalization';

test.use({ bypassCSP: true });

test('a cell collapses by keyboard and stays collapsed per case across a switch and a reload', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const logbook = page.getByTestId('pane-logbook');
  const cells = logbook.locator('[data-testid^="logbook-cell-"]');
  await expect(cells.first()).toBeVisible();
  const total = await cells.count();
  expect(total).toBeGreaterThan(1);
  const first = cells.first();
  const id = await first.getAttribute('data-cell');
  const fold = first.getByTestId('cell-fold');
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await fold.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('data-collapsed', 'true');
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(fold).toHaveAccessibleName('Expand cell');
  await expect(first.locator('.cell')).toHaveCount(0);
  // The others stay open.
  await expect(logbook.locator('[data-collapsed="true"]')).toHaveCount(1);

  // Another case is untouched; this one comes back as left, also after a reload.
  await page.getByTestId('case-item-kl-direction').click();
  await expect(page.getByTestId('pane-logbook').locator('[data-collapsed="true"]')).toHaveCount(0);
  await page.getByTestId(`case-item-${CASE}`).click();
  await expect(logbook.locator(`[data-cell="${id}"]`).first()).toHaveAttribute('data-collapsed', 'true');
  await page.reload();
  await expect(page.getByTestId('pane-logbook').locator(`[data-cell="${id}"]`).first()).toHaveAttribute('data-collapsed', 'true');

  // Collapse all, then expand all (which also reopens the first).
  await page.getByTestId('collapse-all-cells').click();
  await expect(logbook.locator('[data-collapsed="true"]')).toHaveCount(total);
  await page.getByTestId('expand-all-cells').click();
  await expect(logbook.locator('[data-collapsed="true"]')).toHaveCount(0);
  await expect(page.getByTestId('expand-all-cells')).toBeDisabled();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`collapsed cells are axe-clean in ${scheme}, shot at 1280x720 and 1920x1080`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.emulateMedia({ colorScheme: scheme });
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(serverUrl());
      await page.getByTestId(`case-item-${CASE}`).click();
      const logbook = page.getByTestId('pane-logbook');
      const cells = logbook.locator('[data-testid^="logbook-cell-"]');
      await expect(cells.first()).toBeVisible();
      // The second and third cells collapsed, the first open: both states in one picture.
      for (const i of [1, 2]) {
        const c = cells.nth(i);
        if ((await c.getAttribute('data-collapsed')) !== 'true') await c.getByTestId('cell-fold').click();
      }
      expect(await seriousViolations(page, logbook)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `logbook-cells-${scheme}-${w}x${h}.png`) });
    }
  });
}
