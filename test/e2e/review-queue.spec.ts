// Issue 11, the reviewer's flow: a review queue across all cases, reachable from the case list like the triage
// view. Every claimed falsification of every case of the workspace is a row (the count read from the case files
// on disk, not from the app) with its open checklist questions; a run shows as running; a run's decision waits
// for a verdict; a row opens its case on that falsification's decision panel; a verdict moves it to agreed.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

interface CaseFile {
  falsifications: { id: string; checklist?: Record<string, { status: string }> }[];
}

/** Every falsification of every case in the server's workspace, with its number of open questions. */
async function workspaceFalsifications(): Promise<{ caseId: string; id: string; open: number }[]> {
  const out: { caseId: string; id: string; open: number }[] = [];
  for (const caseId of (await readdir(serverWorkspace())).sort()) {
    let c: CaseFile;
    try {
      c = JSON.parse(await readFile(path.join(serverWorkspace(), caseId, 'case.json'), 'utf8')) as CaseFile;
    } catch {
      continue;
    }
    for (const f of c.falsifications)
      out.push({ caseId, id: f.id, open: 6 - Object.values(f.checklist ?? {}).filter((a) => a.status !== 'open').length });
  }
  return out;
}

async function openQueue(page: Page): Promise<void> {
  await page.getByTestId('open-review-queue').click();
  await expect(page.getByTestId('review-queue')).toBeVisible();
  await expect(page.getByTestId('review-queue').getByRole('heading', { name: 'Review queue' })).toBeVisible();
}

const row = (page: Page, caseId: string, fid: string) => page.getByTestId(`queue-row-${caseId}-${fid}`);

test.use({ viewport: { width: 1280, height: 720 } });

test('the review queue: every falsification with its state and open questions; a row opens its decision panel', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await page.goto(serverUrl());
  await openQueue(page);
  const queue = page.getByTestId('review-queue');
  const all = await workspaceFalsifications();
  await expect(queue.locator('.queue-row')).toHaveCount(all.length);
  await expect(queue.getByTestId('queue-filter-all')).toContainText(String(all.length));
  for (const f of all) await expect(row(page, f.caseId, f.id).getByTestId('queue-open')).toHaveText(`${f.open}/6 open`);
  await screenshot(page, 'review-queue');

  // A live run shows as running; its row opens the case on the decision panel, where it is cancelled.
  await page.getByTestId('case-item-paging-robustness').click();
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
  await openQueue(page);
  await expect(row(page, 'paging-robustness', 'F1')).toHaveAttribute('data-state', 'running');
  await queue.getByTestId('queue-filter-running').click();
  await expect(queue.locator('.queue-row')).toHaveCount(1);
  await row(page, 'paging-robustness', 'F1').click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', 'paging-robustness');
  await expect(page.getByTestId('decision-panel')).toBeVisible();
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 60_000 });
  await openQueue(page);
  await expect(row(page, 'paging-robustness', 'F1')).not.toHaveAttribute('data-state', 'running');

  // A finished run's decision waits for a verdict; the row opens the case on that falsification.
  await page.getByTestId('case-item-fw-attention-collapse').click();
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });
  await openQueue(page);
  await queue.getByTestId('queue-filter-awaiting-verdict').click();
  const f2 = row(page, 'fw-attention-collapse', 'F2');
  await expect(f2).toHaveAttribute('data-state', 'awaiting-verdict');
  await expect(f2.getByTestId('queue-computed')).toHaveAttribute('data-decision', 'refuted');
  await screenshot(page, 'review-queue-awaiting');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'review-queue-awaiting-1920');
  await page.setViewportSize({ width: 1280, height: 720 });
  await f2.click();
  await expect(page.getByTestId('review-queue')).toHaveCount(0);
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', 'fw-attention-collapse');
  const form = page.getByTestId('decision-form');
  await expect(form.getByTestId('decision-falsification')).toHaveValue('F2');
  await expect(form.getByTestId('form-computed-badge')).toHaveAttribute('data-decision', 'refuted');

  // An agreeing verdict settles it: the row moves to "verdict agrees" with the verdict and its reviewer.
  await form.getByLabel(/^falsification refuted/).check();
  await form.getByTestId('decision-rationale').fill('The exit at step 2 is a float64 artefact: exactly, the origin never leaves.');
  await form.getByLabel('Reviewer').fill('Ada Lovelace');
  await page.getByTestId('record-decision').click();
  await expect(form.getByTestId('decision-message')).toContainText('Recorded “falsification refuted” for F2');
  await openQueue(page);
  await queue.getByTestId('queue-filter-agreed').click();
  await expect(f2).toHaveAttribute('data-state', 'agreed');
  await expect(f2.getByTestId('queue-verdict')).toHaveAttribute('data-decision', 'refuted');
  await expect(f2).toContainText('Ada Lovelace');
  expect(consoleErrors).toEqual([]);
});
