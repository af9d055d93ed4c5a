// The app starts, lists the bundled cases and opens one with real content in all three panes.
import { bundledCases, caseIdsIn, expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const cases = bundledCases();

test('starts, takes the token out of the URL, and lists every bundled case', async ({ page, consoleErrors }) => {
  await page.goto(serverUrl());
  for (const c of cases) {
    const item = page.getByTestId(`case-item-${c.id}`);
    await expect(item).toContainText(c.title);
    await expect(item).toContainText(c.paperTitle);
    await expect(item).toContainText(c.venueId);
  }
  // Exactly the workspace's cases (the bundled ones, copied there by global setup and `recheck serve`).
  await expect(page.locator('[data-testid^="case-item-"]')).toHaveCount(caseIdsIn(serverWorkspace()).length);
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByTestId('transport')).toContainText('events live');
  await screenshot(page, '01-case-list');

  // A reload keeps working: the token lives in sessionStorage now.
  await page.reload();
  await expect(page.getByTestId(`case-item-${cases[0]!.id}`)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

for (const c of cases) {
  test(`opens ${c.id}: paper, logbook and sandbox panes show the case`, async ({ page, consoleErrors }) => {
    await page.goto(serverUrl());
    await page.getByTestId(`case-item-${c.id}`).click();

    const paper = page.getByTestId('pane-paper');
    await expect(paper.getByTestId('paper-title')).toHaveText(c.paperTitle);
    await expect(paper).toContainText(c.venueId);

    const logbook = page.getByTestId('pane-logbook');
    await expect(logbook.getByTestId('logbook-page-title').filter({ hasText: c.pageTitle }).first()).toBeVisible();

    const sandbox = page.getByTestId('pane-sandbox');
    await expect(sandbox).toBeVisible();
    if (c.sandboxFile !== undefined) {
      await sandbox.getByTestId(`sandbox-tab-${c.sandboxFile.path}`).click();
      const lines = sandbox.locator('.monaco-editor .view-lines');
      await expect(lines).toBeVisible();
      await expect.poll(async () => (await lines.innerText()).replace(/\u00a0/g, ' ')).toContain(c.sandboxFile.line);
    }
    await screenshot(page, `02-open-${c.id}`);
    // Output the logbook writer cut is marked as such, with the count the writer recorded.
    for (const n of c.elided) {
      const marker = logbook
        .getByTestId('elided-marker')
        .filter({ hasText: `${n.toLocaleString('en-US')} characters elided by the logbook writer` });
      await expect(marker).toHaveCount(1);
      await marker.scrollIntoViewIfNeeded();
      await screenshot(page, `02-elided-${c.id}`);
    }

    expect(consoleErrors).toEqual([]);
  });
}
