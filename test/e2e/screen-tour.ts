// Every screen of the workbench, visited in one walk from a fresh page: the case list, each bundled case open
// (paper, logbook and sandbox panes), each tab of the checks dock after a run, each dialog (the command palette
// and the shortcuts sheet included), the triage view with a small ledger, the review queue, the workspace
// settings (Slurm chosen, never saved: the e2e workspace is shared) and the blind review of image pairs (its
// three views and the list of reviews). The accessibility scan (a11y.spec.ts) and the screenshots
// (screens.spec.ts) both walk it, so a screen added here is scanned and photographed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { bundledCases, expect, serverUrl } from './fixtures';
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
