// "Run in sandbox" works out of the box on a sweep's point program (issue 11, defect 3): the input is the first
// point of the sweep that runs the file, in the shape the program receives (its grid parameters, and the point's
// own seed), and the result equals the point function computed here in Node with the same input. A file with no
// default export (a helper module) is not offered the button at all: it says why instead.
import path from 'node:path';
import { expect, screenshot, serverUrl, test } from './fixtures';
import point from '../../cases/paging-robustness/sandbox/point';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { readFileSync } from 'node:fs';

const CASE = 'paging-robustness';
const repo = path.resolve(import.meta.dirname, '../..');

interface SweepParams {
  sweep: { program: string; grid: Record<string, number[]>; seed: number };
}

/** The first sweep of the case that runs sandbox/point.ts, read from case.json independently of the app. */
function firstSweep(): SweepParams['sweep'] {
  const file = JSON.parse(readFileSync(path.join(repo, 'cases', CASE, 'case.json'), 'utf8')) as {
    falsifications: { checks: { params: Partial<SweepParams> }[] }[];
  };
  const sweep = file.falsifications.flatMap((f) => f.checks).find((c) => c.params.sweep?.program === 'sandbox/point.ts')?.params.sweep;
  if (sweep === undefined) throw new Error('the paging case declares no sweep of sandbox/point.ts');
  return sweep;
}

test('the sweep program runs out of the box with the first grid point and its seed', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const sweep = firstSweep();
  // Point 0 of the grid: each parameter's first value (the last parameter varies fastest); seed splitSeed(seed, 0).
  const expectedInput = Object.fromEntries(Object.entries(sweep.grid).map(([name, values]) => [name, values[0]]));
  const expectedSeed = splitSeed(sweep.seed, 0);

  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const pane = page.getByTestId('pane-sandbox');
  await pane.getByTestId('sandbox-tab-sandbox/point.ts').click();
  const input = pane.getByTestId('sandbox-run-input');
  // Filled before any click: the reviewer sees what will run.
  await expect(input).not.toHaveValue('');
  expect(JSON.parse(await input.inputValue())).toEqual(expectedInput);
  await expect(pane.getByTestId('sandbox-run-seed')).toHaveValue(String(expectedSeed));
  await expect(pane.getByTestId('sandbox-run-suggestion')).toContainText('full-sweep');

  await pane.getByTestId('sandbox-run-start').click();
  const result = pane.getByTestId('sandbox-run-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const got = JSON.parse(await result.innerText()) as Record<string, number>;
  const want = point(expectedInput as { k: number; replicates: number; phases: number }, { seed: expectedSeed });
  expect(got).toEqual(JSON.parse(JSON.stringify(want)));
  await expect(pane.getByTestId('sandbox-run-status')).toContainText('finished');
  await screenshot(page, 'sandbox-run-prefill');
  expect(consoleErrors).toEqual([]);
});

test('a file without a default export is not offered "Run in sandbox", and says why', async ({ page, consoleErrors }) => {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const pane = page.getByTestId('pane-sandbox');
  await pane.getByTestId('sandbox-tab-sandbox/paging.ts').click();
  await expect(pane.getByTestId('sandbox-run-unavailable')).toContainText('no default export');
  await expect(pane.getByTestId('sandbox-run-start')).toHaveCount(0);
  // Back on the point program the button is there again.
  await pane.getByTestId('sandbox-tab-sandbox/point.ts').click();
  await expect(pane.getByTestId('sandbox-run-start')).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});
