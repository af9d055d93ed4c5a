// Building a case without writing JSON, at 1280x720: a new case from a paper summary file and a real Trackio
// logbook folder (uploaded from a webkitdirectory input), a claim made by selecting words of the summary, a
// claimed falsification quoted from the logbook's "Verdict" cell, and a check added through the form generated
// from the kind's JSON Schema (first refused by the core in one line, then accepted). Checks are declared,
// not run. What the UI did is then read back from the case folder on disk, independently of the app.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, screenshot, serverUrl, serverWorkspace, takeExpectedConsoleErrors, test } from './fixtures';
import { writeTrackioLogbook } from '../helpers/trackio-writer';

const repo = path.resolve(import.meta.dirname, '../..');
// The real Trackio logbook of the shared fixtures, as the bundled timing case ships it (identical files).
const logbookFolder = path.resolve(repo, 'cases/timing-normalization/logbook');
const CASE_ID = 'timing-from-ui';
const REVIEWER = 'E2E Builder';
const PAPER = `# Batched rollouts for fast policy evaluation

The paper claims that batched rollouts are at least 8x faster than the per-trajectory baseline on the same hardware.

Its timing table reports $t_{\\text{method}} = 3.0$ s per batch of 50 trajectories and $t_{\\text{base}} = 1.5$ s per trajectory.
`;

interface CaseJson {
  paper: { title: string; venueId: string; claims: { id: string; text: string }[] };
  logbooks: { id: string }[];
  falsifications: {
    id: string;
    claim: string;
    logbook: string;
    assertion: string;
    source?: { page?: string; cell?: string };
    checks: { id: string; kind: string; params: Record<string, unknown> }[];
  }[];
}

async function caseOnDisk(): Promise<CaseJson> {
  return JSON.parse(await readFile(path.join(serverWorkspace(), CASE_ID, 'case.json'), 'utf8')) as CaseJson;
}

let tmp = '';
test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-paper-'));
  await writeFile(path.join(tmp, 'paper.md'), PAPER);
});
test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

test.use({ viewport: { width: 1280, height: 720 } });

test('builds a case from a paper file and a Trackio logbook folder, then a claim, a falsification and a check', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.goto(serverUrl());
  await page.getByTestId('new-case').click();
  const dialog = page.getByTestId('new-case-dialog');
  await expect(dialog).toBeVisible();

  // The logbook folder: its name becomes the suggested id.
  await dialog.getByTestId('logbook-folder-input').setInputFiles(logbookFolder);
  await expect(dialog.getByTestId('logbook-folder-status')).toContainText('logbook');
  const id = dialog.getByLabel('Case id');
  await expect(id).toHaveValue('logbook');
  // The id is checked as it is typed.
  await id.fill('timing from ui');
  await expect(dialog.getByTestId('new-case-id-note')).toContainText('" " is not allowed');
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('create-case')).toBeDisabled();
  await id.fill(CASE_ID);
  await expect(id).toHaveAttribute('aria-invalid', 'false');

  await dialog.getByLabel('Paper summary', { exact: true }).setInputFiles(path.join(tmp, 'paper.md'));
  await expect(dialog.getByTestId('paper-markdown')).toHaveValue(PAPER);
  await expect(dialog).toContainText('Batched rollouts for fast policy evaluation');
  await dialog.getByLabel('Venue id').fill('openreview:example-rollouts');
  await dialog.getByLabel('Reviewer').fill(REVIEWER);
  await expect(dialog.getByTestId('create-case')).toBeInViewport();
  await screenshot(page, '10-new-case-form');

  await dialog.getByTestId('create-case').click();
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByTestId('import-runs')).toContainText('2 run cells, none failed');
  await expect(summary.getByTestId('import-truncated')).toContainText('139,000 characters elided');
  await expect(summary).toContainText(CASE_ID);
  await expect(dialog.getByTestId('open-new-case')).toBeInViewport();
  await screenshot(page, '11-import-summary');

  // The list was refreshed and the new case opened behind the dialog.
  await dialog.getByTestId('open-new-case').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`case-item-${CASE_ID}`)).toHaveAttribute('aria-current', 'true');
  const paper = page.getByTestId('pane-paper');
  await expect(paper.getByTestId('paper-title')).toHaveText('Batched rollouts for fast policy evaluation');
  await expect(paper.getByTestId('claims-empty')).toContainText('No claim yet');
  await expect(paper.getByTestId('falsifications-empty')).toContainText('make a claim first');
  await expect(page.getByTestId('results-empty')).toContainText('No claimed falsification yet');
  await screenshot(page, '12-new-case-empty-states');

  // A claim from words selected in the summary (math comes back as its TeX source).
  const summaryText = paper.getByTestId('claim-source');
  await summaryText.scrollIntoViewIfNeeded();
  await summaryText.locator('p').first().selectText();
  const make = paper.getByRole('button', { name: 'Make this a claim' });
  await expect(make).toBeVisible();
  await screenshot(page, '13-claim-from-selection');
  await make.click();
  await expect(paper.getByTestId('claim-C1')).toContainText('batched rollouts are at least 8x faster');
  await summaryText.locator('p').nth(1).selectText();
  // From the keyboard: Tab after the selection reaches the button.
  await expect(make).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(make).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(paper.getByTestId('claim-C2')).toBeVisible();

  // A claimed falsification quoted from the logbook's "Verdict" cell.
  const logbook = page.getByTestId('pane-logbook');
  const verdict = logbook.locator('[data-testid^="logbook-cell-"]').filter({ has: page.locator('.cell-title', { hasText: /^Verdict$/ }) });
  await expect(verdict).toHaveCount(1);
  await verdict.scrollIntoViewIfNeeded();
  await verdict.locator('.cell-md p').selectText();
  await verdict.getByRole('button', { name: 'Quote as a claimed falsification' }).click();
  const quote = page.getByTestId('falsification-dialog');
  await expect(quote).toBeVisible();
  await expect(quote.getByTestId('falsification-assertion')).toHaveValue(
    'Result: method takes 3.0 s and the baseline 1.5 s, so the method is 2x slower. Claim falsified.',
  );
  await expect(quote.getByTestId('quote-source')).toContainText('Verdict');
  await quote.getByLabel('Claim it falsifies').selectOption('C1');
  await expect(quote.getByTestId('add-falsification')).toBeInViewport();
  await screenshot(page, '14-quote-falsification');
  await quote.getByTestId('add-falsification').click();
  await expect(quote).toBeHidden();
  const f1 = paper.getByTestId('falsification-F1');
  await expect(f1).toContainText('2x slower');
  await expect(f1.getByTestId('checks-empty-F1')).toBeVisible();

  // A check through the form generated from the kind's schema: first without its required param.
  await f1.getByRole('button', { name: 'Add check to F1' }).click();
  const add = page.getByTestId('add-check-dialog');
  // Nested objects are fieldsets, lists of numbers comma-separated inputs.
  await add.getByLabel('Kind').selectOption('kl-mode-fit');
  await expect(add.locator('fieldset', { hasText: 'teacher' }).getByLabel('weights')).toHaveValue('0.6, 0.4');
  await expect(add.locator('fieldset', { hasText: 'grid' }).getByLabel('points')).toHaveValue('201');
  await add.getByLabel('Kind').selectOption('units-audit');
  await expect(add.getByTestId('example-note')).toBeVisible();
  // The example's sandbox/quantities.json is not a file of this case: the example leaves the path empty.
  const quantitiesFile = add.locator('.schema-field[data-param="quantities"] select');
  await expect(quantitiesFile).toHaveValue('');
  await expect(add.getByLabel('role')).toHaveValue('"assertion"');
  await add.getByTestId('add-check-submit').click();
  // The core's one line (it names the case.json it refused to change).
  await expect(add.getByTestId('add-check-error')).toContainText('check kind units-audit: params: missing required field "quantities"');
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);
  await expect(add.getByTestId('add-check-error')).toBeInViewport();
  await screenshot(page, '15-add-check-error');
  await quantitiesFile.selectOption({ label: 'another path (type it)…' });
  await add.getByLabel('quantities: path inside the case').fill('sandbox/quantities.json');
  await add.getByTestId('add-check-submit').click();
  await expect(add).toBeHidden();
  await expect(f1.getByTestId('checks-F1')).toContainText('units-audit');
  await screenshot(page, '16-check-declared');

  // The edits were logged with the reviewer's name.
  await page.getByTestId('dock-tab-audit').click();
  await expect(page.getByTestId('audit-log')).toContainText(REVIEWER);
  const audit = (await readFile(path.join(serverWorkspace(), CASE_ID, 'audit.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { who: string; details?: { edit?: string } });
  expect(audit.map((e) => e.details?.edit).filter((e) => e !== undefined)).toEqual(
    expect.arrayContaining(['add-claim', 'add-falsification', 'add-check']),
  );
  expect(new Set(audit.map((e) => e.who))).toEqual(new Set([REVIEWER]));

  // What the UI made, read from the case folder.
  const c = await caseOnDisk();
  expect(c.paper.venueId).toBe('openreview:example-rollouts');
  expect(c.paper.claims.map((x) => x.id)).toEqual(['C1', 'C2']);
  expect(c.paper.claims[0]!.text).toBe(
    'The paper claims that batched rollouts are at least 8x faster than the per-trajectory baseline on the same hardware.',
  );
  expect(c.paper.claims[1]!.text).toContain('$t_{\\text{method}} = 3.0$');
  expect(c.falsifications).toHaveLength(1);
  const f = c.falsifications[0]!;
  expect(f).toMatchObject({
    id: 'F1',
    claim: 'C1',
    logbook: c.logbooks[0]!.id,
    source: { page: 'timing-comparison', cell: 'cell_fe530ccfdf00' },
  });
  expect(f.checks).toEqual([
    expect.objectContaining({ kind: 'units-audit', params: { quantities: 'sandbox/quantities.json', role: 'assertion' } }),
  ]);
  expect(consoleErrors).toEqual([]);
});

test('creates a case without a logbook, shows the server’s one-line refusal, then imports a logbook into it', async ({
  page,
  consoleErrors,
}) => {
  const id = 'empty-from-ui';
  await page.goto(serverUrl());
  await page.getByTestId('new-case').click();
  const dialog = page.getByTestId('new-case-dialog');
  await dialog.getByLabel('Case id').fill(id);
  await dialog.getByLabel('Paper summary (Markdown)').fill('# A paper with no logbook yet\n\nIts one claim, in our words.\n');
  await dialog.getByLabel('Venue id').fill('not a venue');
  await expect(dialog.getByTestId('create-case')).toHaveText('Create case');
  await dialog.getByTestId('create-case').click();
  // The core refuses in one line; nothing was created.
  await expect(dialog.getByTestId('new-case-error')).toContainText('must look like openreview:ID or arxiv:ID');
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);
  await expect(dialog.getByTestId('new-case-error')).toBeInViewport();
  await screenshot(page, '17-new-case-refused');
  await expect(page.getByTestId(`case-item-${id}`)).toHaveCount(0);

  await dialog.getByLabel('Venue id').fill('arxiv:2601.00001');
  await dialog.getByTestId('create-case').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`case-item-${id}`)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('pane-paper').getByTestId('paper-title')).toHaveText('A paper with no logbook yet');
  await expect(page.getByTestId('pane-paper').getByTestId('falsifications-empty')).toContainText('import the logbook under review');
  await expect(page.getByTestId('logbooks-empty')).toBeVisible();
  await expect(page.getByTestId('sandbox-empty')).toBeVisible();
  await page.getByTestId('dock-tab-decide').click();
  await expect(page.getByTestId('decision-form-empty')).toBeVisible();
  await screenshot(page, '18-empty-case');

  await page.getByTestId('pane-logbook').getByRole('button', { name: 'Import a logbook folder' }).click();
  const imp = page.getByTestId('import-logbook-dialog');
  await imp.getByTestId('logbook-folder-input').setInputFiles(logbookFolder);
  await expect(imp.getByTestId('logbook-folder-status')).toContainText('9 files');
  await screenshot(page, '19-import-logbook');
  await imp.getByRole('button', { name: 'Import logbook' }).click();
  await expect(imp.getByTestId('import-summary')).toContainText('Updated case');
  await expect(imp.getByTestId('import-runs')).toContainText('2 run cells');
  await imp.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('pane-logbook').locator('.cell-title', { hasText: /^Verdict$/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a partial logbook imports what it can, and the UI lists per page and cell what it could not read', async ({
  page,
  consoleErrors,
}) => {
  // A logbook written by Trackio's format rules with a malformed cell header and a page listed but missing.
  const folder = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-partial-'));
  writeTrackioLogbook(folder, {
    title: 'Partial logbook',
    metadata: { paper: { openreview_id: 'Partial1' } },
    pages: [
      {
        slug: 'runs',
        title: 'Runs',
        cells: [
          { type: 'markdown', id: 'cell_ok', body: 'This one reads.' },
          { type: 'raw', text: '\n\n---\n<!-- trackio-cell\n{"type": "code", "id": broken}\n-->\nthe body of a broken cell\n' },
        ],
      },
      { slug: 'lost', title: 'Lost page', cells: [], missing: true },
    ],
  });
  await page.goto(serverUrl());
  await page.getByTestId('new-case').click();
  const dialog = page.getByTestId('new-case-dialog');
  await dialog.getByTestId('logbook-folder-input').setInputFiles(folder);
  await dialog.getByLabel('Case id').fill('partial-from-ui');
  await dialog.getByLabel('Paper summary (Markdown)').fill('# A partly read logbook\n');
  await dialog.getByTestId('create-case').click();
  await expect(dialog.getByTestId('import-summary')).toContainText('2');
  await screenshot(page, '19b-import-summary-partial');
  await dialog.getByRole('button', { name: /Open the case|Done/ }).click();
  const problems = page.getByTestId('pane-logbook').getByTestId('logbook-problems');
  await expect(problems).toContainText('2 parts of this logbook could not be read');
  await expect(problems).toContainText('the cell header is not valid JSON');
  await expect(problems).toContainText('pages/lost/page.md: no such file');
  // What could be read is shown, including the broken cell's body as text.
  await expect(page.getByTestId('pane-logbook')).toContainText('This one reads.');
  await expect(page.getByTestId('pane-logbook')).toContainText('the body of a broken cell');
  await screenshot(page, '19c-logbook-problems');
  expect(consoleErrors).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});
