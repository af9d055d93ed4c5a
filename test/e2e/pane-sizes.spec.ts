// Issue 22: pane sizes were not kept. The workspace's splitters are kept per case (renderer/lib/pane-sizes.ts):
// moved on one case, another case opens at its own sizes, and the first comes back as it was, also after a reload.
import { bundledCaseIds, expect, screenshot, serverUrl, test } from './fixtures';
import type { Locator } from '@playwright/test';

const at = async (l: Locator): Promise<number> => Number(await l.getAttribute('aria-valuenow'));

test('pane sizes are kept per case, across a case switch and a reload', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const [a, b] = bundledCaseIds();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${a}`).click();
  const panes = page.getByRole('separator', { name: 'Resize paper and logbook panes' });
  const dock = page.getByRole('separator', { name: 'Resize the checks dock' });
  await expect(panes).toBeVisible();
  const paneStart = await at(panes);
  const dockStart = await at(dock);

  await panes.focus();
  for (let i = 0; i < 6; i++) await panes.press('ArrowRight');
  await dock.focus();
  for (let i = 0; i < 4; i++) await dock.press('ArrowUp');
  await expect.poll(() => at(panes)).toBeGreaterThan(paneStart + 4);
  await expect.poll(() => at(dock)).toBeLessThan(dockStart - 4);
  const paneMoved = await at(panes);
  const dockMoved = await at(dock);

  // Another case opens at its own sizes (never moved: the defaults).
  await page.getByTestId(`case-item-${b}`).click();
  await expect(page.getByTestId(`case-item-${b}`)).toHaveAttribute('aria-current', 'true');
  await expect(panes).toHaveAttribute('aria-valuenow', String(paneStart));
  await expect(dock).toHaveAttribute('aria-valuenow', String(dockStart));

  // The first case comes back as the reviewer left it.
  await page.getByTestId(`case-item-${a}`).click();
  await expect(panes).toHaveAttribute('aria-valuenow', String(paneMoved));
  await expect.poll(async () => Math.abs((await at(dock)) - dockMoved)).toBeLessThanOrEqual(1);

  // And after a reload.
  await page.reload();
  await expect(page.getByTestId(`case-item-${a}`)).toHaveAttribute('aria-current', 'true');
  await expect(panes).toHaveAttribute('aria-valuenow', String(paneMoved));
  await expect.poll(async () => Math.abs((await at(dock)) - dockMoved)).toBeLessThanOrEqual(1);
  await screenshot(page, 'pane-sizes-kept-1280x720');
});
