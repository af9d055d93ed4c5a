/**
 * The size and media type of a PNG, JPEG or WebP image read from its header bytes only (nothing is decoded),
 * so a case's image-pair set can be checked and laid out without decoding every image.
 *
 *   imageSize(pngBytes) // { width: 96, height: 96, mediaType: 'image/png' }
 */

/** The bytes are not a PNG, JPEG or WebP image this reader understands; the message is one line. */
export class ImageFormatError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'ImageFormatError';
  }
}

export interface ImageSize {
  width: number;
  height: number;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width, height and media type from the header; throws ImageFormatError naming what is wrong. */
export function imageSize(bytes: Uint8Array): ImageSize {
  if (bytes.length === 0) throw new ImageFormatError('is empty, not an image');
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return pngSize(bytes);
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return jpegSize(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpSize(bytes);
  throw new ImageFormatError('is not a PNG, JPEG or WebP image (unknown signature)');
}

function pngSize(b: Uint8Array): ImageSize {
  // The first chunk must be IHDR (PNG spec 11.2.2): length 13, then width and height as big-endian uint32.
  if (b.length < 24) throw new ImageFormatError('is a truncated PNG (ends inside the IHDR header)');
  if (ascii(b, 12, 4) !== 'IHDR') throw new ImageFormatError('is a PNG whose first chunk is not IHDR');
  return checked(u32be(b, 16), u32be(b, 20), 'image/png', 'PNG');
}

/** Start-of-frame markers that carry the frame size (all SOFn except DHT C4, JPG C8 and DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(b: Uint8Array): ImageSize {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) throw new ImageFormatError(`is a JPEG with a broken marker at byte ${at}`);
    while (at < b.length && b[at] === 0xff) at += 1; // fill bytes
    if (at >= b.length) break;
    const marker = b[at] as number;
    at += 1;
    if (marker === 0xd9 || marker === 0xda) throw new ImageFormatError('is a JPEG with no frame header (SOF) before its scan');
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (at + 2 > b.length) break;
    const length = u16be(b, at);
    if (length < 2) throw new ImageFormatError(`is a JPEG with a segment of impossible length at byte ${at}`);
    if (isStartOfFrame(marker)) {
      if (at + 7 > b.length) break;
      // SOFn: length(2) precision(1) height(2) width(2) (ITU T.81 B.2.2)
      return checked(u16be(b, at + 5), u16be(b, at + 3), 'image/jpeg', 'JPEG');
    }
    at += length;
  }
  throw new ImageFormatError('is a truncated JPEG (ends before its frame header)');
}

function webpSize(b: Uint8Array): ImageSize {
  if (b.length < 30) throw new ImageFormatError('is a truncated WebP (ends inside its first chunk)');
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Lossy: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (RFC 6386 9.1).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) throw new ImageFormatError('is a WebP whose VP8 frame has no start code');
    return checked(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff, 'image/webp', 'WebP');
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 as 14-bit fields (WebP lossless spec 3.2).
    if (b[20] !== 0x2f) throw new ImageFormatError('is a WebP whose VP8L chunk has no signature');
    const bits = u32le(b, 21);
    return checked((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, 'image/webp', 'WebP');
  }
  if (chunk === 'VP8X') {
    // Extended: flags(4), then canvas width-1 and height-1 as 24-bit little-endian fields.
    return checked(u24le(b, 24) + 1, u24le(b, 27) + 1, 'image/webp', 'WebP');
  }
  throw new ImageFormatError(`is a WebP with an unknown first chunk "${printable(chunk)}"`);
}

function checked(width: number, height: number, mediaType: ImageSize['mediaType'], name: string): ImageSize {
  if (width === 0 || height === 0) throw new ImageFormatError(`is a ${name} of zero size (${width}x${height})`);
  return { width, height, mediaType };
}

function startsWith(b: Uint8Array, at: number, prefix: number[]): boolean {
  return b.length >= at + prefix.length && prefix.every((v, i) => b[at + i] === v);
}

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = '';
  for (let i = at; i < at + n && i < b.length; i += 1) s += String.fromCharCode(b[i] as number);
  return s;
}

function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}

const u16be = (b: Uint8Array, at: number): number => ((b[at] as number) << 8) | (b[at + 1] as number);
const u16le = (b: Uint8Array, at: number): number => (b[at] as number) | ((b[at + 1] as number) << 8);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] as number) << 16);
const u32be = (b: Uint8Array, at: number): number => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number): number => (u24le(b, at) | ((b[at + 3] as number) << 24)) >>> 0;
