// A copied link opens in a new tab of the same browser: the access token is kept for this origin (in the
// origin's localStorage, never in a URL that is shared or logged), so `?case=...&tab=...&f=...` without the
// token opens the same case, dock tab and falsification. Before, the token lived in one tab's sessionStorage and
// the new tab said "No access token" (issue 22).
import { expect, screenshot, serverUrl, test } from './fixtures';

test('a copied URL opens the same case, tab and falsification in a new tab', async ({ page, context, consoleErrors }) => {
  await page.goto(serverUrl());
  await page.getByTestId('case-item-fw-attention-collapse').click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', 'fw-attention-collapse');
  await page.getByTestId('dock-tab-decide').click();
  await expect(page).toHaveURL(/[?&]case=fw-attention-collapse/);
  const copied = page.url();
  expect(copied).not.toContain('token');

  const tab = await context.newPage();
  await tab.goto(copied);
  await expect(tab.getByTestId('case-workspace')).toHaveAttribute('data-case', 'fw-attention-collapse');
  await expect(tab.getByTestId('dock-tab-decide')).toHaveAttribute('aria-selected', 'true');
  expect(tab.url()).not.toContain('token');
  await screenshot(tab, 'new-tab-copied-url');
  expect(consoleErrors).toEqual([]);
});
