// Issue 24, finding 4 (images): 261 KB PNGs of 8192x8192 (the decoder's old cap) made one `recheck run` take
// 148 s and 9.5 GB: SSIM copied each image into float planes (and filtered five more), and eight decoded
// images were cached whatever their size. Now: the size is read from the header and checked against a pixel
// budget per image (16 MP) and per run (1 GP) before any pixel is decoded; SSIM is streamed over rows (no plane
// copies; the same float64 value bit for bit); the cache is bounded in bytes; decoder internals never reach a
// message. The hostile files are generated here; memory is measured by rss deltas, never by the clock.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, createDeflate } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageMetricsKind } from '../../app/checks/kinds/image-metrics';
import { BadInputError, BudgetExceededError } from '../../app/errors';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';
import { reportError } from '../../app/cli/main';
import { IMAGE_BUDGET, ImageBudgetError } from '../../app/images/budget';
import { decodeImage } from '../../app/images/decode';
import { encodePng } from '../../app/images/encode';
import { DecodedImageCache } from '../../app/images/image-cache';
import { readCaseImage } from '../../app/images/read-case-image';
import { ssim } from '../../checkers/images/ssim';
import { makeTestContext } from '../helpers/check-context';
import { tempDir } from '../helpers/temp-case';

const MIB = 1024 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid all-black RGB PNG of `side` x `side`, deflated row by row (the 200 MB raster is never in memory). */
async function blackPng(side: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((ok, fail) => {
    deflate.on('end', ok);
    deflate.on('error', fail);
  });
  const row = Buffer.alloc(1 + side * 3);
  for (let y = 0; y < side; y += 1) if (!deflate.write(row)) await new Promise((ok) => deflate.once('drain', ok));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A deterministic RGBA raster (seeded LCG). */
function noise(width: number, height: number, seed: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  let x = seed >>> 0;
  for (let i = 0; i < data.length; i += 1) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    data[i] = (i & 3) === 3 ? 255 : x >>> 24;
  }
  return data;
}

/** SSIM as it was computed before (float planes, whole-image separable filter): the oracle for bit-equality. */
function planeSsim(a: { width: number; height: number; data: ArrayLike<number> }, b: typeof a): number {
  const sigma = 1.5;
  const radius = Math.floor(3.5 * sigma + 0.5);
  const w = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let t = -radius; t <= radius; t += 1) sum += w[t + radius] = Math.exp((-0.5 * t * t) / (sigma * sigma));
  for (let i = 0; i < w.length; i += 1) w[i] = (w[i] as number) / sum;
  const filter = (d: Float64Array, W: number, H: number): Float64Array => {
    const ow = W - 2 * radius;
    const rows = new Float64Array(ow * H);
    for (let y = 0; y < H; y += 1)
      for (let x = 0; x < ow; x += 1) {
        let s = 0;
        for (let k = 0; k < w.length; k += 1) s += (w[k] as number) * (d[y * W + x + k] as number);
        rows[y * ow + x] = s;
      }
    const out = new Float64Array(ow * (H - 2 * radius));
    for (let y = 0; y < H - 2 * radius; y += 1)
      for (let x = 0; x < ow; x += 1) {
        let s = 0;
        for (let k = 0; k < w.length; k += 1) s += (w[k] as number) * (rows[(y + k) * ow + x] as number);
        out[y * ow + x] = s;
      }
    return out;
  };
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const n = a.width * a.height;
  let mean = 0;
  for (let c = 0; c < 3; c += 1) {
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      x[i] = a.data[4 * i + c] as number;
      y[i] = b.data[4 * i + c] as number;
    }
    const [mx, my, mxx, myy, mxy] = [x, y, x.map((u) => u * u), y.map((v) => v * v), x.map((u, i) => u * (y[i] as number))].map((d) =>
      filter(d, a.width, a.height),
    ) as Float64Array[];
    let total = 0;
    for (let i = 0; i < (mx as Float64Array).length; i += 1) {
      const ux = mx![i] as number,
        uy = my![i] as number;
      total +=
        ((2 * ux * uy + c1) * (2 * ((mxy![i] as number) - ux * uy) + c2)) /
        ((ux * ux + uy * uy + c1) * ((mxx![i] as number) - ux * ux + ((myy![i] as number) - uy * uy) + c2));
    }
    mean += total / (mx as Float64Array).length;
  }
  return mean / 3;
}

let huge: Buffer;

beforeAll(async () => {
  huge = await blackPng(8192);
});

describe('image budgets (issue 24, finding 4)', () => {
  // First in the file: an rss delta measures growth, so it must run before anything large was allocated and freed.
  it('SSIM of a 1024x1024 pair is streamed: no float planes (rss grows by a few MB, not ~150 MB)', () => {
    const a = { width: 1024, height: 1024, data: noise(1024, 1024, 1) };
    const b = { width: 1024, height: 1024, data: noise(1024, 1024, 2) };
    const before = process.memoryUsage().rss;
    const s = ssim(a, b);
    expect(process.memoryUsage().rss - before).toBeLessThan(24 * MIB);
    expect(s).toBeGreaterThan(-1);
    expect(s).toBeLessThan(0.05); // independent noise
  });

  it('an 8192x8192 PNG of ~200 KB is refused from its header, before decoding, in a few MB', async () => {
    expect(huge.length).toBeLessThan(300 * 1024);
    const before = process.memoryUsage().rss;
    const err = await decodeImage(huge).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImageBudgetError);
    expect((err as Error).message).toBe('is 8192x8192 (64 megapixels), over the 16 megapixels decoded per image');
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MIB);
  });

  it('read from a case, the refusal is one line naming the file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'huge.png'), huge);
    const err = await readCaseImage(dir, 'images/huge.png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe('images/huge.png: is 8192x8192 (64 megapixels), over the 16 megapixels decoded per image');
  });

  it('the image-metrics check on a pair of them ends at once with one line naming the pair and file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'a.png'), huge);
    writeFileSync(join(dir, 'images', 'b.png'), huge);
    writeFileSync(
      join(dir, 'images', 'pairs.csv'),
      'pair_id,image_a,image_b,condition_a,condition_b\np1,images/a.png,images/b.png,fp,q2\n',
    );
    const before = process.memoryUsage().rss;
    const err = await imageMetricsKind.run({ pairs: 'images/pairs.csv' }, makeTestContext(dir)).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as Error).message).toMatch(
      /^images\/pairs\.csv: line 2: pair p1: images\/a\.png: is 8192x8192 \(64 megapixels\), over the 16 megapixels decoded per image$/,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MIB);
  });

  it('a run whose check crosses the budget ends at once: one line, exit 2 in the CLI, no decision recorded', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'a.png'), huge);
    writeFileSync(join(dir, 'images', 'b.png'), huge);
    writeFileSync(
      join(dir, 'images', 'pairs.csv'),
      'pair_id,image_a,image_b,condition_a,condition_b\np1,images/a.png,images/b.png,fp,q2\n',
    );
    const file = {
      format: 'recheck.case/1' as const,
      id: 'budget',
      title: 'budget',
      paper: { title: 'p', venueId: 'v', claims: [{ id: 'C1', text: 'c' }] },
      logbooks: [],
      falsifications: [
        {
          id: 'F1',
          claim: 'C1',
          logbook: 'L1',
          assertion: 'a',
          checks: [{ id: 'metrics', kind: 'image-metrics', title: 'm', params: { pairs: 'images/pairs.csv' } }],
        },
      ],
    };
    const err = await runCase({ dir, file }, defaultRegistry(), { record: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BudgetExceededError);
    let stderr = '';
    const code = reportError(err, {
      stdout: () => undefined,
      stderr: (t: string) => void (stderr += t),
      isTTY: false,
      cwd: dir,
    } as unknown as Parameters<typeof reportError>[1]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^recheck: images\/pairs\.csv: line 2: pair p1: images\/a\.png: is 8192x8192 \(64 megapixels\), over the 16 megapixels decoded per image\n$/,
    );
  });

  it('streamed SSIM equals the whole-plane computation bit for bit (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 40 }),
        fc.integer({ min: 11, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (w, h, seed) => {
          const a = { width: w, height: h, data: noise(w, h, seed) };
          const b = { width: w, height: h, data: noise(w, h, seed + 1).map((v, i) => ((i & 3) === 0 ? (a.data[i] as number) : v)) };
          expect(ssim(a, b)).toBe(planeSsim(a, b));
          expect(ssim(a, a)).toBe(1);
        },
      ),
      { numRuns: 60, seed: 2404 },
    );
  });

  it('the image cache is bounded in bytes, not in count; a hit decodes nothing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    for (let i = 0; i < 12; i += 1)
      writeFileSync(join(dir, 'images', `i${i}.png`), encodePng({ width: 256, height: 256, data: noise(256, 256, i) }));
    writeFileSync(join(dir, 'images', 'big.png'), encodePng({ width: 600, height: 600, data: noise(600, 600, 99) }));
    const cache = new DecodedImageCache(dir, { ...IMAGE_BUDGET, maxCacheBytes: MIB });
    for (let i = 0; i < 12; i += 1) {
      await cache.get(`images/i${i}.png`);
      expect(cache.bytesHeld).toBeLessThanOrEqual(MIB);
    }
    expect(cache.bytesHeld).toBe(4 * 256 * 256 * 4); // four 256 KiB images fit in 1 MiB
    const decoded = cache.pixelsDecoded;
    const again = await cache.get('images/i11.png');
    expect(await cache.get('images/i11.png')).toBe(again);
    expect(cache.pixelsDecoded).toBe(decoded);
    await cache.get('images/big.png'); // 1.4 MB: returned, never held
    expect(cache.bytesHeld).toBeLessThanOrEqual(MIB);
  });

  it('a run over its pixel budget is refused with one line, before decoding the image that crosses it', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    for (let i = 0; i < 4; i += 1)
      writeFileSync(join(dir, 'images', `i${i}.png`), encodePng({ width: 256, height: 256, data: noise(256, 256, i) }));
    const cache = new DecodedImageCache(dir, { ...IMAGE_BUDGET, maxPixelsPerRun: 3 * 256 * 256 });
    for (let i = 0; i < 3; i += 1) await cache.get(`images/i${i}.png`);
    await cache.get('images/i0.png'); // a hit: free
    const err = await cache.get('images/i3.png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(
      "images/i3.png: is 256x256, and decoding it would take this run's images to 0.25 megapixels, over the 0.188 decoded per run",
    );
    expect(cache.pixelsDecoded).toBe(3 * 256 * 256);
  });
});

describe('decoder internals stay out of messages (issue 24, finding 10)', () => {
  // A JPEG whose frame header is fine and whose scan is garbage: jpeg-js throws a TypeError from its internals.
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0,
    63, 0, 1, 2, 3, 4, 5, 0xff, 0xd9,
  ]);

  it("a broken JPEG is one line naming the file, without the decoder's TypeError", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'broken.jpg'), jpeg);
    const err = await readCaseImage(dir, 'images/broken.jpg').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe('images/broken.jpg: is a JPEG that does not decode: its data is corrupt or truncated');
  });

  it('whatever bytes follow a valid header, a message is one line of plain words (fast-check)', async () => {
    const headers = [
      jpeg.subarray(0, 21),
      (await blackPng(16)).subarray(0, 33),
      Buffer.from([...Buffer.from('RIFF'), 40, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 20, 0, 0, 0, 0, 0, 0, 0x9d, 1, 0x2a, 16, 0, 16, 0]),
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 }), fc.uint8Array({ minLength: 0, maxLength: 200 }), async (which, tail) => {
        const bytes = Buffer.concat([headers[which] as Buffer, Buffer.from(tail)]);
        const err = await decodeImage(bytes).then(
          () => null,
          (e: unknown) => e,
        );
        if (err === null) return;
        const message = (err as Error).message;
        expect(message).not.toMatch(/[\n\r]/);
        expect(message).not.toMatch(/\b(undefined|null|properties|reading|Aborted|RuntimeError|TypeError|wasm|memory access)\b/);
      }),
      { numRuns: 150, seed: 2410 },
    );
  });
});
