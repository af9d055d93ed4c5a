// The keyboard layer: the command palette runs actions, quick open goes to a case's files, shortcuts run, cancel,
// move between falsifications and focus the panes, `?` shows the shortcuts sheet (not while typing), and the
// code editor says how Tab leaves it, and Tab does leave it once asked to.
import type { Page } from '@playwright/test';
import { expect, screenshot, serverUrl, slowCase, test } from './fixtures';

const FW = 'fw-attention-collapse';
const TIMING = 'timing-normalization';

async function openCase(page: Page, id: string) {
  await page.goto(serverUrl());
  await page.getByTestId(`case-item-${id}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', id);
  // Start from the page itself, not a field.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
}

test('the palette lists commands, filters fuzzily, and runs the chosen one with Enter', async ({ page, consoleErrors }) => {
  await openCase(page, FW);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  const list = palette.getByRole('listbox');
  await expect(input).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  // Every kind of action is there.
  for (const title of [
    'Run all checks of the case',
    'Cancel the run',
    'Next claimed falsification',
    'Focus the paper pane',
    'Focus the logbook pane',
    'Focus the sandbox pane',
    'Focus the checks and decisions pane',
    'New case…',
    'Triage a verdict ledger',
    'Import a logbook…',
    'Draft the letter to the authors',
    'Record a decision…',
    'Go to a file of the case…',
    'Run the checks of F1 (',
  ]) {
    await expect(list.getByRole('option', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeAttached();
  }
  // Fuzzy: "rdec" finds "Record a decision…"; the first option is the active descendant.
  await input.fill('rdec');
  const first = list.getByRole('option').first();
  await expect(first).toContainText('Record a decision');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await screenshot(page, 'palette-filtered');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByTestId('dock-tab-decide')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('checks-dock')).toBeFocused();

  // A command that opens a view: triage.
  await page.keyboard.press('Control+k');
  await input.fill('triage');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('triage-view')).toBeVisible();
  await page.getByTestId('case-item-fw-attention-collapse').click();

  // Arrow keys move the choice; Escape closes and gives the focus back.
  await page.keyboard.press('Control+Shift+P');
  await expect(palette).toBeVisible();
  await input.fill('open case');
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // Switching case from the palette (other specs add cases with the same title to the shared workspace: the
  // option is told apart by the case id it shows).
  await page.keyboard.press('Control+k');
  await input.fill('open case batched');
  const options = list.getByRole('option');
  const texts = await options.allTextContents();
  const at = texts.findIndex((t) => t.includes(TIMING));
  expect(at).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', TIMING);
  expect(consoleErrors).toEqual([]);
});

test('Ctrl+Enter runs the checks and Escape cancels the run', async ({ page, consoleErrors }) => {
  // A case whose run lasts long enough to be cancelled (a bundled case can finish before Escape).
  await openCase(page, slowCase());
  const status = page.getByTestId('run-status');
  await expect(status).toHaveAttribute('data-status', 'idle');
  await page.keyboard.press('Control+Enter');
  await expect(status).toHaveAttribute('data-status', /starting|running/);
  await expect(page.getByTestId('cancel-run')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(status).toHaveAttribute('data-status', 'cancelled', { timeout: 20_000 });
  expect(consoleErrors).toEqual([]);
});

test('Alt+Down and Alt+Up move between falsifications; Alt+1..4 focus the panes', async ({ page, consoleErrors }) => {
  await openCase(page, FW);
  const f1 = page.getByTestId('falsification-F1');
  const f2 = page.getByTestId('falsification-F2');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(f1).toBeFocused();
  await expect(f1).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(f2).toBeFocused();
  await expect(f1).not.toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(f1).toBeFocused();

  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('pane-logbook')).toBeFocused();
  await page.keyboard.press('Alt+4');
  await expect(page.getByTestId('checks-dock')).toBeFocused();
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('pane-paper')).toBeFocused();
  await screenshot(page, 'palette-pane-focus');
  expect(consoleErrors).toEqual([]);
});

test('the editor says how Tab leaves it, and Ctrl+M makes Tab leave it', async ({ page, consoleErrors }) => {
  await openCase(page, FW);
  await expect(page.getByTestId('pane-sandbox').locator('.monaco-editor')).toBeVisible();
  const inEditor = async () => (await page.locator('.monaco-editor :focus').count()) > 0;
  // Alt+3 focuses the pane, like Alt+1, 2 and 4, not the editor: the next Tab walks into the pane and edits
  // nothing (it used to indent, and so dirty, the open file) (issue 22).
  await page.keyboard.press('Alt+3');
  await expect(page.getByTestId('pane-sandbox')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(false);
  await expect(page.getByTestId('sandbox-save')).toBeDisabled();
  await page.getByTestId('pane-sandbox').locator('.monaco-editor .view-lines').click();
  await expect.poll(inEditor).toBe(true);
  const hint = page.getByTestId('editor-tab-hint');
  await expect(hint).toContainText('Tab indents · Ctrl+M: Tab leaves the editor');
  // Tab indents by default: the focus stays.
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(true);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+m');
  await expect(hint).toContainText('Tab leaves the editor · Ctrl+M: Tab indents');
  await screenshot(page, 'editor-tab-hint');
  await page.keyboard.press('Tab');
  await expect.poll(inEditor).toBe(false);
  await expect(hint).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('? shows the shortcuts sheet from the registry, but not while typing; Ctrl+P goes to a file', async ({ page, consoleErrors }) => {
  await openCase(page, 'paging-robustness');
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  const runRow = sheet.locator('[data-command="run.all"]');
  await expect(runRow).toContainText('Run all checks of the case');
  await expect(runRow.locator('kbd')).toHaveText(['Ctrl', 'Enter']);
  await expect(sheet).toContainText('Toggle whether Tab moves the focus');
  await screenshot(page, 'shortcuts-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Typing ? into a field types it.
  const pane = page.getByTestId('pane-sandbox');
  await pane.getByTestId('sandbox-tab-sandbox/point.ts').click();
  const input = pane.getByTestId('sandbox-run-input');
  // The input is pre-filled with the sweep's first point (several lines): wait for it, so that
  // the pre-fill cannot land after the key, then go to the very end of the text.
  await expect(input).toHaveValue(/"k"/);
  await input.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('?');
  await expect(input).toHaveValue(/\?$/);
  await expect(sheet).toBeHidden();

  // Quick open: fuzzy on the path, Enter opens the file in the editor and selects it in the tree.
  await page.keyboard.press('Control+p');
  const quick = page.getByRole('dialog', { name: 'Go to a file of the case' });
  await expect(quick).toBeVisible();
  await quick.getByRole('combobox').fill('advers');
  await expect(quick.getByRole('option').first()).toContainText('sandbox/adversary.ts');
  await page.keyboard.press('Enter');
  await expect(quick).toBeHidden();
  await expect(pane.getByRole('treeitem', { name: /adversary\.ts/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pane.locator('.monaco-editor .view-lines')).toContainText('AdversarialInput');

  // Quick open finds every file of the case, not only the sandbox's: a logbook table opens in the viewer (issue 22).
  await page.keyboard.press('Control+p');
  await expect(quick).toBeVisible();
  await quick.getByRole('combobox').fill('sweep-k16');
  await expect(quick.getByRole('option').first()).toContainText('logbook/sweep-k16.csv');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-viewer')).toBeVisible();
  await expect(page.getByTestId('viewer-name')).toContainText('sweep-k16.csv');
  expect(consoleErrors).toEqual([]);
});

test('the sandbox file tree shows every file, folders included, and works by keyboard', async ({ page, consoleErrors }) => {
  await openCase(page, FW);
  const tree = page.getByTestId('pane-sandbox').getByRole('tree', { name: 'Sandbox files' });
  await expect(tree).toBeVisible();
  const items = tree.getByRole('treeitem');
  // Every file the case lists (folders too), none hidden by a strip.
  await expect(tree.getByRole('treeitem', { name: /random-search\.ts/ })).toBeVisible();
  const folder = tree.locator('[data-testid="sandbox-folder-sandbox/certificates"]');
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  const count = await items.count();
  await folder.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  expect(await items.count()).toBeLessThan(count);
  await page.keyboard.press('ArrowRight');
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const opened = await tree.locator('[role="treeitem"][aria-selected="true"]').getAttribute('data-path');
  expect(opened).toMatch(/^sandbox\/certificates\//);
  await screenshot(page, 'sandbox-file-tree');
  expect(consoleErrors).toEqual([]);
});
