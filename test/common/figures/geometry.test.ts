// Hull, ticks and alignment helpers of the figures, each against an independent computation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convexHull, logTicks, niceTicks } from '../../../common/figures/geometry';
import { alignLayers } from '../../../common/figures/align';

/** Point in or on a convex polygon (counter-clockwise) by the sign of every edge's cross product. */
function inside(poly: [number, number][], p: [number, number]): boolean {
  return poly.every((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= -1e-9;
  });
}

describe('convexHull', () => {
  it('is the doc example', () => {
    expect(
      convexHull([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0.5],
        [0, 2],
      ]),
    ).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]);
  });
  it('contains every point and has only input points as vertices', () => {
    const pt = fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }));
    fc.assert(
      fc.property(fc.array(pt, { minLength: 3, maxLength: 40 }), (pts) => {
        const hull = convexHull(pts);
        if (hull.length < 3) return;
        for (const p of pts) expect(inside(hull, p as [number, number])).toBe(true);
        for (const v of hull) expect(pts.some((p) => p[0] === v[0] && p[1] === v[1])).toBe(true);
      }),
    );
  });
});

describe('ticks', () => {
  it('nice ticks cover the range with round steps', () => {
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 1000, 6)).toEqual([0, 200, 400, 600, 800, 1000]);
  });
  it('log ticks are the powers of ten around the range', () => {
    expect(logTicks(3e-13, 20)).toEqual(Array.from({ length: 16 }, (_, i) => 10 ** (i - 13)));
  });
});

describe('niceTicks at the ends of the doubles', () => {
  it('ends, with a few ticks inside the range, for ranges that overflow or fall below the resolution of a double', () => {
    // Before: [0, largest double] looped until the array overflowed (its end plus a margin was Infinity).
    expect(niceTicks(0, 1.797693134362316e308)).toEqual([0, 5e307, 1e308, 1.5e308]);
    expect(niceTicks(-1e308, 1e308)).toEqual([-1e308, -5e307, 0, 5e307, 1e308]);
    expect(niceTicks(0, 5e-324)).toEqual([0, 5e-324]);
    expect(niceTicks(1, 1 + 2 ** -52)).toEqual([1, 1 + 2 ** -52]);
  });
});

describe('alignLayers', () => {
  it('joins layers on the union of their x, null where a layer has no point', () => {
    const a = alignLayers([
      { label: 'a', style: 'points', tone: 1, x: [1, 3], y: [10, 30], err: [1, 3] },
      { label: 'b', style: 'line', tone: 2, x: [2, 3], y: [20, 31] },
    ]);
    expect(a).toEqual({
      x: [1, 2, 3],
      ys: [
        [10, null, 30],
        [null, 20, 31],
      ],
      errs: [[1, null, 3], null],
    });
  });
});
