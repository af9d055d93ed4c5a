// The sandbox editor knows the checkers API: declarations generated from checkers/ at build time are loaded into
// Monaco under the paths sandbox code imports them by, so an import of the checkers resolves (no marker), members
// complete, hover shows the doc comment, and a real type error is marked. A .mjs module opens without the
// JavaScript worker failing, and the editor follows the system colour scheme.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const CASE = 'paging-robustness';
const PROBE = 'sandbox/types-probe.ts';
const PROBE_MJS = 'sandbox/types-probe.mjs';
const probeText = [
  `import { Rational } from '../../../checkers/exact/rational';`,
  `import { splitSeed } from '@recheck/checkers/random/xoshiro128';`,
  ``,
  `export default function probe(): string {`,
  `  const third = Rational.of(1n, 3n);`,
  `  const wrong: number = third;`,
  `  return String(splitSeed(wrong, 0));`,
  `}`,
  ``,
].join('\n');

test.beforeAll(async () => {
  await writeFile(path.join(serverWorkspace(), CASE, PROBE), probeText);
  await writeFile(
    path.join(serverWorkspace(), CASE, PROBE_MJS),
    `// A JavaScript module\nexport default (input) => ({ twice: 2 * (input?.n ?? 0) });\n`,
  );
});
test.afterAll(async () => {
  await rm(path.join(serverWorkspace(), CASE, PROBE), { force: true });
  await rm(path.join(serverWorkspace(), CASE, PROBE_MJS), { force: true });
});

async function openFile(page: Page, file: string) {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${CASE}`).click();
  const pane = page.getByTestId('pane-sandbox');
  await pane.getByTestId(`sandbox-tab-${file}`).click();
  await expect(pane.locator('.monaco-editor .view-lines')).toContainText(file.endsWith('.mjs') ? 'JavaScript module' : 'Rational.of');
  return pane;
}

test('checkers imports resolve, members complete with docs, and a type error is marked', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // The TypeScript worker and the editor's code load only with the editor, not with the case list.
  const loaded: string[] = [];
  page.context().on('request', (r) => void (/\/assets\/(ts\.worker|tsMode|editor\.api)/.test(r.url()) && loaded.push(r.url())));
  await page.goto(serverUrl());
  await expect(page.getByTestId(`case-item-${CASE}`)).toBeVisible();
  expect(loaded).toEqual([]);
  const pane = await openFile(page, PROBE);
  await expect.poll(() => loaded.some((u) => u.includes('ts.worker'))).toBe(true);
  // Exactly one error: `wrong: number = third` (a Rational). Both import forms resolve, or they would be marked too.
  const errors = pane.locator('.monaco-editor .squiggly-error');
  await expect(errors).toHaveCount(1, { timeout: 30_000 });
  const box = await errors.first().boundingBox();
  const line6 = await pane.locator('.monaco-editor .view-line').filter({ hasText: 'const wrong' }).boundingBox();
  expect(box !== null && line6 !== null && Math.abs(box.y + box.height / 2 - (line6.y + line6.height / 2)) < line6.height).toBe(true);

  // Hover on `of` shows the checker's own doc comment.
  await pane.locator('.monaco-editor .view-line span', { hasText: /^of$/ }).first().hover();
  await expect(page.locator('.monaco-hover', { hasText: 'canonical form' }).first()).toBeVisible({ timeout: 15_000 });

  // Completion of a checkers class's members.
  await pane.locator('.monaco-editor .view-line').filter({ hasText: 'return String' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Rational.');
  const suggest = page.locator('.monaco-editor .suggest-widget');
  await expect(suggest).toBeVisible({ timeout: 15_000 });
  for (const member of ['from', 'of', 'parse'])
    await expect(suggest.locator('.monaco-list-row', { hasText: new RegExp(`^${member}`) }).first()).toBeVisible();
  await screenshot(page, 'editor-types-completion');
  await page.keyboard.press('Escape');
  expect(consoleErrors).toEqual([]);
});

test('a .mjs module opens and edits without a worker error', async ({ page, consoleErrors }) => {
  // Leaving the case with the edit unsaved asks first: yes.
  page.on('dialog', (d) => void d.accept());
  const pane = await openFile(page, PROBE_MJS);
  await pane.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' // edited');
  // The JavaScript language service answers (a completion list), which needs its worker.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Math.');
  await expect(page.locator('.monaco-editor .suggest-widget .monaco-list-row', { hasText: /^abs/ }).first()).toBeVisible({
    timeout: 15_000,
  });
  await page.keyboard.press('Escape');
  // Back and forth between the module, a TypeScript file and another case (its models are disposed meanwhile).
  await pane.getByTestId('sandbox-tab-sandbox/point.ts').click();
  await expect(pane.locator('.monaco-editor .view-lines')).toContainText('PointParams');
  await pane.getByTestId(`sandbox-tab-${PROBE_MJS}`).click();
  await expect(pane.locator('.monaco-editor .view-lines')).toContainText('JavaScript module');
  await page.getByTestId('case-item-kl-direction').click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', 'kl-direction');
  await page.getByTestId(`case-item-${CASE}`).click();
  await page.getByTestId('pane-sandbox').getByTestId(`sandbox-tab-${PROBE_MJS}`).click();
  await expect(page.getByTestId('pane-sandbox').locator('.monaco-editor .view-lines'))
    .toContainText('edited', { timeout: 1_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1500);
  expect(consoleErrors).toEqual([]);
});

test('the editor follows the system colour scheme', async ({ page, consoleErrors }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const pane = await openFile(page, PROBE);
  const editor = pane.locator('.monaco-editor').first();
  await expect(editor).toHaveClass(/\bvs\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(editor).toHaveClass(/\bvs-dark\b/);
  await screenshot(page, 'editor-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(editor).not.toHaveClass(/\bvs-dark\b/);
  expect(consoleErrors).toEqual([]);
});
