// Issue 22, item 4: downloads of every export in browser mode. A built report downloads as one .zip holding exactly
// the files of its folder in the server's workspace, byte for byte (read back with Python's zipfile); a case file
// (a CSV table, as extracted tables and review answers are) downloads from the evidence viewer with its exact bytes.
// (Letters' Markdown and PDF downloads are covered by letters.spec.ts.) Axe and screenshots of the report dialog in
// both themes at 1280x720 and 1920x1080 go to /work/notes/shots/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, serverUrl, serverWorkspace, test } from './fixtures';
import { seriousViolations } from './axe-scan';

const SHOTS = '/work/notes/shots';

test.use({ bypassCSP: true });

/** Every file of a zip with its bytes (base64), as Python's zipfile reads them (its CRC check included). */
function unzip(file: string): Record<string, string> {
  const py = String.raw`
import base64, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps({i.filename: base64.b64encode(z.read(i)).decode() for i in z.infolist()}))
`;
  const r = spawnSync('/usr/bin/python3', ['-c', py, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Record<string, string>;
}

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const abs = path.join(dir, rel);
    try {
      out[rel.split(path.sep).join('/')] = readFileSync(abs).toString('base64');
    } catch {
      // a folder
    }
  }
  return out;
}

test('a report downloads as a zip of its folder, a case file from the viewer with its bytes', async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(serverUrl());
  await page.getByTestId('case-item-padding-perplexity').click();
  await page.getByTestId('build-report').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog.getByTestId('report-where')).toBeVisible({ timeout: 60_000 });
  const reportPath = await dialog.getByTestId('report-where').locator('.mono').first().innerText();
  const pending = page.waitForEvent('download');
  await dialog.getByTestId('report-download').click();
  const zip = await pending;
  expect(zip.suggestedFilename()).toBe(`${path.basename(reportPath)}.zip`);
  const inZip = unzip((await zip.path())!);
  const onDisk = filesUnder(path.join(serverWorkspace(), 'padding-perplexity', reportPath));
  expect(Object.keys(inZip).sort()).toEqual(Object.keys(onDisk).sort());
  expect(inZip).toEqual(onDisk);
  expect(Object.keys(inZip)).toContain('index.html');
  await page.keyboard.press('Escape');

  // A CSV of the case, opened by quick open, downloaded from the viewer.
  await page.getByTestId('paper-title').click();
  await page.keyboard.press('Control+p');
  await page.keyboard.type('positions.csv');
  await page.keyboard.press('Enter');
  const viewer = page.getByTestId('file-viewer');
  await expect(viewer.locator('.file-viewer')).toHaveAttribute('data-path', 'logbook/eval/positions.csv');
  const csvPending = page.waitForEvent('download');
  await viewer.getByTestId('viewer-download').click();
  const csv = await csvPending;
  expect(csv.suggestedFilename()).toBe('positions.csv');
  expect(readFileSync((await csv.path())!)).toEqual(
    readFileSync(path.join(serverWorkspace(), 'padding-perplexity/logbook/eval/positions.csv')),
  );
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the report dialog with its download is axe-clean in ${scheme}, shot at 1280x720 and 1920x1080`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(serverUrl());
      await page.getByTestId('case-item-padding-perplexity').click();
      await page.getByTestId('build-report').click();
      const dialog = page.getByTestId('report-dialog');
      await expect(dialog.getByTestId('report-download')).toBeVisible({ timeout: 60_000 });
      expect(await seriousViolations(page, dialog)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `report-download-${scheme}-${w}x${h}.png`) });
    }
  });
}
