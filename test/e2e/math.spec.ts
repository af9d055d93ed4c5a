// KaTeX math in the app's panes is readable: subscripts, superscripts and fractions lay out as KaTeX's own
// stylesheet says. The table viewer once styled the class `vlist`, which KaTeX uses for every sub/superscript and
// fraction, so H_k showed as "H" and a box, and the PSNR formula lost its denominators (issue 22).
import path from 'node:path';
import { expect, screenshot, SCREENSHOT_DIR, serverUrl, test } from './fixtures';
import type { PageElement, PageGlobals } from './page-dom';

for (const [caseId, what] of [
  ['paging-robustness', 'H_k'],
  ['quantization-stability', 'the PSNR fraction'],
] as const) {
  test(`${what} lays out as KaTeX does (no app style on KaTeX's vlist)`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(serverUrl());
    await page.getByTestId(`case-item-${caseId}`).click();
    const paper = page.getByTestId('pane-paper');
    await expect(paper.locator('.katex .vlist').first()).toBeAttached();
    const styles = await paper.locator('.katex .vlist').evaluateAll((els) =>
      els.map((e) => {
        const s = (globalThis as unknown as PageGlobals).getComputedStyle(e as unknown as PageElement);
        return { border: s.borderTopWidth, overflow: s.overflow, contain: s.contain, fontFamily: s.fontFamily };
      }),
    );
    expect(styles.length).toBeGreaterThan(0);
    for (const s of styles) {
      expect(s.border).toBe('0px');
      expect(s.overflow).toBe('visible');
      expect(s.contain).toBe('none');
      expect(s.fontFamily).not.toMatch(/mono/i);
    }
    // A subscript sits below its base: the k of H_k (or the denominator of the fraction) is visible and lower.
    const lowered = await paper
      .locator('.katex .vlist-t')
      .first()
      .evaluate((e) => {
        const box = (e as unknown as PageElement & { getBoundingClientRect(): { height: number } }).getBoundingClientRect();
        return box.height;
      });
    expect(lowered).toBeGreaterThan(4);
    // Scroll the first formula with a sub/superscript or fraction into view, and keep the pane to look at.
    await paper
      .locator('.katex')
      .filter({ has: page.locator('.vlist') })
      .last()
      .scrollIntoViewIfNeeded();
    await screenshot(page, `math-${caseId}`);
    await paper.screenshot({ path: path.join(SCREENSHOT_DIR, `math-${caseId}-paper.png`) });
    expect(consoleErrors).toEqual([]);
  });
}
