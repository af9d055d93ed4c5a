// Issue 24 item 9, the desktop side: Electron's printToPDF is bounded like the system Chromium (app/letters/pdf.ts
// boundedPrinter): a printing that does not finish is stopped and its window destroyed, a PDF over the page cap is
// refused naming the letter, and exports take turns in the process's queue. Fake windows stand in for Electron.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { electronPdfPrinter, type PrintWindow } from '../../main/print-pdf';
import { PrintQueue } from '../../app/letters/pdf';
import { letterHtml } from '../../app/letters/html';

vi.mock('electron', () => ({}));

/** A window whose printToPDF takes `ms` (never settles when null) and returns `pages` page objects. */
function fakeWindows(ms: number | null, pages = 1) {
  const state = { created: 0, destroyed: 0, printing: 0, maxPrinting: 0 };
  const create = (_o: BrowserWindowConstructorOptions): PrintWindow => {
    state.created += 1;
    let destroyed = false;
    return {
      loadFile: async () => undefined,
      destroy: () => {
        destroyed = true;
        state.destroyed += 1;
      },
      webContents: {
        printToPDF: () =>
          new Promise<Buffer>((resolve) => {
            state.printing += 1;
            state.maxPrinting = Math.max(state.maxPrinting, state.printing);
            if (ms === null) return;
            setTimeout(() => {
              state.printing -= 1;
              resolve(Buffer.from(`%PDF-1.7\n${'<</Type /Page>>\n'.repeat(pages)}${destroyed ? 'after destroy' : ''}`));
            }, ms);
          }),
      },
    } as unknown as PrintWindow;
  };
  return { state, create };
}

describe('electronPdfPrinter is bounded', () => {
  it('a printing that never finishes is stopped after the wall clock, its window destroyed', async () => {
    const { state, create } = fakeWindows(null);
    const print = electronPdfPrinter(create, { limits: { timeoutMs: 300 }, queue: new PrintQueue(1) });
    const err = await print(letterHtml('# L\n', 'Stuck letter', [])).catch((e: unknown) => e);
    expect((err as Error).message).toBe('letter "Stuck letter": printing took over 0.3 s; Chromium was stopped and nothing was exported');
    expect(state.destroyed).toBe(1);
  });

  it('a PDF over the page cap is refused with the letter and the count', async () => {
    const { create } = fakeWindows(1, 7);
    const print = electronPdfPrinter(create, { limits: { maxPages: 5 }, queue: new PrintQueue(1) });
    await expect(print(letterHtml('# L\n', 'Long', []))).rejects.toThrow(
      'letter "Long": prints to 7 pages, over the limit of 5; nothing was exported',
    );
  });

  it('6 exports at once print one at a time', async () => {
    const { state, create } = fakeWindows(20);
    const print = electronPdfPrinter(create, { queue: new PrintQueue(1) });
    const pdfs = await Promise.all(Array.from({ length: 6 }, (_, i) => print(letterHtml(`# L${i}\n`, `L${i}`, []))));
    expect(pdfs).toHaveLength(6);
    expect(state.maxPrinting).toBe(1);
    expect(state.destroyed).toBe(6);
  });
});
