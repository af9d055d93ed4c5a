// The locked zoom and pan of the two images: zooming at a point keeps the image point under it in place, the
// image always covers its box (no panning it out of sight), and zooming all the way out is the identity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTITY, MAX_SCALE, panBy, zoomAt, zoomStep, type ViewTransform } from '../../../renderer/perceptual/view-transform';

const BOX = { width: 400, height: 300 };

/** The image point (in box pixels at scale 1) shown under a point of the box. */
const under = (t: ViewTransform, px: number, py: number) => ({ u: (px - t.x) / t.scale, v: (py - t.y) / t.scale });

describe('view transform', () => {
  it('keeps the image point under the cursor fixed when zooming in', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (px, py, f1, f2) => {
          const t1 = zoomAt(IDENTITY, f1, px, py, BOX);
          const before = under(t1, px, py);
          const t2 = zoomAt(t1, f2, px, py, BOX);
          if (t2.scale === MAX_SCALE) return;
          const after = under(t2, px, py);
          expect(after.u).toBeCloseTo(before.u, 6);
          expect(after.v).toBeCloseTo(before.v, 6);
        },
      ),
    );
  });

  it('never lets the image leave its box, and zooming out to 1 is the identity', () => {
    let t = zoomAt(IDENTITY, 8, 390, 290, BOX);
    t = panBy(t, 10_000, -10_000, BOX);
    expect(t.x).toBe(0);
    expect(t.y).toBe(BOX.height - BOX.height * t.scale);
    expect(zoomAt(t, 1 / 1000, 10, 10, BOX)).toEqual(IDENTITY);
    expect(panBy(IDENTITY, 50, 50, BOX)).toEqual(IDENTITY);
  });

  it('bounds the scale and steps by a fixed factor about the box centre', () => {
    expect(zoomAt(IDENTITY, 1e6, 0, 0, BOX).scale).toBe(MAX_SCALE);
    const t = zoomStep(IDENTITY, 1, BOX);
    expect(t.scale).toBeCloseTo(1.25, 12);
    expect(under(t, 200, 150)).toEqual({ u: 200, v: 150 });
    expect(zoomStep(t, -1, BOX)).toEqual(IDENTITY);
  });
});
