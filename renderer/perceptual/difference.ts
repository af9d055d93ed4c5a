/**
 * The difference view of a pair: per pixel and colour channel |left - right|, multiplied by a gain and clipped
 * at 255, opaque; with the numbers shown beside it (largest and mean absolute difference over the colour
 * channels, and how many pixels differ at all), computed from the same pixels. Exact integer arithmetic on
 * RGBA bytes (as a canvas's getImageData gives them); alpha is not compared.
 *
 * Example: left [10, 10, 10, 255], right [10, 10, 13, 255], gain 4 gives rgba [0, 0, 12, 255], max 3, mean 1.
 */

export class ImageSizeError extends Error {
  constructor(
    readonly leftBytes: number,
    readonly rightBytes: number,
    readonly expected: number,
  ) {
    super(`difference: the two images hold ${leftBytes} and ${rightBytes} bytes; ${expected} expected for their size`);
    this.name = 'ImageSizeError';
  }
}

export interface DifferenceImage {
  /** RGBA bytes of the amplified difference. */
  readonly rgba: Uint8ClampedArray;
  /** Largest |left - right| over every colour channel (0..255), before the gain. */
  readonly max: number;
  /** Mean |left - right| over every colour channel of every pixel, before the gain. */
  readonly mean: number;
  /** Pixels where at least one colour channel differs. */
  readonly changed: number;
}

export function differenceImage(
  left: Uint8ClampedArray,
  right: Uint8ClampedArray,
  width: number,
  height: number,
  gain: number,
): DifferenceImage {
  const expected = width * height * 4;
  if (left.length !== expected || right.length !== expected) throw new ImageSizeError(left.length, right.length, expected);
  const out = new Uint8ClampedArray(expected);
  let max = 0;
  let sum = 0;
  let changed = 0;
  for (let p = 0; p < expected; p += 4) {
    let differs = false;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(left[p + c]! - right[p + c]!);
      if (d === 0) continue;
      differs = true;
      sum += d;
      if (d > max) max = d;
      out[p + c] = d * gain; // clamped to 255 by the array
    }
    out[p + 3] = 255;
    if (differs) changed++;
  }
  const channels = width * height * 3;
  return { rgba: out, max, mean: channels === 0 ? 0 : sum / channels, changed };
}
