// The difference view's pixels: |left - right| per colour channel, amplified and clipped, opaque; and its
// numbers (largest and mean absolute difference) from the same pixels, checked against a plain recount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differenceImage, ImageSizeError } from '../../../renderer/perceptual/difference';

const rgba = (n: number) => fc.uint8Array({ minLength: n * 4, maxLength: n * 4 }).map((a) => new Uint8ClampedArray(a));

describe('differenceImage', () => {
  it('is |left - right| amplified and clipped, symmetric, and zero on equal images', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 16 }), (w, h, gain) => {
        fc.assert(
          fc.property(rgba(w * h), rgba(w * h), (a, b) => {
            const d = differenceImage(a, b, w, h, gain);
            expect(differenceImage(b, a, w, h, gain).rgba).toEqual(d.rgba);
            expect(differenceImage(a, a, w, h, gain).max).toBe(0);
            let sum = 0;
            let max = 0;
            for (let i = 0; i < a.length; i++) {
              if (i % 4 === 3) {
                expect(d.rgba[i]).toBe(255);
                continue;
              }
              const abs = a[i]! > b[i]! ? a[i]! - b[i]! : b[i]! - a[i]!;
              expect(d.rgba[i]).toBe(Math.min(255, abs * gain));
              sum += abs;
              if (abs > max) max = abs;
            }
            expect(d.max).toBe(max);
            expect(d.mean).toBeCloseTo(sum / (w * h * 3), 12);
            expect(d.changed).toBe(countChanged(a, b));
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 30 },
    );
  });

  it('counts a pixel as changed when any colour channel differs', () => {
    const a = new Uint8ClampedArray([10, 10, 10, 255, 0, 0, 0, 255]);
    const b = new Uint8ClampedArray([10, 10, 11, 255, 0, 0, 0, 0]);
    const d = differenceImage(a, b, 2, 1, 4);
    expect(d.changed).toBe(1);
    expect(d.max).toBe(1);
    expect([...d.rgba]).toEqual([0, 0, 4, 255, 0, 0, 0, 255]);
  });

  it('refuses images of different sizes, naming both', () => {
    expect(() => differenceImage(new Uint8ClampedArray(16), new Uint8ClampedArray(12), 2, 2, 1)).toThrow(ImageSizeError);
    expect(() => differenceImage(new Uint8ClampedArray(16), new Uint8ClampedArray(12), 2, 2, 1)).toThrow(/16 and 12 bytes/);
  });
});

function countChanged(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0;
  for (let p = 0; p < a.length; p += 4) if (a[p] !== b[p] || a[p + 1] !== b[p + 1] || a[p + 2] !== b[p + 2]) n++;
  return n;
}
