// The whole intake flow of issue 10 in the UI, at 1280x720: a case from a paper file and a Trackio logbook that
// prints its sweep table (test/fixtures/printed/paging-printed/logbook), a claim from selected paper text, a
// falsification quoted from the logbook's verdict cell, the sweep table extracted from run cell cell_sweep_kv,
// a growth-fit check on it through "Add a check on this table", the checks run from the UI, and the computed
// decision (confirmed, as test/app/api/case-building.test.ts reaches it headless). Then the truncated table of
// cell_long (refused, then taken with "Allow elided rows"), where the quote came from, a file added to the
// case from the sandbox pane and from the Add check form, and two logbooks compared side by side. What the UI
// did is read back from the case folder on disk.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeTrackioLogbook } from '../helpers/trackio-writer';
import { expect, screenshot, serverUrl, serverWorkspace, takeExpectedConsoleErrors, test } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');
const logbookFolder = path.join(repo, 'test/fixtures/printed/paging-printed/logbook');
const CASE_ID = 'paging-intake';
const REVIEWER = 'E2E Intake';
const PAPER = `# Follow-then-mark paging

The paper claims that follow-then-mark is $(H_k + O(1))$-competitive for every cache size k.

Its analysis bounds the additive term by a constant that does not depend on k.
`;

interface CaseJson {
  paper: { venueId: string; claims: { id: string; text: string }[] };
  falsifications: {
    id: string;
    claim: string;
    source?: { page?: string; cell?: string };
    checks: { kind: string; params: Record<string, unknown> }[];
  }[];
}

async function caseOnDisk(id: string): Promise<CaseJson> {
  return JSON.parse(await readFile(path.join(serverWorkspace(), id, 'case.json'), 'utf8')) as CaseJson;
}

let tmp = '';
test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-intake-'));
  await writeFile(path.join(tmp, 'paper.md'), PAPER);
  await writeFile(path.join(tmp, 'quantities.json'), '{ "method": { "value": 3.0, "unit": "s/batch of 50" } }\n');
  await writeFile(path.join(tmp, 'quantities-2.json'), '{}\n');
});
test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

test.use({ viewport: { width: 1280, height: 720 } });
test.describe.configure({ mode: 'serial' });

test('intake: new case, claim, quoted falsification, extracted table, growth-fit check, run, decision', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await page.goto(serverUrl());

  // A new case from the paper file and the logbook folder (the venue id is the logbook's paper id).
  await page.getByTestId('new-case').click();
  const dialog = page.getByTestId('new-case-dialog');
  await dialog.getByTestId('logbook-folder-input').setInputFiles(logbookFolder);
  await dialog.getByLabel('Case id').fill(CASE_ID);
  await dialog.getByLabel('Paper summary', { exact: true }).setInputFiles(path.join(tmp, 'paper.md'));
  await dialog.getByLabel('Reviewer').fill(REVIEWER);
  await dialog.getByTestId('create-case').click();
  await expect(dialog.getByTestId('import-summary')).toContainText('4 run cells', { timeout: 30_000 });
  await dialog.getByTestId('open-new-case').click();
  await expect(page.getByTestId(`case-item-${CASE_ID}`)).toHaveAttribute('aria-current', 'true');
  const paper = page.getByTestId('pane-paper');
  await expect(paper.getByTestId('paper-title')).toHaveText('Follow-then-mark paging');

  // A claim from the selected words of the summary.
  await paper.getByTestId('claim-source').locator('p').first().selectText();
  await paper.getByRole('button', { name: 'Make this a claim' }).click();
  await expect(paper.getByTestId('claim-C1')).toContainText('follow-then-mark is');

  // A claimed falsification quoted from the verdict cell.
  const logbook = page.getByTestId('pane-logbook');
  const verdict = logbook.getByTestId('logbook-cell-cell_md_verdict');
  await verdict.scrollIntoViewIfNeeded();
  await verdict.locator('.cell-md p').selectText();
  await verdict.getByRole('button', { name: 'Quote as a claimed falsification' }).click();
  const quote = page.getByTestId('falsification-dialog');
  await expect(quote.getByTestId('falsification-assertion')).toHaveValue('The additive term grows like 0.6 ln k. Claim falsified.');
  await expect(quote.getByLabel('Claim it falsifies')).toHaveValue('C1');
  await quote.getByTestId('add-falsification').click();
  await expect(quote).toBeHidden();
  const f1 = paper.getByTestId('falsification-F1');
  await expect(f1.getByTestId('quote-source-F1')).toHaveText('Sweep / Verdict');

  // The sweep table the run cell printed, extracted (keyboard: the action is a button after the cell's title).
  const sweep = logbook.getByTestId('logbook-cell-cell_sweep_kv');
  await sweep.scrollIntoViewIfNeeded();
  await expect(logbook.getByTestId('logbook-cell-cell_md_intro').getByRole('button', { name: 'Extract table' })).toHaveCount(0);
  await sweep.getByRole('button', { name: 'Extract table' }).focus();
  await page.keyboard.press('Enter');
  const extract = page.getByTestId('extract-table-dialog');
  await expect(extract).toBeVisible();
  await expect(extract.getByLabel('Output path')).toHaveValue('tables/cell_sweep_kv.csv');
  await expect(extract.getByLabel('Output path')).toBeFocused();
  await expect(extract.getByLabel('Table', { exact: true })).toContainText('key-value: k, H_k, ratio, additive, se; 10 rows');
  await expect(extract.getByTestId('extract-allow-elided')).toHaveCount(0);
  await screenshot(page, '20-extract-table-form');
  await extract.getByTestId('extract-submit').click();
  const result = extract.getByTestId('extract-result');
  await expect(result).toContainText('10 rows, 5 columns');
  await expect(result.getByTestId('extract-columns')).toContainText('kH_kratioadditivese');
  await expect(extract.getByTestId('add-check-on-table')).toBeInViewport();
  await screenshot(page, '21-extract-table-done');

  // "Add a check on this table": growth-fit with the table chosen.
  await extract.getByTestId('add-check-on-table').click();
  const add = page.getByTestId('add-check-dialog');
  await expect(add).toBeVisible();
  await expect(extract).toBeHidden();
  await expect(add.getByLabel('Kind')).toHaveValue('growth-fit');
  await expect(add.getByLabel('table', { exact: true })).toHaveValue('tables/cell_sweep_kv.csv');
  await expect(add.getByTestId('initial-note')).toBeVisible();
  // Column params are selects of the table's header (issue 22).
  await add.getByTestId('column-x').selectOption('k');
  await add.getByTestId('column-y').selectOption('additive');
  await add.getByTestId('column-se').selectOption('');
  await add.locator('.schema-field[data-param="asserts"] select').selectOption({ label: 'growth' });
  await screenshot(page, '22-add-check-on-table');
  await add.getByTestId('add-check-submit').click();
  await expect(add).toBeHidden();
  // The check shows its kind and the case file it reads.
  await expect(f1.getByTestId('checks-F1')).toContainText('growth-fit');
  await expect(f1.getByTestId('checks-F1')).toContainText('table: tables/cell_sweep_kv.csv');

  // Run the checks from the UI: the fit supports the falsification, but it rests on the logbook's own printed
  // numbers only, so the decision misses its gate and stays inconclusive, saying so (docs/decisions.md, "Gates").
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  await expect(page.getByTestId('results').getByTestId('result-F1').getByTestId('decision-badge')).toHaveAttribute(
    'data-decision',
    'inconclusive',
  );
  await expect(page.getByTestId('result-gate-F1')).toHaveAttribute('data-gate', 'missed');
  await expect(page.getByTestId('result-gate-F1')).toContainText("logbook's own numbers");
  await expect(f1.getByTestId('decision-badge')).toHaveAttribute('data-decision', 'inconclusive');
  await f1.scrollIntoViewIfNeeded();
  await screenshot(page, '23-decision-gate-missed');

  // The decision panel links the quote to its cell too; the link switches the logbook pane there.
  await page.getByTestId('dock-tab-decide').click();
  await expect(page.getByTestId('form-computed-badge')).toHaveAttribute('data-decision', 'inconclusive');
  await logbook.locator('.pane-body').evaluate((el) => (el as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0)); // node-side types: no DOM lib
  await expect(verdict).not.toBeInViewport();
  await page.getByTestId('decision-quote-source').click();
  await expect(verdict).toBeInViewport();
  await expect(verdict).toHaveClass(/cell-revealed/);
  await expect(verdict).toBeFocused();
  await screenshot(page, '24-quote-source-revealed');

  // On disk: the claim, the falsification with its source, the check on the extracted table, the CSV.
  const c = await caseOnDisk(CASE_ID);
  expect(c.paper.venueId).toBe('openreview:example-follow-then-mark');
  expect(c.falsifications[0]).toMatchObject({ id: 'F1', claim: 'C1', source: { page: 'sweep', cell: 'cell_md_verdict' } });
  expect(c.falsifications[0]!.checks).toEqual([
    expect.objectContaining({
      kind: 'growth-fit',
      params: { table: 'tables/cell_sweep_kv.csv', x: 'k', y: 'additive', asserts: 'growth' },
    }),
  ]);
  const csv = await readFile(path.join(serverWorkspace(), CASE_ID, 'tables/cell_sweep_kv.csv'), 'utf8');
  expect(csv.split('\n')[0]).toBe('k,H_k,ratio,additive,se');
  expect(csv).toContain('1024,7.5092,12.1081,4.5989,0.0290');
  expect(consoleErrors).toEqual([]);
});

test('extract: the truncated table of cell_long is refused with its reason, then taken with "Allow elided rows"', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE_ID}`).click();
  const long = page.getByTestId('pane-logbook').getByTestId('logbook-cell-cell_long');
  await long.scrollIntoViewIfNeeded();
  await long.getByRole('button', { name: 'Extract table' }).click();
  const extract = page.getByTestId('extract-table-dialog');
  await expect(extract.getByLabel('Table', { exact: true })).toContainText(
    '1: key-value: step, loss, lr; 554 rows (rows may be missing: elided output)',
  );
  await extract.getByTestId('extract-submit').click();
  const refusal = extract.getByTestId('extract-refusal');
  await expect(refusal).toContainText('123037 characters were elided from cell cell_long');
  await expect(refusal).toContainText('may be missing rows there; extract what is there with “Allow elided rows”');
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);
  const allow = extract.getByLabel('Allow elided rows: extract what is there (recorded in the provenance)');
  await expect(allow).not.toBeChecked();
  await expect(extract.getByTestId('extract-submit')).toBeInViewport();
  await screenshot(page, '25-extract-refused-elided');
  await allow.check();
  await expect(extract.getByTestId('extract-submit')).toHaveText('Extract what is there');
  await extract.getByTestId('extract-submit').click();
  await expect(extract.getByTestId('extract-result')).toContainText('554 rows, 3 columns');
  await expect(extract.getByTestId('extract-notes')).toContainText('warning: 123037 characters were elided');
  await screenshot(page, '26-extract-elided-taken');
  await extract.getByRole('button', { name: 'Done' }).click();
  await expect(extract).toBeHidden();

  // The whole table after the elision is taken without asking.
  await long.getByRole('button', { name: 'Extract table' }).click();
  await extract.getByLabel('Output path').fill('tables/final.csv');
  await extract.getByLabel('Table', { exact: true }).selectOption('2');
  await extract.getByTestId('extract-submit').click();
  await expect(extract.getByTestId('extract-result')).toContainText('4 rows, 3 columns');
  await expect(extract.getByTestId('extract-notes')).toContainText('lies wholly outside the elided part');
  await extract.getByRole('button', { name: 'Done' }).click();
  const provenance = JSON.parse(await readFile(path.join(serverWorkspace(), CASE_ID, 'tables/cell_long.csv.provenance.json'), 'utf8')) as {
    elision: { rowsMayBeMissing: boolean } | null;
  };
  expect(provenance.elision?.rowsMayBeMissing).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('add a file: from the sandbox pane’s empty state, and beside a case-file param of the Add check form', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE_ID}`).click();
  const sandbox = page.getByTestId('pane-sandbox');
  await expect(sandbox.getByTestId('sandbox-empty')).toBeVisible();
  await sandbox.getByRole('button', { name: 'Add a file to the case' }).first().click();
  const addFile = page.getByTestId('add-file-dialog');
  await addFile.getByTestId('add-file-input').setInputFiles(path.join(tmp, 'quantities.json'));
  await expect(addFile.getByLabel('Path in the case')).toHaveValue('sandbox/quantities.json');
  await screenshot(page, '27-add-file');
  await addFile.getByTestId('add-file-submit').click();
  await expect(addFile).toBeHidden();
  await expect(sandbox.getByTestId('sandbox-tab-sandbox/quantities.json')).toBeVisible();
  await expect(sandbox.getByTestId('sandbox-empty')).toHaveCount(0);
  await expect(sandbox.locator('.view-lines')).toContainText('s/batch of 50');

  // The same file again is refused by the core in one line (nothing is overwritten).
  await sandbox.getByTestId('sandbox-add-file').click();
  await addFile.getByTestId('add-file-input').setInputFiles(path.join(tmp, 'quantities.json'));
  await addFile.getByTestId('add-file-submit').click();
  await expect(addFile.getByTestId('add-file-error')).toContainText('already exists in the case: nothing was overwritten');
  expect(takeExpectedConsoleErrors(consoleErrors, /status of 400 \(Bad Request\)/)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(addFile).toBeHidden();

  // Beside a case-file param: the file comes in and the param is set to it; Escape closes only the top dialog.
  await page.getByTestId('pane-paper').getByRole('button', { name: 'Add check to F1' }).click();
  const add = page.getByTestId('add-check-dialog');
  await add.getByLabel('Kind').selectOption('units-audit');
  await add.getByRole('button', { name: 'Add a file to the case for quantities' }).click();
  await expect(addFile).toBeVisible();
  await expect(addFile.getByRole('heading')).toHaveText('Add a file to paging-intake for quantities');
  await page.keyboard.press('Escape');
  await expect(addFile).toBeHidden();
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Add a file to the case for quantities' }).click();
  await addFile.getByTestId('add-file-input').setInputFiles(path.join(tmp, 'quantities-2.json'));
  await addFile.getByLabel('Path in the case').fill('sandbox/units/quantities-2.json');
  await screenshot(page, '28-add-file-from-check-form');
  await addFile.getByTestId('add-file-submit').click();
  await expect(addFile).toBeHidden();
  await expect(add.locator('.schema-field[data-param="quantities"] select')).toHaveValue('sandbox/units/quantities-2.json');
  await expect(add.getByLabel('quantities: path inside the case')).toHaveCount(0);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
  await expect(sandbox.getByTestId('sandbox-tab-sandbox/units/quantities-2.json')).toBeVisible();
  expect(await readFile(path.join(serverWorkspace(), CASE_ID, 'sandbox/units/quantities-2.json'), 'utf8')).toBe('{}\n');
  expect(consoleErrors).toEqual([]);
});

test('compare: a second logbook imported, two logbooks side by side under the settings they print', async ({ page, consoleErrors }) => {
  // A second logbook on the same claim: the same sweep stopped at k = 16, in float32, another seed.
  const second = writeTrackioLogbook(path.join(tmp, 'short-sweep'), {
    title: 'Short sweep to k = 16',
    paper: 'openreview:example-follow-then-mark',
    pages: [
      {
        slug: 'short',
        title: 'Short sweep',
        cells: [
          { type: 'markdown', id: 'cell_short_md', title: 'Setup', body: 'We swept k up to 16 only, in float32, with seed=3.' },
          {
            type: 'run',
            id: 'cell_short_run',
            command: ['python3', 'sweep.py', '--seed', '3'],
            exitCode: 0,
            durationS: 0.4,
            output: 'k=2 additive=0.8759\nk=4 additive=1.2718\nk=8 additive=1.7077\nk=16 additive=2.1036\nverdict: bounded (float32)\n',
          },
        ],
      },
    ],
  });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE_ID}`).click();
  const logbook = page.getByTestId('pane-logbook');
  await expect(logbook.getByTestId('compare-logbooks')).toHaveCount(0);
  await logbook.getByRole('button', { name: 'Import logbook' }).click();
  const imp = page.getByTestId('import-logbook-dialog');
  await imp.getByTestId('logbook-folder-input').setInputFiles(second);
  await imp.getByRole('button', { name: 'Import logbook' }).click();
  await expect(imp.getByTestId('import-summary')).toContainText('Updated case');
  await imp.getByRole('button', { name: 'Done' }).click();

  const toggle = logbook.getByRole('button', { name: 'Compare logbooks' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The logbook pane takes the width; the other panes stay, hidden.
  await expect(page.getByTestId('pane-paper')).toBeHidden();
  const view = logbook.getByTestId('compare-view');
  await expect(view.getByLabel('Logbook A', { exact: true })).toHaveValue('L1');
  await expect(view.getByLabel('Logbook B', { exact: true })).toHaveValue('L2');
  const settings = view.getByTestId('compare-settings');
  const seed = settings.getByTestId('setting-seed');
  await expect(seed).toHaveAttribute('data-comparison', 'differs');
  // Marked in words and a symbol, not by colour alone.
  await expect(seed.locator('.cmp-mark')).toHaveText('≠ differs');
  await expect(settings.getByTestId('setting-scale')).toHaveAttribute('data-comparison', 'differs');
  await expect(settings.getByTestId('compare-summary')).toContainText('differ');
  await screenshot(page, '29-compare-logbooks');

  // A value links to the cell it was printed in: the column of its logbook scrolls there.
  const colB = view.getByTestId('compare-column-b');
  const link = seed.locator('td').nth(2).getByTestId('setting-value-link').first();
  await expect(link).toHaveText('3');
  const target = await link.getAttribute('data-cell-target');
  expect(target === 'cell_short_md' || target === 'cell_short_run').toBe(true);
  await link.click();
  const cell = colB.getByTestId(`logbook-cell-${target}`);
  await expect(cell).toBeInViewport();
  await expect(cell).toHaveClass(/cell-revealed/);
  const colA = view.getByTestId('compare-column-a');
  const aLink = seed.locator('td').nth(1).getByTestId('setting-value-link').first();
  await aLink.click();
  const aCell = colA.getByTestId(`logbook-cell-${await aLink.getAttribute('data-cell-target')}`);
  await expect(aCell).toBeInViewport();
  await expect(aCell).toHaveClass(/cell-revealed/);
  await screenshot(page, '30-compare-value-linked');

  // Swapping: choosing A's logbook for B swaps the two.
  await view.getByLabel('Logbook B', { exact: true }).selectOption('L1');
  await expect(view.getByLabel('Logbook A', { exact: true })).toHaveValue('L2');
  await expect(settings.getByTestId('setting-seed')).toHaveAttribute('data-comparison', 'differs');
  await toggle.click();
  await expect(page.getByTestId('pane-paper')).toBeVisible();

  // Where the quote came from switches the pane to its logbook: from the falsification list...
  const verdict = logbook.getByTestId('logbook-cell-cell_md_verdict');
  await logbook.getByTestId('logbook-tab-L2').click();
  await expect(verdict).toHaveCount(0);
  await page.getByTestId('pane-paper').getByTestId('quote-source-F1').click();
  await expect(logbook.getByTestId('logbook-tab-L1')).toHaveAttribute('aria-selected', 'true');
  await expect(verdict).toBeInViewport();
  await expect(verdict).toHaveClass(/cell-revealed/);
  // ... and from the decision panel, which also leaves the side-by-side view.
  await toggle.click();
  await page.getByTestId('dock-tab-decide').click();
  await page.getByTestId('decision-quote-source').click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('pane-paper')).toBeVisible();
  await expect(verdict).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});
