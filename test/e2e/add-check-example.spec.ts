// Issue 22 item 5: the Add check form on kl-direction. metrics-series' example names logbook/trackio.db, which this
// case does not have (it holds logbook/distill.db): the database select is left unset rather than showing the
// example's path as a typed one, the case's own database is among the choices, and an integer field prints only its
// real bounds (onsetStep, bounded only by the safe integers: "integer", not "-9007199254740991 ≤ x ≤ …").
import { expect, serverUrl, test } from './fixtures';

const CASE = 'kl-direction';

test('metrics-series: no example path the case lacks; only real bounds', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', CASE);
  await page.getByTestId('add-check-F1').click();
  const dialog = page.getByTestId('add-check-dialog');
  await dialog.getByTestId('check-kind').selectOption('metrics-series');
  const database = dialog.locator('.schema-field[data-param="database"] select');
  await expect(database).toHaveValue('');
  await expect(database.locator('option', { hasText: 'logbook/distill.db' })).toHaveCount(1);
  await expect(dialog.getByTestId('case-path-typed-database')).toHaveCount(0);
  // The run and metric from the example are kept: only case paths are judged.
  await expect(dialog.locator('.schema-field[data-param="run"] input')).not.toHaveValue('');
  await expect(dialog).not.toContainText('9007199254740991');
  const onset = dialog.locator('.schema-field[data-param="onsetStep"]');
  await expect(onset).toContainText('integer');
  await expect(onset).not.toContainText('≤');
});
