// "Screen a challenge" in the triage view, at 1280x720 in both themes: a generated challenge and a challenge with
// planted verdict flips are written into the server's workspace; the core screens the picked folder (progress, then
// the queue); the rows come in the order `recheck screen --json` prints; the paging row opens its logbook at the
// flagged cell and becomes a case in one action (claim, finding, logbook and the checks that raised the flag),
// which then opens; the judge view shows the counts per verdict kind and the flips with their horizons.
// Screenshots go to /work/notes/shots/screen-*.png.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './axe-scan';
import { expect, serverUrl, serverWorkspace, test } from './fixtures';
import { generateChallenge, HIDDEN_PAGING } from '../support/challenge/generate';
import { FLIP_LEDGER, FLIP_LOGBOOKS, writeFlipChallenge } from '../app/screen/flips';

const repo = path.resolve(import.meta.dirname, '../..');
const SHOTS = '/work/notes/shots';
let cliOrder: string[] = [];

test.beforeAll(async () => {
  const ws = serverWorkspace();
  await generateChallenge(path.join(ws, 'e2e-challenge'), { count: 60, seed: 4242 });
  writeFlipChallenge(path.join(ws, 'e2e-flips'), FLIP_LOGBOOKS, FLIP_LEDGER);
  const r = spawnSync(process.execPath, [path.join(repo, 'bin/recheck.mjs'), 'screen', 'e2e-challenge', '--json', '--jobs', '1'], {
    cwd: ws,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(r.status).toBe(0);
  cliOrder = (JSON.parse(r.stdout) as { queue: { paper: string }[] }).queue.map((q) => q.paper);
});

test.use({ viewport: { width: 1280, height: 720 }, bypassCSP: true });

async function screenFolder(page: import('@playwright/test').Page, folder: string) {
  await page.goto(serverUrl());
  await page.getByRole('button', { name: /Triage a verdict ledger/ }).click();
  await page.getByTestId('triage-mode-screen').click();
  const view = page.getByTestId('screen-queue');
  await view.getByTestId('screen-folder').selectOption(folder);
  await view.getByTestId('screen-start').click();
  await expect(view.getByTestId('screen-summary')).toBeVisible({ timeout: 60_000 });
  return view;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the screen queue in the CLI's order; a row opens at its flagged cell and becomes a case (${scheme})`, async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.emulateMedia({ colorScheme: scheme });
    const view = await screenFolder(page, 'e2e-challenge');
    const rows = view.getByTestId('screen-row');
    const shown = await Promise.all((await rows.all()).map(async (r) => (await r.getAttribute('data-paper')) ?? ''));
    expect(shown).toEqual(cliOrder.slice(0, shown.length));
    expect(shown.length).toBe(Math.min(100, cliOrder.length));
    const first = rows.first();
    await expect(first.getByTestId('screen-flag')).toHaveCount(2);
    expect(await seriousViolations(page, view)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `screen-queue-${scheme}.png`) });

    await first.getByTestId('screen-open-cell').click();
    const logbook = view.getByTestId('screen-logbook');
    await expect(logbook).toBeVisible();
    const target = await first.getByTestId('screen-open-cell').getAttribute('aria-label');
    const cell = (target ?? '').split('/').pop() ?? '';
    await expect(logbook.locator(`[data-cell="${cell}"]`)).toBeInViewport();
    // The Markdown renderer is a lazy chunk: the shot waits for the finding's bold words to be drawn.
    await expect(logbook.locator('.cell-md strong').first()).toBeVisible();
    await logbook.locator(`[data-cell="${cell}"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `screen-logbook-${scheme}.png`) });
    await logbook.getByTestId('screen-logbook-close').click();

    if (scheme === 'light') {
      await first.getByTestId('screen-make-case').click();
      const made = first.getByTestId('screen-made');
      await expect(made).toContainText('printed-consistency');
      await expect(made).toContainText('growth-fit');
      const caseId = JSON.parse(readFileSync(path.join(serverWorkspace(), 'openreview-Pag1ng', 'case.json'), 'utf8')).id as string;
      expect(caseId).toBe('openreview-Pag1ng');
      // The app opens the new case itself (it reads its case list again): the page is not loaded again.
      await page.evaluate(() => ((globalThis as unknown as { notReloaded?: boolean }).notReloaded = true));
      await first.getByTestId('screen-open-made').click();
      await expect(page).toHaveURL(/[?&]case=openreview-Pag1ng/);
      expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await expect(page.getByTestId('case-item-openreview-Pag1ng')).toBeVisible();
      await expect(page.getByTestId('triage-view')).toBeHidden();
      await expect(page.getByText('the additive term of the competitive ratio is O(1) in k').first()).toBeVisible();
    }
    expect(HIDDEN_PAGING).toBe('hidden-paging');
  });

  test(`the judge view: counts per verdict kind and the flips with their horizons (${scheme})`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    const view = await screenFolder(page, 'e2e-flips');
    await view.getByTestId('screen-part-judge').click();
    const judge = view.getByTestId('judge-view');
    await expect(judge.locator('tr[data-verdict="verified"] td')).toHaveText(['7', '5', '0', '1', '0', '1']);
    await expect(judge.locator('tr[data-verdict="falsified"] td')).toHaveText(['5', '4', '1', '0', '0', '0']);
    const flips = judge.getByTestId('judge-flip');
    await expect(flips).toHaveCount(4);
    await expect(flips.first()).toContainText('verified-below-falsified');
    await expect(flips.first()).toContainText('k up to 16 (4 rows)');
    await expect(flips.first()).toContainText('k up to 1024 (10 rows)');
    await judge.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, judge)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `screen-judge-${scheme}.png`) });
  });
}
