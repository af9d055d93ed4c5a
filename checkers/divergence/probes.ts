/**
 * Seeded probe pairs (p, q) for classifying a divergence: various sizes, flat, random, peaked and sparse
 * shapes, every entry strictly positive (>= 1e-6 before normalisation) so that all candidates are finite.
 * Deterministic: the same seed and count give the same probes on every platform.
 */
import { splitSeed, Xoshiro128 } from '../random/xoshiro128';

export type ProbeShape = 'flat' | 'random' | 'peaked' | 'sparse';
export interface Probe {
  readonly shapes: readonly [ProbeShape, ProbeShape];
  readonly p: readonly number[];
  readonly q: readonly number[];
}

const SIZES = [2, 3, 4, 5, 7, 10, 16, 32, 64, 100, 257];
const SHAPES: readonly ProbeShape[] = ['flat', 'random', 'peaked', 'sparse'];
const FLOOR = 1e-6;

function exponential(rng: Xoshiro128): number {
  let u = rng.nextFloat();
  while (u === 0) u = rng.nextFloat();
  return -Math.log(u);
}

function weights(shape: ProbeShape, n: number, rng: Xoshiro128): number[] {
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    if (shape === 'flat') w.push(1 + 0.05 * (rng.nextFloat() - 0.5));
    else if (shape === 'random') w.push(exponential(rng));
    else if (shape === 'sparse') w.push(rng.nextFloat() < 0.2 ? exponential(rng) : FLOOR * (1 + 100 * rng.nextFloat()));
    else w.push(FLOOR + 1e-3 * rng.nextFloat());
  }
  if (shape === 'peaked') w[rng.nextInt(n)] = 1;
  return w;
}

/** A probability vector of the given shape (entries sum to 1 up to rounding). */
function distribution(shape: ProbeShape, n: number, rng: Xoshiro128): number[] {
  const w = weights(shape, n, rng).map((x) => Math.max(x, FLOOR));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / total);
}

/**
 * `count` probes from `seed`; probe i uses sub-stream splitSeed(seed, i), size SIZES[i mod 11] and every
 * ordered pair of shapes in turn. Example: `makeProbes(1, 3)[0].p.length` is 2.
 */
export function makeProbes(seed: number, count: number): Probe[] {
  const probes: Probe[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new Xoshiro128(splitSeed(seed, i));
    const n = SIZES[i % SIZES.length] ?? 2;
    const pair = Math.floor(i / SIZES.length) % (SHAPES.length * SHAPES.length);
    const shapes: [ProbeShape, ProbeShape] = [
      SHAPES[pair % SHAPES.length] ?? 'random',
      SHAPES[Math.floor(pair / SHAPES.length)] ?? 'random',
    ];
    // Mix the shapes within each block of sizes too, so a short run still sees peaked and flat pairs.
    const offset = i % SHAPES.length;
    const sp = SHAPES[(SHAPES.indexOf(shapes[0]) + offset) % SHAPES.length] ?? 'random';
    const sq = SHAPES[(SHAPES.indexOf(shapes[1]) + 2 * offset + 1) % SHAPES.length] ?? 'random';
    probes.push({ shapes: [sp, sq], p: distribution(sp, n, rng), q: distribution(sq, n, rng) });
  }
  return probes;
}
