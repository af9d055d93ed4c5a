// At 1280x720 the logbook pane's header keeps its tab strip usable beside "Compare logbooks": the strip gets room
// (the header wraps the button under it when the pane is narrow) instead of being squeezed to nothing (issue 22).
import { expect, screenshot, serverUrl, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

test('the logbook tabs stay visible beside Compare logbooks at 1280x720', async ({ page, consoleErrors }) => {
  await page.goto(serverUrl());
  await page.getByTestId('case-item-fw-attention-collapse').click();
  const pane = page.getByTestId('pane-logbook');
  await expect(pane.getByTestId('compare-logbooks')).toBeVisible();
  const strip = pane.getByRole('tablist', { name: 'Logbooks' });
  const box = await strip.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(100);
  const first = pane.getByRole('tab').first();
  await expect(first).toBeVisible();
  const tabBox = await first.boundingBox();
  expect(tabBox?.width ?? 0).toBeGreaterThanOrEqual(60);
  await screenshot(page, 'logbook-header-1280');
  expect(consoleErrors).toEqual([]);
});
