/**
 * Images as the image metrics see them: 8-bit RGBA rasters (row-major, top row first, as decoders give them)
 * and single-channel float planes cut from them. Pure data, no decoding here (the core decodes files).
 *
 *   rgbPlanes({ width: 1, height: 1, data: new Uint8ClampedArray([10, 20, 30, 255]) })[2].data[0] // 30
 */
import { DimensionError } from '../errors';

/** An 8-bit RGBA raster: `data.length === width * height * 4`. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** One channel as float64 values (0..255 for 8-bit images), row-major. */
export interface Plane {
  readonly width: number;
  readonly height: number;
  readonly data: Float64Array;
}

/** Throws DimensionError unless `image` is a well-formed RGBA raster of at least 1x1. */
export function checkRgba(image: RgbaImage): void {
  const { width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new DimensionError(`an image of ${width}x${height}`, 'positive integer width and height');
  }
  if (image.data.length !== width * height * 4) {
    throw new DimensionError(`${image.data.length} bytes for ${width}x${height}`, `${width * height * 4} (RGBA)`);
  }
}

/** Throws DimensionError unless the two images have the same width and height. */
export function checkSameSize(a: RgbaImage, b: RgbaImage): void {
  checkRgba(a);
  checkRgba(b);
  if (a.width !== b.width || a.height !== b.height) {
    throw new DimensionError(`images of ${a.width}x${a.height} and ${b.width}x${b.height}`, 'two images of the same size');
  }
}

/** The R, G and B channels as planes (alpha is ignored, as skimage ignores it when given RGB). */
export function rgbPlanes(image: RgbaImage): [Plane, Plane, Plane] {
  checkRgba(image);
  const n = image.width * image.height;
  const plane = (c: number): Plane => {
    const data = new Float64Array(n);
    for (let i = 0; i < n; i += 1) data[i] = image.data[4 * i + c] as number;
    return { width: image.width, height: image.height, data };
  };
  return [plane(0), plane(1), plane(2)];
}

/**
 * Luma Y' = 0.299 R + 0.587 G + 0.114 B (ITU-R BT.601, the weights of Wang et al.'s reference code via
 * MATLAB's rgb2gray), unrounded.
 */
export function lumaPlane(image: RgbaImage): Plane {
  checkRgba(image);
  const n = image.width * image.height;
  const data = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    data[i] = 0.299 * (image.data[4 * i] as number) + 0.587 * (image.data[4 * i + 1] as number) + 0.114 * (image.data[4 * i + 2] as number);
  }
  return { width: image.width, height: image.height, data };
}
