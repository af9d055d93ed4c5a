/**
 * The bytes of a review image as the page receives them: the original file decoded to 8-bit RGBA in the core,
 * then written as a new PNG with nothing but IHDR, one IDAT and IEND, every row unfiltered (filter 0) and the
 * zlib stream made of *stored* (uncompressed) deflate blocks. Nothing of the original file survives but its
 * pixels: no text chunk (an SD-WebUI `parameters` chunk naming the quantization), no ICC or gamma chunk, no EXIF,
 * no JPEG comment, no compression choice. And the size of the bytes is a function of the width and height only
 * (blindPngSize), so the two images of a pair of the same size have the same number of bytes whatever their
 * condition: compression would make a posterised 2-bit image ten times smaller than its reference.
 *
 * Why stored blocks rather than padding a compressed PNG to a constant size: padding needs a bound on the
 * compressed size that only the uncompressed size gives, so it would send as many bytes and still depend on the
 * compressor; stored blocks give the exact size in closed form, checked by a test against an independent parser.
 *
 *   const png = blindPng({ width: 1, height: 1, data: new Uint8ClampedArray([255, 0, 0, 255]) });
 *   png.length === blindPngSize(1, 1) // 73 bytes, a red pixel
 */
import { crc32 } from 'node:zlib';
import type { DecodedImage } from '../images/decode';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Largest payload of one stored deflate block (RFC 1951 3.2.4: LEN is 16 bits). */
const STORED_MAX = 65535;

/** Bytes of the zlib stream of `raw` bytes in stored blocks: header 2, 5 per block, the data, Adler-32 4. */
function zlibStoredSize(raw: number): number {
  const blocks = Math.max(1, Math.ceil(raw / STORED_MAX));
  return 2 + 5 * blocks + raw + 4;
}

/** The exact length of blindPng's output for a width x height image. Example: `blindPngSize(96, 96)` is 37,028. */
export function blindPngSize(width: number, height: number): number {
  const raw = height * (1 + 4 * width);
  return SIGNATURE.length + (12 + 13) + (12 + zlibStoredSize(raw)) + 12;
}

/** The RGBA pixels as a PNG whose bytes depend on nothing but the pixels, and whose length only on the size. */
export function blindPng(image: DecodedImage): Uint8Array {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`blindPng: bad size ${width}x${height}`);
  if (data.length !== width * height * 4) throw new RangeError(`blindPng: ${data.length} bytes for ${width}x${height} RGBA`);
  const stride = 4 * width;
  const raw = new Uint8Array(height * (1 + stride));
  for (let y = 0; y < height; y++) raw.set(data.subarray(y * stride, (y + 1) * stride), y * (1 + stride) + 1); // filter byte 0
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit, RGBA, deflate, adaptive filtering (all rows use filter 0), no interlace
  const out = new Uint8Array(blindPngSize(width, height));
  out.set(SIGNATURE, 0);
  let at = SIGNATURE.length;
  at = writeChunk(out, at, 'IHDR', ihdr);
  at = writeChunk(out, at, 'IDAT', zlibStored(raw));
  at = writeChunk(out, at, 'IEND', new Uint8Array(0));
  if (at !== out.length) throw new Error(`blindPng: wrote ${at} bytes, expected ${out.length}`);
  return out;
}

/** A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 3.2.4). */
function zlibStored(raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(zlibStoredSize(raw.length));
  out[0] = 0x78; // CM 8 (deflate), CINFO 7 (32 KiB window)
  out[1] = 0x01; // FLEVEL 0 (fastest), no dictionary; 0x7801 is a multiple of 31
  let at = 2;
  let from = 0;
  do {
    const n = Math.min(STORED_MAX, raw.length - from);
    const last = from + n >= raw.length;
    out[at] = last ? 1 : 0; // BFINAL, BTYPE 00
    out[at + 1] = n & 0xff;
    out[at + 2] = n >>> 8;
    out[at + 3] = ~n & 0xff;
    out[at + 4] = (~n >>> 8) & 0xff;
    out.set(raw.subarray(from, from + n), at + 5);
    at += 5 + n;
    from += n;
  } while (from < raw.length);
  new DataView(out.buffer).setUint32(at, adler32(raw));
  return out;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 is the longest run before b can pass 2^32 (zlib's NMAX).
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(bytes.length, i + 5552);
    for (; i < end; i++) {
      a += bytes[i] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function writeChunk(out: Uint8Array, at: number, type: string, data: Uint8Array): number {
  const view = new DataView(out.buffer, out.byteOffset);
  view.setUint32(at, data.length);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
  out.set(data, at + 8);
  view.setUint32(at + 8 + data.length, crc32(out.subarray(at + 4, at + 8 + data.length)));
  return at + 12 + data.length;
}
