/**
 * RGBA pixels to a PNG file (pngjs): 8-bit RGBA, non-interlaced, zlib level 9. The pixels round-trip
 * exactly through decodeImage; the compressed bytes depend on the zlib build, so compare images by their
 * pixels, not their bytes.
 *
 *   encodePng({ width: 1, height: 1, data: new Uint8ClampedArray([255, 0, 0, 255]) }) // a red pixel
 */
import { PNG } from 'pngjs';
import type { DecodedImage } from './decode';

export function encodePng(image: DecodedImage): Uint8Array {
  if (image.data.length !== image.width * image.height * 4) {
    throw new RangeError(`encodePng: ${image.data.length} bytes for ${image.width}x${image.height} RGBA`);
  }
  const png = new PNG({ width: image.width, height: image.height, colorType: 6, inputColorType: 6, bitDepth: 8 });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return new Uint8Array(PNG.sync.write(png, { colorType: 6, inputColorType: 6, bitDepth: 8, deflateLevel: 9 }));
}
