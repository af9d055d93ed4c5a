// PSNR and SSIM against scikit-image (skimage-reference.json, made by skimage-reference.py with Debian's
// skimage 0.19 on the very pixels stored in it), and SSIM's separable valid-region filter against a direct
// 2-D window sum written here independently; properties with fast-check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { psnr } from '../../../checkers/images/psnr';
import { lumaPlane, rgbPlanes, type Plane, type RgbaImage } from '../../../checkers/images/raster';
import { gaussianWindow, ssim, ssimPlane } from '../../../checkers/images/ssim';
import { DimensionError } from '../../../checkers/errors';

interface ReferenceCase {
  name: string;
  width: number;
  height: number;
  a: string;
  b: string;
  psnr: number | null;
  ssim: number;
}

const reference = JSON.parse(readFileSync(join(import.meta.dirname, 'skimage-reference.json'), 'utf8')) as {
  skimage: string;
  cases: ReferenceCase[];
};
const image = (c: ReferenceCase, side: 'a' | 'b'): RgbaImage => ({
  width: c.width,
  height: c.height,
  data: new Uint8ClampedArray(Buffer.from(c[side], 'base64')),
});

/** SSIM by the definition: for each position where the 11x11 window fits, weighted sums over the window. */
function directSsim(x: Plane, y: Plane): number {
  const g = gaussianWindow(1.5);
  const r = (g.length - 1) / 2;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let count = 0;
  for (let cy = r; cy < x.height - r; cy += 1) {
    for (let cx = r; cx < x.width - r; cx += 1) {
      let mx = 0,
        my = 0,
        sxx = 0,
        syy = 0,
        sxy = 0;
      for (let dy = -r; dy <= r; dy += 1) {
        for (let dx = -r; dx <= r; dx += 1) {
          const wgt = (g[dy + r] as number) * (g[dx + r] as number);
          const u = x.data[(cy + dy) * x.width + cx + dx] as number;
          const v = y.data[(cy + dy) * x.width + cx + dx] as number;
          mx += wgt * u;
          my += wgt * v;
          sxx += wgt * u * u;
          syy += wgt * v * v;
          sxy += wgt * u * v;
        }
      }
      const vx = sxx - mx * mx,
        vy = syy - my * my,
        vxy = sxy - mx * my;
      total += ((2 * mx * my + c1) * (2 * vxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      count += 1;
    }
  }
  return total / count;
}

const rgbaArb = (w: number, h: number) =>
  fc.uint8Array({ minLength: w * h * 4, maxLength: w * h * 4 }).map((d) => ({ width: w, height: h, data: d }) as RgbaImage);

describe('PSNR and SSIM against skimage', () => {
  it('has the reference values of skimage 0.19', () => {
    expect(reference.skimage).toMatch(/^0\.19\./);
    expect(reference.cases.length).toBeGreaterThanOrEqual(8);
  });

  it.each(reference.cases.map((c) => [c.name, c] as const))('%s: PSNR within 1e-10 dB, SSIM within 1e-9', (_name, c) => {
    const a = image(c, 'a');
    const b = image(c, 'b');
    const p = psnr(a, b).psnr;
    if (c.psnr === null) expect(p).toBe(Infinity);
    else expect(Math.abs(p - c.psnr)).toBeLessThan(1e-10);
    expect(Math.abs(ssim(a, b) - c.ssim)).toBeLessThan(1e-9);
  });
});

describe('SSIM: separable filter against the direct window sum', () => {
  it('agrees within 1e-12 on every channel of the reference images', () => {
    for (const c of reference.cases) {
      const pa = rgbPlanes(image(c, 'a'));
      const pb = rgbPlanes(image(c, 'b'));
      for (let ch = 0; ch < 3; ch += 1)
        expect(Math.abs(ssimPlane(pa[ch] as Plane, pb[ch] as Plane) - directSsim(pa[ch] as Plane, pb[ch] as Plane))).toBeLessThan(1e-12);
    }
  });

  it('agrees on random 12x13 images (fast-check)', () => {
    fc.assert(
      fc.property(rgbaArb(12, 13), rgbaArb(12, 13), (a, b) => {
        const x = lumaPlane(a),
          y = lumaPlane(b);
        return Math.abs(ssimPlane(x, y) - directSsim(x, y)) < 1e-12;
      }),
      { numRuns: 40, seed: 15 },
    );
  });
});

describe('properties', () => {
  it('SSIM is 1 for identical images, symmetric, at most 1; PSNR symmetric and infinite only for identical RGB', () => {
    fc.assert(
      fc.property(rgbaArb(11, 12), rgbaArb(11, 12), (a, b) => {
        const s = ssim(a, b);
        expect(Math.abs(ssim(a, a) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(s - ssim(b, a))).toBeLessThan(1e-12);
        expect(s).toBeLessThanOrEqual(1 + 1e-12);
        expect(psnr(a, b).psnr).toBe(psnr(b, a).psnr);
        expect(psnr(a, a).psnr).toBe(Infinity);
      }),
      { numRuns: 30, seed: 7 },
    );
  });

  it('PSNR of a uniform error of d levels is 10 log10(255^2 / d^2) exactly as computed', () => {
    for (const d of [1, 2, 5, 17, 255]) {
      const a: RgbaImage = { width: 3, height: 2, data: new Uint8Array(24).fill(0) };
      const b: RgbaImage = { width: 3, height: 2, data: new Uint8Array(24).fill(d) };
      expect(psnr(a, b)).toEqual({ psnr: 10 * Math.log10((255 * 255) / (d * d)), mse: d * d });
    }
  });

  it('the Gaussian window has 11 taps summing to 1 for sigma 1.5', () => {
    const g = gaussianWindow(1.5);
    expect(g.length).toBe(11);
    expect(Math.abs(g.reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-15);
  });

  it('refuses images of different sizes, malformed rasters and images smaller than the window', () => {
    const a: RgbaImage = { width: 11, height: 11, data: new Uint8Array(484) };
    expect(() => psnr(a, { width: 12, height: 11, data: new Uint8Array(528) })).toThrow(/images of 11x11 and 12x11/);
    expect(() => ssim(a, { width: 11, height: 11, data: new Uint8Array(10) })).toThrow(DimensionError);
    const small: RgbaImage = { width: 10, height: 30, data: new Uint8Array(1200) };
    expect(() => ssim(small, small)).toThrow(/at least 11x11 for the SSIM window/);
  });
});
