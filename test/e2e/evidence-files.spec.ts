// Evidence files open in place. From the results of bundled-case runs: the padding case's positions table
// (CSV, scrolled to its last row), a growth fit's SVG, a sweep checkpoint's JSON Lines and manifest (JSON,
// folded and unfolded), a module as text with line numbers. From the files a case lists (the Add check form's
// file picker): a 100,000-row CSV scrolled to the end, a PNG, and a hostile SVG whose scripts must not run.
// Sizes and hashes are compared with the files read from disk by the test itself.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const repo = path.resolve(import.meta.dirname, '../..');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

// The page's objects as these tests use them (the e2e project has no DOM library types).
interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  dataset: Record<string, string | undefined>;
  querySelectorAll(selector: string): { length: number };
}
interface LoadedImage {
  complete: boolean;
  naturalWidth: number;
}
const naturalWidth = (img: Locator) =>
  img.evaluate((el) => (el as unknown as LoadedImage).complete && (el as unknown as LoadedImage).naturalWidth);

/** The CSV rows of a file as the viewer shows them: trimmed cells (no quoting in these files). */
function lastRow(text: string): { line: number; values: string[] } {
  const lines = text.replace(/\n$/, '').split('\n');
  return {
    line: lines.length,
    values: lines
      .at(-1)!
      .split(',')
      .map((v) => v.trim()),
  };
}

async function runCase(page: Page, id: string): Promise<Locator> {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${id}`).click();
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  return page.getByTestId('results');
}

/** The viewer's header: the file's name, size in bytes and SHA-256 as read from disk. */
async function expectHeader(viewer: Locator, abs: string): Promise<void> {
  const bytes = readFileSync(abs);
  await expect(viewer.getByTestId('viewer-name')).toHaveText(path.basename(abs));
  await expect(viewer.getByTestId('viewer-size')).toHaveAttribute('data-bytes', String(bytes.length));
  await expect(viewer.getByTestId('viewer-sha256')).toHaveText(sha256(bytes));
}

/** Scrolls a virtualised table to its end and checks the last row against the file; returns the rows in the DOM. */
async function scrollToEnd(viewer: Locator, text: string): Promise<number> {
  const table = viewer.getByTestId('table-view');
  await table.evaluate((el) => {
    const box = el as unknown as ScrollBox;
    box.scrollTop = box.scrollHeight;
  });
  const last = lastRow(text);
  const row = table.locator(`[data-line="${last.line}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[role="gridcell"]')).toHaveText(last.values);
  return table.locator('.vrow').count();
}

test('the padding case positions table opens from the results, scrolls to its last row, and Escape closes it', async ({
  page,
  consoleErrors,
}) => {
  const results = await runCase(page, 'padding-perplexity');
  const link = results
    .getByTestId('check-perplexity')
    .locator('[data-testid="evidence-file-link"][data-path="logbook/eval/positions.csv"]');
  await expect(link).toBeVisible();
  await link.click();
  const viewer = page.getByTestId('file-viewer');
  const abs = path.join(serverWorkspace(), 'padding-perplexity/logbook/eval/positions.csv');
  await expectHeader(viewer, abs);
  const text = readFileSync(abs, 'utf8');
  const rows = text.trimEnd().split('\n').length - 1;
  await expect(viewer.getByTestId('table-count')).toHaveText(`${rows.toLocaleString('en-US')} rows × 5 columns`);
  await expect(viewer.getByRole('columnheader')).toHaveText(['line', 'model', 'seq', 'pos', 'token', 'nll']);
  await screenshot(page, 'evidence-01-positions-csv-top');
  expect(await scrollToEnd(viewer, text)).toBeLessThan(80);
  await screenshot(page, 'evidence-02-positions-csv-end');
  // The same file as text, with line numbers.
  await viewer.getByTestId('view-text').click();
  await expect(viewer.getByTestId('text-view').locator('[data-line="1"]')).toContainText('model,seq,pos,token,nll');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // The file a declared check reads is a link in the paper pane too.
  await page.getByTestId('pane-paper').getByTestId('declared-check-perplexity').locator('[data-path="logbook/eval/positions.csv"]').click();
  await expect(viewer.getByTestId('viewer-sha256')).toHaveText(sha256(readFileSync(abs)));
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('a growth fit’s SVG, its sweep checkpoint’s JSON Lines and manifest (folding) open from the results', async ({
  page,
  consoleErrors,
}) => {
  const results = await runCase(page, 'paging-robustness');
  const check = results.getByTestId('check-full-sweep');
  const svg = check.locator('[data-testid="artifact-link"][data-path$="/growth-fit.svg"]');
  const svgPath = (await svg.getAttribute('data-path'))!;
  await svg.click();
  const viewer = page.getByTestId('file-viewer');
  await expectHeader(viewer, path.join(serverWorkspace(), 'paging-robustness', svgPath));
  const img = viewer.getByTestId('image-view').locator('img');
  await expect(img).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect.poll(() => naturalWidth(img)).toBeGreaterThan(100);
  await screenshot(page, 'evidence-03-growth-fit-svg');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The checkpoint folder lists its files; points.jsonl is a table, one row per sweep point.
  await check.locator('[data-testid="evidence-file-link"][data-path*="/sweep-"]').first().click();
  await expect(viewer.getByTestId('folder-view')).toBeVisible();
  await viewer.getByRole('button', { name: 'points.jsonl' }).click();
  const checkpoint = path.dirname(
    path.join(
      serverWorkspace(),
      'paging-robustness',
      (await check.locator('[data-testid="evidence-file-link"][data-path*="/sweep-"]').first().getAttribute('data-path'))!,
      'x',
    ),
  );
  const points = readFileSync(path.join(checkpoint, 'points.jsonl'), 'utf8').trim().split('\n');
  await expectHeader(viewer, path.join(checkpoint, 'points.jsonl'));
  await expect(viewer.getByTestId('table-count')).toHaveText(
    `${points.length} rows × ${Object.keys(JSON.parse(points[0]!) as object).length} columns`,
  );
  const first = JSON.parse(points[0]!) as { index: number; seed: number };
  const firstRow = viewer.getByTestId('table-view').locator('[data-line="1"] [role="gridcell"]');
  await expect(firstRow.first()).toHaveText(String(first.index));
  await expect(firstRow.nth(2)).toHaveText(String(first.seed));
  await screenshot(page, 'evidence-04-points-jsonl');

  // Back to the folder, then the manifest: a foldable JSON tree.
  await viewer.getByRole('button', { name: 'Back to the previous file' }).click();
  await viewer.getByRole('button', { name: 'manifest.json' }).click();
  const tree = viewer.getByTestId('json-tree');
  const manifest = JSON.parse(readFileSync(path.join(checkpoint, 'manifest.json'), 'utf8')) as { format: string; module: { path: string } };
  await expect(tree).toContainText(`"format": "${manifest.format}"`);
  await expect(tree).toContainText(`"path": "${manifest.module.path}"`);
  await tree.getByRole('button', { name: 'Fold "module"' }).click();
  await expect(tree).not.toContainText(`"path": "${manifest.module.path}"`);
  await expect(tree.getByRole('button', { name: 'Unfold "module"' })).toHaveAttribute('aria-expanded', 'false');
  await screenshot(page, 'evidence-05-manifest-json-folded');
  await tree.getByRole('button', { name: 'Fold all', exact: true }).click();
  await expect(tree.getByRole('button', { name: 'Unfold the document' })).toBeVisible();
  await tree.getByRole('button', { name: 'Unfold all', exact: true }).click();
  await expect(tree).toContainText(`"path": "${manifest.module.path}"`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('a module the evidence names opens as text with line numbers', async ({ page, consoleErrors }) => {
  const results = await runCase(page, 'kl-direction');
  await results.locator('[data-testid="evidence-file-link"][data-path="logbook/loss.mjs"]').first().click();
  const viewer = page.getByTestId('file-viewer');
  const abs = path.join(serverWorkspace(), 'kl-direction/logbook/loss.mjs');
  await expectHeader(viewer, abs);
  const lines = readFileSync(abs, 'utf8').replace(/\n$/, '').split('\n');
  const text = viewer.getByTestId('text-view');
  await expect(text).toHaveAttribute('data-rows', String(lines.length));
  const probe = Math.min(lines.length, 5);
  await expect(text.locator(`[data-line="${probe}"] .tline-no`)).toHaveText(String(probe));
  await expect(text.locator(`[data-line="${probe}"] .tline-text`)).toHaveText(lines[probe - 1]!);
  await screenshot(page, 'evidence-06-module-text');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test.describe('files the case lists', () => {
  const dir = () => path.join(serverWorkspace(), 'padding-perplexity', 'tables');
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABlklEQVR42hXR4RiFMQiG4Q9hCEMIYQghhDCEEIbwIIQQQgghDOHs9Lu7662+72N8zA/5WB/6YR/7wz/OBx/xkR/10R/34/sGYzAHMlgDHdhgD3xwBgxikIMa9OCOByZjMicyWROd2GRPfHImTGKSk5r05M4HhCFMQYQlqGDCFlw4AkIIKZTQwpUHFmMxF7JYC13YYi98cRYsYpGLWvTirgeUoUxFlKWoYspWXDkKSiiplNLK1QeMYUxDjGWoYcY23DgGRhhplNHGtQc2YzM3slkb3dhmb3xzNmxik5va9ObuB5zhTEec5ahjznbcOQ5OOOmU0871Bw7jMA9yWAc92GEf/HAOHOKQhzr04Z4H/s95534HfCd5S77YL8gb/Zr/FZBQ0HDf679gBDOQYAUaWLADD0782yPIoIIObjyQjGQmkqxEE0t24snJ//BIMqmkk5sPFKOYhRSr0MKKXXhx6h8liiyq6OLWA81oZiPNarSxZjfenP4Hjyabarq5/cBlXOZFLuuiF7vsi1/O/a8Zl7zUpS/38gNq4ZAQAX6pcwAAAABJRU5ErkJggg==',
    'base64',
  );
  const HOSTILE_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="top.document.title=\'pwned\';top.pwned=1"><script>top.pwned=2;top.document.title="pwned"</script><rect width="120" height="40" fill="#c33"/></svg>';

  test.beforeAll(() => {
    // A 100,000-row table of the padding case's columns: its positions repeated under new sequence ids.
    const src = readFileSync(path.join(repo, 'cases/padding-perplexity/logbook/eval/positions.csv'), 'utf8').trimEnd().split('\n');
    const [header, ...rows] = src;
    const out = [header!];
    for (let rep = 0; out.length <= 100_000; rep++)
      for (const r of rows) if (out.length <= 100_000) out.push(r.replace(/,s(\d+),/, `,r${rep}s$1,`));
    mkdirSync(dir(), { recursive: true });
    writeFileSync(path.join(dir(), 'positions-100k.csv'), `${out.join('\n')}\n`);
    writeFileSync(path.join(dir(), 'figure.png'), PNG);
    writeFileSync(path.join(dir(), 'hostile.svg'), HOSTILE_SVG);
  });
  test.afterAll(() => rmSync(dir(), { recursive: true, force: true }));

  /** Opens the Add check form of the padding case with a padding audit, and views `file` from its positions picker. */
  async function viewFromPicker(page: Page, file: string): Promise<Locator> {
    await page.goto(serverUrl());
    await page.getByTestId('case-item-padding-perplexity').click();
    await page.getByTestId('pane-paper').getByRole('button', { name: 'Add check to F1' }).click();
    const add = page.getByTestId('add-check-dialog');
    await add.getByLabel('Kind').selectOption('padding-audit');
    await add.locator('.schema-field[data-param="positions"] select').selectOption(`tables/${file}`);
    await add.getByRole('button', { name: `View positions: tables/${file}` }).click();
    const viewer = page.getByTestId('file-viewer');
    await expect(viewer).toBeVisible();
    return viewer;
  }

  test('a 100,000-row CSV stays a screenful of rows in the page, scrolled to its end', async ({ page, consoleErrors }) => {
    const viewer = await viewFromPicker(page, 'positions-100k.csv');
    const abs = path.join(dir(), 'positions-100k.csv');
    await expectHeader(viewer, abs);
    await expect(viewer.getByTestId('table-count')).toHaveText('100,000 rows × 5 columns');
    const table = viewer.getByTestId('table-view');
    // Scrolled through in 40 frames: the window follows, the DOM keeps a screenful (frame times are recorded, not asserted).
    const frames = await table.evaluate(async (node) => {
      const el = node as unknown as ScrollBox;
      const { requestAnimationFrame } = globalThis as unknown as { requestAnimationFrame(cb: () => void): number };
      const times: number[] = [];
      const seen: string[] = [];
      let t = performance.now();
      for (let i = 1; i <= 40; i++) {
        el.scrollTop = (el.scrollHeight * i) / 41;
        await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
        const now = performance.now();
        times.push(now - t);
        t = now;
        seen.push(`${el.dataset.first}:${el.querySelectorAll('.vrow').length}`);
      }
      return { times, seen };
    });
    expect(new Set(frames.seen.map((s) => s.split(':')[0])).size).toBe(40);
    expect(Math.max(...frames.seen.map((s) => Number(s.split(':')[1])))).toBeLessThan(80);
    test.info().annotations.push({
      type: 'frame ms (2 frames per scroll step)',
      description: `median ${[...frames.times].sort((a, b) => a - b)[20]!.toFixed(1)}, max ${Math.max(...frames.times).toFixed(1)}`,
    });
    expect(await scrollToEnd(viewer, readFileSync(abs, 'utf8'))).toBeLessThan(80);
    await screenshot(page, 'evidence-07-100k-csv-end');
    // Escape closes the viewer only; the Add check form stays.
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(page.getByTestId('add-check-dialog')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a PNG shows as an image with its size and hash', async ({ page, consoleErrors }) => {
    const viewer = await viewFromPicker(page, 'figure.png');
    await expectHeader(viewer, path.join(dir(), 'figure.png'));
    const img = viewer.getByTestId('image-view').locator('img');
    await expect(img).toHaveAttribute('src', `data:image/png;base64,${PNG.toString('base64')}`);
    await expect.poll(() => naturalWidth(img)).toBe(16);
    await expect(viewer.getByTestId('image-view')).toContainText('16 × 16 px');
    await screenshot(page, 'evidence-08-png');
    expect(consoleErrors).toEqual([]);
  });

  test('a hostile SVG is drawn as an image and its script and onload never run', async ({ page, consoleErrors }) => {
    const title = 'pwned-check';
    const viewer = await viewFromPicker(page, 'hostile.svg');
    await page.evaluate((t) => {
      (globalThis as unknown as { document: { title: string } }).document.title = t;
    }, title);
    const img = viewer.getByTestId('image-view').locator('img');
    await expect.poll(() => naturalWidth(img)).toBe(120);
    // Give any script a chance to run, then check it did not: no global, title untouched, no <svg> or <script> in the page.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.title()).toBe(title);
    expect(await page.locator('svg script, script:not([src])').count()).toBe(0);
    expect(await viewer.locator('svg').count()).toBe(0);
    await screenshot(page, 'evidence-09-hostile-svg');
    expect(consoleErrors).toEqual([]);
  });
});
