// Issue 19 item 6 / issue 22, the reviewer's flow in the workbench: "Add check" offers the table's real columns
// (the kind's example y=additive, se=se is marked and refused by the core), a wrong check is withdrawn with its
// reason (struck through, in the history), the finding's decision goes stale and comes back, a claim with
// findings in force is not withdrawn, and paper.md is edited (unsaved edits ask before being lost).
import { cpSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, screenshot, serverUrl, serverWorkspace, takeExpectedConsoleErrors, test } from './fixtures';

const ID = 'withdraw-e2e';
const repo = path.resolve(import.meta.dirname, '../..');

/** The bundled timing case under its own id, with a k, ratio, H_k table (built beside the workspace, then renamed in). */
function withdrawCase(): string {
  const dir = path.join(serverWorkspace(), ID);
  if (existsSync(dir)) return dir;
  const tmp = `${serverWorkspace()}-${ID}-${process.pid}`;
  cpSync(path.join(repo, 'cases/timing-normalization'), tmp, { recursive: true, filter: (src) => !/[/\\]runs[/\\].+/.test(src) });
  const json = JSON.parse(readFileSync(path.join(tmp, 'case.json'), 'utf8')) as { id: string; title: string };
  json.id = ID;
  json.title = 'Withdraw and edit (e2e)';
  writeFileSync(path.join(tmp, 'case.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(tmp, 'sandbox', 'sweep.csv'), 'k,ratio,H_k\n2,1.5,1.5\n4,2.1,2.083\n8,2.7,2.718\n16,3.4,3.381\n');
  renameSync(tmp, dir);
  return dir;
}

test.use({ viewport: { width: 1600, height: 1000 } });

test('columns offered, a wrong check withdrawn with its reason, a stale decision, paper.md edited', async ({ page, consoleErrors }) => {
  test.setTimeout(150_000);
  const dir = withdrawCase();
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${ID}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', ID);
  const f1 = page.getByTestId('falsification-F1');

  // A decision first: F1's two checks run and decide.
  await page.getByTestId('run-F1').click();
  await expect(f1.getByTestId('decision-badge')).toBeVisible({ timeout: 60_000 });

  // "Add check" with growth-fit on the case's table: x, y and se are selects of its header; the kind's example
  // (y=additive, se=se) is marked as not a column, and the core refuses it in one line.
  await page.getByTestId('add-check-F1').click();
  const dialog = page.getByTestId('add-check-dialog');
  await dialog.getByTestId('check-kind').selectOption('growth-fit');
  await dialog.locator('[data-param="table"] select').selectOption('sandbox/sweep.csv');
  const y = dialog.getByTestId('column-y');
  await expect(y).toBeVisible();
  await expect(y.locator('option')).toHaveText([
    'choose a column of sandbox/sweep.csv…',
    'k',
    'ratio',
    'H_k',
    'additive (not a column of the table)',
  ]);
  await expect(dialog.getByTestId('column-unknown-y')).toContainText('has no column “additive” (columns: k, ratio, H_k)');
  await dialog.getByTestId('add-check-submit').click();
  await expect(dialog.getByTestId('add-check-error')).toContainText(
    'param y: no column "additive" in sandbox/sweep.csv (columns: k, ratio, H_k)',
  );
  takeExpectedConsoleErrors(consoleErrors, /status of 400|Bad Request/);
  await screenshot(page, 'withdraw-columns');
  await y.selectOption('ratio');
  await dialog.getByTestId('column-se').selectOption('');
  await dialog.getByTestId('add-check-submit').click();
  await expect(dialog).toBeHidden();
  await expect(f1.getByTestId('declared-check-growth-fit-1')).toBeVisible();
  // A check added since the run: F1's decision is stale, not shown as current.
  await expect(f1.getByTestId('stale-F1')).toBeVisible();
  await expect(f1.getByTestId('stale-reason-F1')).toHaveText('the checks changed since this run (check growth-fit-1 added): run again');
  await expect(f1.getByTestId('decision-badge')).toHaveCount(0);

  // Withdrawn with its reason: struck through, who and why shown; the run's checks are the checks in force again.
  await f1.getByTestId('withdraw-check-F1-growth-fit-1').click();
  await f1.getByTestId('withdraw-reason-check-F1-growth-fit-1').fill('added to try the form; the table is not this finding’s evidence');
  await f1.getByTestId('withdraw-submit-check-F1-growth-fit-1').click();
  const withdrawn = f1.getByTestId('declared-check-growth-fit-1');
  await expect(withdrawn).toHaveAttribute('data-withdrawn', 'true');
  await expect(withdrawn.locator('s')).toContainText('growth-fit-1');
  await expect(f1.getByTestId('withdrawn-check-F1-growth-fit-1')).toContainText('the table is not this finding’s evidence');
  await expect(f1.getByTestId('decision-badge')).toBeVisible();
  await expect(page.getByTestId('run-F1')).toHaveText('Run 2 checks');
  const stored = JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')) as {
    falsifications: { checks: { id: string; withdrawn?: { reason: string } }[] }[];
  };
  expect(stored.falsifications[0]?.checks.find((c) => c.id === 'growth-fit-1')?.withdrawn?.reason).toBe(
    'added to try the form; the table is not this finding’s evidence',
  );
  await screenshot(page, 'withdraw-check');

  // A claim with a finding in force is not withdrawn: the refusal names the finding.
  await page.getByTestId('withdraw-claim-C1').click();
  await page.getByTestId('withdraw-reason-claim-C1').fill('misquoted from the paper');
  await page.getByTestId('withdraw-submit-claim-C1').click();
  await expect(page.getByTestId('withdraw-error-claim-C1')).toContainText('claim C1 still has findings in force (F1): withdraw them first');
  takeExpectedConsoleErrors(consoleErrors, /status of 400|Bad Request/);

  // paper.md: Cancel with unsaved edits asks first (dismissed: the edits stay), then Save writes it.
  await page.getByTestId('edit-paper').click();
  const text = page.getByTestId('paper-editor-text');
  await text.fill('# Batched rollouts\n\nClaim 1: at least $8\\times$ faster per trajectory.\n');
  await expect(page.getByTestId('paper-dirty')).toBeVisible();
  page.once('dialog', (d) => void d.dismiss());
  await page.getByTestId('paper-cancel').click();
  await expect(text).toBeVisible();
  await page.getByTestId('paper-save').click();
  await expect(page.getByTestId('paper-editor')).toBeHidden();
  await expect(page.getByTestId('pane-paper')).toContainText('at least');
  expect(readFileSync(path.join(dir, 'paper.md'), 'utf8')).toBe(
    '# Batched rollouts\n\nClaim 1: at least $8\\times$ faster per trajectory.\n',
  );
  const audit = readFileSync(path.join(dir, 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { details?: { edit?: string } });
  expect(audit.map((e) => e.details?.edit).filter((e) => e !== undefined)).toEqual(['add-check', 'withdraw-check', 'edit-paper']);
});
