// Issue 20, item 6, in the workbench: a growth-fit check declares a derived column (additive = ratio - `H_k`)
// through the "Add check" form generated from its schema; once declared, the derived name is offered in the
// column selects beside the table's header; the check runs and its result names the expression and says it is
// exact. A derived column naming no column is refused in one line naming the kind, the param and the column.
// Screenshots: /work/notes/shots/stop30-derived-*.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { caseCopy, expect, serverUrl, serverWorkspace, takeExpectedConsoleErrors, test } from './fixtures';

const SHOTS = '/work/notes/shots';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `stop30-derived-${name}.png`) });
}

/** A logbook's k, ratio, H_k table: ratio grows like H_k + 0.4 ln k, both printed with 8 decimals. */
function rawTable(): string {
  const ks = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  const h = (k: number) => Array.from({ length: k }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);
  const rows = ks.map((k, i) => `${k},${(h(k) + 0.4 * Math.log(k) + 0.01 * Math.sin(3 * i)).toFixed(8)},${h(k).toFixed(8)}`);
  return `k,ratio,H_k\n${rows.join('\n')}\n`;
}

test.use({ viewport: { width: 1600, height: 1000 } });

test('a growth-fit check with a derived column: declared in the form, offered in the column selects, run', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const id = caseCopy('timing-normalization', 'derived-column-e2e');
  mkdirSync(path.join(serverWorkspace(), id, 'tables'), { recursive: true });
  writeFileSync(path.join(serverWorkspace(), id, 'tables', 'raw.csv'), rawTable());
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${id}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', id);
  const f1 = page.getByTestId('falsification-F1');

  await page.getByTestId('add-check-F1').click();
  const dialog = page.getByTestId('add-check-dialog');
  await dialog.getByTestId('check-kind').selectOption('growth-fit');
  await dialog.locator('[data-param="table"] select').selectOption('tables/raw.csv');
  const derive = dialog.locator('[data-param="derive"] input');
  await expect(dialog.locator('[data-param="derive"]')).toContainText(
    `derived columns 'NAME = EXPR' (calc grammar), in order; the column params may name them · several separated by ";"`,
  );

  // A derived column reading a column the table lacks: refused by the core in one line.
  await derive.fill('additive = ratio - Hk');
  await dialog.getByTestId('column-y').selectOption('additive');
  await dialog.getByTestId('column-se').selectOption('');
  await dialog.getByTestId('add-check-submit').click();
  await expect(dialog.getByTestId('add-check-error')).toContainText(
    'check kind growth-fit: param derive.0: derived column "additive" (ratio - Hk): unknown column "Hk" (columns: "k", "ratio", "H_k")',
  );
  takeExpectedConsoleErrors(consoleErrors, /status of 400|Bad Request/);

  // Declared right, the derived name joins the table's header in the column selects (soft: the rest of the flow
  // runs and says what else holds; the test still fails if the selects do not offer it).
  await derive.fill('additive = ratio - `H_k`');
  const y = dialog.getByTestId('column-y');
  await expect.soft(y.locator('option')).toHaveText(['choose a column of tables/raw.csv…', 'k', 'ratio', 'H_k', 'additive']);
  await expect.soft(dialog.getByTestId('column-x').locator('option')).toContainText(['additive']);
  await expect.soft(dialog.getByTestId('column-unknown-y')).toHaveCount(0);
  await dialog.getByTestId('column-x').selectOption('k');
  await y.selectOption('additive');
  await dialog.getByLabel('Title').fill('additive term, derived from ratio and H_k');
  await dialog.locator('[data-param="derive"]').scrollIntoViewIfNeeded();
  await shot(page, 'form');
  await dialog.getByTestId('add-check-submit').click();
  await expect(dialog).toBeHidden();
  await expect(f1.getByTestId('declared-check-growth-fit-1')).toBeVisible();

  // Run: the result names the expression and says every cell is exact.
  await page.getByTestId('run-F1').click();
  const row = page.getByTestId('results').getByTestId('check-growth-fit-1');
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.locator('.check-summary')).toContainText('Derived: additive = ratio - `H_k` (from ratio, H_k; exact in all 10 rows).');
  await expect(row.locator('.check-summary')).toContainText('Conclusion: grows at level 0.05 over 10 points up to k = 1024');
  await row.locator('.check-summary').scrollIntoViewIfNeeded();
  await shot(page, 'result');

  // Bad input found when the check runs (a ratio cell that is not a number): the row says it in one line of words
  // naming the table, the line and the derived column, with a "bad input" badge (cause bad-input), and no stack.
  const table = path.join(serverWorkspace(), id, 'tables', 'raw.csv');
  writeFileSync(table, rawTable().replace(/\n4,[^,]+,/, '\n4,n/a,'));
  await page.getByTestId('run-F1').click();
  const summary = row.locator('.check-summary');
  await expect(summary).toHaveText(/^tables\/raw\.csv: line 3: derived column "additive" \(ratio - `H_k`\): .*"n\/a"/, { timeout: 60_000 });
  await expect(row.getByTestId('outcome-badge')).toHaveText('bad input');
  await expect(row.getByTestId('outcome-badge')).toHaveAttribute('title', /fix its input, then run it again/);
  expect((await summary.innerText()).split('\n')).toHaveLength(1);
  await expect(row).not.toContainText(/\bat \S+ \(/);
  await summary.scrollIntoViewIfNeeded();
  await shot(page, 'bad-input');
  expect(consoleErrors).toEqual([]);
});
