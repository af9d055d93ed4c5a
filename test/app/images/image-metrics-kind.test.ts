// The image-metrics check kind: PSNR and SSIM per pair and per condition from a case's pairs table, with
// every outcome branch (neutral without a threshold, refutes / supports against a declared threshold, neutral
// when the threshold is only reported), identical pairs, and bad images named by pair and file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageMetricsKind } from '../../../app/checks/kinds/image-metrics';
import { builtinCheckKinds } from '../../../app/checks/kinds';
import { createCheckRegistry } from '../../../app/checks/registry';
import { encodePng } from '../../../app/images/encode';
import { psnr } from '../../../checkers/images/psnr';
import { ssim } from '../../../checkers/images/ssim';
import { makeTestContext } from '../../helpers/check-context';
import { tempDir } from '../../helpers/temp-case';

const N = 16;

/** A 16x16 image: a horizontal ramp plus `offset`, with a checker pattern of amplitude `noise`. */
function image(offset: number, noise = 0): Uint8ClampedArray {
  const data = new Uint8ClampedArray(N * N * 4);
  for (let y = 0; y < N; y += 1) {
    for (let x = 0; x < N; x += 1) {
      const v = 60 + 8 * x + offset + ((x + y) % 2 === 0 ? noise : -noise);
      data.set([v, v, v, 255], (y * N + x) * 4);
    }
  }
  return data;
}

const IMAGES: Record<string, Uint8ClampedArray> = {
  'ref.png': image(0),
  'close.png': image(0, 2), // PSNR 10 log10(255^2 / 4) = 42.1 dB
  'closer.png': image(0, 1), // 48.1 dB
  'far.png': image(0, 40), // 16.1 dB
  'farther.png': image(0, 50), // 14.2 dB
};

function caseWith(rows: string[]): string {
  const dir = tempDir('recheck-image-metrics-');
  mkdirSync(join(dir, 'images'));
  for (const [name, data] of Object.entries(IMAGES)) writeFileSync(join(dir, 'images', name), encodePng({ width: N, height: N, data }));
  writeFileSync(join(dir, 'images/pairs.csv'), ['pair_id,image_a,image_b,condition_a,condition_b,prompt', ...rows].join('\n') + '\n');
  return dir;
}

const ROWS = [
  'p1,images/ref.png,images/close.png,fp,q4,a ramp',
  'p2,images/ref.png,images/closer.png,fp,q4,a ramp',
  'p3,images/ref.png,images/far.png,fp,q2,a ramp',
  'p4,images/ref.png,images/farther.png,fp,q2,a ramp',
];

const metric = (a: string, b: string) => {
  const x = { width: N, height: N, data: IMAGES[a] as Uint8ClampedArray };
  const y = { width: N, height: N, data: IMAGES[b] as Uint8ClampedArray };
  return { psnr: psnr(x, y).psnr, ssim: ssim(x, y) };
};

describe('image-metrics', () => {
  it('is registered, and its example fits its schema', () => {
    expect(builtinCheckKinds).toContain(imageMetricsKind);
    expect(createCheckRegistry(builtinCheckKinds).validateParams('image-metrics', imageMetricsKind.example)).toBeNull();
  });

  it('without a threshold: neutral, with PSNR and SSIM per pair and per condition (mean, min, max, count)', async () => {
    const dir = caseWith(ROWS);
    const ctx = makeTestContext(dir);
    const r = await imageMetricsKind.run({ pairs: 'images/pairs.csv' }, ctx);
    expect(r.outcome).toBe('neutral');
    const pairs = r.evidence.pairs as {
      pair: string;
      psnr: number;
      ssim: number;
      conditionB: string;
      imageB: string;
      prompt?: string;
      width: number;
      height: number;
    }[];
    expect(pairs.map((p) => p.pair)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(pairs[0]).toMatchObject({
      imageA: 'images/ref.png',
      imageB: 'images/close.png',
      conditionA: 'fp',
      conditionB: 'q4',
      prompt: 'a ramp',
      width: 16,
      height: 16,
    });
    const expected = [
      metric('ref.png', 'close.png'),
      metric('ref.png', 'closer.png'),
      metric('ref.png', 'far.png'),
      metric('ref.png', 'farther.png'),
    ];
    pairs.forEach((p, i) => {
      expect(p.psnr).toBeCloseTo(expected[i]!.psnr, 12);
      expect(p.ssim).toBeCloseTo(expected[i]!.ssim, 12);
    });
    expect(pairs[0]!.psnr).toBeCloseTo(10 * Math.log10(255 ** 2 / 4), 12);
    const conditions = r.evidence.conditions as {
      conditionA: string;
      conditionB: string;
      count: number;
      psnr: { mean: number; min: number; max: number };
      ssim: { mean: number; min: number };
    }[];
    expect(conditions.map((c) => [c.conditionA, c.conditionB, c.count])).toEqual([
      ['fp', 'q4', 2],
      ['fp', 'q2', 2],
    ]);
    expect(conditions[1]!.psnr.mean).toBeCloseTo((expected[2]!.psnr + expected[3]!.psnr) / 2, 12);
    expect(conditions[1]!.psnr.min).toBe(pairs[3]!.psnr);
    expect(conditions[0]!.ssim.min).toBe(Math.min(pairs[0]!.ssim, pairs[1]!.ssim));
    expect(r.summary).toMatch(/4 pairs/);
    expect(r.summary).toMatch(/q2 vs fp: PSNR mean 15\.1 dB \(min 14\.2\)/);
    expect(ctx.progressEvents.at(-1)).toMatchObject({ done: 4, total: 4 });
  });

  it('against a PSNR threshold: refutes when every condition mean meets it, supports naming the conditions below it', async () => {
    const dir = caseWith(ROWS);
    const ctx = makeTestContext(dir);
    const holds = await imageMetricsKind.run({ pairs: 'images/pairs.csv', threshold: { metric: 'psnr', min: 12 } }, ctx);
    expect(holds.outcome).toBe('refutes');
    expect(holds.summary).toMatch(/every condition's mean PSNR is at least 12 dB/);
    const fails = await imageMetricsKind.run({ pairs: 'images/pairs.csv', threshold: { metric: 'psnr', min: 20 } }, ctx);
    expect(fails.outcome).toBe('supports');
    expect(fails.summary).toMatch(/q2 vs fp \(mean 15\.1 dB\)/);
    const conditions = fails.evidence.conditions as { below: number }[];
    expect(conditions.map((c) => c.below)).toEqual([0, 2]);
    expect((fails.evidence.pairs as { below: boolean }[]).map((p) => p.below)).toEqual([false, false, true, true]);
  });

  it('against an SSIM threshold that is only reported (decides: false): neutral, the counts below it in the evidence', async () => {
    const dir = caseWith(ROWS);
    const r = await imageMetricsKind.run(
      { pairs: 'images/pairs.csv', threshold: { metric: 'ssim', min: 0.99 }, decides: false },
      makeTestContext(dir),
    );
    expect(r.outcome).toBe('neutral');
    expect(r.evidence.threshold).toEqual({ metric: 'ssim', min: 0.99, decides: false });
    expect((r.evidence.conditions as { below: number }[]).map((c) => c.below)).toEqual([expect.any(Number), 2]);
  });

  it('an identical pair has no finite PSNR: null in the evidence, counted apart, and never below a threshold', async () => {
    const dir = caseWith(['p1,images/ref.png,images/ref.png,fp,fp,same', 'p2,images/ref.png,images/close.png,fp,fp,near']);
    const r = await imageMetricsKind.run({ pairs: 'images/pairs.csv', threshold: { metric: 'psnr', min: 30 } }, makeTestContext(dir));
    const pairs = r.evidence.pairs as { psnr: number | null; identical: boolean; ssim: number }[];
    expect(pairs[0]).toMatchObject({ psnr: null, identical: true, ssim: 1 });
    const c = (r.evidence.conditions as { psnr: { mean: number; identical: number }; count: number }[])[0]!;
    expect(c.count).toBe(2);
    expect(c.psnr.identical).toBe(1);
    expect(c.psnr.mean).toBeCloseTo(pairs[1]!.psnr as number, 12);
    expect(r.outcome).toBe('refutes');
    expect(JSON.parse(JSON.stringify(r.evidence))).toEqual(r.evidence); // JSON-serialisable as it is
  });

  it('names the pair and the file of an image that is missing, does not decode, or differs in size', async () => {
    const dir = caseWith(['p1,images/ref.png,images/gone.png,fp,q2,']);
    await expect(imageMetricsKind.run({ pairs: 'images/pairs.csv' }, makeTestContext(dir))).rejects.toThrow(
      /images\/pairs\.csv: line 2: pair p1: images\/gone\.png: no such file/,
    );
    writeFileSync(join(dir, 'images/small.png'), encodePng({ width: 15, height: 16, data: new Uint8ClampedArray(15 * 16 * 4) }));
    writeFileSync(
      join(dir, 'images/pairs.csv'),
      'pair_id,image_a,image_b,condition_a,condition_b\np9,images/ref.png,images/small.png,fp,q2\n',
    );
    await expect(imageMetricsKind.run({ pairs: 'images/pairs.csv' }, makeTestContext(dir))).rejects.toThrow(
      /pair p9: images\/small\.png: is 15x16 but images\/ref\.png is 16x16/,
    );
  });

  it('stops when cancelled', async () => {
    const dir = caseWith(ROWS);
    const abort = new AbortController();
    abort.abort();
    await expect(imageMetricsKind.run({ pairs: 'images/pairs.csv' }, makeTestContext(dir, { signal: abort.signal }))).rejects.toThrow(
      /cancelled/,
    );
  });
});
