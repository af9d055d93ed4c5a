/**
 * Test helper: seeded random input intervals for the tightness tests, with endpoints that are exact binary
 * floats of the arena's precision (so the input itself carries no rounding). Shapes: points, a few ulps wide,
 * relatively narrow (1 + 2^-j), wide (two independent draws), straddling 0, ending at 0, and just above -1;
 * magnitudes from 2^-3000 to 2^3000 (and mantissas both full and short, so that exact values such as 3 or
 * 1/2 appear). Example: `new IntervalSource(7).box(53, { sign: 'positive' })` is the same interval on every run.
 */
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';

/** The exact value m * 2^e (an integer mantissa of at most `bits` bits). */
export interface Float {
  readonly m: bigint;
  readonly e: number;
}

/** An input interval [lo, hi], lo <= hi. */
export type Box = readonly [Float, Float];

/** Where the interval may lie: 'aboveMinusOne' is log1p's domain, 'nonzero' a divisor's. */
export interface Domain {
  readonly sign: 'any' | 'positive' | 'nonnegative' | 'nonzero' | 'aboveMinusOne';
  /** Largest binary exponent of an endpoint (default 3000); exp-like operations need a smaller one. */
  readonly maxE?: number;
  /** Smallest binary exponent of a nonzero endpoint (default -3000). */
  readonly minE?: number;
}

const bitLength = (m: bigint): number => (m === 0n ? 0 : (m < 0n ? -m : m).toString(2).length);

/** The smallest float of `bits` bits at or above m * 2^e. */
export function roundUp(m: bigint, e: number, bits: number): Float {
  let [mm, ee] = [m, e];
  while (bitLength(mm) > bits) {
    const shift = BigInt(bitLength(mm) - bits);
    const q = mm >> shift; // floor
    mm = q << shift === mm ? q : q + 1n;
    ee += Number(shift);
  }
  return { m: mm, e: ee };
}

/** a <= b for exact floats. */
export function floatLe(a: Float, b: Float): boolean {
  const e = Math.min(a.e, b.e);
  return a.m << BigInt(a.e - e) <= b.m << BigInt(b.e - e);
}

/** A seeded stream of floats and intervals. */
export class IntervalSource {
  private readonly rng: Xoshiro128;

  constructor(seed: number) {
    this.rng = new Xoshiro128(seed);
  }

  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + this.rng.nextInt(hi - lo + 1);
  }

  /** Picks one item. */
  pick<T>(items: readonly T[]): T {
    return items[this.rng.nextInt(items.length)] as T;
  }

  /** A positive float of `bits` bits with value in [2^E, 2^(E+1)). */
  float(bits: number, E: number): Float {
    let m: bigint;
    if (this.rng.nextFloat() < 0.3) {
      m = BigInt(this.int(1, 2 ** Math.min(bits, 10) - 1)); // short mantissa: 3, 5/4, 1/2 ...
    } else {
      m = 1n;
      for (let k = 1; k < bits; k++) m = (m << 1n) | BigInt(this.rng.nextUint32() & 1);
    }
    return { m, e: E - bitLength(m) + 1 };
  }

  /** A binary exponent: mostly near 1, sometimes moderate, large or small, within the domain's limits. */
  exponent(d: Domain): number {
    const maxE = d.maxE ?? 3000;
    const minE = d.minE ?? -3000;
    const u = this.rng.nextFloat();
    const [lo, hi] = u < 0.4 ? [-3, 3] : u < 0.65 ? [-60, 60] : u < 0.825 ? [60, maxE] : [minE, -60];
    return this.int(Math.max(minE, Math.min(lo, maxE)), Math.max(minE, Math.min(hi, maxE)));
  }

  /** A random interval in the domain at precision `bits`. */
  box(bits: number, d: Domain): Box {
    if (d.sign === 'aboveMinusOne' && this.rng.nextFloat() < 0.25) return this.nearMinusOne(bits);
    for (;;) {
      const b = this.shape(bits, d);
      if (this.inDomain(b, d)) return b;
    }
  }

  private shape(bits: number, d: Domain): Box {
    const signed = d.sign === 'any' || d.sign === 'nonzero' || d.sign === 'aboveMinusOne';
    const value = () => {
      const f = this.float(bits, this.exponent(d));
      return signed && this.rng.nextFloat() < 0.5 ? { m: -f.m, e: f.e } : f;
    };
    const u = this.rng.nextFloat();
    const lo = value();
    if (u < 0.25) return [lo, lo];
    if (u < 0.4)
      return [
        lo,
        roundUp((lo.m << BigInt(lo.e - (bitLength(lo.m) + lo.e - bits))) + BigInt(this.int(1, 8)), bitLength(lo.m) + lo.e - bits, bits),
      ];
    if (u < 0.6) {
      const j = this.int(1, bits);
      const abs = lo.m < 0n ? -lo.m : lo.m;
      return [lo, roundUp((lo.m << BigInt(j)) + abs, lo.e - j, bits)];
    }
    if (u < 0.8) {
      const other = value();
      const sameSign = lo.m < 0n === other.m < 0n || !signed ? other : { m: -other.m, e: other.e };
      return floatLe(lo, sameSign) ? [lo, sameSign] : [sameSign, lo];
    }
    const a = this.float(bits, this.exponent(d));
    const b = this.float(bits, this.exponent(d));
    if (u < 0.9) return [{ m: -a.m, e: a.e }, b]; // straddles 0
    return this.rng.nextFloat() < 0.5
      ? [{ m: 0n, e: 0 }, b]
      : [
          { m: -a.m, e: a.e },
          { m: 0n, e: 0 },
        ];
  }

  /** [-1 + delta, ...] with delta from 2^-bits to about 1: log1p's singularity. */
  private nearMinusOne(bits: number): Box {
    const k = this.int(1, bits);
    const r = BigInt(this.int(1, 2 ** Math.min(k, 30) - 1)) << BigInt(Math.max(0, k - 30));
    const lo = { m: -((1n << BigInt(k)) - r), e: -k };
    if (this.rng.nextFloat() < 0.5) return [lo, lo];
    const hi = this.float(bits, this.int(-10, 3));
    return [lo, this.rng.nextFloat() < 0.5 ? hi : { m: lo.m + BigInt(this.int(1, 4)), e: lo.e }];
  }

  private inDomain([lo, hi]: Box, d: Domain): boolean {
    switch (d.sign) {
      case 'any':
        return true;
      case 'positive':
        return lo.m > 0n;
      case 'nonnegative':
        return lo.m >= 0n;
      case 'nonzero':
        return lo.m > 0n || hi.m < 0n;
      case 'aboveMinusOne':
        return !floatLe(lo, { m: -1n, e: 0 });
    }
  }
}

/** The wire form "m e" of a float (read by tightness_reference.py). */
export const wire = (f: Float): string => `${f.m} ${f.e}`;
