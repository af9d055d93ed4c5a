// The desktop app's letter printer against a fake window: a hidden window with JavaScript off loads the HTML from
// a file, prints A4 through printToPDF, and is destroyed (its file removed) whether printing worked or not.
import { describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { BrowserWindowConstructorOptions } from 'electron';
import { pathToFileURL } from 'node:url';
import { PRINT_PARTITION, electronPdfPrinter, lazyPrintSession, type PrintWindow } from '../../main/print-pdf';

vi.mock('electron', () => ({}));

function fakeWindow(fail: boolean) {
  const seen: { options?: BrowserWindowConstructorOptions; file?: string; html?: string; destroyed: boolean; printOptions?: unknown } = {
    destroyed: false,
  };
  const create = (options: BrowserWindowConstructorOptions): PrintWindow => {
    seen.options = options;
    return {
      loadFile: async (file: string) => {
        seen.file = file;
        seen.html = readFileSync(file, 'utf8');
      },
      destroy: () => {
        seen.destroyed = true;
      },
      webContents: {
        printToPDF: async (o: unknown) => {
          seen.printOptions = o;
          if (fail) throw new Error('printing failed');
          return Buffer.from('%PDF-1.7 fake');
        },
      },
    } as unknown as PrintWindow;
  };
  return { seen, create };
}

describe('electronPdfPrinter', () => {
  it('prints the HTML in a hidden window without JavaScript, then removes window and file', async () => {
    const { seen, create } = fakeWindow(false);
    const pdf = await electronPdfPrinter(create)('<html><body>Dear authors</body></html>');
    expect(Buffer.from(pdf).toString('latin1')).toBe('%PDF-1.7 fake');
    expect(seen.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false },
    });
    expect(seen.html).toBe('<html><body>Dear authors</body></html>');
    expect(seen.printOptions).toMatchObject({ pageSize: 'A4', printBackground: true });
    expect(seen.destroyed).toBe(true);
    expect(existsSync(seen.file!)).toBe(false);
  });

  it('cleans up when printing fails', async () => {
    const { seen, create } = fakeWindow(true);
    await expect(electronPdfPrinter(create)('<p>x</p>')).rejects.toThrow('printing failed');
    expect(seen.destroyed).toBe(true);
    expect(existsSync(seen.file!)).toBe(false);
  });
});

// The print window's session (issue 26 item 5): like the sandbox session, its own in-memory partition that refuses
// every permission and device, cancels downloads, has no spellchecker, and cancels every request but the page
// being printed (the temporary file loadFile opens) and the data: images inside it, only while it prints.
function fakeSession() {
  return {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    setSpellCheckerEnabled: vi.fn(),
    on: vi.fn(),
    webRequest: { onBeforeRequest: vi.fn() },
  };
}

describe('the print session', () => {
  const others = [
    'file:///etc/passwd',
    'https://example.org/',
    'http://127.0.0.1:4780/api/call/listCases',
    'app://recheck/index.html',
    'app://recheck/sandbox/index.html',
    'ws://127.0.0.1:4780/api/events',
    'blob:null/5a0c1e1e-0000-4000-8000-000000000000',
    'devtools://devtools/bundled/inspector.html',
  ];

  it('prints in its own partition, where only the page being printed and data: load, and only while it prints', async () => {
    const fromPartition = vi.fn(() => fakeSession());
    const printSession = lazyPrintSession(fromPartition);
    expect(fromPartition).not.toHaveBeenCalled(); // nothing made before the first letter prints
    const { seen, create } = fakeWindow(false);
    let during: Record<string, boolean> = {};
    let page = '';
    const createWindow = (options: BrowserWindowConstructorOptions): PrintWindow => {
      const win = create(options);
      const load = win.loadFile.bind(win);
      return Object.assign(win, {
        loadFile: async (file: string) => {
          await load(file);
          page = pathToFileURL(file).href;
          during = verdicts(filterOf(fromPartition.mock.results[0]!.value), [
            page,
            `${page}?x=1`,
            `${page}#top`,
            'data:image/png;base64,iVBORw0KGgo=',
            ...others,
          ]);
        },
      });
    };
    await electronPdfPrinter(createWindow, { session: printSession })('<p>Dear authors</p>');
    expect(fromPartition).toHaveBeenCalledTimes(1);
    expect(fromPartition).toHaveBeenCalledWith(PRINT_PARTITION);
    expect(PRINT_PARTITION).not.toMatch(/^persist:/);
    const s = fromPartition.mock.results[0]!.value as ReturnType<typeof fakeSession>;
    const prefs = seen.options!.webPreferences!;
    expect(prefs.session).toBe(s);
    expect(prefs.partition).toBeUndefined();
    expect(prefs.spellcheck).toBe(false);
    expect(during).toEqual({
      [page]: false,
      [`${page}?x=1`]: true,
      [`${page}#top`]: true,
      'data:image/png;base64,iVBORw0KGgo=': false,
      ...Object.fromEntries(others.map((u) => [u, true])),
    });
    // Printed and gone: its page no longer loads either.
    expect(verdicts(filterOf(s), [page])).toEqual({ [page]: true });
    // Permissions, devices, downloads, spellcheck: as in the sandbox session.
    const answer = vi.fn();
    s.setPermissionRequestHandler.mock.calls[0]![0]({}, 'clipboard-read', answer);
    expect(answer).toHaveBeenCalledWith(false);
    expect(s.setPermissionCheckHandler.mock.calls[0]![0]({}, 'clipboard-read', 'file://', {})).toBe(false);
    expect(s.setDevicePermissionHandler.mock.calls[0]![0]()).toBe(false);
    expect(s.setSpellCheckerEnabled).toHaveBeenCalledWith(false);
    const [event, onDownload] = s.on.mock.calls[0]!;
    expect(event).toBe('will-download');
    const download = { preventDefault: vi.fn() };
    onDownload(download);
    expect(download.preventDefault).toHaveBeenCalled();
    // A second letter reuses the configured session.
    await electronPdfPrinter(createWindow, { session: printSession })('<p>again</p>');
    expect(fromPartition).toHaveBeenCalledTimes(1);
    expect(s.webRequest.onBeforeRequest).toHaveBeenCalledTimes(1);
  });

  it('forgets a page when its printing fails', async () => {
    const s = fakeSession();
    const printSession = lazyPrintSession(() => s);
    const { seen, create } = fakeWindow(true);
    await expect(electronPdfPrinter(create, { session: printSession })('<p>x</p>')).rejects.toThrow('printing failed');
    const page = pathToFileURL(seen.file!).href;
    expect(verdicts(filterOf(s), [page])).toEqual({ [page]: true });
  });
});

type Filter = (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
function filterOf(s: { webRequest: { onBeforeRequest: { mock: { calls: unknown[][] } } } }): Filter {
  return s.webRequest.onBeforeRequest.mock.calls[0]![0] as Filter;
}
function verdicts(filter: Filter, urls: readonly string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const url of urls) filter({ url }, (r) => (out[url] = r.cancel));
  return out;
}
