// Running the checks from the UI shows the decision the core computed, the same one `recheck run --json`
// computes from a separate copy of the case.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledCases, expect, screenshot, serverUrl, test } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');
const c = bundledCases()[0]!;

interface CliReport {
  falsifications: { falsificationId: string; decision: string }[];
}

/** Decisions by falsification id from the CLI on a private copy of the case (exit 0 or 1 are both answers). */
async function cliDecisions(id: string): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-cli-'));
  try {
    await cp(path.join(repo, 'cases', id), path.join(dir, id), { recursive: true });
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(repo, 'bin/recheck.mjs'), 'run', path.join(dir, id), '--json'],
        { cwd: repo, timeout: 120_000 },
        (err, out) => {
          if (err !== null && err.code !== 1) reject(err);
          else resolve(out);
        },
      );
    });
    const report = JSON.parse(stdout) as CliReport;
    return Object.fromEntries(report.falsifications.map((f) => [f.falsificationId, f.decision]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test(`runs the checks of ${c.id} and shows the computed decisions`, async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  const expected = await cliDecisions(c.id);
  expect(Object.keys(expected).length).toBeGreaterThan(0);

  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${c.id}`).click();
  await expect(page.getByTestId('pane-paper').getByTestId('paper-title')).toHaveText(c.paperTitle);
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });

  const results = page.getByTestId('results');
  for (const [fid, decision] of Object.entries(expected)) {
    const badge = results.getByTestId(`result-${fid}`).getByTestId('decision-badge');
    await expect(badge).toHaveAttribute('data-decision', decision);
  }
  // The case list now carries the last decisions too.
  for (const [fid, decision] of Object.entries(expected)) {
    await expect(
      page.getByTestId(`case-item-${c.id}`).locator(`[data-testid="decision-badge"][data-falsification="${fid}"]`),
    ).toHaveAttribute('data-decision', decision);
  }
  // The run was written to the audit log.
  await page.getByTestId('dock-tab-audit').click();
  await expect(page.getByTestId('audit-log')).toContainText('run');
  await page.getByTestId('dock-tab-results').click();
  await results.locator('details.evidence summary').first().click();
  await expect(results.locator('pre.json').first()).toContainText('{');
  await screenshot(page, '03-run-checks');
  expect(consoleErrors).toEqual([]);
});

test(`records a reviewer decision and drafts the letter for ${c.id}`, async ({ page, consoleErrors }) => {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${c.id}`).click();
  await page.getByTestId('dock-tab-decide').click();
  const form = page.getByTestId('decision-form');
  await form.getByLabel('Needs more work').check();
  await form.getByLabel('Rationale').fill('Evidence reviewed in the e2e test.');
  await form.getByLabel('Reviewer').fill('E2E Reviewer');
  await page.getByTestId('record-decision').click();
  await expect(form).toContainText('Recorded “needs more work”');
  await page.getByTestId('dock-tab-audit').click();
  await expect(page.getByTestId('audit-log')).toContainText('E2E Reviewer');
  await expect(page.getByTestId('audit-log')).toContainText('Evidence reviewed in the e2e test.');
  await screenshot(page, '04-audit-log');

  await page.getByTestId('draft-letter').click();
  const dialog = page.getByTestId('letter-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.letter')).not.toBeEmpty();
  await screenshot(page, '05-letter');
  expect(consoleErrors).toEqual([]);
});
