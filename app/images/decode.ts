/**
 * Image bytes to pixels for the core: PNG (pngjs), JPEG (jpeg-js) and WebP (libwebp compiled to WebAssembly,
 * @jsquash/webp), all pure JavaScript or wasm loaded from this installation's node_modules, so nothing native
 * is built or shipped per platform. Every image comes out as 8-bit RGBA, row-major, top row first.
 *
 * The size is read from the header first (size.ts) and refused above MAX_DECODED_PIXELS (16 megapixels, the
 * per-image budget of budget.ts), so a small file that claims a huge canvas (a decompression bomb: 261 KB for
 * 8192x8192) is never decoded. A decoder's own error text is shown only when it reads as a plain description
 * (`Unrecognised filter type - 9`); anything that looks like the decoder's internals (`Cannot read properties
 * of undefined`, `Aborted(...)`, wasm traps) becomes a fixed one-line reason.
 *
 *   const image = await decodeImage(bytes); // { width: 96, height: 96, data: Uint8ClampedArray(36864) }
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { checkImagePixels, IMAGE_BUDGET } from './budget';
import { ImageFormatError, imageSize, type ImageSize } from './size';

export { imageSize, ImageFormatError, type ImageSize } from './size';

/** Decoded pixels: width * height * 4 bytes, RGBA. */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The largest canvas decoded (16 megapixels, 64 MB of RGBA; budget.ts says why). */
export const MAX_DECODED_PIXELS = IMAGE_BUDGET.maxPixelsPerImage;

/**
 * Decodes a PNG, JPEG or WebP image to RGBA; throws ImageFormatError with a one-line reason (ImageBudgetError
 * when the header's size is over MAX_DECODED_PIXELS: nothing is decoded then).
 */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  const size = imageSize(bytes);
  checkImagePixels(size);
  const image = await decodeBySize(bytes, size);
  if (image.width !== size.width || image.height !== size.height) {
    throw new ImageFormatError(`decodes to ${image.width}x${image.height} though its header says ${size.width}x${size.height}`);
  }
  if (image.data.length !== image.width * image.height * 4) {
    throw new ImageFormatError(`decodes to ${image.data.length} bytes, not ${image.width * image.height * 4} (RGBA)`);
  }
  return image;
}

function decodeBySize(bytes: Uint8Array, size: ImageSize): Promise<DecodedImage> {
  switch (size.mediaType) {
    case 'image/png':
      return Promise.resolve(decodePng(bytes));
    case 'image/jpeg':
      return Promise.resolve(decodeJpeg(bytes));
    case 'image/webp':
      return decodeWebp(bytes);
  }
}

function decodePng(bytes: Uint8Array): DecodedImage {
  try {
    // pngjs expands palette, grey, 16-bit and interlaced images to 8-bit RGBA; no gamma is applied.
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  } catch (err) {
    throw new ImageFormatError(`is a PNG that does not decode: ${reason(err)}`);
  }
}

function decodeJpeg(bytes: Uint8Array): DecodedImage {
  try {
    const out = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_DECODED_PIXELS / 1e6,
      maxMemoryUsageInMB: 512,
    });
    return { width: out.width, height: out.height, data: new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.byteLength) };
  } catch (err) {
    throw new ImageFormatError(`is a JPEG that does not decode: ${reason(err)}`);
  }
}

interface WebpDecoder {
  decode(buffer: ArrayBuffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}

let webp: Promise<WebpDecoder> | undefined;

/** libwebp's decoder, compiled once per process from node_modules/@jsquash/webp/codec/dec/webp_dec.wasm. */
async function loadWebp(): Promise<WebpDecoder> {
  const require = createRequire(import.meta.url);
  const bytes = readFileSync(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm'));
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const codec = await import('@jsquash/webp/decode.js');
  // The bytes are handed to Emscripten (Module.wasmBinary): nothing is fetched.
  await codec.init({ wasmBinary });
  return { decode: codec.default };
}

function webpDecoder(): Promise<WebpDecoder> {
  webp ??= loadWebp().catch((err: unknown) => {
    webp = undefined;
    throw err;
  });
  return webp;
}

async function decodeWebp(bytes: Uint8Array): Promise<DecodedImage> {
  const decoder = await webpDecoder();
  // The codec takes an ArrayBuffer of exactly the file: copy, since `bytes` may be a view into a larger buffer
  // (a Buffer from Node's pool), and Buffer#slice would not copy.
  const copy = new Uint8Array(bytes).buffer;
  let out;
  try {
    out = await decoder.decode(copy);
  } catch (err) {
    if (err instanceof Error && (err.name === 'RuntimeError' || /^Aborted\(/.test(err.message))) webp = undefined;
    throw new ImageFormatError(`is a WebP that does not decode: ${reason(err)}`);
  }
  return { width: out.width, height: out.height, data: new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.byteLength) };
}

/** Words that mark a message as the decoder's (or the JavaScript engine's) internals, not a description of the file. */
const INTERNALS =
  /\b(undefined|null|NaN|properties|property|reading|function|object|Aborted|RuntimeError|TypeError|RangeError|wasm|memory|bounds|stack|index)\b/i;

/**
 * The decoder's message when it is a plain description of the file (letters, digits, spaces and `- , . :`,
 * at most 80 characters, none of the INTERNALS words), else a fixed reason. Example:
 * `reason(new Error('Unrecognised filter type - 9'))` is that text; a TypeError's message is not shown.
 */
function reason(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  const plain = text.length > 0 && text.length <= 80 && /^[A-Za-z][A-Za-z0-9 ,.:-]*$/.test(text) && !INTERNALS.test(text);
  return plain ? text : 'its data is corrupt or truncated';
}
