// Issue 20 item 1 "Extend" in the UI: the run cell's Replay opens the replay form, which lists the parameters
// detected in the cell's script (KS = [2, 4, 8, 16], C = 0.5, DELAY = 0 of the paging-style script the CLI sweep
// tests use). Picking DELAY fills an override (a bad value is refused in words first); picking KS and typing a grid
// (a bad progression said in words, then 2,4,8,...,64) makes "Sweep this literal" open the growth-fit form over
// that replay sweep, with the sweep's columns offered as x and y. Run from the Run button: the live plot fills
// with the points as they are replayed, and the check's result and the finding's decision are the ones the core
// wrote in the run's report. A copy of the paging case of its own, with the script's Trackio logbook added and
// the bundled checks left out (so the run is this check's alone).
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { caseCopy, expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';
import { writeTrackioLogbook } from '../helpers/trackio-writer';
import { PAGING_CELL, PAGING_PY, pagingOracle } from '../app/replay/sweep-case';

const CASE = 'replay-sweep-ui';

/** The copy, with the paging script's logbook first and no checks of its own (once per workspace). */
function prepareCase(): string {
  const dir = path.join(serverWorkspace(), caseCopy('paging-robustness', CASE));
  const file = path.join(dir, 'case.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    logbooks: { id: string; path: string; format: string; title: string }[];
    falsifications: { checks: unknown[]; checklist?: unknown }[];
  };
  if (json.logbooks.some((l) => l.id === 'paging-script')) return dir;
  writeTrackioLogbook(path.join(dir, 'script-logbook'), {
    title: 'Paging sweep script',
    pages: [
      {
        slug: 'runs',
        title: 'Runs',
        cells: [
          {
            type: 'run',
            id: PAGING_CELL,
            command: ['python3', 'paging.py'],
            exitCode: 0,
            durationS: 0.1,
            scripts: [{ name: 'paging.py', lang: 'python', text: PAGING_PY }],
            output: pagingOracle([2, 4, 8, 16]),
          },
        ],
      },
    ],
  });
  json.logbooks = [{ id: 'paging-script', path: 'script-logbook', format: 'trackio', title: 'Paging sweep script' }, ...json.logbooks];
  // Without the bundled checks (and the checklist questions that link them).
  for (const f of json.falsifications) {
    f.checks = [];
    delete f.checklist;
  }
  writeFileSync(`${file}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return dir;
}

test('a replay sweep of a detected literal, declared from the replay form and run with its live plot', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const dir = prepareCase();
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const cell = page.getByTestId('pane-logbook').locator(`[data-cell="${PAGING_CELL}"]`).first();
  await expect(cell).toBeVisible();
  await cell.getByTestId('replay-cell').click();
  const add = page.getByTestId('add-check-dialog');
  await expect(add.getByLabel('Kind')).toHaveValue('replay');

  // The detected literals, with their kinds, lines and current values.
  const picker = add.getByTestId('replay-literals');
  const table = picker.getByTestId('replay-literal-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.locator('tr[data-literal="KS"]')).toContainText('list');
  await expect(table.locator('tr[data-literal="KS"]')).toContainText('[2, 4, 8, 16]');
  await expect(table.locator('tr[data-literal="DELAY"]')).toContainText('constant');
  await expect(picker).toContainText('runs paging.py (embedded in the page)');

  // DELAY: a bad value is said in words and cannot be set; 1 s per point is set in the form's overrides.
  await table.getByLabel('DELAY').check();
  const value = picker.getByTestId('literal-value');
  await expect(value).toHaveValue('0');
  await value.fill('one');
  await expect(picker.getByTestId('replay-literal-edit')).toContainText('DELAY: "one" is not a number or a list of numbers');
  await expect(picker.getByTestId('literal-override')).toBeDisabled();
  await value.fill('1');
  await picker.getByTestId('literal-override').click();
  await expect(add.locator('.schema-field[data-param="set"]').locator('input, textarea')).toHaveValue('["DELAY=1"]');

  // KS: a grid the core cannot expand is said in words; a good one is expanded and bound.
  await table.getByLabel('KS').check();
  const grid = picker.getByTestId('literal-grid');
  await grid.fill('2,4,...,64');
  await expect(picker.getByTestId('literal-grid-note')).toContainText('a progression needs its first three values');
  await expect(picker.getByTestId('literal-sweep')).toBeDisabled();
  await grid.fill('2,4,8,...,64');
  await expect(picker.getByTestId('literal-grid-note')).toContainText('6 points: 2, 4, 8, 16, 32, 64');
  await expect(picker.getByTestId('literal-grid-note')).toContainText('the top-level list KS');
  await expect(picker.getByTestId('literal-grid-note')).toContainText('KS, k, cost');
  await picker.scrollIntoViewIfNeeded();
  await screenshot(page, 'stop30-replay-picker');

  // "Sweep this literal": the growth-fit form over the replay sweep, x and y offered from the sweep's columns.
  await picker.getByTestId('literal-sweep').click();
  await expect(add.getByLabel('Kind')).toHaveValue('growth-fit');
  await expect(add.getByTestId('initial-note')).toContainText(`A growth fit over the replay of ${PAGING_CELL} with KS = 2…64 (6 points`);
  const x = add.locator('.schema-field[data-param="x"] select');
  const y = add.locator('.schema-field[data-param="y"] select');
  await expect(x).toHaveValue('k');
  await expect(y).toHaveValue('cost');
  await expect(x.locator('option:not([value=""])')).toHaveText(['KS', 'k', 'cost']);
  await expect(add.locator('.schema-field[data-param="sweep.replay.cell"] input')).toHaveValue(PAGING_CELL);
  await expect(add.locator('.schema-field[data-param="sweep.grid"]').locator('input, textarea')).toHaveValue('{"KS":[2,4,8,16,32,64]}');
  await expect(add.locator('.schema-field[data-param="sweep.replay.set"]').locator('input, textarea')).toHaveValue('["DELAY=1"]');
  await screenshot(page, 'stop30-replay-sweep-form');
  await add.getByTestId('add-check-submit').click();
  await expect(add).toBeHidden();

  const checks = JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')) as {
    falsifications: { id: string; checks: { id: string; kind: string; params: Record<string, unknown> }[] }[];
  };
  const check = checks.falsifications[0]!.checks.find((c) => c.kind === 'growth-fit')!;
  expect(check.params).toEqual({
    sweep: { replay: { cell: PAGING_CELL, logbook: 'paging-script', set: ['DELAY=1'] }, grid: { KS: [2, 4, 8, 16, 32, 64] }, seed: 1 },
    x: 'k',
    y: 'cost',
  });

  // Run: the live plot fills as the points are replayed; the result and decision are the run report's.
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('live-caption').first()).toContainText(/Live: [1-9] points? of cost against k/, { timeout: 120_000 });
  await expect(page.locator('.progress-text')).toContainText(`sweep of the replay of ${PAGING_CELL}`);
  await screenshot(page, 'stop30-replay-sweep-running');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  const runs = path.join(dir, 'runs');
  const reports = readdirSync(runs)
    .map((r) => path.join(runs, r, 'report.json'))
    .filter((f) => existsSync(f));
  expect(reports).toHaveLength(1);
  const report = JSON.parse(readFileSync(reports[0]!, 'utf8')) as {
    falsifications: { falsificationId: string; decision: string; checks: { checkId: string; outcome: string }[] }[];
  };
  const f = report.falsifications[0]!;
  const result = f.checks.find((c) => c.checkId === check.id)!;
  expect(result.outcome).toBe('supports');
  const results = page.getByTestId('results');
  await expect(results.getByTestId(`check-${check.id}`)).toContainText('supports');
  await expect(results.getByTestId(`result-${f.falsificationId}`).getByTestId('decision-badge')).toHaveAttribute(
    'data-decision',
    f.decision,
  );
  await screenshot(page, 'stop30-replay-sweep-result');
});
