/**
 * The blind PNG a review image is sent as: its pixels exactly (decoded back by pngjs, and by an independent
 * parser in Python's standard library: chunk by chunk, CRCs, zlib, filter bytes), only IHDR/IDAT/IEND, and a
 * length that is the closed form blindPngSize(width, height) whatever the pixels.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../../../app/images/decode';
import { sha256 } from '../../../app/fs/hash';
import { blindPng, blindPngSize } from '../../../app/perceptual/blind-image';
import { PYTHON, pythonModules } from '../../helpers/required';
import { tempDir } from '../../helpers/temp-case';

/** A seeded image: xorshift bytes (noise, incompressible) or a flat colour (compresses to almost nothing). */
function image(width: number, height: number, seed: number, flat = false): { width: number; height: number; data: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(width * height * 4);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < data.length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    data[i] = flat ? (i % 4 === 3 ? 255 : seed & 0xff) : x & 0xff;
  }
  return { width, height, data };
}

const CASES = [
  { width: 1, height: 1, seed: 1, flat: true },
  { width: 96, height: 96, seed: 2, flat: false },
  { width: 96, height: 96, seed: 3, flat: true },
  { width: 300, height: 120, seed: 4, flat: false }, // 144,120 raw bytes: three stored blocks
  { width: 16383, height: 1, seed: 5, flat: false }, // one row of 65,533 bytes: one block, just under the limit
  { width: 16384, height: 1, seed: 6, flat: true }, // 65,537 raw bytes: two blocks
];

const PARSER = String.raw`
import hashlib, json, struct, sys, zlib
out = []
for path in sys.argv[1:]:
    b = open(path, 'rb').read()
    assert b[:8] == b'\x89PNG\r\n\x1a\n'
    at, types, idat, crc_ok = 8, [], b'', True
    while at < len(b):
        n, = struct.unpack('>I', b[at:at+4]); t = b[at+4:at+8]; d = b[at+8:at+8+n]
        crc, = struct.unpack('>I', b[at+8+n:at+12+n])
        crc_ok = crc_ok and zlib.crc32(t + d) & 0xffffffff == crc
        types.append(t.decode('latin1'))
        if t == b'IHDR': w, h, depth, colour, comp, filt, inter = struct.unpack('>IIBBBBB', d)
        if t == b'IDAT': idat += d
        at += 12 + n
    raw = zlib.decompress(idat)
    stride = 1 + 4 * w
    rows = [raw[y*stride:(y+1)*stride] for y in range(h)]
    out.append({'types': types, 'crc_ok': crc_ok, 'size': len(b), 'width': w, 'height': h, 'depth': depth, 'colour': colour,
                'interlace': inter, 'filters': sorted(set(r[0] for r in rows)), 'raw_len': len(raw),
                'pixels_sha256': hashlib.sha256(b''.join(r[1:] for r in rows)).hexdigest()})
print(json.dumps(out))
`;

const skip = pythonModules(['zlib', 'hashlib']);

describe.skipIf(skip !== '')('blindPng against an independent PNG parser (Python stdlib)', () => {
  let parsed: {
    types: string[];
    crc_ok: boolean;
    size: number;
    width: number;
    height: number;
    depth: number;
    colour: number;
    interlace: number;
    filters: number[];
    raw_len: number;
    pixels_sha256: string;
  }[] = [];
  beforeAll(() => {
    const dir = tempDir();
    const paths = CASES.map((c, i) => {
      const p = join(dir, `${i}.png`);
      writeFileSync(p, blindPng(image(c.width, c.height, c.seed, c.flat)));
      return p;
    });
    const r = spawnSync(PYTHON, ['-c', PARSER, ...paths], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`python parser failed: ${r.stderr}`);
    parsed = JSON.parse(r.stdout);
  });

  it.each(CASES.map((c, i) => [i, c] as const))('case %i: the pixels exactly, three chunks, valid CRCs, the closed-form size', (i, c) => {
    const p = parsed[i]!;
    const img = image(c.width, c.height, c.seed, c.flat);
    expect(p).toMatchObject({
      types: ['IHDR', 'IDAT', 'IEND'],
      crc_ok: true,
      width: c.width,
      height: c.height,
      depth: 8,
      colour: 6,
      interlace: 0,
      filters: [0],
    });
    expect(p.pixels_sha256).toBe(sha256(new Uint8Array(img.data.buffer)));
    expect(p.size).toBe(blindPngSize(c.width, c.height));
    expect(p.raw_len).toBe(c.height * (1 + 4 * c.width));
  });
});

describe('blindPng', () => {
  it('decodes (pngjs) to the same pixels, and its length depends on the size only (noise and flat colour alike)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.boolean(),
        async (w, h, seed, flat) => {
          const img = image(w, h, seed, flat);
          const png = blindPng(img);
          expect(png.length).toBe(blindPngSize(w, h));
          expect(png.length).toBe(blindPng(image(w, h, seed + 1, !flat)).length);
          const back = await decodeImage(png);
          expect([back.width, back.height]).toEqual([w, h]);
          expect(Buffer.from(back.data).equals(Buffer.from(img.data))).toBe(true);
        },
      ),
      { numRuns: 60, seed: 24 },
    );
  });

  it('has the documented sizes', () => {
    expect(blindPngSize(1, 1)).toBe(73);
    expect(blindPngSize(96, 96)).toBe(37_028);
  });

  it('refuses pixels that do not fill the size', () => {
    expect(() => blindPng({ width: 2, height: 2, data: new Uint8ClampedArray(15) })).toThrow(/15 bytes for 2x2 RGBA/);
    expect(() => blindPng({ width: 0, height: 2, data: new Uint8ClampedArray(0) })).toThrow(/bad size/);
  });
});
