/**
 * The image generator of the quantization-stability case (our stand-in for the paper's generator, whose
 * weights cannot be downloaded here): each seed gives a scene (a two-colour gradient, a few soft shapes, a
 * low-frequency texture) rendered in floating point at 96x96, the "fp" output. The quantized generator is
 * modelled by quantizing that output to b bits per channel, with or without dithering, which is where the
 * banding and posterisation the logbook describes come from.
 *
 * Deterministic and platform-independent: only +, -, *, / and sqrt (correctly rounded in IEEE 754) on values
 * drawn from xoshiro128** seeded per scene, so the committed PNGs can be regenerated pixel for pixel
 * (test/cases/quantization-stability.test.ts).
 *
 *   const s = scene(7); const fp = toRgba8(render(s)); const q3 = quantize(render(s), CONDITIONS[2], s.seed);
 *
 * Run in the sandbox (`(input, api) => result`, the default export), it renders one scene under one
 * condition and returns what can be said of the pair without looking: its prompt, the colour levels each
 * image uses, and PSNR and SSIM against the fp image (checkers/images).
 */
import { psnr } from '../../../checkers/images/psnr';
import { ssim } from '../../../checkers/images/ssim';
import { splitSeed, Xoshiro128 } from '../../../checkers/random/xoshiro128';

export const SIZE = 96;

/** The case's seed; scene i uses splitSeed(CASE_SEED, i). */
export const CASE_SEED = 20261130;
export const SCENES = 32;

export interface Condition {
  /** The condition's name in pairs.csv. */
  readonly id: string;
  readonly bits: number;
  /** Random dithering (uniform noise of one quantization step added before rounding). */
  readonly dither: boolean;
}

/** The quantized conditions, from mild to extreme; every scene is rendered under each. */
export const CONDITIONS: readonly Condition[] = [
  { id: 'q6', bits: 6, dither: false },
  { id: 'q4-dither', bits: 4, dither: true },
  { id: 'q3', bits: 3, dither: false },
  { id: 'q2', bits: 2, dither: false },
];

type Rgb = readonly [number, number, number];

/** Named colours, so a scene can be described in words (its prompt). Linear 0..1 values. */
const PALETTE: readonly { name: string; rgb: Rgb }[] = [
  { name: 'red', rgb: [0.86, 0.2, 0.18] },
  { name: 'orange', rgb: [0.95, 0.55, 0.15] },
  { name: 'yellow', rgb: [0.96, 0.86, 0.3] },
  { name: 'green', rgb: [0.3, 0.7, 0.32] },
  { name: 'teal', rgb: [0.16, 0.6, 0.62] },
  { name: 'blue', rgb: [0.2, 0.4, 0.85] },
  { name: 'navy', rgb: [0.08, 0.12, 0.38] },
  { name: 'purple', rgb: [0.55, 0.3, 0.72] },
  { name: 'pink', rgb: [0.95, 0.6, 0.72] },
  { name: 'cream', rgb: [0.96, 0.93, 0.82] },
];

export interface Shape {
  readonly kind: 'disc' | 'square';
  /** Centre, in pixels. */
  readonly x: number;
  readonly y: number;
  /** Radius (half side), in pixels. */
  readonly r: number;
  /** Width of the soft edge, in pixels. */
  readonly soft: number;
  readonly color: string;
}

export interface Scene {
  readonly seed: number;
  readonly from: string;
  readonly to: string;
  /** Unit direction of the background gradient. */
  readonly dx: number;
  readonly dy: number;
  readonly shapes: readonly Shape[];
  /** The 7x7 lattice of the low-frequency texture, values in [-1, 1]. */
  readonly lattice: readonly number[];
  readonly textureAmplitude: number;
  /** The scene in words, as the pairs table's prompt. */
  readonly prompt: string;
}

function rgbOf(name: string): Rgb {
  const found = PALETTE.find((p) => p.name === name);
  if (found === undefined) throw new RangeError(`generate: no colour named ${name}`);
  return found.rgb;
}

function pick<T>(items: readonly T[], rng: Xoshiro128): T {
  return items[rng.nextInt(items.length)] as T;
}

/** The scene of seed index `index` (0-based). */
export function scene(index: number): Scene {
  const seed = splitSeed(CASE_SEED, index);
  const rng = new Xoshiro128(seed);
  const from = pick(PALETTE, rng).name;
  let to = pick(PALETTE, rng).name;
  while (to === from) to = pick(PALETTE, rng).name;
  let dx = rng.nextFloat() - 0.5;
  let dy = rng.nextFloat() - 0.5 + 0.8; // mostly top to bottom, like a sky
  const norm = Math.sqrt(dx * dx + dy * dy);
  dx /= norm;
  dy /= norm;
  const kind = rng.nextFloat() < 0.6 ? 'disc' : 'square';
  const count = 1 + rng.nextInt(3);
  const color = pick(PALETTE.filter((p) => p.name !== from && p.name !== to), rng).name;
  const shapes: Shape[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = 10 + 14 * rng.nextFloat();
    shapes.push({ kind, x: r + (SIZE - 2 * r) * rng.nextFloat(), y: r + (SIZE - 2 * r) * rng.nextFloat(), r, soft: 3 + 9 * rng.nextFloat(), color });
  }
  const lattice = Array.from({ length: 49 }, () => 2 * rng.nextFloat() - 1);
  const textureAmplitude = 0.02 + 0.03 * rng.nextFloat();
  const words = ['one', 'two', 'three'][count - 1];
  const prompt = `${words} soft ${color} ${kind}${count > 1 ? 's' : ''} over a ${from}-to-${to} gradient`;
  return { seed, from, to, dx, dy, shapes, lattice, textureAmplitude, prompt };
}

/** Hermite smoothstep on [0, 1]. */
function smoothstep(t: number): number {
  const u = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return u * u * (3 - 2 * u);
}

/** The texture at pixel (x, y): the lattice interpolated with smoothstep weights (value noise). */
function texture(s: Scene, x: number, y: number): number {
  const gx = (x / SIZE) * 6;
  const gy = (y / SIZE) * 6;
  const ix = Math.min(5, Math.floor(gx));
  const iy = Math.min(5, Math.floor(gy));
  const tx = smoothstep(gx - ix);
  const ty = smoothstep(gy - iy);
  const at = (i: number, j: number): number => s.lattice[j * 7 + i] as number;
  const top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * tx;
  const bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * tx;
  return top + (bottom - top) * ty;
}

/** How much of shape `sh` covers pixel centre (x, y): 1 inside, 0 outside, smooth across the soft edge. */
function coverage(sh: Shape, x: number, y: number): number {
  const ax = Math.abs(x - sh.x);
  const ay = Math.abs(y - sh.y);
  const d = sh.kind === 'disc' ? Math.sqrt(ax * ax + ay * ay) : Math.max(ax, ay);
  return 1 - smoothstep((d - sh.r + sh.soft / 2) / sh.soft);
}

/** The scene in floating point: SIZE*SIZE*3 values in [0, 1], row-major RGB. This is the "fp" output. */
export function render(s: Scene): Float64Array {
  const out = new Float64Array(SIZE * SIZE * 3);
  const a = rgbOf(s.from);
  const b = rgbOf(s.to);
  const c = s.shapes.length > 0 ? rgbOf((s.shapes[0] as Shape).color) : a;
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      // Position along the gradient direction, mapped to [0, 1] over the image's extent in that direction.
      const extent = (Math.abs(s.dx) + Math.abs(s.dy)) * SIZE;
      const along = (s.dx * (px - SIZE / 2) + s.dy * (py - SIZE / 2)) / extent + 0.5;
      const t = smoothstep(along);
      let cover = 0;
      for (const sh of s.shapes) cover = Math.max(cover, coverage(sh, px, py));
      const shade = 1 + s.textureAmplitude * texture(s, px, py);
      for (let ch = 0; ch < 3; ch += 1) {
        const bg = (a[ch] as number) + ((b[ch] as number) - (a[ch] as number)) * t;
        const v = (bg + ((c[ch] as number) - bg) * cover) * shade;
        out[(y * SIZE + x) * 3 + ch] = v < 0 ? 0 : v > 1 ? 1 : v;
      }
    }
  }
  return out;
}

/** The fp output stored as 8-bit RGBA (each value rounded to the nearest of 256 levels). */
export function toRgba8(rgb: Float64Array): Uint8ClampedArray {
  const out = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let i = 0; i < rgb.length / 3; i += 1) {
    for (let ch = 0; ch < 3; ch += 1) out[4 * i + ch] = Math.round((rgb[3 * i + ch] as number) * 255);
    out[4 * i + 3] = 255;
  }
  return out;
}

/**
 * The output quantized to `bits` per channel (levels k / (2^bits - 1), k = 0..2^bits - 1, the uniform
 * min-max quantizer), then stored as 8-bit RGBA. With dithering, uniform noise of one step (from xoshiro128**
 * seeded by `seed`) is added before rounding, trading bands for grain.
 */
export function quantize(rgb: Float64Array, condition: Condition, seed: number): Uint8ClampedArray {
  const steps = 2 ** condition.bits - 1;
  const rng = new Xoshiro128(splitSeed(seed, condition.bits));
  const out = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let i = 0; i < rgb.length / 3; i += 1) {
    for (let ch = 0; ch < 3; ch += 1) {
      const noise = condition.dither ? rng.nextFloat() - 0.5 : 0;
      let k = Math.round((rgb[3 * i + ch] as number) * steps + noise);
      k = k < 0 ? 0 : k > steps ? steps : k;
      out[4 * i + ch] = Math.round((k * 255) / steps);
    }
    out[4 * i + 3] = 255;
  }
  return out;
}

/** One row of pairs.csv. */
export interface PairRow {
  readonly pairId: string;
  readonly imageA: string;
  readonly imageB: string;
  readonly conditionA: string;
  readonly conditionB: string;
  readonly prompt: string;
  readonly seed: number;
  /** Scene index and condition, to regenerate the images. */
  readonly scene: number;
  readonly condition: Condition;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The case's 128 pairs: every scene's fp output (image a) against each quantized condition (image b). */
export function pairRows(): PairRow[] {
  const rows: PairRow[] = [];
  for (let i = 0; i < SCENES; i += 1) {
    const s = scene(i);
    for (const condition of CONDITIONS) {
      rows.push({
        pairId: `p${pad(rows.length + 1, 3)}`,
        imageA: `images/fp/s${pad(i, 2)}.png`,
        imageB: `images/${condition.id}/s${pad(i, 2)}.png`,
        conditionA: 'fp',
        conditionB: condition.id,
        prompt: s.prompt,
        seed: s.seed,
        scene: i,
        condition,
      });
    }
  }
  return rows;
}

/** pairs.csv text (header `pair_id,image_a,image_b,condition_a,condition_b,prompt,seed`). */
export function pairsCsv(rows: readonly PairRow[]): string {
  const lines = ['pair_id,image_a,image_b,condition_a,condition_b,prompt,seed'];
  for (const r of rows) lines.push([r.pairId, r.imageA, r.imageB, r.conditionA, r.conditionB, `"${r.prompt}"`, r.seed].join(','));
  return `${lines.join('\n')}\n`;
}

export interface SceneInput {
  /** Scene index, 0..SCENES-1 (default 0). */
  readonly scene?: number;
  /** A condition id of CONDITIONS (default "q2"). */
  readonly condition?: string;
}

/** Distinct values of one channel of an RGBA image. */
function levels(data: Uint8ClampedArray, channel: number): number {
  const seen = new Set<number>();
  for (let i = channel; i < data.length; i += 4) seen.add(data[i] as number);
  return seen.size;
}

/** One scene under one condition, summarised (the sandbox entry point). Example: `{ scene: 3, condition: 'q3' }`. */
export default function describeScene(input: SceneInput = {}): Record<string, unknown> {
  const index = input.scene ?? 0;
  if (!Number.isInteger(index) || index < 0 || index >= SCENES) throw new RangeError(`scene must be an integer in 0..${SCENES - 1}, got ${index}`);
  const condition = CONDITIONS.find((c) => c.id === (input.condition ?? 'q2'));
  if (condition === undefined) throw new RangeError(`condition must be one of ${CONDITIONS.map((c) => c.id).join(', ')}`);
  const s = scene(index);
  const fpFloat = render(s);
  const fp = { width: SIZE, height: SIZE, data: toRgba8(fpFloat) };
  const q = { width: SIZE, height: SIZE, data: quantize(fpFloat, condition, s.seed) };
  return {
    scene: index,
    seed: s.seed,
    prompt: s.prompt,
    condition: condition.id,
    levelsPerChannel: { fp: [0, 1, 2].map((c) => levels(fp.data, c)), [condition.id]: [0, 1, 2].map((c) => levels(q.data, c)) },
    psnr: psnr(fp, q).psnr,
    ssim: ssim(fp, q),
  };
}
