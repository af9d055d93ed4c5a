// Issue 20's first "Done when", with the UI alone (browser mode): the paired-seeds logbook (a claim about a
// paired comparison over five seeds; a verdict cell that calls it falsified from an unpaired Welch test) is
// imported as a new case, the claim is made from the paper's text, the finding quoted from the verdict cell, the
// five-seed table extracted from the run cell, a hypothesis-test check added through the form generated from its
// schema (paired t as the claim's test, Welch as the finding's), the checks run (falsification refuted), the
// checklist answered, the verdict recorded and the letter opened: sendable, stating scipy's numbers for both
// tests and naming the mismatch. Screenshots of the key steps go to /work/notes/shots/paired-seeds-*.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PYTHON } from '../helpers/required';
import {
  PAIRED_CLAIM,
  PAIRED_RUN_CELL,
  PAIRED_VERDICT,
  PAIRED_VERDICT_CELL,
  writePairedSeedsLogbook,
} from '../helpers/paired-seeds-logbook';
import { expect, serverUrl, serverWorkspace, test } from './fixtures';

const CASE_ID = 'paired-seeds';
const REVIEWER = 'E2E Paired';
const SHOTS = '/work/notes/shots';
const TABLE = `tables/${PAIRED_RUN_CELL}.csv`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `paired-seeds-${name}.png`) });
}

interface TestNumbers {
  t: number;
  p: number;
  dof: number;
}

/** scipy's paired and Welch t tests on the CSV the UI extracted (read by Python's csv module). */
function scipyOn(csvPath: string): { paired: TestNumbers; welch: TestNumbers } {
  const script = `
import csv, json, sys
from scipy import stats
rows = list(csv.DictReader(open(sys.argv[1])))
m = [float(r['method']) for r in rows]; b = [float(r['baseline']) for r in rows]
pr = stats.ttest_rel(m, b); w = stats.ttest_ind(m, b, equal_var=False)
va, vb, n = stats.tvar(m), stats.tvar(b), len(m)
wdof = (va / n + vb / n) ** 2 / ((va / n) ** 2 / (n - 1) + (vb / n) ** 2 / (n - 1))
print(json.dumps({'paired': {'t': float(pr.statistic), 'p': float(pr.pvalue), 'dof': float(pr.df)},
  'welch': {'t': float(w.statistic), 'p': float(w.pvalue), 'dof': float(wdof)}}))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', script, csvPath], { encoding: 'utf8' })) as { paired: TestNumbers; welch: TestNumbers };
}

/** The printed number is `exact` rounded to the digits printed (half a unit in the last place). */
function printedMatches(printed: string, exact: number): boolean {
  const [mant, exp = '0'] = printed.toLowerCase().split('e');
  const decimals = (mant!.split('.')[1] ?? '').length;
  return Math.abs(Number(printed) - exact) <= 10 ** (Number(exp) - decimals) / 2 + Math.abs(exact) * 1e-12;
}

const NUM = String.raw`(\d+(?:\.\d+)?(?:e-?\d+)?)`;

let tmp = '';
let logbookFolder = '';
test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-paired-'));
  logbookFolder = writePairedSeedsLogbook(path.join(tmp, 'logbook'));
  await writeFile(path.join(tmp, 'paper.md'), `# Paired seeds paper\n\n${PAIRED_CLAIM}\n`);
});
test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

test.use({ viewport: { width: 1440, height: 900 } });

test('paired seeds: import, claim, quoted finding, extracted table, hypothesis-test check, run, checklist, verdict, sendable letter', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await page.goto(serverUrl());

  // A new case from the paper file and the logbook folder.
  await page.getByTestId('new-case').click();
  const dialog = page.getByTestId('new-case-dialog');
  await dialog.getByTestId('logbook-folder-input').setInputFiles(logbookFolder);
  await dialog.getByLabel('Case id').fill(CASE_ID);
  await dialog.getByLabel('Paper summary', { exact: true }).setInputFiles(path.join(tmp, 'paper.md'));
  await dialog.getByLabel('Reviewer').fill(REVIEWER);
  await dialog.getByTestId('create-case').click();
  await expect(dialog.getByTestId('import-summary')).toContainText('1 run cell', { timeout: 30_000 });
  await shot(page, '01-imported');
  await dialog.getByTestId('open-new-case').click();
  await expect(page.getByTestId(`case-item-${CASE_ID}`)).toHaveAttribute('aria-current', 'true');
  const paper = page.getByTestId('pane-paper');
  await expect(paper.getByTestId('paper-title')).toHaveText('Paired seeds paper');

  // The claim from the paper's text.
  await paper.getByTestId('claim-source').locator('p').first().selectText();
  await paper.getByRole('button', { name: 'Make this a claim' }).click();
  await expect(paper.getByTestId('claim-C1')).toContainText('paired comparison over the same seeds');

  // The finding (the logbook says falsified) quoted from the verdict cell.
  const logbook = page.getByTestId('pane-logbook');
  const verdict = logbook.getByTestId(`logbook-cell-${PAIRED_VERDICT_CELL}`);
  await verdict.scrollIntoViewIfNeeded();
  await verdict.locator('.cell-md p').selectText();
  await verdict.getByRole('button', { name: 'Quote as a claimed falsification' }).click();
  const quote = page.getByTestId('falsification-dialog');
  await expect(quote.getByTestId('falsification-assertion')).toHaveValue(`${PAIRED_VERDICT}.`);
  await expect(quote.getByTestId('finding-says')).toHaveValue('falsified');
  await expect(quote.getByLabel('Claim it falsifies')).toHaveValue('C1');
  await quote.getByTestId('add-falsification').click();
  await expect(quote).toBeHidden();
  const f1 = paper.getByTestId('falsification-F1');
  await expect(f1).toContainText(PAIRED_VERDICT);

  // The five-seed table the run cell printed, extracted.
  const run = logbook.getByTestId(`logbook-cell-${PAIRED_RUN_CELL}`);
  await run.scrollIntoViewIfNeeded();
  await run.getByRole('button', { name: 'Extract table' }).click();
  const extract = page.getByTestId('extract-table-dialog');
  await expect(extract.getByLabel('Output path')).toHaveValue(TABLE);
  await extract.getByTestId('extract-submit').click();
  await expect(extract.getByTestId('extract-result')).toContainText('5 rows, 3 columns');
  await expect(extract.getByTestId('extract-columns')).toContainText('seedbaselinemethod');
  await shot(page, '02-extracted');
  const csvPath = path.join(serverWorkspace(), CASE_ID, TABLE);
  const oracle = scipyOn(csvPath);

  // "Add a check on this table", then the hypothesis-test kind through its generated form.
  await extract.getByTestId('add-check-on-table').click();
  const add = page.getByTestId('add-check-dialog');
  await expect(add).toBeVisible();
  await add.getByLabel('Kind').selectOption('hypothesis-test');
  const param = (name: string) => add.locator(`.schema-field[data-param="${name}"]`);
  // Another kind keeps the table the dialog was opened for (not the new kind's example path, absent from the case).
  await expect(param('table').locator('select').first()).toHaveValue(TABLE);
  await expect(add.getByTestId('case-path-typed-table')).toHaveCount(0);
  await add.getByLabel('Title').fill('paired t on the five seeds');
  await add.getByTestId('column-a').selectOption('method');
  await add.getByTestId('column-b').selectOption('baseline');
  await param('test').locator('select').selectOption({ label: 'paired-t' });
  await param('alternative').locator('select').selectOption({ label: 'two-sided' });
  await param('level').locator('input').fill('0.95');
  await param('decideAt').locator('input').fill('0.05');
  await param('expect').locator('select').selectOption({ label: 'difference' });
  // An optional group says so: its starred fields are required only when the group is filled at all.
  await expect(add.locator('.schema-group[data-param="claimTest"]')).toContainText(
    'optional: leave it all empty, or fill the fields marked *',
  );
  await param('findingTest.test').locator('select').selectOption({ label: 'welch' });
  await param('findingTest.alternative').locator('select').selectOption({ label: 'two-sided' });
  await add.getByLabel('Kind').scrollIntoViewIfNeeded();
  await shot(page, '03-add-check-form-top');
  await param('decideAt').scrollIntoViewIfNeeded();
  await shot(page, '04-add-check-form-tests');
  await add.getByTestId('add-check-submit').click();
  await expect(add).toBeHidden();
  await expect(f1.getByTestId('checks-F1')).toContainText('hypothesis-test');

  // Run: falsification refuted, the paired test's numbers and the mismatch in the result.
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  const result = page.getByTestId('results').getByTestId('result-F1');
  await expect(result.getByTestId('decision-badge')).toHaveAttribute('data-decision', 'refuted');
  await expect(result).toContainText('t = 17.9, 4 dof, p = 5.7e-5');
  await expect(result).toContainText(
    'the finding used an unpaired test (Welch t test (two-sided)) where the claim is about paired observations',
  );
  await result.scrollIntoViewIfNeeded();
  await shot(page, '05-run-refuted');

  // The checklist, answered in the decision panel.
  await page.getByTestId('dock-tab-decide').click();
  const checklist = page.getByTestId('checklist');
  const answer = async (q: string, how: { na: string } | { check: string; note?: string }) => {
    await checklist.getByTestId(`checklist-edit-${q}`).click();
    const form = checklist.getByTestId(`checklist-form-${q}`);
    if ('na' in how) {
      await form.getByLabel('Not applicable').check();
      await form.getByTestId('checklist-reason').fill(how.na);
    } else {
      await form.getByLabel('Answered by checks').check();
      await form.getByRole('checkbox', { name: new RegExp(how.check) }).check();
      if (how.note !== undefined) await form.getByTestId('checklist-note').fill(how.note);
    }
    await form.getByTestId('checklist-save').click();
    await expect(checklist.getByTestId(`checklist-item-${q}`)).toHaveAttribute('data-status', 'na' in how ? 'not-applicable' : 'answered');
  };
  await answer('horizon', { na: 'Five seeds are the whole design; the paired test needs 5 pairs and has them.' });
  await answer('precision', { check: 'hypothesis-test', note: 'p from the Student t law on 4 dof.' });
  await answer('units', { na: 'Both columns are the same metric on the same seeds.' });
  await answer('code-vs-theory', { check: 'hypothesis-test', note: 'The logbook ran an unpaired Welch test where the claim is paired.' });
  await answer('padding', { na: 'No sequences.' });
  await answer('independent', { check: 'hypothesis-test' });
  await expect(checklist.getByTestId('checklist-counts')).toHaveText('3 answered, 3 not applicable, 0 open');

  // The verdict, agreeing with the computed decision.
  const form = page.getByTestId('decision-form');
  await expect(form.getByTestId('form-computed-badge')).toHaveAttribute('data-decision', 'refuted');
  await form.getByLabel(/^falsification refuted/).check();
  await form
    .getByTestId('decision-rationale')
    .fill("The claim is about paired seeds: the paired t test on the logbook's own table finds the difference.");
  await form.getByLabel('Reviewer').fill(REVIEWER);
  await page.getByTestId('record-decision').click();
  await expect(form.getByTestId('decision-message')).toHaveText('Recorded “falsification refuted” for F1.');
  await form.getByTestId('decision-message').scrollIntoViewIfNeeded();
  await shot(page, '06-verdict-recorded');
  await checklist.getByTestId('checklist-counts').scrollIntoViewIfNeeded();
  await shot(page, '07-checklist-answered');

  // The letter: sendable, stating the numbers of both tests (scipy's, to the digits printed) and the mismatch.
  await page.getByTestId('draft-letter').click();
  const letter = page.getByTestId('letter-dialog');
  await expect(letter.getByTestId('letter-ready')).toBeVisible();
  await expect(letter.getByTestId('letter-not-ready')).toHaveCount(0);
  const preview = letter.getByTestId('letter-preview');
  await expect(preview).toContainText('falsification refuted: the claim stands');
  await expect(preview).toContainText(PAIRED_VERDICT);
  await expect(preview).toContainText('paired t on the five seeds');
  await expect(preview).toContainText(
    'the finding used an unpaired test (Welch t test (two-sided)) where the claim is about paired observations',
  );
  const text = (await preview.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toMatch(/not ready/i);
  const paired = new RegExp(String.raw`paired t test \(two-sided\) gives t = ${NUM} with ${NUM} dof, p = ${NUM}`).exec(text);
  expect(paired, 'the paired test in the letter').not.toBeNull();
  expect(printedMatches(paired![1]!, oracle.paired.t)).toBe(true);
  expect(Number(paired![2])).toBe(oracle.paired.dof);
  expect(printedMatches(paired![3]!, oracle.paired.p)).toBe(true);
  const welch = new RegExp(String.raw`Welch t test \(two-sided\) gives t = ${NUM} with ${NUM} dof, p = ${NUM}`).exec(text);
  expect(welch, 'the Welch test in the letter').not.toBeNull();
  expect(printedMatches(welch![1]!, oracle.welch.t)).toBe(true);
  expect(printedMatches(welch![2]!, oracle.welch.dof)).toBe(true);
  expect(printedMatches(welch![3]!, oracle.welch.p)).toBe(true);
  await shot(page, '08-letter');
  await preview.getByText(/the claim's paired t test/).scrollIntoViewIfNeeded();
  await shot(page, '09-letter-numbers');

  // On disk: the check as the form sent it.
  const c = JSON.parse(await readFile(path.join(serverWorkspace(), CASE_ID, 'case.json'), 'utf8')) as {
    falsifications: { checks: { kind: string; params: Record<string, unknown> }[] }[];
  };
  expect(c.falsifications[0]!.checks).toEqual([
    expect.objectContaining({
      kind: 'hypothesis-test',
      params: {
        table: TABLE,
        a: 'method',
        b: 'baseline',
        test: 'paired-t',
        alternative: 'two-sided',
        level: 0.95,
        decideAt: 0.05,
        expect: 'difference',
        findingTest: { test: 'welch', alternative: 'two-sided' },
      },
    }),
  ]);
  expect(consoleErrors).toEqual([]);
});
