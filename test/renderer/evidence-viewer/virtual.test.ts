import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleRows } from '../../../renderer/evidence/virtual';

describe('visibleRows', () => {
  it('matches its documented example', () => {
    expect(visibleRows({ scrollTop: 2200, viewport: 440, rowHeight: 22, count: 100_000, overscan: 10 })).toEqual({ first: 90, last: 131 });
  });

  it('renders the last rows at the end of a 100,000-row table, and no more than a screenful plus overscan', () => {
    const rowHeight = 22;
    const count = 100_000;
    const viewport = 560;
    const r = visibleRows({ scrollTop: count * rowHeight - viewport, viewport, rowHeight, count, overscan: 12 });
    expect(r.last).toBe(count);
    expect(r.last - r.first).toBeLessThanOrEqual(Math.ceil(viewport / rowHeight) + 1 + 12);
  });

  it('covers every row in view, stays in range, and stays small (any scroll position)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, rowHeight, viewport, overscan, at) => {
          const scrollTop = Math.max(0, count * rowHeight - viewport) * at;
          const { first, last } = visibleRows({ scrollTop, viewport, rowHeight, count, overscan });
          expect(0 <= first && first <= last && last <= count).toBe(true);
          expect(last - first).toBeLessThanOrEqual(Math.ceil(viewport / rowHeight) + 1 + 2 * overscan);
          // Independently: the rows that intersect [scrollTop, scrollTop + viewport).
          const lo = Math.floor(scrollTop / rowHeight);
          const hi = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight));
          for (const i of [lo, hi - 1]) if (i >= 0 && i < count && i < hi) expect(first <= i && i < last, `row ${i}`).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });
});
