// The letter editor in Chromium: after the checks and an agreeing verdict, the letter to the logbook's author is
// ready to send; it is edited (live preview with math), saved as versions, exported as Markdown and as PDF, and
// its response tracked; the case list shows where it stands. Before the verdict it carries the not-ready banner.
import { readFileSync } from 'node:fs';
import { expect, screenshot, serverUrl, takeExpectedConsoleErrors, test } from './fixtures';
import type { Page } from '@playwright/test';

const ID = 'padding-perplexity';

test.use({ viewport: { width: 1280, height: 900 } });

async function runAndWait(page: Page): Promise<void> {
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 170_000 });
}

test('a letter is drafted, edited, saved as versions, exported and tracked', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${ID}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', ID);
  await runAndWait(page);

  // Before a verdict: drafted to the logbook's author, with the banner saying what is missing.
  await page.getByTestId('draft-letter').click();
  const dialog = page.getByTestId('letter-dialog');
  await expect(dialog.getByTestId('letter-kind')).toHaveValue('logbook');
  await expect(dialog.getByTestId('letter-not-ready')).toContainText("F1: no reviewer's verdict has been recorded");
  await expect(dialog.getByTestId('letter-preview')).toContainText('Not ready to send');
  await screenshot(page, 'letter-not-ready');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The verdict agrees with the checks and the checklist is answered: ready to send.
  await page.getByTestId('dock-tab-decide').click();
  const form = page.getByTestId('decision-form');
  await form.getByLabel(/^falsification refuted/).check();
  await form.getByTestId('decision-rationale').fill('The logbook figures are the padded ones: 69% of positions are padding.');
  await form.getByLabel('Reviewer').fill('Ada Lovelace');
  await page.getByTestId('record-decision').click();
  await expect(form.getByTestId('decision-message')).toContainText('Recorded');

  await page.getByTestId('draft-letter').click();
  await expect(dialog.getByTestId('letter-ready')).toBeVisible();
  await expect(dialog.getByTestId('letter-not-ready')).toHaveCount(0);
  const source = dialog.getByTestId('letter-source');
  await expect(source).toHaveValue(/Ada Lovelace\n$/);
  await expect(dialog.getByTestId('letter-preview')).toContainText('Where we think the slip is');

  // Edit by keyboard; the live preview renders the math.
  await source.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nP.S. The cost is $\\frac{6.779}{5.224} - 1 \\approx 0.298$.\n');
  await expect(dialog.getByTestId('letter-preview').locator('.katex').first()).toBeVisible();
  await expect(dialog.getByTestId('letter-message')).toContainText('Unsaved edits');

  await dialog.getByTestId('letter-save').click();
  await expect(dialog.getByTestId('letter-message')).toContainText('Saved logbook-1, version 1');
  await expect(dialog.getByTestId('letter-versions').getByRole('button')).toHaveCount(1);
  await source.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Second edit.\n');
  await dialog.getByTestId('letter-save').click();
  await expect(dialog.getByTestId('letter-message')).toContainText('Saved logbook-1, version 2');
  await expect(dialog.getByTestId('letter-versions').getByRole('button')).toHaveCount(2);
  // Version 1 loads back without the second edit.
  await dialog.getByTestId('letter-versions').getByRole('button', { name: /^v1/ }).click();
  await expect(source).not.toHaveValue(/Second edit/);
  await expect(source).toHaveValue(/P\.S\. The cost/);

  // Exports: Markdown as it is in the editor, PDF printed by the server's Chromium.
  const mdDownload = page.waitForEvent('download');
  await dialog.getByTestId('letter-export-md').click();
  const md = await mdDownload;
  expect(md.suggestedFilename()).toBe(`${ID}-logbook-1-v1.md`);
  expect(readFileSync((await md.path())!, 'utf8')).toBe(await source.inputValue());
  const pdfDownload = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByTestId('letter-export-pdf').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${ID}-logbook-1-v1.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // Response tracking: sent (date, to whom); the case list shows it.
  const status = dialog.getByTestId('letter-status');
  await expect(status.getByTestId('letter-status-current')).toHaveText('drafted');
  await status.getByTestId('letter-status-state').selectOption('sent');
  await status.getByTestId('letter-status-to').fill('The logbook author <author@example.org>');
  await status.getByTestId('letter-status-record').click();
  await expect(status.getByTestId('letter-status-current')).toHaveText('sent');
  await status.getByTestId('letter-status-state').selectOption('disputed');
  await status.getByTestId('letter-status-record').click();
  await expect(dialog.getByTestId('letter-message')).toContainText('a disputed letter needs their argument attached');
  // The core refused it (HTTP 400, which Chromium logs as a console error): expected here, and only once.
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);
  await status.getByTestId('letter-status-argument').fill('Padding was intended: the paper counts end-of-sequence tokens.');
  await status.getByTestId('letter-status-record').click();
  await expect(status.getByTestId('letter-status-current')).toHaveText('they dispute it');
  await expect(status).toContainText('Padding was intended');
  await screenshot(page, 'letter-editor');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`case-letters-${ID}`)).toHaveText("letter to the logbook's author: they dispute it");
  await page.getByTestId('dock-tab-audit').click();
  await expect(page.getByTestId('audit-log')).toContainText('Ada Lovelace');
  expect(consoleErrors).toEqual([]);
});

test('closing a letter with unsaved edits asks first; Keep editing keeps them, Discard closes', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${ID}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', ID);
  await page.getByTestId('draft-letter').click();
  const dialog = page.getByTestId('letter-dialog');
  const source = dialog.getByTestId('letter-source');
  await expect(source).toBeVisible();
  // Unedited: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('draft-letter').click();
  await source.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nA sentence the reviewer wrote.\n');
  await expect(dialog.getByTestId('letter-message')).toContainText('Unsaved edits');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('letter-confirm-close')).toContainText('unsaved edits');
  await screenshot(page, 'letter-confirm-close');
  await dialog.getByTestId('letter-keep-editing').click();
  await expect(source).toHaveValue(/A sentence the reviewer wrote\.\n$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByTestId('letter-confirm-close')).toBeVisible();
  await dialog.getByTestId('letter-discard').click();
  await expect(dialog).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
