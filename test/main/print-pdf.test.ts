// The desktop app's letter printer against a fake window: a hidden window with JavaScript off loads the HTML from
// a file, prints A4 through printToPDF, and is destroyed (its file removed) whether printing worked or not.
import { describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { BrowserWindowConstructorOptions } from 'electron';
import { electronPdfPrinter, type PrintWindow } from '../../main/print-pdf';

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
