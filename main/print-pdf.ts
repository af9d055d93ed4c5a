/**
 * The desktop app's letter printer: the letter's self-contained HTML (app/letters/html.ts) loaded from a temporary
 * file into a hidden window with JavaScript off and an in-memory session, printed with Electron's printToPDF
 * (A4, backgrounds, fonts embedded by Chromium), then the window and the file are removed. The core's
 * exportLetterPdf calls it in place of the system's Chromium (ServiceOptions.printPdf). Bounded like the system
 * Chromium (app/letters/pdf.ts boundedPrinter): it waits in the process's print queue, a printing over the wall
 * clock destroys its window (and with it the renderer), and a PDF over the page cap is refused naming the letter.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { boundedPrinter, type PdfLimits, type PdfPrinter, type PrintQueue } from '../app/letters/pdf';

/** What is used of a BrowserWindow (a fake in the tests). */
export type PrintWindow = Pick<BrowserWindow, 'loadFile' | 'destroy'> & { webContents: Pick<BrowserWindow['webContents'], 'printToPDF'> };

/** Example: `printPdf: electronPdfPrinter((o) => new BrowserWindow(o))` in createRecheckService's options. */
export function electronPdfPrinter(
  createWindow: (options: BrowserWindowConstructorOptions) => PrintWindow,
  o: { limits?: Partial<PdfLimits>; queue?: PrintQueue } = {},
): PdfPrinter {
  return boundedPrinter(async (html, signal) => {
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
    let destroyed = false;
    const destroy = (): void => {
      if (destroyed) return;
      destroyed = true;
      win.destroy();
    };
    // Over the wall clock: the window goes at once (its renderer with it); the printing's result is not awaited.
    signal.addEventListener('abort', destroy, { once: true });
    try {
      const page = join(dir, 'letter.html');
      await writeFile(page, html);
      await win.loadFile(page);
      return await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
    } finally {
      signal.removeEventListener('abort', destroy);
      destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }, o);
}
