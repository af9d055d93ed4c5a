// Issues 15, 22 and 24, perceptual review on the sixth bundled case (quantization-stability): a scripted reviewer
// (its name says so) judges ten pairs from the keyboard, blind: the images are data: URLs of re-encoded pixels
// (the two sides of a pair the same number of bytes), no file name, condition, pair id, metric, seed or
// hypothesis reaches the page or any API response it receives while the review is incomplete, and the case
// itself is never read (no openCase: the review, or a cover to resume it, stands in its place). The reviewer writes
// a note without firing the keys; undoes; looks through the blink and difference views (a picture only, no
// numbers) under the locked zoom and pan; closes (the cover), reloads and resumes; exports the CSV (read back
// from the workspace); the Checks panel stays hidden until the last item is answered; then the seed shows, the
// case opens again and the checks run on the complete review. Screenshots of the review screen in both themes.
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { splitCsvRecords } from '../../checkers/tables/csv-records';
import { expect, SCREENSHOT_DIR, serverUrl, serverWorkspace, test } from './fixtures';

const CASE = 'quantization-stability';
const repo = path.resolve(import.meta.dirname, '../..');

interface PerceptualBlock {
  pairs: string;
  question: string;
  answers: { value: string; key: string; label: string }[];
}

/** The case's perceptual block and its pairs (file paths, ids, conditions), read from the repository, not from the app. */
function caseOnDisk(): { perceptual: PerceptualBlock; pairs: { id: string; a: string; b: string; conditions: string[] }[] } {
  const dir = path.join(repo, 'cases', CASE);
  const perceptual = (JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')) as { perceptual: PerceptualBlock }).perceptual;
  const records = splitCsvRecords(readFileSync(path.join(dir, perceptual.pairs), 'utf8'), { maxRows: 100_000, maxCells: 1_000_000 });
  const head = records[0]!.values;
  const col = (name: string) => head.indexOf(name);
  return {
    perceptual,
    pairs: records.slice(1).map((r) => ({
      id: r.values[col('pair_id')]!,
      a: r.values[col('image_a')]!,
      b: r.values[col('image_b')]!,
      conditions: [r.values[col('condition_a')]!, r.values[col('condition_b')]!],
    })),
  };
}

/** What a blind page must not hold: each condition, pair id and image path of the table, and the metrics' names. */
function blindProblems(text: string, pairs: { id: string; a: string; b: string; conditions: string[] }[]): string[] {
  const token = (w: string) => new RegExp(`(?<![A-Za-z0-9_-])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`);
  const out = new Set<string>();
  for (const p of pairs) {
    for (const c of p.conditions) if (token(c).test(text)) out.add(`condition ${c}`);
    if (token(p.id).test(text)) out.add(`pair id ${p.id}`);
    for (const f of [p.a, p.b]) if (text.includes(f) || text.includes(path.basename(f))) out.add(`image file ${f}`);
  }
  if (/\b(psnr|ssim)\b/i.test(text)) out.add('a metric name');
  return [...out];
}

/** Serious or critical axe-core findings on the review screen (as test/e2e/a11y.spec.ts scans every screen). */
async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis)))
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const handle = await page.getByTestId('review-screen').elementHandle();
  return page.evaluate(async (el) => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(el, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.help}) at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  }, handle);
}

const progress = (page: Page) => page.getByTestId('review-progress');

/** Waits until both images of the next item are shown (the answers are enabled then). */
async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('review-answer').first()).toBeEnabled();
}

async function answered(page: Page, n: number): Promise<void> {
  await expect(progress(page)).toHaveAttribute('data-answered', String(n));
}

// The app's CSP allows no inline script, which is how addScriptTag injects axe: the scan alone bypasses it.
test.use({ viewport: { width: 1280, height: 800 }, bypassCSP: true });

test('perceptual review: ten pairs from the keyboard, blind; note, undo, blink, difference, zoom; resume; export; checks', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  const { perceptual, pairs } = caseOnDisk();
  const keys = perceptual.answers.map((a) => a.key);
  const reviewer = `Scripted e2e reviewer ${Date.now().toString(36)}`;

  // Every API call the page makes from the start of the review on, and its response (image payloads cut: their
  // bytes are checked by test/security/blind-review-bytes.test.ts). A call made before the start (the case page
  // the reviewer was reading) may answer after it: that is what was read before the review, not during it.
  const received: { method: string; body: string }[] = [];
  const asked = new WeakSet<object>();
  let recording = false;
  page.on('request', (req) => {
    if (recording) asked.add(req);
  });
  page.on('response', (res) => {
    const m = /\/api\/call\/(\w+)/.exec(res.url());
    if (!asked.has(res.request()) || m === null) return;
    void res.text().then(
      (body) => received.push({ method: m[1]!, body: body.replace(/"base64":"[^"]*"/g, '"base64":"<pixels>"') }),
      () => undefined,
    );
  });

  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', CASE);

  // The entry: the case header's button (the palette lists the same command).
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Review image pairs');
  await expect(page.locator('.palette-item', { hasText: 'Review image pairs' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('review-pairs').click();
  const dialog = page.getByTestId('reviews-dialog');
  await expect(dialog).toContainText(perceptual.question);
  await dialog.getByTestId('reviewer-input').fill(reviewer);
  recording = true;
  await dialog.getByTestId('review-start').click();

  const screen = page.getByTestId('review-screen');
  await expect(screen).toBeVisible();
  const reviewId = (await screen.getAttribute('data-review'))!;
  expect(new URL(page.url()).searchParams.get('review')).toBe(reviewId);
  expect(new URL(page.url()).searchParams.get('case')).toBe(CASE);
  await expect(page.getByTestId('review-question')).toHaveText(perceptual.question);
  await expect(page.getByTestId('review-reviewer')).toHaveText(reviewer);
  // Blind: no seed, and the case page is not in the document (its detail was dropped, and is not read again).
  await expect(page.getByTestId('review-seed')).toHaveCount(0);
  await expect(page.getByTestId('case-workspace')).toHaveCount(0);
  const total = Number(await progress(page).getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(pairs.length);
  await answered(page, 0);

  // The keys are in the registry: the shortcuts sheet lists each answer and the review's keys.
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  for (const a of perceptual.answers) await expect(sheet.locator(`[data-command="review.answer:${a.value}"]`)).toContainText(a.label);
  await expect(sheet.locator('[data-command="review.undo"]')).toContainText('Undo the last answer');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Ten pairs from the keyboard; the tenth gets a note typed with answer and view keys in it first.
  const given: string[] = [];
  for (let i = 0; i < 10; i++) {
    await ready(page);
    await expect(page.getByTestId('review-item')).toHaveAttribute('data-index', String(i));
    // Blind: the images are data: URLs of re-encoded PNGs, the two sides of the same length (whatever their
    // conditions' files weigh), and nothing of the pair table is named anywhere on the page.
    const srcs = await Promise.all(['left', 'right'].map((side) => page.getByTestId(`review-image-${side}`).getAttribute('src')));
    for (const src of srcs) expect(src).toMatch(/^data:image\/png;base64,/);
    expect(srcs[0]!.length).toBe(srcs[1]!.length);
    if (i === 0) expect(blindProblems(await screen.innerText(), pairs)).toEqual([]);
    if (i === 9) {
      await page.keyboard.press('n');
      await expect(page.getByTestId('review-note')).toBeFocused();
      await page.keyboard.type(`banding ${keys.join(' ')} u b d`);
      await answered(page, 9);
      await expect(page.getByTestId('review-view-side-by-side')).toHaveAttribute('aria-pressed', 'true');
      // Enter ends the note like Escape: the next key answers instead of going into the note (issue 22).
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('review-note')).not.toBeFocused();
    }
    const key = keys[i % keys.length]!;
    given.push(perceptual.answers[i % keys.length]!.value);
    await page.keyboard.press(key);
    await answered(page, i + 1);
  }
  await expect(page.getByTestId('review-status')).toContainText('item 10 answered');
  await expect(page.getByTestId('review-status')).toContainText('with a note');

  // Undo: U takes back the tenth answer and gives its note back; answered again by click; then Ctrl+Z the same.
  const note = `banding ${keys.join(' ')} u b d`;
  for (const undo of ['u', 'Control+z']) {
    await page.keyboard.press(undo);
    await answered(page, 9);
    await expect(page.getByTestId('review-item')).toHaveAttribute('data-index', '9');
    await expect(page.getByTestId('review-note')).toHaveValue(note);
    await expect(page.getByTestId('review-status')).toContainText('Took back');
    await ready(page);
    await page
      .getByTestId('review-answer')
      .nth(9 % keys.length)
      .click();
    await answered(page, 10);
  }
  await ready(page);

  // Blink: one place, the two images in turn (B), and automatically.
  await page.keyboard.press('b');
  const blink = page.getByTestId('review-box-blink');
  await expect(blink).toContainText('showing the left image');
  await expect(blink.getByTestId('review-image-left')).toBeVisible();
  await expect(blink.getByTestId('review-image-right')).toBeHidden();
  await page.keyboard.press('b');
  await expect(blink).toContainText('showing the right image');
  await expect(blink.getByTestId('review-image-left')).toBeHidden();
  await page.getByTestId('review-auto-blink').check();
  await expect(blink).toContainText('showing the left image');
  await expect(blink).toContainText('showing the right image');
  await page.getByTestId('review-auto-blink').uncheck();

  // Difference: labelled as such, a picture only: no number that would stand in for the metric under test.
  await page.keyboard.press('d');
  await expect(page.getByTestId('review-box-difference')).toContainText('Difference |left − right|');
  const stats = page.getByTestId('review-difference-stats');
  await expect(stats).toHaveText('The difference |left − right| of the two images, not one of them, amplified ×4.');
  await expect(page.getByTestId('review-difference')).toBeVisible();

  // Zoom and pan, locked: + twice, a drag on the left image; both images move alike; reset.
  await page.keyboard.press('s');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(page.getByTestId('review-zoom-level')).toHaveText('156%');
  const frame = page.getByTestId('review-box-left').locator('.review-box-frame');
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40, { steps: 4 });
  await page.mouse.up();
  const transforms = await page
    .locator('.review-box-inner')
    .evaluateAll((els) => els.map((e) => (e as unknown as { style: { transform: string } }).style.transform));
  expect(transforms).toHaveLength(2);
  expect(transforms[0]).toBe(transforms[1]);
  expect(transforms[0]).toMatch(/translate\(-\d/);
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.wheel(0, -300);
  await expect(page.getByTestId('review-zoom-level')).not.toHaveText('156%');
  await page.getByTestId('review-zoom-reset').click();
  await expect(page.getByTestId('review-zoom-level')).toHaveText('100%');

  // Screenshots of the review screen in both themes, each scanned for accessibility; the focus ring shows.
  const dir = process.env.RECHECK_SCREENSHOT_DIR ?? SCREENSHOT_DIR;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await ready(page);
    await page.getByTestId('review-note').focus();
    await page.keyboard.press('Shift+Tab');
    await page.screenshot({ path: path.join(dir, `perceptual-review-${scheme}.png`) });
    expect(await accessibilityProblems(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Close and resume: a reload returns to the review at its next unanswered item.
  await page.reload();
  await expect(screen).toBeVisible();
  await answered(page, 10);
  await expect(page.getByTestId('review-item')).toHaveAttribute('data-index', '10');
  // Closed unfinished: the case stays hidden behind a cover that offers to resume (and shows no seed).
  await page.getByTestId('review-close').click();
  await expect(screen).toBeHidden();
  const cover = page.getByTestId('blind-cover');
  await expect(cover).toBeVisible();
  await expect(cover).toContainText(`10 of ${total} answered`);
  await expect(cover).not.toContainText(/seed/i);
  await expect(page.getByTestId('case-workspace')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('review')).toBeNull();
  expect(blindProblems(await page.locator('main').innerText(), pairs)).toEqual([]);
  await cover.getByTestId('blind-cover-resume').click();
  await ready(page);
  await answered(page, 10);

  // Export: the CSV in the case holds the ten answers as given, with the note.
  await page.getByTestId('review-export').click();
  await expect(page.getByTestId('review-exported')).toContainText('Exported 10 rows');
  const csvPath = (await page.getByTestId('review-exported-path').innerText()).trim();
  const records = splitCsvRecords(await readFile(path.join(serverWorkspace(), CASE, csvPath), 'utf8'), {
    maxRows: 10_000,
    maxCells: 100_000,
  });
  const head = records[0]!.values;
  const rows = records.slice(1).map((r) => Object.fromEntries(head.map((h, i) => [h, r.values[i]])));
  expect(rows.map((r) => r.reviewer)).toEqual(Array(10).fill(reviewer));
  expect(rows.map((r) => r.answer)).toEqual(given);
  expect(rows[9]!.note).toBe(note);

  // The Checks panel stays hidden while the review is incomplete (its checks name the conditions and the hypothesis).
  await page.getByTestId('review-checks-toggle').click();
  await expect(page.getByTestId('review-outcome-hidden')).toContainText('Hidden until every item is answered');
  await expect(page.getByTestId('review-run-checks')).toHaveCount(0);
  await page.getByTestId('review-checks-toggle').click();

  // Nothing the page received since the review started names a condition, pair, file or metric, nor the case.
  recording = false;
  expect(received.length).toBeGreaterThan(20);
  expect(received.map((r) => r.method)).not.toContain('openCase');
  // (The case list of the sidebar, listCases, is not the case: it shows every case's title as its author wrote it.)
  const forCase = received.filter((r) => r.method !== 'listCases');
  expect(forCase.flatMap((r) => blindProblems(r.body, pairs).map((p) => `${r.method}: ${p}`))).toEqual([]);
  expect(forCase.filter((r) => /"seed"/.test(r.body)).map((r) => r.method)).toEqual([]);

  // The rest of the review, then: the seed shows, the case opens again, and the checks read the complete review.
  for (let i = 10; i < total; i++) {
    await ready(page);
    await page.keyboard.press(keys[i % keys.length]!);
    await answered(page, i + 1);
  }
  await expect(page.getByTestId('review-complete')).toBeVisible();
  await expect(page.getByTestId('review-seed')).toHaveText(/^\d+$/);
  const outcome = page.getByTestId('review-outcome');
  await expect(outcome).toBeVisible();
  await outcome.getByTestId('review-run-checks').click();
  await expect(outcome.getByTestId('review-decision').first()).not.toHaveAttribute('data-decision', 'pending', { timeout: 120_000 });
  const consistency = outcome.locator('[data-testid="review-check-result"][data-kind="review-consistency"]');
  await expect(consistency).not.toContainText(/waiting for review/i);
  await page.screenshot({ path: path.join(dir, 'perceptual-review-checks.png') });
  await page.getByTestId('review-close').click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', CASE);
  expect(consoleErrors).toEqual([]);
});
