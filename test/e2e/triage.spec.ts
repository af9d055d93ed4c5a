// Triage a verdict ledger in the UI, at 1280x720: a small ledger written by the test (one contested claim about
// the paper of the bundled case fw-attention-collapse, its venue id read from its case.json, and one falsified
// claim about a paper the workspace has no case about). The queue comes in tier order under its plain-language
// headings; a row opens the existing case; another row creates a case pre-filled from the ledger, and its claim
// is added. A ledger that is not UTF-8 gets the core's one-line refusal.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, screenshot, serverUrl, serverWorkspace, takeExpectedConsoleErrors, test } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');
const FW = 'fw-attention-collapse';
const NEW_PAPER = 'openreview:e2e-unseen-paper';
const NEW_CASE = 'openreview-e2e-unseen-paper';
const FALSIFIED_CLAIM = 'The sketch recovers every heavy hitter with one pass';
const CONTESTED_CLAIM = 'Tokens always collapse to the origin under fw-attention';

let tmp = '';
let fwVenue = '';
test.beforeAll(async () => {
  fwVenue = (JSON.parse(await readFile(path.join(repo, 'cases', FW, 'case.json'), 'utf8')) as { paper: { venueId: string } }).paper.venueId;
  tmp = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-triage-'));
  const rows = [
    'paper,claim,logbook,verdict',
    `${fwVenue},${CONTESTED_CLAIM},alice/fw-short,verified`,
    `${fwVenue},${CONTESTED_CLAIM},bob/fw-long,falsified`,
    `${NEW_PAPER},${FALSIFIED_CLAIM},carol/sketch-repro,falsified`,
  ];
  await writeFile(path.join(tmp, 'verdicts.csv'), `${rows.join('\n')}\n`);
  await writeFile(path.join(tmp, 'latin1.csv'), Buffer.from('paper,claim,logbook,verdict\nopenreview:p\xff,C1,a,verified\n', 'latin1'));
});
test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

test.use({ viewport: { width: 1280, height: 720 } });

test('triage: the queue by tier, a row opens its case, another creates one with its claim', async ({ page, consoleErrors }) => {
  await page.goto(serverUrl());
  await page.getByRole('button', { name: /Triage a verdict ledger/ }).click();
  const view = page.getByTestId('triage-view');
  await expect(view.getByRole('heading', { name: 'Triage a verdict ledger' })).toBeVisible();

  // A ledger that is not UTF-8: the core's one line, naming the file.
  await view.getByLabel('Ledger file').setInputFiles(path.join(tmp, 'latin1.csv'));
  await expect(view.getByTestId('triage-error')).toContainText('latin1.csv');
  await expect(view.getByTestId('triage-error')).toContainText('invalid UTF-8');
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);

  await view.getByLabel('Ledger file').setInputFiles(path.join(tmp, 'verdicts.csv'));
  await expect(view.getByTestId('triage-summary')).toBeVisible();
  await expect(view.getByTestId('triage-error')).toHaveCount(0);
  await expect(view.getByTestId('triage-papers')).toHaveText('2');
  await expect(view.getByTestId('triage-claims')).toHaveText('2');
  await expect(view.getByTestId('triage-logbooks')).toHaveText('3');
  await expect(view.getByTestId('triage-claim-status')).toContainText('contested');
  await expect(view.getByTestId('triage-claim-status')).toContainText('falsified');
  await expect(view.getByTestId('triage-paper-categories')).toBeVisible();

  // Tier order and headings: claimed falsifications first, then contested.
  await expect(view.locator('.triage-heading')).toHaveText([
    /^Claimed falsifications: re-check before anyone writes to the authors/,
    /^Contested: logbooks disagree/,
  ]);
  const rows = view.getByTestId('triage-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-paper', NEW_PAPER);
  await expect(rows.nth(1)).toHaveAttribute('data-paper', fwVenue);
  // Each row lists its logbooks' verdicts (in words, not colour alone).
  const contested = view.getByTestId('triage-group-contested').getByTestId('triage-row');
  await expect(contested.locator('.triage-verdicts li')).toHaveText(['alice/fw-short verified', 'bob/fw-long falsified']);
  await expect(view.getByTestId('triage-group-falsified').getByTestId('triage-row').locator('.triage-verdicts li')).toHaveText([
    'carol/sketch-repro falsified',
  ]);
  await screenshot(page, '40-triage-queue');

  // The contested row's paper has a case in the workspace: it opens it.
  await contested.getByRole('button', { name: `Open case ${FW} about ${fwVenue}` }).click();
  await expect(view).toBeHidden();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', FW);
  await expect(page.getByTestId(`case-item-${FW}`)).toHaveAttribute('aria-current', 'true');

  // Back to the triage view: the ledger read is still there.
  await page.getByTestId('open-triage').click();
  await expect(view.getByTestId('triage-row')).toHaveCount(2);
  await expect(page.getByTestId('open-triage')).toHaveAttribute('aria-current', 'page');

  // The falsified row's paper has none: "Create case" opens New case pre-filled from the row.
  const falsified = view.getByTestId('triage-group-falsified').getByTestId('triage-row');
  await falsified.getByRole('button', { name: `Create case for ${NEW_PAPER}` }).click();
  const dialog = page.getByTestId('new-case-dialog');
  await expect(dialog.getByLabel('Case id')).toHaveValue(NEW_CASE);
  await expect(dialog.getByLabel('Venue id')).toHaveValue(NEW_PAPER);
  const stub = await dialog.getByTestId('paper-markdown').inputValue();
  expect(stub.split('\n')[0]).toBe(`# Paper ${NEW_PAPER}`);
  expect(stub).toContain(`> ${FALSIFIED_CLAIM}`);
  expect(stub).toContain('- `carol/sketch-repro`: falsified');
  await expect(dialog.getByTestId('new-case-origin')).toContainText(`the claim “${FALSIFIED_CLAIM}” is added to it`);
  await expect(dialog.getByTestId('create-case')).toBeInViewport();
  await screenshot(page, '41-triage-create-case');
  await dialog.getByTestId('create-case').click();
  await expect(dialog).toBeHidden();

  // The new case is open, with the ledger's claim added.
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', NEW_CASE);
  const paper = page.getByTestId('pane-paper');
  await expect(paper.getByTestId('paper-title')).toHaveText(`Paper ${NEW_PAPER}`);
  // The claim row also holds its Withdraw… button; the claim is its id and text.
  await expect(paper.getByTestId('claim-C1')).toContainText(`C1${FALSIFIED_CLAIM}`);
  await expect(paper.getByTestId('claim-source')).toContainText('carol/sketch-repro');
  await screenshot(page, '42-triage-case-created');
  const onDisk = JSON.parse(await readFile(path.join(serverWorkspace(), NEW_CASE, 'case.json'), 'utf8')) as {
    paper: { venueId: string; claims: { id: string; text: string }[] };
  };
  expect(onDisk.paper.venueId).toBe(NEW_PAPER);
  expect(onDisk.paper.claims).toEqual([{ id: 'C1', text: FALSIFIED_CLAIM }]);

  // In the triage view, that row now opens its case.
  await page.getByTestId('open-triage').click();
  await expect(
    view.getByTestId('triage-group-falsified').getByRole('button', { name: `Open case ${NEW_CASE} about ${NEW_PAPER}` }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
