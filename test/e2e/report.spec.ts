// Issue 12, auditable reports from the UI: "Report" in the case header builds the report under the case's
// runs/ folder and shows the same static HTML in a frame sandboxed without scripts. On the bundled padding case:
// the checks run, the report shows their decision, its folder holds the manifest whose root the dialog shows.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const ID = 'padding-perplexity';

test.use({ viewport: { width: 1280, height: 900 } });

test('the Report button builds the report and shows it in a sandboxed frame', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${ID}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', ID);
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });

  await page.getByTestId('build-report').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog.getByTestId('report-root')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 60_000 });
  const root = (await dialog.getByTestId('report-root').textContent()) ?? '';
  const where = (await dialog.getByTestId('report-where').textContent()) ?? '';
  const rel = /runs\/report-[A-Za-z0-9._-]+/.exec(where)?.[0] ?? '';
  expect(rel).not.toBe('');

  // The frame runs nothing: sandboxed without allow-scripts, and the page holds no script.
  const frameEl = dialog.getByTestId('report-frame');
  await expect(frameEl).toHaveAttribute('sandbox', '');
  const frame = page.frameLocator('[data-testid="report-frame"]');
  await expect(frame.locator('h1')).toContainText('padding');
  await expect(frame.locator('tr[data-falsification="F1"]')).toContainText('falsification refuted: the claim stands');
  await expect(frame.locator('.katex').first()).toBeVisible();
  expect(await frame.locator('script').count()).toBe(0);

  // On disk: the report folder in the case, whose manifest has the root the dialog shows.
  const dir = path.join(serverWorkspace(), ID, rel);
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as { root: string };
  expect(manifest.root).toBe(root);
  expect((await readdir(dir)).sort()).toEqual(['figures', 'index.html', 'inputs', 'manifest.json', 'outputs', 'records', 'report.json']);
  // The figures the workbench draws for the padding audit, drawn into the report too (common/figures/svg.ts).
  const figures = (await readdir(path.join(dir, 'figures'))).sort();
  expect(figures.length).toBeGreaterThan(0);
  for (const f of figures) expect(f).toMatch(/^F1-[A-Za-z0-9_-]+\.svg$/);
  await expect(frame.locator('img[src^="figures/"], object[data^="figures/"], figure').first()).toBeVisible();
  await screenshot(page, 'report-dialog');
  expect(consoleErrors).toEqual([]);
});
