// Issue 22, item 4: Trackio metrics plotted in the UI. On the kl-direction case, the checks dock's Metrics tab finds
// logbook/distill.db, plots both runs' train/loss overlaid (raw faint under an EMA of stated weight), and marks and
// lists the reverse-KL run's non-finite steps; the expected steps come from the script that wrote the database
// (scripts/kl-direction-distill-db.ts), not from the app. Reached by keyboard, axe-clean, in both themes; screenshots
// at 1280x720 and 1920x1080 in each theme go to /work/notes/shots/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, serverUrl, test } from './fixtures';
import { seriousViolations } from './axe-scan';
import { distillRuns } from '../../scripts/kl-direction-distill-db';
import { stepsPhrase } from '../../common/figures/metrics-plot';

const SHOTS = '/work/notes/shots';

/** The steps of the reverse-KL run's train/loss holding each non-finite spelling, as the script wrote them. */
function writtenNonFinite(): { posInf: number[]; nan: number[] } {
  const reverse = distillRuns().find((r) => r.name === 'reverse-kl')!;
  const at = (word: string) => reverse.rows.filter((r) => r.metrics['train/loss'] === word).map((r) => r.step);
  return { posInf: at('Infinity'), nan: at('NaN') };
}

test.use({ bypassCSP: true });

async function openMetrics(page: Page): Promise<void> {
  await page.goto(serverUrl());
  await page.getByTestId('case-item-kl-direction').click();
  // By keyboard: focus the dock's tab strip and activate the Metrics tab.
  const tab = page.getByTestId('dock-tab-metrics');
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('metrics-plot')).toBeVisible();
}

test('plots the distill database’s two runs and marks the reverse-KL run’s non-finite steps', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openMetrics(page);
  const panel = page.getByTestId('metrics-panel');
  await expect(page.getByTestId('metrics-source')).toHaveValue('logbook/distill.db');
  const runs = page.getByTestId('metrics-runs');
  await expect(runs.getByRole('checkbox', { name: /forward-kl/ })).toBeChecked();
  await expect(runs.getByRole('checkbox', { name: /reverse-kl/ })).toBeChecked();
  await expect(page.getByTestId('metrics-keys').getByRole('checkbox', { name: /train\/loss/ })).toBeChecked();

  // Both runs overlaid, each raw under its EMA: four uPlot series besides the step axis.
  const legend = panel.locator('.u-legend .u-series .u-label');
  await expect(legend).toHaveText([
    'step',
    'forward-kl · train/loss (raw)',
    'forward-kl · train/loss (EMA 0.6)',
    'reverse-kl · train/loss (raw)',
    'reverse-kl · train/loss (EMA 0.6)',
  ]);
  const written = writtenNonFinite();
  expect(written.posInf[0]).toBe(150);
  const posInf = page.locator('[data-testid="nonfinite-posInf"][data-series="reverse-kl · train/loss"]');
  const nan = page.locator('[data-testid="nonfinite-nan"][data-series="reverse-kl · train/loss"]');
  await expect(posInf).toHaveAttribute('data-count', String(written.posInf.length));
  await expect(nan).toHaveAttribute('data-count', String(written.nan.length));
  await expect(posInf).toContainText(stepsPhrase(written.posInf));
  await expect(nan).toContainText(stepsPhrase(written.nan));
  await expect(page.locator('[data-testid^="nonfinite-"][data-series^="forward-kl"]')).toHaveCount(0);
  await expect(page.getByTestId('metrics-caption')).toHaveText(
    `2 series; smoothed by a debiased EMA of weight 0.6 (raw faint); linear y; ${written.posInf.length + written.nan.length} non-finite points marked at the edge.`,
  );

  // Smoothing by keyboard, a log axis, and one run alone.
  const slider = page.getByTestId('metrics-smoothing');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('metrics-smoothing-value')).toHaveText('0.61');
  await expect(legend.nth(2)).toHaveText('forward-kl · train/loss (EMA 0.61)');
  await page.getByTestId('metrics-log').check();
  await expect(page.getByTestId('metrics-caption')).toContainText('log y');
  await runs.getByRole('checkbox', { name: /forward-kl/ }).uncheck();
  await expect(legend).toHaveCount(3);
  await expect(posInf).toHaveAttribute('data-count', String(written.posInf.length));
  // Smoothing 0: the raw series only.
  await slider.fill('0');
  await expect(legend).toHaveText(['step', 'reverse-kl · train/loss']);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the metrics panel is axe-clean in ${scheme}, shot at 1280x720 and 1920x1080`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.emulateMedia({ colorScheme: scheme });
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openMetrics(page);
      await expect(page.locator('[data-testid="nonfinite-posInf"]')).toHaveCount(1);
      expect(await seriousViolations(page, page.getByTestId('checks-dock'))).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `metrics-plot-${scheme}-${w}x${h}.png`) });
    }
    // At 1280x720 with the dock raised by its splitter (keyboard), as a reviewer reading the plot would.
    await page.setViewportSize({ width: 1280, height: 720 });
    await openMetrics(page);
    const dock = page.getByRole('separator', { name: 'Resize the checks dock' });
    await dock.focus();
    for (let i = 0; i < 10; i++) await dock.press('ArrowUp');
    await expect(page.locator('[data-testid="nonfinite-posInf"]')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `metrics-plot-${scheme}-1280x720-dock-raised.png`) });
  });
}
