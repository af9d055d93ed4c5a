/**
 * A small seeded pseudo-random generator for checkers and sandboxes: xoshiro128** (Blackman and Vigna,
 * "Scrambled linear pseudorandom number generators", 2018) on 32-bit integer operations only (no BigInt),
 * seeded through splitmix32. Deterministic: the same seed gives the same stream on every platform.
 *
 * Streams: `splitSeed(seed, index)` derives an independent-looking seed for sub-stream `index` (one per
 * replicate, per sweep point, ...), so that adding a replicate never shifts the numbers of the others.
 *
 * Not cryptographic. Period 2^128 - 1.
 */

/** One splitmix32 step (Steele, Lea and Flood's SplitMix, 32-bit finaliser of MurmurHash3 style). */
function splitmix32(state: number): { state: number; value: number } {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return { state: next, value: z >>> 0 };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * Seed of sub-stream `index` of `seed` (both non-negative integers below 2^32). Exact and deterministic.
 * Example: `splitSeed(42, 0) !== splitSeed(42, 1)`.
 */
export function splitSeed(seed: number, index: number): number {
  let s = splitmix32(seed >>> 0).value;
  s = splitmix32((s ^ Math.imul(index >>> 0, 0x9e3779b1)) >>> 0).value;
  return splitmix32(s).value;
}

/**
 * xoshiro128** generator. The object holds mutable state (the only mutable thing in checkers/random):
 * create one per stream and do not share it across streams.
 * Example: `const rng = new Xoshiro128(1); rng.nextUint32()` is the same number on every run.
 */
export class Xoshiro128 {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** Seeds the four state words from `seed` (a 32-bit unsigned integer) through splitmix32. */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`Xoshiro128: seed must be an integer in [0, 2^32), got ${seed}`);
    }
    let st = seed >>> 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = splitmix32(st);
      st = r.state;
      words.push(r.value | 0);
    }
    [this.s0, this.s1, this.s2, this.s3] = words as [number, number, number, number];
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  /** Next 32-bit unsigned integer (xoshiro128** output function: rotl(s1 * 5, 7) * 9). */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform double in [0, 1) with 53 random bits (two outputs). */
  nextFloat(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /**
   * Uniform integer in [0, n) for 1 <= n <= 2^32, without modulo bias (rejection sampling, Lemire-style
   * threshold). Example: `rng.nextInt(6)` is a fair die roll minus one.
   */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`nextInt: n must be in [1, 2^32], got ${n}`);
    const limit = 0x100000000 - (0x100000000 % n); // accept values below the largest multiple of n
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** Standard normal deviate (Box-Muller, one of the pair). */
  nextNormal(): number {
    let u = this.nextFloat();
    while (u === 0) u = this.nextFloat();
    const v = this.nextFloat();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/**
 * A fresh array holding a uniformly random permutation of `items` (Fisher-Yates with `rng`).
 * Example: `shuffled([1, 2, 3], new Xoshiro128(7))` is some ordering of 1, 2, 3, the same on every run.
 */
export function shuffled<T>(items: readonly T[], rng: Xoshiro128): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
