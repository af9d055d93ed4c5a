// imageSize and decodeImage against fixtures written by Pillow (an independent encoder and decoder):
// the size from the header must equal Pillow's, and the decoded RGBA must equal Pillow's decode (exactly
// for lossless formats; within a small bound for JPEG, where IDCT implementations differ).
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage, ImageFormatError, imageSize, MAX_DECODED_PIXELS } from '../../../app/images/decode';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const read = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

const LOSSLESS = ['rgba.png', 'rgb-interlaced.png', 'palette.png', 'grey.png', 'lossless.webp'];
const LOSSY = ['baseline.jpg', 'lossy.webp', 'alpha.webp'];
const ALL = [...LOSSLESS, ...LOSSY, 'grey16.png'];

function maxAbsDiff(a: Uint8ClampedArray, b: Uint8Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs((a[i] as number) - (b[i] as number)));
  return worst;
}

describe('imageSize', () => {
  it.each(ALL)('reads 13x7 and the media type from the header of %s', (name) => {
    const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
    expect(imageSize(read(name))).toEqual({ width: 13, height: 7, mediaType: type });
  });

  it('reads the three WebP layouts: VP8 (lossy), VP8L (lossless), VP8X (extended, here with alpha)', () => {
    const chunk = (name: string): string => Buffer.from(read(name).subarray(12, 16)).toString('latin1');
    expect(['lossy.webp', 'lossless.webp', 'alpha.webp'].map(chunk)).toEqual(['VP8 ', 'VP8L', 'VP8X']);
  });

  it('reads large sizes from the header fields (no decoding)', () => {
    const png = read('rgba.png').slice();
    png.set([0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x30, 0x39], 16); // 65536 x 12345
    expect(imageSize(png)).toMatchObject({ width: 65536, height: 12345 });
    const vp8x = read('alpha.webp').slice();
    vp8x.set([0xff, 0xff, 0xff, 0x0f, 0x27, 0x00], 24); // 16777216 x 10000
    expect(imageSize(vp8x)).toMatchObject({ width: 16777216, height: 10000 });
  });

  it('finds the JPEG frame header after other segments, whichever SOF it is', () => {
    const progressive = read('progressive.jpg');
    expect(Array.from(progressive).some((b, i) => b === 0xff && progressive[i + 1] === 0xc2)).toBe(true);
    expect(imageSize(progressive)).toMatchObject({ width: 13, height: 7 });
  });

  it.each([
    ['empty', new Uint8Array(0), /empty/],
    ['text', new TextEncoder().encode('hello, not an image'), /not a PNG, JPEG or WebP/],
    ['GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), /not a PNG, JPEG or WebP/],
    ['truncated PNG', read('rgba.png').subarray(0, 20), /truncated PNG/],
    ['truncated JPEG', read('baseline.jpg').subarray(0, 30), /truncated JPEG/],
    ['truncated WebP', read('lossy.webp').subarray(0, 24), /truncated WebP/],
  ])('refuses %s in one line', (_label, bytes, message) => {
    expect(() => imageSize(bytes)).toThrow(ImageFormatError);
    expect(() => imageSize(bytes)).toThrow(message);
    try {
      imageSize(bytes);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('refuses a PNG whose first chunk is not IHDR, and a zero size', () => {
    const png = read('rgba.png').slice();
    png.set([0x49, 0x44, 0x41, 0x54], 12); // IDAT
    expect(() => imageSize(png)).toThrow(/first chunk is not IHDR/);
    const zero = read('rgba.png').slice();
    zero.set([0, 0, 0, 0], 16);
    expect(() => imageSize(zero)).toThrow(/zero size \(0x7\)/);
  });

  it('refuses a JPEG whose scan comes before any frame header', () => {
    expect(() => imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]))).toThrow(/no frame header/);
  });
});

describe('decodeImage', () => {
  it.each(LOSSLESS)('decodes %s to exactly the RGBA Pillow decodes', async (name) => {
    const image = await decodeImage(read(name));
    expect(image.width * image.height * 4).toBe(image.data.length);
    expect(maxAbsDiff(image.data, read(`${name}.rgba`))).toBe(0);
  });

  it.each(LOSSY)('decodes %s to within 3 levels of Pillow', async (name) => {
    const image = await decodeImage(read(name));
    expect([image.width, image.height]).toEqual([13, 7]);
    expect(maxAbsDiff(image.data, read(`${name}.rgba`))).toBeLessThanOrEqual(3);
  });

  // jpeg-js upsamples 4:2:0 chroma by replication, libjpeg (Pillow, browsers) by its triangular "fancy"
  // filter: on this steep 13x7 gradient single values differ by up to ~20 levels, the mean by under 8.
  it('decodes a progressive 4:2:0 JPEG close to Pillow (mean difference under 8 levels)', async () => {
    const image = await decodeImage(read('progressive.jpg'));
    const expected = read('progressive.jpg.rgba');
    let sum = 0;
    for (let i = 0; i < expected.length; i += 1) sum += Math.abs((image.data[i] as number) - (expected[i] as number));
    expect(sum / expected.length).toBeLessThan(8);
  });

  it('decodes a 16-bit grey PNG to its high bytes', async () => {
    const image = await decodeImage(read('grey16.png'));
    // The fixture's 16-bit values are v * 257, so the 8-bit value is v exactly; alpha is opaque.
    expect(maxAbsDiff(image.data, read('grey.png.rgba'))).toBe(0);
  });

  it.each(ALL)('decodes %s from a view into a larger buffer (a pooled Buffer) as from its own bytes', async (name) => {
    const own = read(name);
    const pool = Buffer.alloc(own.length + 300, 7);
    pool.set(own, 100);
    const view = pool.subarray(100, 100 + own.length);
    expect((await decodeImage(view)).data).toEqual((await decodeImage(own)).data);
  });

  it('refuses a corrupted body with a one-line reason naming the format', async () => {
    const png = read('rgba.png').slice();
    png.fill(0x41, 41, 80);
    await expect(decodeImage(png)).rejects.toThrow(/^is a PNG that does not decode: [^\n]+$/);
    const webp = read('lossy.webp').slice(0, 34);
    await expect(decodeImage(webp)).rejects.toThrow(/^is a WebP that does not decode/);
    const jpg = read('baseline.jpg').slice(0, 300);
    await expect(decodeImage(jpg)).rejects.toThrow(ImageFormatError);
  });

  it('inflates no more than the header promises: a 16x16 PNG whose data inflates to 64 MB is refused', async () => {
    const chunk = (type: string, data: Uint8Array): Buffer => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), body.length + 4);
      return out;
    };
    const ihdr = Buffer.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0]);
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', bomb),
      chunk('IEND', new Uint8Array(0)),
    ]);
    const before = process.memoryUsage().rss;
    await expect(decodeImage(png)).rejects.toThrow(/^is a PNG that does not decode: /);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses to decode a canvas above the limit without decoding it', async () => {
    const png = read('rgba.png').slice();
    png.set([0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40, 0x01], 16); // 16384 x 16385
    expect(16384 * 16385).toBeGreaterThan(MAX_DECODED_PIXELS);
    await expect(decodeImage(png)).rejects.toThrow(/^is 16384x16385 \(256 megapixels\), over the 16 megapixels decoded per image$/);
  });
});
