/**
 * Image bytes to pixels for the core: PNG (pngjs), JPEG (jpeg-js) and WebP (libwebp compiled to WebAssembly,
 * @jsquash/webp), all pure JavaScript or wasm loaded from this installation's node_modules, so nothing native
 * is built or shipped per platform. Every image comes out as 8-bit RGBA, row-major, top row first.
 *
 * The size is read from the header first (size.ts) and refused above MAX_DECODED_PIXELS, so a small file
 * that claims a huge canvas (a decompression bomb) is never decoded.
 *
 *   const image = await decodeImage(bytes); // { width: 96, height: 96, data: Uint8ClampedArray(36864) }
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { ImageFormatError, imageSize, type ImageSize } from './size';

export { imageSize, ImageFormatError, type ImageSize } from './size';

/** Decoded pixels: width * height * 4 bytes, RGBA. */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The largest canvas decoded (64 megapixels, 256 MB of RGBA): review images are far smaller. */
export const MAX_DECODED_PIXELS = 64 * 1024 * 1024;

/** Decodes a PNG, JPEG or WebP image to RGBA; throws ImageFormatError with a one-line reason. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  const size = imageSize(bytes);
  if (size.width * size.height > MAX_DECODED_PIXELS) {
    throw new ImageFormatError(`is ${size.width}x${size.height}, larger than the ${MAX_DECODED_PIXELS / (1024 * 1024)} megapixels decoded`);
  }
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
      maxMemoryUsageInMB: 1024,
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

function reason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
}
