/**
 * The desktop app's letter printer: the letter's self-contained HTML (app/letters/html.ts) loaded from a temporary
 * file into a hidden window with JavaScript off, in a closed in-memory session of its own (lazyPrintSession: no
 * permission, device, download or spellchecker, and no request but the page being printed and its data: images),
 * printed with Electron's printToPDF (A4, backgrounds, fonts embedded by Chromium), then the window and the file
 * are removed. The core's
 * exportLetterPdf calls it in place of the system's Chromium (ServiceOptions.printPdf). Bounded like the system
 * Chromium (app/letters/pdf.ts boundedPrinter): it waits in the process's print queue, a printing over the wall
 * clock destroys its window (and with it the renderer), and a PDF over the page cap is refused naming the letter.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserWindow, BrowserWindowConstructorOptions, Session } from 'electron';
import { boundedPrinter, type PdfLimits, type PdfPrinter, type PrintQueue } from '../app/letters/pdf';
import { closeSession, type ClosableSession } from './closed-session';

/** Partition of the print window; in memory because it has no `persist:` prefix. */
export const PRINT_PARTITION = 'recheck-print';

/** The print window's session and the pages it may load now (the letters being printed). */
export interface PrintSession {
  readonly session: ClosableSession;
  /** Lets `file` (an absolute path) load until the returned function is called. */
  allow(file: string): () => void;
}

/** True when `url` is exactly the file URL of one of `files` (no query, no fragment). */
function isPageOf(url: string, files: ReadonlyMap<string, number>): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'file:' && u.search === '' && u.hash === '' && files.has(fileURLToPath(u));
  } catch {
    return false;
  }
}

/**
 * The print window's session, made and closed (closed-session.ts) at the first printing, then reused: requests
 * load only while they are a page being printed (its file URL, exactly) or a data: URL (the letter's images).
 * Example: `lazyPrintSession(() => session.fromPartition(PRINT_PARTITION))`.
 */
export function lazyPrintSession(fromPartition: (name: string) => ClosableSession): () => PrintSession {
  let made: PrintSession | null = null;
  return () => {
    if (made !== null) return made;
    const pages = new Map<string, number>();
    const session = closeSession(fromPartition(PRINT_PARTITION), (url) => url.startsWith('data:') || isPageOf(url, pages));
    made = {
      session,
      allow(file) {
        pages.set(file, (pages.get(file) ?? 0) + 1);
        return () => {
          const n = (pages.get(file) ?? 1) - 1;
          if (n > 0) pages.set(file, n);
          else pages.delete(file);
        };
      },
    };
    return made;
  };
}

/** The hidden print window: no JavaScript, sandboxed, in the closed print session (or the partition by name). */
function printWindowOptions(closed: PrintSession | undefined): BrowserWindowConstructorOptions {
  return {
    show: false,
    webPreferences: {
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      ...(closed !== undefined ? { session: closed.session as Session } : { partition: PRINT_PARTITION }),
      webSecurity: true,
      spellcheck: false,
    },
  };
}

/** What is used of a BrowserWindow (a fake in the tests). */
export type PrintWindow = Pick<BrowserWindow, 'loadFile' | 'destroy'> & { webContents: Pick<BrowserWindow['webContents'], 'printToPDF'> };

/**
 * Example: `printPdf: electronPdfPrinter((o) => new BrowserWindow(o), { session: lazyPrintSession(...) })` in
 * createRecheckService's options. Without `session` the window gets the partition by name (tests only).
 */
export function electronPdfPrinter(
  createWindow: (options: BrowserWindowConstructorOptions) => PrintWindow,
  o: { limits?: Partial<PdfLimits>; queue?: PrintQueue; session?: () => PrintSession } = {},
): PdfPrinter {
  return boundedPrinter(async (html, signal) => {
    const dir = await mkdtemp(join(tmpdir(), 'recheck-print-'));
    const page = join(dir, 'letter.html');
    const closed = o.session?.();
    const forget = closed?.allow(page);
    let win: PrintWindow;
    try {
      win = createWindow(printWindowOptions(closed));
    } catch (err) {
      forget?.();
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    let destroyed = false;
    const destroy = (): void => {
      if (destroyed) return;
      destroyed = true;
      win.destroy();
    };
    // Over the wall clock: the window goes at once (its renderer with it); the printing's result is not awaited.
    signal.addEventListener('abort', destroy, { once: true });
    try {
      await writeFile(page, html);
      await win.loadFile(page);
      return await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
    } finally {
      signal.removeEventListener('abort', destroy);
      forget?.();
      destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }, o);
}
