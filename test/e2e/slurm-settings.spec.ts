// Sweeps on Slurm from the UI: the workspace settings dialog (top bar and palette) sets Slurm, the paging case's
// checks then run their sweep as a job array (the progress says "on Slurm, job N" and the live figure fills as
// points land), with the decisions `recheck run` computes locally; a partition Slurm does not have is refused in
// the dialog with its one line. Needs the real single-node Slurm (scripts/slurm/cluster.mjs) reachable by the
// e2e server, which inherits this process's environment: SLURM_CONF must be set (`npm test` sets it and
// RECHECK_REQUIRE_SLURM=1, under which a missing cluster fails these tests; by hand they skip and say why).
// The settings are put back to local afterwards: the other specs share this workspace.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot, serverOrigin, serverToken, serverUrl, test } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');
const CASE = 'paging-robustness';

/** Why no Slurm is reachable from the e2e server, or null when it is. */
function noCluster(): string | null {
  const conf = process.env.SLURM_CONF;
  if (conf === undefined || conf === '')
    return 'SLURM_CONF is not set for the e2e server (start a cluster as root with node scripts/slurm/cluster.mjs start and export the SLURM_CONF it prints)';
  if (!existsSync(conf)) return `SLURM_CONF names ${conf}, which does not exist`;
  const r = spawnSync('sinfo', ['-h', '-o', '%P'], { encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) return `sinfo fails (${(r.stderr ?? String(r.error)).trim().split('\n')[0]})`;
  return null;
}
const reason = noCluster();
const partition =
  reason === null
    ? (spawnSync('sinfo', ['-h', '-o', '%P'], { encoding: 'utf8' }).stdout.trim().split('\n')[0] ?? 'debug').replace(/\*$/, '')
    : 'debug';
if (reason !== null) console.warn(`Slurm settings e2e tests SKIPPED: ${reason}`);

function requireCluster(): void {
  if (reason !== null && process.env.RECHECK_REQUIRE_SLURM === '1') throw new Error(`RECHECK_REQUIRE_SLURM=1 but ${reason}`);
  test.skip(reason !== null, reason ?? '');
}

/** Puts the workspace's sweeps back on this machine through the API (the other specs run locally). */
async function restoreLocal(): Promise<void> {
  const res = await fetch(`${serverOrigin()}/api/call/saveWorkspaceSettings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serverToken()}` },
    body: JSON.stringify({ args: [{ sweeps: { backend: 'local' } }] }),
  });
  expect(res.status).toBe(200);
  expect(JSON.stringify(await res.json())).toContain('"saved":true');
}

/** Decisions by falsification id from `recheck run --json` on a private copy of the case (local sweeps). */
async function localDecisions(id: string): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'recheck-e2e-slurm-'));
  try {
    await cp(path.join(repo, 'cases', id), path.join(dir, id), { recursive: true });
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(repo, 'bin/recheck.mjs'), 'run', path.join(dir, id), '--json'],
        { cwd: repo, timeout: 150_000 },
        (err, out) => {
          if (err !== null && err.code !== 1) reject(err);
          else resolve(out);
        },
      );
    });
    const report = JSON.parse(stdout) as { falsifications: { falsificationId: string; decision: string }[] };
    return Object.fromEntries(report.falsifications.map((f) => [f.falsificationId, f.decision]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function openSettingsFromTopBar(page: Page) {
  await page.getByRole('button', { name: 'Workspace settings' }).click();
  const dialog = page.getByTestId('workspace-settings-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /On this machine/ })).toBeEnabled();
  return dialog;
}

test.afterAll(async () => {
  if (reason === null) await restoreLocal();
});

test('a partition Slurm does not have is refused in the dialog with its one line, and nothing is saved', async ({
  page,
  consoleErrors,
}) => {
  requireCluster();
  await page.goto(serverUrl());
  const dialog = await openSettingsFromTopBar(page);
  await dialog.getByRole('radio', { name: /On Slurm/ }).check();
  await dialog.getByLabel('Partition').fill('no-such-partition');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const problem = page.getByTestId('workspace-settings-problem');
  await expect(problem).toHaveText('sbatch: refuses these settings: invalid partition specified: no-such-partition');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Partition')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'slurm-settings-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('sweeps-place')).toHaveText('Sweeps: this machine');
  expect(consoleErrors).toEqual([]);
});

test(`with Slurm set in the workspace settings, ${CASE}'s sweeps run as a job array, live, with the local decisions`, async ({
  page,
  consoleErrors,
}) => {
  requireCluster();
  test.setTimeout(300_000);
  const expected = await localDecisions(CASE);
  expect(Object.keys(expected).length).toBeGreaterThan(0);

  await page.goto(serverUrl());
  // From the palette this time: the same dialog. The key is pressed once the app has mounted (its top bar
  // shows where sweeps run); pressed during page load it reached no handler, and the palette never opened.
  await expect(page.getByTestId('sweeps-place')).toBeVisible();
  await page.keyboard.press('Control+Shift+P');
  await expect(page.getByTestId('palette-input')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('palette-input').fill('Workspace settings');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('workspace-settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /On Slurm/ }).check();
  await dialog.getByLabel('Partition').fill(partition);
  await dialog.getByLabel('Tasks at once').fill('8');
  await screenshot(page, 'slurm-settings-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('sweeps-place')).toHaveText(`Sweeps: Slurm (${partition})`);

  await page.getByTestId(`case-item-${CASE}`).click();
  await page.getByTestId('run-checks').click();
  const progress = page.locator('.progress-text');
  await expect(progress).toContainText(/on Slurm, job \d+/, { timeout: 60_000 });
  const job = /on Slurm, job (\d+)/.exec(await progress.innerText())?.[1];
  await expect(page.getByTestId('live-caption').first()).toContainText(/Live: [1-9]\d* points? of additive against k/, {
    timeout: 120_000,
  });
  await screenshot(page, 'slurm-sweep-running');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 240_000 });

  const results = page.getByTestId('results');
  for (const [fid, decision] of Object.entries(expected))
    await expect(results.getByTestId(`result-${fid}`).getByTestId('decision-badge')).toHaveAttribute('data-decision', decision);
  // The evidence names the backend and the job.
  const check = results.getByTestId('check-full-sweep');
  await check.locator('details.evidence summary').first().click();
  const evidence = check.locator('pre.json').first();
  await expect(evidence).toContainText('"name": "slurm"');
  await expect(evidence).toContainText(`"id": "${job}"`);
  await screenshot(page, 'slurm-sweep-finished');
  expect(consoleErrors).toEqual([]);
});
