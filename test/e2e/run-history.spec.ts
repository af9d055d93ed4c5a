// Issue 22, item 4: run history per falsification. The kl-direction case is run, its loss-direction check is told
// the theory is forward KL (so the check now refutes the finding), and it is run again: the checks dock's Run
// history tab lists both runs (newest first) with their dates and decisions, and compares them side by side; every
// expected value is read from the runs' report.json files in the server's workspace, not from the app. Keyboard,
// axe in both themes, and screenshots at 1280x720 and 1920x1080 in each theme go to /work/notes/shots/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { CaseRunReport } from '../../common/api/contract';
import { caseCopy, expect, serverUrl, serverWorkspace, test } from './fixtures';
import { seriousViolations } from './axe-scan';

const SHOTS = '/work/notes/shots';
// Its own copy of the kl-direction case: this spec runs it twice and edits its case.json, which other specs must not see.
const CASE = 'history-kl';

test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

const reportOf = (runId: string): CaseRunReport =>
  JSON.parse(readFileSync(path.join(serverWorkspace(), CASE, 'runs', runId, 'report.json'), 'utf8')) as CaseRunReport;

async function runAll(page: Page): Promise<void> {
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });
}

async function openHistory(page: Page): Promise<void> {
  const tab = page.getByTestId('dock-tab-history');
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('run-history')).toBeVisible();
}

test('lists every run of the finding with its decision and compares two side by side', async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  caseCopy('kl-direction', CASE);
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  await runAll(page);
  // The theory named in the check is now forward KL: the loss matches it, so the check refutes the finding.
  const caseJson = path.join(serverWorkspace(), CASE, 'case.json');
  writeFileSync(caseJson, readFileSync(caseJson, 'utf8').replace('"theory": "reverse-kl"', '"theory": "forward-kl"'));
  await page.reload();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', CASE);
  await runAll(page);
  await openHistory(page);

  const rows = page.getByTestId('run-history-row');
  await expect(rows).toHaveCount(2);
  const [newer, older] = [await rows.nth(0).getAttribute('data-run'), await rows.nth(1).getAttribute('data-run')];
  const ra = reportOf(older!).falsifications[0]!;
  const rb = reportOf(newer!).falsifications[0]!;
  expect(reportOf(newer!).finishedAt > reportOf(older!).finishedAt).toBe(true);
  await expect(rows.nth(0).getByTestId('decision-badge')).toHaveAttribute('data-decision', rb.decision);
  await expect(rows.nth(1).getByTestId('decision-badge')).toHaveAttribute('data-decision', ra.decision);

  // Compared: A is the older run, B the newer, by default.
  const compare = page.getByTestId('run-compare');
  await expect(compare).toBeVisible();
  await expect(page.getByTestId('run-compare-decision')).toHaveAttribute('data-changed', String(ra.decision !== rb.decision));
  const direction = (r: typeof ra) => r.checks.find((c) => c.checkId === 'loss-direction')!.outcome;
  expect(direction(ra)).not.toBe(direction(rb));
  const row = compare.locator('[data-testid="run-compare-check"][data-check="loss-direction"]');
  await expect(row).toHaveAttribute('data-outcome-changed', 'true');
  await expect(row.getByTestId('outcome-a')).toHaveAttribute('data-decision', direction(ra));
  await expect(row.getByTestId('outcome-b')).toHaveAttribute('data-decision', direction(rb));
  const fit = compare.locator('[data-testid="run-compare-check"][data-check="direction-matters"]');
  await expect(fit).toHaveAttribute('data-outcome-changed', 'false');

  // Swapping A and B by keyboard reverses the comparison.
  await page
    .getByRole('radio', { name: /Compare as run A/ })
    .first()
    .focus();
  await page.keyboard.press('Space');
  await page
    .getByRole('radio', { name: /Compare as run B/ })
    .nth(1)
    .check();
  await expect(row.getByTestId('outcome-a')).toHaveAttribute('data-decision', direction(rb));
  await expect(row.getByTestId('outcome-b')).toHaveAttribute('data-decision', direction(ra));
});

for (const scheme of ['light', 'dark'] as const) {
  test(`run history is axe-clean in ${scheme}, shot at 1280x720 and 1920x1080`, async ({ page, consoleErrors }) => {
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
      await openHistory(page);
      await expect(page.getByTestId('run-compare')).toBeVisible();
      expect(await seriousViolations(page, page.getByTestId('checks-dock'))).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `run-history-${scheme}-${w}x${h}.png`) });
    }
  });
}
