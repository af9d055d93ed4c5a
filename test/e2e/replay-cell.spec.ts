// Issue 20 item 1 in the UI: "Replay" on a run cell declares a replay check of that cell (the add-check dialog
// opened on the replay kind with the cell filled in), the run re-executes the logbook's own Python in the sandbox,
// and the result says that it prints what the logbook printed, with the numbers compared. A case of its own (a
// copy of the timing case) so the bundled one other specs read is untouched.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { caseCopy, expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const CASE = 'replay-timing';
const CELL = 'cell_cad14a3ec345';

test('Replay on a run cell declares a replay check; the run re-executes the cell and it reproduces the printed output', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  caseCopy('timing-normalization', CASE);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const cell = page.getByTestId('pane-logbook').locator(`[data-cell="${CELL}"]`).first();
  await expect(cell).toBeVisible();
  // A markdown cell has no Replay; the run cell has.
  await expect(page.getByTestId('pane-logbook').locator('[data-cell="cell_633118cc0c78"]').first().getByTestId('replay-cell')).toHaveCount(
    0,
  );
  await cell.getByTestId('replay-cell').click();
  const add = page.getByTestId('add-check-dialog');
  await expect(add).toBeVisible();
  await expect(add.getByLabel('Kind')).toHaveValue('replay');
  await expect(add.locator('.schema-field[data-param="cell"] input')).toHaveValue(CELL);
  await expect(add.getByTestId('initial-note')).toContainText('python3 bench.py');
  await add.getByLabel('Title').fill('the logbook’s bench.py, run again');
  await screenshot(page, 'replay-cell-dialog');
  await add.getByTestId('add-check-submit').click();
  await expect(add).toBeHidden();

  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  const checks = JSON.parse(readFileSync(path.join(serverWorkspace(), CASE, 'case.json'), 'utf8')) as {
    falsifications: { checks: { id: string; kind: string; params: Record<string, unknown> }[] }[];
  };
  const replay = checks.falsifications[0]!.checks.find((c) => c.kind === 'replay')!;
  expect(replay.params).toMatchObject({ cell: CELL });
  const row = page.getByTestId('results').getByTestId(`check-${replay.id}`);
  await expect(row).toContainText('reproduces');
  await expect(row).toContainText('3 lines');
  await screenshot(page, 'replay-cell-result');
});
