// The live series of a sweep: sorted by x whatever the arrival order, bounded by halving, a repeated fold ignored.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LiveSeries } from '../../../renderer/figures/live-series';

describe('LiveSeries', () => {
  it('keeps the points sorted by x, whatever order they arrive in (against a plain sort)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 300 }),
        (pts) => {
          const s = new LiveSeries('y', 'x', 1_000_000, 4);
          for (const [x, y] of pts) s.add(x, y);
          const [xs, ys] = s.data();
          const want = pts.map(([x, y], i) => ({ x, y, i })).sort((a, b) => a.x - b.x || a.i - b.i);
          expect([...xs]).toEqual(want.map((p) => p.x));
          expect([...ys]).toEqual(want.map((p) => p.y));
        },
      ),
    );
  });

  it('stays within its bound: when full it keeps every second point and then every second arrival', () => {
    const s = new LiveSeries('y', 'x', 8);
    for (let i = 0; i < 8; i++) s.add(i, i);
    expect([...s.data()[0]]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    s.add(8, 8);
    expect([...s.data()[0]]).toEqual([0, 2, 4, 6, 8]);
    for (let i = 9; i < 14; i++) s.add(i, i);
    expect(s.length).toBeLessThanOrEqual(8);
    expect(s.arrived).toBe(14);
    expect([...s.data()[0]]).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });

  it('adds the point of one event once, however often the event is folded', () => {
    const s = new LiveSeries('y', 'x');
    const e = { x: 1, y: 2 };
    expect(s.add(1, 2, e)).toBe(true);
    expect(s.add(1, 2, e)).toBe(false);
    expect(s.length).toBe(1);
  });

  it('ignores non-finite values', () => {
    const s = new LiveSeries('y', 'x');
    expect(s.add(Number.NaN, 1)).toBe(false);
    expect(s.add(1, Number.POSITIVE_INFINITY)).toBe(false);
    expect(s.length).toBe(0);
  });
});
