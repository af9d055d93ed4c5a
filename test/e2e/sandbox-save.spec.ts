// Editing a sandbox file in Monaco and saving it writes the file in the workspace and logs the edit.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundledCases, expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const c = bundledCases().find((k) => k.sandboxFile !== undefined);

test('saves an edited sandbox file and logs the edit', async ({ page, consoleErrors }) => {
  test.skip(c === undefined, 'no bundled case has a sandbox file');
  const file = c!.sandboxFile!;
  const onDisk = path.join(serverWorkspace(), c!.id, file.path);
  const before = await readFile(onDisk, 'utf8');

  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${c!.id}`).click();
  const sandbox = page.getByTestId('pane-sandbox');
  await sandbox.getByTestId(`sandbox-tab-${file.path}`).click();
  await expect(sandbox.locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(sandbox.getByTestId('sandbox-save')).toBeDisabled();

  // Append trailing whitespace to the first line: harmless to any format, but a real change.
  await sandbox.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await page.keyboard.type('  ');
  await expect(sandbox.getByTestId('sandbox-save')).toBeEnabled();
  await sandbox.getByTestId('sandbox-save').click();
  await expect(sandbox.getByTestId('sandbox-status')).toHaveText(`Saved ${file.path}`);

  const after = await readFile(onDisk, 'utf8');
  const firstBreak = before.indexOf('\n');
  const expected = firstBreak === -1 ? `${before}  ` : `${before.slice(0, firstBreak)}  ${before.slice(firstBreak)}`;
  expect(after).toBe(expected);

  await page.getByTestId('dock-tab-audit').click();
  await expect(page.getByTestId('audit-log')).toContainText('edit');
  await expect(page.getByTestId('audit-log')).toContainText(file.path);
  await screenshot(page, '06-sandbox-saved');
  expect(consoleErrors).toEqual([]);
});

test('asks before dropping unsaved sandbox edits when another case is opened', async ({ page, consoleErrors }) => {
  const all = bundledCases();
  test.skip(c === undefined || all.length < 2, 'needs a case with a sandbox file and a second case');
  const other = all.find((k) => k.id !== c!.id)!;
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${c!.id}`).click();
  const sandbox = page.getByTestId('pane-sandbox');
  await sandbox.getByTestId(`sandbox-tab-${c!.sandboxFile!.path}`).click();
  await sandbox.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await expect(sandbox.getByTestId('sandbox-save')).toBeEnabled();

  const messages: string[] = [];
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await page.getByTestId(`case-item-${other.id}`).click();
  await expect.poll(() => messages.length).toBe(1);
  expect(messages[0]).toContain(c!.sandboxFile!.path);
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', c!.id);

  page.once('dialog', (d) => void d.accept());
  await page.getByTestId(`case-item-${other.id}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', other.id);
  expect(consoleErrors).toEqual([]);
});
