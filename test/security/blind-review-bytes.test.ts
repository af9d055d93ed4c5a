/**
 * Blind review, attacked through the image bytes. In the bundled case quantization-stability the files alone
 * tell the conditions apart (every 2-bit file is smaller than every full-precision one), and a PNG may carry
 * text (an SD-WebUI `parameters` chunk naming the quantization). What reviewImage sends for the two conditions
 * of every pair must have identical sizes and hold no chunk but IHDR, IDAT and IEND, whatever the file carried.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import type { RecheckApi } from '../../common/api/contract';
import { blindPngSize } from '../../app/perceptual/blind-image';
import { loadReviewState } from '../../app/perceptual/review-state';
import { copyCase, tempDir } from '../helpers/temp-case';

const CASE = 'quantization-stability';
const PLANTED = 'parameters\0a red bicycle, Steps: 20, Sampler: Euler a, Quantization: q2 (2 bits per channel), Seed: 17';

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length;) {
    const n = png.readUInt32BE(at);
    types.push(png.subarray(at + 4, at + 8).toString('latin1'));
    at += 12 + n;
  }
  return types;
}

/** The PNG with a tEXt chunk inserted after IHDR. */
function withText(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(text, 'latin1')]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterIhdr), len, body, crc, png.subarray(afterIhdr)]);
}

let dir: string;
let api: RecheckApi;
/** Every image sent in a review: its condition (from the plan on disk, never from the page) and its bytes. */
let sent: { condition: string; item: number; side: string; bytes: Buffer }[];

beforeAll(async () => {
  const ws = tempDir();
  dir = copyCase(join(import.meta.dirname, '../../cases', CASE), ws, CASE);
  writeFileSync(join(dir, 'images/q2/s00.png'), withText(readFileSync(join(dir, 'images/q2/s00.png')), PLANTED));
  api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
  const s = await api.startReview({ caseId: CASE, reviewer: 'Bytes Reviewer', seed: 24 });
  const state = await loadReviewState(dir, s.reviewId);
  sent = [];
  for (const item of state.items) {
    for (const side of ['left', 'right'] as const) {
      const image = await api.reviewImage(CASE, s.reviewId, item.index, side);
      sent.push({
        condition: side === 'left' ? item.shownLeft : item.shownRight,
        item: item.index,
        side,
        bytes: Buffer.from(image.base64, 'base64'),
      });
    }
  }
}, 120_000);

describe('blind review: the bytes of the images sent', () => {
  it('the files themselves tell the conditions apart (what the test guards against)', () => {
    const pairs = readFileSync(join(dir, 'images/pairs.csv'), 'utf8');
    const size = (rel: string) => readFileSync(join(dir, rel)).length;
    const files = (cond: string) => [...new Set([...pairs.matchAll(new RegExp(`images/${cond}/s\\d+\\.png`, 'g'))].map((m) => m[0]))];
    expect(Math.max(...files('q2').map(size))).toBeLessThan(Math.min(...files('fp').map(size)));
    expect(readFileSync(join(dir, 'images/q2/s00.png')).includes(Buffer.from('Quantization: q2'))).toBe(true);
  });

  it('every image of every condition is sent with the same number of bytes (the closed form for 96x96)', () => {
    expect(sent.length).toBe(2 * 141);
    const byCondition = new Map<string, Set<number>>();
    for (const x of sent) byCondition.set(x.condition, (byCondition.get(x.condition) ?? new Set()).add(x.bytes.length));
    expect([...byCondition.keys()].sort()).toEqual(['fp', 'q2', 'q3', 'q4-dither', 'q6']);
    for (const sizes of byCondition.values()) expect([...sizes]).toEqual([blindPngSize(96, 96)]);
  });

  it('no image sent holds a chunk but IHDR, IDAT and IEND: the planted parameters chunk does not arrive', () => {
    for (const x of sent) expect(chunkTypes(x.bytes)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const planted = sent.filter((x) => x.condition === 'q2');
    expect(planted.length).toBeGreaterThan(0);
    for (const x of sent) expect(x.bytes.includes(Buffer.from('Quantization'))).toBe(false);
  });
});
