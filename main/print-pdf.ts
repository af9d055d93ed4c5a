/**
 * The desktop app's letter printer: the letter's self-contained HTML (app/letters/html.ts) loaded from a temporary
 * file into a hidden window with JavaScript off and an in-memory session, printed with Electron's printToPDF
 * (A4, backgrounds, fonts embedded by Chromium), then the window and the file are removed. The core's
 * exportLetterPdf calls it in place of the system's Chromium (ServiceOptions.printPdf).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import type { PdfPrinter } from '../app/letters/pdf';

/** What is used of a BrowserWindow (a fake in the tests). */
export type PrintWindow = Pick<BrowserWindow, 'loadFile' | 'destroy'> & { webContents: Pick<BrowserWindow['webContents'], 'printToPDF'> };

/** Example: `printPdf: electronPdfPrinter((o) => new BrowserWindow(o))` in createRecheckService's options. */
export function electronPdfPrinter(createWindow: (options: BrowserWindowConstructorOptions) => PrintWindow): PdfPrinter {
  return async (html) => {
    const dir = await mkdtemp(join(tmpdir(), 'recheck-print-'));
    const win = createWindow({
      show: false,
      webPreferences: {
        javascript: false,
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        partition: 'recheck-print',
        webSecurity: true,
      },
    });
    try {
      const page = join(dir, 'letter.html');
      await writeFile(page, html);
      await win.loadFile(page);
      return await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
    } finally {
      win.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  };
}
