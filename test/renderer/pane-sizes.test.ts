// Issue 22: pane sizes were not kept. The workspace keeps its splitters' sizes per case in the browser's storage,
// bounded (MAX_KEPT_CASES cases) and validated on read (renderer/lib/pane-sizes.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PANE_FRACTION, moveBoundary } from '../../renderer/lib/layout';
import {
  DOCK_FRACTION,
  loadPaneLayout,
  MAX_KEPT_CASES,
  PANE_SIZES_KEY,
  parsePaneLayouts,
  savePaneLayout,
  validPaneLayout,
  type LayoutStorage,
  type PaneLayout,
} from '../../renderer/lib/pane-sizes';

function memoryStorage(): LayoutStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const layout = (a: number, b: number, dock = 0.3): PaneLayout => ({ sizes: [a, b, 1 - a - b], dock });

describe('pane sizes kept per case', () => {
  it('gives back each case’s own sizes, and null for a case never resized', () => {
    const s = memoryStorage();
    savePaneLayout(s, 'timing', layout(0.2, 0.5, 0.25));
    savePaneLayout(s, 'distill', layout(0.4, 0.3, 0.5));
    expect(loadPaneLayout(s, 'timing')?.sizes[0]).toBeCloseTo(0.2, 12);
    expect(loadPaneLayout(s, 'timing')?.dock).toBe(0.25);
    expect(loadPaneLayout(s, 'distill')?.sizes[1]).toBeCloseTo(0.3, 12);
    expect(loadPaneLayout(s, 'other')).toBeNull();
    savePaneLayout(s, 'timing', layout(0.3, 0.3, 0.4));
    expect(loadPaneLayout(s, 'timing')?.dock).toBe(0.4);
    expect(parsePaneLayouts(s.map.get(PANE_SIZES_KEY)!)).toHaveLength(2);
  });

  it('keeps at most MAX_KEPT_CASES cases, forgetting the least recently resized', () => {
    const s = memoryStorage();
    for (let i = 0; i < MAX_KEPT_CASES + 7; i++) savePaneLayout(s, `case-${i}`, layout(0.3, 0.3));
    savePaneLayout(s, 'case-7', layout(0.2, 0.6)); // resized again: newest
    const kept = parsePaneLayouts(s.map.get(PANE_SIZES_KEY)!);
    expect(kept).toHaveLength(MAX_KEPT_CASES);
    expect(loadPaneLayout(s, 'case-0')).toBeNull();
    expect(loadPaneLayout(s, 'case-6')).toBeNull();
    expect(loadPaneLayout(s, 'case-8')).not.toBeNull();
    expect(loadPaneLayout(s, 'case-7')?.sizes[1]).toBeCloseTo(0.6, 12);
    expect(loadPaneLayout(s, `case-${MAX_KEPT_CASES + 6}`)).not.toBeNull();
  });

  it('refuses what no splitter could give: zero, negative, non-finite or unsummed widths, an unbounded dock', () => {
    expect(validPaneLayout({ sizes: [0, 0.5, 0.5], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: [-0.2, 0.6, 0.6], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: [Number.NaN, 0.5, 0.5], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: [0.5, 0.5, 0.5], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: [0.5, 0.5], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: ['0.3', 0.3, 0.4], dock: 0.3 })).toBeNull();
    expect(validPaneLayout({ sizes: [0.3, 0.3, 0.4], dock: 0.99 })).toBeNull();
    expect(validPaneLayout({ sizes: [0.3, 0.3, 0.4], dock: 0 })).toBeNull();
    expect(validPaneLayout({ sizes: [0.3, 0.3, 0.4] })).toBeNull();
    expect(validPaneLayout(null)).toBeNull();
    expect(validPaneLayout({ sizes: [0.3, 0.3, 0.4], dock: 0.3 })).toEqual({ sizes: [0.3, 0.3, 0.4], dock: 0.3 });
  });

  it('reads damaged storage as nothing kept, entry by entry, and never throws', () => {
    for (const text of ['', 'not json', '{}', '"x"', '[1,2]', 'null', '[["timing"]]', '[["../etc", {"sizes":[0.3,0.3,0.4],"dock":0.3}]]'])
      expect(parsePaneLayouts(text)).toEqual([]);
    const s = memoryStorage();
    s.map.set(
      PANE_SIZES_KEY,
      JSON.stringify([
        ['bad', { sizes: [1, 0, 0], dock: 0.3 }],
        ['good', { sizes: [0.3, 0.3, 0.4], dock: 0.3 }],
      ]),
    );
    expect(loadPaneLayout(s, 'bad')).toBeNull();
    expect(loadPaneLayout(s, 'good')).not.toBeNull();
    const broken: LayoutStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadPaneLayout(broken, 'timing')).toBeNull();
    expect(() => savePaneLayout(broken, 'timing', layout(0.3, 0.3))).not.toThrow();
    expect(loadPaneLayout(null, 'timing')).toBeNull();
  });

  it('keeps every layout the splitters can make, and reads back only valid ones (property)', () => {
    const drags = fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.double({ min: -1, max: 1, noNaN: true })), { maxLength: 20 });
    fc.assert(
      fc.property(drags, fc.double({ min: DOCK_FRACTION.min, max: DOCK_FRACTION.max, noNaN: true }), (moves, dock) => {
        let sizes = [0.31, 0.36, 0.33];
        for (const [i, d] of moves) sizes = moveBoundary(sizes, i, d);
        const s = memoryStorage();
        savePaneLayout(s, 'c', { sizes: sizes as [number, number, number], dock });
        const back = loadPaneLayout(s, 'c');
        expect(back).not.toBeNull();
        back!.sizes.forEach((x, i) => expect(x).toBeCloseTo(sizes[i]!, 9));
        expect(back!.dock).toBe(dock);
      }),
      { seed: 22, numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const got = parsePaneLayouts(JSON.stringify(v));
        for (const [, l] of got) {
          for (const x of l.sizes) expect(x).toBeGreaterThanOrEqual(MIN_PANE_FRACTION - 1e-9);
          expect(l.sizes.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        }
        expect(got.length).toBeLessThanOrEqual(MAX_KEPT_CASES);
      }),
      { seed: 22, numRuns: 300 },
    );
  });
});
