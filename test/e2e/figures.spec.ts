// Figures in the results: every bundled case's checks run in the UI; each numeric check shows its figures
// with a caption and labelled axes, hovering shows values, and a sweep plots its points before the run ends.
import path from 'node:path';
import { bundledCases, expect, screenshot, SCREENSHOT_DIR, serverUrl, test } from './fixtures';
import type { Page } from '@playwright/test';

async function openAndRun(page: Page, id: string): Promise<void> {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${id}`).click();
  await page.getByTestId('run-checks').click();
}

for (const c of bundledCases()) {
  test(`${c.id}: every check shows its figures, with a caption, axes and hover values`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openAndRun(page, c.id);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });
    const rows = page.getByTestId('results').locator('tr[data-testid^="check-"]');
    const n = await rows.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      const figures = row.locator('figure.check-figure');
      // A perceptual check before any complete blind review has nothing to draw, and says so instead.
      if (/Waiting for review/.test(await row.innerText())) {
        await expect(figures).toHaveCount(0);
        continue;
      }
      await expect(figures.first(), `check ${await row.getAttribute('data-testid')}`).toBeVisible();
      for (let k = 0; k < (await figures.count()); k++) {
        const fig = figures.nth(k);
        await expect(fig.locator('figcaption')).not.toBeEmpty();
        const type = await fig.getAttribute('data-figure-type');
        if (type === 'xy') {
          // uPlot axes with their labels, and the legend's values under the cursor.
          await expect(fig.locator('.u-axis')).toHaveCount(2);
          await expect(fig.locator('.u-label').first()).not.toBeEmpty();
          await fig.locator('.u-over').scrollIntoViewIfNeeded();
          const box = (await fig.locator('.u-over').boundingBox())!;
          await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
          await expect(fig.locator('.u-legend .u-value').first()).toHaveText(/\d/);
        } else {
          await expect(fig.locator('svg .axis-label, svg .axis-category').first()).toBeAttached();
          const target = fig.locator('[data-testid="bar"], [data-testid="timeline-hit"], [data-testid="particle"]').first();
          await target.scrollIntoViewIfNeeded();
          await target.hover({ force: true });
          await expect(fig.getByTestId('hover-value')).toHaveText(/\d/);
        }
        // Each figure on its own, hover value showing, kept as test output.
        await fig.screenshot({
          path: path.join(
            SCREENSHOT_DIR,
            `figure-${c.id}-${await row.getAttribute('data-testid')}-${await fig.getAttribute('data-testid')}.png`,
          ),
        });
      }
    }
    await page.getByTestId('results').locator('figure.check-figure').first().scrollIntoViewIfNeeded();
    await screenshot(page, `figures-${c.id}`);
  });
}

test('a live sweep plots its points before the run ends', async ({ page }) => {
  test.setTimeout(180_000);
  await openAndRun(page, 'paging-robustness');
  const caption = page.getByTestId('live-caption').first();
  await expect(caption).toContainText(/Live: [1-9]\d* points? of additive against k/, { timeout: 60_000 });
  // Seen while the run still goes: the bar says running.
  await expect(page.getByTestId('run-status')).not.toHaveAttribute('data-status', 'finished');
  await screenshot(page, 'figures-live-sweep');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });
  await expect(page.getByTestId('live-series')).toHaveCount(0);
  const fit = page.getByTestId('check-full-sweep').getByTestId('figure-fit');
  await expect(fit).toBeVisible();
  await fit.scrollIntoViewIfNeeded();
  await screenshot(page, 'figures-growth-fit');
});
