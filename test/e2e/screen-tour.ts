// Every screen of the workbench, visited in one walk from a fresh page: the case list, each bundled case open
// (paper, logbook and sandbox panes), each tab of the checks dock after a run, each dialog (the command palette
// and the shortcuts sheet included), the triage view with a small ledger, the review queue, the workspace
// settings (Slurm chosen, never saved: the e2e workspace is shared) and the blind review of image pairs (its
// three views and the list of reviews). The accessibility scan (a11y.spec.ts) and the screenshots
// (screens.spec.ts) both walk it, so a screen added here is scanned and photographed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { bundledCases, caseCopy, expect, serverUrl, serverWorkspace } from './fixtures';
import { seedsCsv } from '../app/checks/kinds/metric-claim-fixture';
import { generateChallenge } from '../support/challenge/generate';
import type { PageElement, PageGlobals } from './page-dom';

/** Called on each screen once it has settled; `scope` is the dialog for dialogs, the page otherwise. */
export type Visit = (name: string, scope: Locator) => Promise<void>;

/** The case whose dock and dialogs the tour shows (it has claims, falsifications, checks and math). */
export const TOUR_CASE = 'kl-direction';

/** The case with an image-pair set, whose blind review the tour shows. */
export const REVIEW_CASE = 'quantization-stability';

function ledgerFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'recheck-e2e-tour-'));
  const file = path.join(dir, 'verdicts.csv');
  const rows = [
    'paper,claim,logbook,verdict',
    'openreview:tour-a,Claim A holds at every scale,alice/a,falsified',
    'openreview:tour-a,Claim A holds at every scale,bob/a,verified',
    'openreview:tour-b,Claim B,carol/b,falsified',
  ];
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

async function openCase(page: Page, id: string): Promise<void> {
  await page.getByTestId(`case-item-${id}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', id);
  await expect(page.getByTestId('paper-title')).toBeVisible();
  await expect(page.getByTestId('logbook-page-title').first()).toBeVisible();
  // Markdown renders from a lazy chunk; wait until no text is still pending.
  await expect(page.locator('.markdown-pending')).toHaveCount(0);
  const editor = page.getByTestId('pane-sandbox').locator('.monaco-editor');
  if ((await page.getByTestId('sandbox-empty').count()) === 0) await expect(editor).toBeVisible();
}

/** A dialog opened by `open`, visited, then closed with Escape. */
async function dialog(page: Page, visit: Visit, name: string, testId: string, open: () => Promise<void>): Promise<void> {
  await open();
  const d = page.getByTestId(testId);
  await expect(d).toBeVisible();
  await expect(d.locator('.markdown-pending')).toHaveCount(0);
  await visit(name, d);
  await page.keyboard.press('Escape');
  // In a filled search field (type=search) the first Escape clears the field, as browsers do; the second closes.
  if (await d.isVisible()) await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
}

export async function tour(page: Page, visit: Visit): Promise<void> {
  const body = page.locator('body');
  await page.goto(serverUrl());
  await expect(page.getByTestId('case-list')).toBeVisible();
  await expect(page.locator('[data-testid^="case-item-"]').first()).toBeVisible();
  await visit('case-list', body);

  for (const c of bundledCases()) {
    await openCase(page, c.id);
    await visit(`case-${c.id}`, body);
  }

  await openCase(page, TOUR_CASE);
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /finished|failed|cancelled/, { timeout: 45_000 });
  for (const tab of ['results', 'log', 'decide', 'audit']) {
    await page.getByTestId(`dock-tab-${tab}`).click();
    await visit(`dock-${tab}`, body);
  }
  await page.getByTestId('dock-tab-results').click();

  await dialog(page, visit, 'dialog-new-case', 'new-case-dialog', () => page.getByTestId('new-case').click());
  const falsification = page.locator('[data-testid^="add-check-F"]').first();
  await dialog(page, visit, 'dialog-add-check', 'add-check-dialog', () => falsification.click());
  await dialog(page, visit, 'dialog-quote', 'falsification-dialog', () => page.getByTestId('quote-cell').first().click());
  await dialog(page, visit, 'dialog-import-logbook', 'import-logbook-dialog', () => page.getByTestId('import-logbook').click());
  await dialog(page, visit, 'dialog-add-file', 'add-file-dialog', () => page.getByTestId('sandbox-add-file').click());
  // Keyboard surfaces, from a focus outside any text field.
  const heading = page.getByTestId('case-workspace').locator('h1').first();
  await dialog(page, visit, 'command-palette', 'command-palette', async () => {
    await heading.click();
    await page.keyboard.press('Control+k');
  });
  await dialog(page, visit, 'shortcuts-sheet', 'shortcuts-sheet', async () => {
    await heading.click();
    await page.keyboard.press('?');
  });

  await page.getByRole('button', { name: /Triage a verdict ledger/ }).click();
  const triage = page.getByTestId('triage-view');
  await expect(triage).toBeVisible();
  await visit('triage-empty', body);
  await triage.getByLabel('Ledger file').setInputFiles(ledgerFile());
  await expect(triage.getByTestId('triage-summary')).toBeVisible();
  await visit('triage', body);

  await page.getByTestId('open-review-queue').click();
  await expect(page.getByTestId('review-queue')).toBeVisible();
  await expect(page.locator('[data-testid^="queue-row-"]').first()).toBeVisible();
  await visit('review-queue', body);

  // The letter drafted for the tour's case (after its run, so it has decisions to report).
  await page.getByTestId(`case-item-${TOUR_CASE}`).click();
  await expect(page.getByTestId('case-workspace')).toBeVisible();
  await dialog(page, visit, 'dialog-letter', 'letter-dialog', async () => {
    await page.getByTestId('draft-letter').click();
    await expect(page.getByTestId('letter-dialog').locator('.letter')).toBeVisible();
  });

  await newScreensTour(page, visit);
  await settingsTour(page, visit);
  await reviewTour(page, visit);
}

/** The workspace settings with Slurm chosen and its fields shown, then cancelled (Escape): nothing is saved. */
async function settingsTour(page: Page, visit: Visit): Promise<void> {
  const place = page.getByTestId('sweeps-place');
  const before = await place.innerText();
  await dialog(page, visit, 'dialog-workspace-settings-slurm', 'workspace-settings-dialog', async () => {
    await page.getByRole('button', { name: 'Workspace settings' }).click();
    const d = page.getByTestId('workspace-settings-dialog');
    await expect(d.getByRole('radio', { name: /On this machine/ })).toBeEnabled();
    await d.getByRole('radio', { name: /On Slurm/ }).check();
    await expect(d.getByLabel('Partition')).toBeVisible();
    // Opened from the dark top bar, the dialog must still draw its notes in the page's colours, readable on its panel.
    expect(await lowestMutedContrast(d), "contrast of the dialog's muted notes on its panel").toBeGreaterThanOrEqual(4.5);
  });
  await expect(place).toHaveText(before);
  // The replay interpreter, typed in and scrolled to (cancelled too).
  await dialog(page, visit, 'dialog-workspace-settings-replay', 'workspace-settings-dialog', async () => {
    await page.getByRole('button', { name: 'Workspace settings' }).click();
    const python = page.getByTestId('workspace-settings-dialog').getByTestId('settings-python');
    await python.fill('/opt/venvs/replay/bin/python');
    await python.scrollIntoViewIfNeeded();
  });
  await expect(place).toHaveText(before);
}

/** The lowest WCAG contrast ratio of the `.muted` text in a dialog against the dialog's own background. */
async function lowestMutedContrast(d: Locator): Promise<number> {
  const colours = await d.evaluate((el) => {
    const { getComputedStyle } = globalThis as unknown as PageGlobals;
    const dialog = el as unknown as PageElement & { querySelectorAll(sel: string): ArrayLike<PageElement> };
    return {
      panel: getComputedStyle(dialog).backgroundColor,
      muted: Array.from(dialog.querySelectorAll('.muted')).map((m) => getComputedStyle(m).color),
    };
  });
  expect(colours.muted.length).toBeGreaterThan(0);
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const panel = luminance(colours.panel);
  return Math.min(...colours.muted.map((c) => (Math.max(panel, luminance(c)) + 0.05) / (Math.min(panel, luminance(c)) + 0.05)));
}

/**
 * The blind review of the image pairs: a review started under a reviewer name unique to this walk, its first item
 * in each view (side by side before and after one answer, blink, difference), then the list of the case's
 * reviews. It answers one item only, so the review stays incomplete and no spec depends on it.
 */
async function reviewTour(page: Page, visit: Visit): Promise<void> {
  const body = page.locator('body');
  await openCase(page, REVIEW_CASE);
  const reviewer = `Screen tour ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.getByTestId('review-pairs').click();
  const reviews = page.getByTestId('reviews-dialog');
  await expect(reviews).toBeVisible();
  await reviews.getByTestId('reviewer-input').fill(reviewer);
  await reviews.getByTestId('review-start').click();

  const screen = page.getByTestId('review-screen');
  await expect(screen).toBeVisible();
  const reviewId = (await screen.getAttribute('data-review'))!;
  const answer = page.getByTestId('review-answer').first();
  await expect(answer).toBeEnabled();
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-answered', '0');
  await visit('review-side-by-side', body);

  await answer.click();
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-answered', '1');
  await expect(answer).toBeEnabled();
  await expect(page.getByTestId('review-status')).toContainText('item 1 answered');
  await visit('review-answered', body);

  await page.getByTestId('review-view-blink').click();
  await expect(page.getByTestId('review-box-blink')).toContainText('showing the left image');
  await visit('review-blink', body);

  await page.getByTestId('review-view-difference').click();
  // The difference view shows no numbers while a review is blind (they stand in for a metric): only what it is.
  await expect(page.getByTestId('review-difference-stats')).toContainText('amplified');
  await visit('review-difference', body);

  // Closed while incomplete: the case stays blind to this reviewer, so the app shows the cover that resumes the
  // review instead of the case page (docs/case-format.md, "Blind review").
  await page.getByTestId('review-close').click();
  await expect(screen).toBeHidden();
  const cover = page.getByTestId('blind-cover');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-review', reviewId);
  await visit('review-blind-cover', body);
}

/**
 * The case behind the newer screens: a copy of the tour's case (which ships logbook/distill.db, two Trackio runs,
 * the reverse-KL one non-finite from step 150) with three more checks on its finding, as a reviewer would add them:
 * a metrics-series check of that run's onset and pattern against the forward run, and a hypothesis-test and a
 * metric-claim check on a five-seed table (the metric-claim tests' own seeds, written beside the write-up). Written
 * once per workspace, through a temporary file renamed in.
 */
export const TOUR_CHECKS_CASE = 'tour-checks';

const TOUR_CHECKS = [
  {
    id: 'loss-series',
    kind: 'metrics-series',
    title: "The reverse-KL run's train/loss turns non-finite at step 150, alternating, while forward KL stays finite",
    params: {
      database: 'logbook/distill.db',
      run: 'reverse-kl',
      metric: 'train/loss',
      expect: 'non-finite',
      onsetStep: 150,
      pattern: 'alternation',
      evalMetric: 'eval/loss',
      compareRun: 'forward-kl',
    },
  },
  {
    id: 'paired-seeds',
    kind: 'hypothesis-test',
    title: 'Paired t on the five seeds (Welch, as the finding ran it, beside it)',
    params: {
      table: 'logbook/seeds.csv',
      a: 'method',
      b: 'baseline',
      test: 'paired-t',
      alternative: 'two-sided',
      level: 0.95,
      decideAt: 0.05,
      expect: 'difference',
      findingTest: { test: 'welch', alternative: 'two-sided' },
    },
  },
  {
    id: 'gain-claim',
    kind: 'metric-claim',
    title: 'The claimed gain of at least 4 points over the five seeds',
    params: {
      table: 'logbook/seeds.csv',
      column: 'gain',
      claimed: 4,
      direction: 'at-least',
      claimUnit: 'pp',
      valuesUnit: 'fraction',
      scale: 100,
      confidence: 0.95,
    },
  },
];

function tourChecksCase(): string {
  const id = caseCopy(TOUR_CASE, TOUR_CHECKS_CASE);
  const dir = path.join(serverWorkspace(), id);
  const file = path.join(dir, 'case.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as { falsifications: { checks: { id: string }[] }[] };
  const checks = json.falsifications[0]!.checks;
  if (checks.some((c) => c.id === TOUR_CHECKS[0]!.id)) return id;
  writeFileSync(path.join(dir, 'logbook/seeds.csv'), seedsCsv());
  checks.push(...TOUR_CHECKS);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return id;
}

/** Finished runs of a case in the server's workspace. */
function runsOf(caseId: string): number {
  const dir = path.join(serverWorkspace(), caseId, 'runs');
  if (!existsSync(dir)) return 0;
  // Built reports are kept beside the runs, as runs/report-<time>-<id>/.
  return readdirSync(dir).filter((r) => !r.startsWith('report-') && existsSync(path.join(dir, r, 'report.json'))).length;
}

/** A generated challenge of a dozen logbooks in the workspace (once), for "Screen a challenge". */
async function tourChallenge(): Promise<string> {
  const name = 'tour-challenge';
  const dir = path.join(serverWorkspace(), name);
  if (existsSync(dir)) return name;
  const tmp = `${serverWorkspace()}-${name}-${process.pid}`;
  await generateChallenge(tmp, { count: 12, seed: 4242 });
  renameSync(tmp, dir);
  return name;
}

/** Scrolls an element's top to the top of its scrolling box (scrollIntoViewIfNeeded centres a tall one on its blank middle). */
async function scrollToTop(el: Locator): Promise<void> {
  await el.evaluate((e) => {
    (e as unknown as { scrollIntoView(o: { block: string }): void }).scrollIntoView({ block: 'start' });
  });
}

async function newScreensTour(page: Page, visit: Visit): Promise<void> {
  const body = page.locator('body');
  const id = tourChecksCase();
  await page.goto(serverUrl());
  await openCase(page, id);

  // Two finished runs, so the history has two to compare (later walks find them on disk).
  while (runsOf(id) < 2) {
    const before = runsOf(id);
    await page.getByTestId('run-checks').click();
    await expect.poll(() => runsOf(id), { timeout: 150_000 }).toBe(before + 1);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  }

  // Each figure of the new kinds in Results, its top scrolled to the top of the dock.
  await page.getByTestId('dock-tab-results').click();
  for (const c of TOUR_CHECKS) {
    const figures = page.getByTestId('results').getByTestId(`check-${c.id}`).locator('.check-figure');
    await expect(figures.first()).toBeVisible();
    const n = await figures.count();
    for (let i = 0; i < n; i++) {
      await scrollToTop(figures.nth(i));
      await visit(`results-${c.kind}-${i + 1}`, body);
    }
  }

  // The Metrics tab: both runs of logbook/distill.db picked, the reverse run's non-finite steps marked and listed.
  await page.getByTestId('dock-tab-metrics').click();
  await expect(page.getByTestId('metrics-plot')).toBeVisible();
  const runs = page.getByTestId('metrics-runs');
  await expect(runs.getByRole('checkbox', { name: /forward-kl/ })).toBeChecked();
  await expect(runs.getByRole('checkbox', { name: /reverse-kl/ })).toBeChecked();
  await expect(page.locator('[data-testid="nonfinite-posInf"]')).toHaveCount(1);
  await visit('dock-metrics', body);
  // The plot itself (below the controls in a narrow dock).
  await scrollToTop(page.getByTestId('metrics-plot'));
  await visit('dock-metrics-plot', body);
  await page.locator('[data-testid="nonfinite-posInf"]').scrollIntoViewIfNeeded();
  await visit('dock-metrics-nonfinite', body);

  // Run history: the two runs listed and compared.
  await page.getByTestId('dock-tab-history').click();
  await expect(page.getByTestId('run-history-row')).toHaveCount(runsOf(id));
  expect(runsOf(id)).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('run-compare')).toBeVisible();
  await visit('dock-history', body);
  await scrollToTop(page.getByTestId('run-compare'));
  await visit('dock-history-compare', body);
  await page.getByTestId('dock-tab-results').click();

  // A folded logbook cell (unfolded again after: the fold is kept per case).
  const cell = page.getByTestId('pane-logbook').locator('[data-cell]').first();
  await cell.getByTestId('cell-fold').click();
  await expect(cell).toHaveAttribute('data-collapsed', 'true');
  await visit('logbook-cell-folded', body);
  await cell.getByTestId('cell-fold').click();
  await expect(cell).toHaveAttribute('data-collapsed', 'false');

  // Search across the case: a word found in the paper, the logbook's cells and its files.
  await dialog(page, visit, 'dialog-search', 'search-dialog', async () => {
    await page.getByTestId('paper-title').click();
    await page.keyboard.press('Control+Shift+F');
    const d = page.getByTestId('search-dialog');
    await expect(d).toBeVisible();
    await page.getByTestId('search-input').fill('KL');
    for (const place of ['paper', 'cell', 'file'])
      await expect(d.locator(`[data-testid="search-hit"][data-place="${place}"]`).first()).toBeAttached();
  });

  // The three newer kinds' forms in "Add check".
  for (const c of TOUR_CHECKS) {
    await dialog(page, visit, `dialog-add-check-${c.kind}`, 'add-check-dialog', async () => {
      await page.getByTestId('add-check-F1').click();
      const d = page.getByTestId('add-check-dialog');
      await d.getByLabel('Kind').selectOption(c.kind);
      await expect(d.locator('.schema-field').first()).toBeVisible();
    });
  }

  // Downloads: a case file in the evidence viewer, then a built report.
  await dialog(page, visit, 'dialog-file-download', 'file-viewer', async () => {
    await page.getByTestId('paper-title').click();
    await page.keyboard.press('Control+p');
    await page.keyboard.type('seeds.csv');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('file-viewer').getByTestId('viewer-download')).toBeVisible();
    await expect(page.getByTestId('file-viewer').getByTestId('viewer-size')).toBeVisible();
  });
  await dialog(page, visit, 'dialog-report-download', 'report-dialog', async () => {
    await page.getByTestId('build-report').click();
    await expect(page.getByTestId('report-dialog').getByTestId('report-download')).toBeVisible({ timeout: 60_000 });
    await expect(page.frameLocator('[data-testid="report-frame"]').locator('h1').first()).toBeVisible();
  });

  // The Replay action on a run cell of the timing case, and the dialog it opens (cancelled: nothing is declared).
  await openCase(page, 'timing-normalization');
  const runCell = page
    .getByTestId('pane-logbook')
    .locator('[data-cell]')
    .filter({ has: page.getByTestId('replay-cell') })
    .first();
  await runCell.getByTestId('replay-cell').scrollIntoViewIfNeeded();
  await visit('logbook-replay-action', body);
  await dialog(page, visit, 'dialog-replay-cell', 'add-check-dialog', async () => {
    await runCell.getByTestId('replay-cell').click();
    await expect(page.getByTestId('add-check-dialog').getByLabel('Kind')).toHaveValue('replay');
  });

  // "Screen a challenge" in the triage view: before a folder is screened, then the queue and the judge view.
  const challenge = await tourChallenge();
  await page.getByRole('button', { name: /Triage a verdict ledger/ }).click();
  await page.getByTestId('triage-mode-screen').click();
  const queue = page.getByTestId('screen-queue');
  await expect(queue).toBeVisible();
  await visit('triage-screen-start', body);
  await queue.getByTestId('screen-folder').selectOption(challenge);
  await queue.getByTestId('screen-start').click();
  await expect(queue.getByTestId('screen-summary')).toBeVisible({ timeout: 90_000 });
  await expect(queue.getByTestId('screen-row').first()).toBeVisible();
  await visit('triage-screen-queue', body);
  await queue.getByTestId('screen-part-judge').click();
  await expect(queue.getByTestId('judge-view')).toBeVisible();
  await visit('triage-screen-judge', body);
  await page.getByTestId(`case-item-${TOUR_CASE}`).click();
  await expect(page.getByTestId('case-workspace')).toBeVisible();
}
