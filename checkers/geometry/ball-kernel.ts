/**
 * A sign kernel over BALLS with BigInt centres and radii: coordinate k of point i is an exact real X with
 * |X - mid| <= rad (all points scaled by one common positive factor, which no sign sees). The arithmetic on
 * balls is exact (integer products and sums, no rounding), so the only loss is the radii the caller hands in:
 * the precision is whatever bit length the caller chose for the centres (the high-precision stage of the
 * fw-attention enclosure stepper, between the float64 enclosure and the exact state).
 *
 * Guarantee: every sign it answers is the exact sign of the predicate on the enclosed points; it answers only
 * nonzero signs, and a question its balls cannot decide (zeros included) goes to `fallback()` (e.g.
 * `undecidedKernel`, so the caller escalates).
 * Example: `ballKernel([1n, 0n, 0n, 1n], [0n, 0n, 0n, 0n], 2, 2, f).orient2(0, 1)` is 1.
 */
import { DimensionError } from '../errors';
import type { Sign } from './predicates';
import type { FilterStats, SignKernel } from './sign-kernel';

/** An exact ball: |X - m| <= r, r >= 0. */
export interface Ball {
  readonly m: bigint;
  readonly r: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** x + y. Exact enclosure. */
export function bAdd(x: Ball, y: Ball): Ball {
  return { m: x.m + y.m, r: x.r + y.r };
}

/** x - y. Exact enclosure. */
export function bSub(x: Ball, y: Ball): Ball {
  return { m: x.m - y.m, r: x.r + y.r };
}

/** x * y: |XY - xy| <= |x| r_y + |y| r_x + r_x r_y. Exact enclosure. Example: `bMul({m: 2n, r: 1n}, {m: 3n, r: 0n})` is {m: 6n, r: 3n}. */
export function bMul(x: Ball, y: Ball): Ball {
  return { m: x.m * y.m, r: abs(x.m) * y.r + abs(y.m) * x.r + x.r * y.r };
}

/**
 * The sign of every real in the ball when it is nonzero, else null. A zero is never answered, even for the
 * ball {0, 0}: exact zeros (ties, degenerate hulls) are left to the exact state, so that the stepper's record
 * of them stays complete. Example: `ballSign({m: 5n, r: 4n})` is 1, `ballSign({m: 0n, r: 0n})` is null.
 */
export function ballSign(x: Ball): -1 | 1 | null {
  if (x.m > x.r) return 1;
  if (-x.m > x.r) return -1;
  return null;
}

/** Kernel over balls (`mids[i * dim + k]`, `rads[i * dim + k]`), with `fallback` for the questions they leave open. */
export function ballKernel(
  mids: readonly bigint[],
  rads: readonly bigint[],
  count: number,
  dim: number,
  fallback: () => SignKernel,
  stats?: FilterStats,
): SignKernel {
  if (mids.length !== count * dim || rads.length !== mids.length)
    throw new DimensionError(`${mids.length} centres and ${rads.length} radii`, `${count} points of dimension ${dim}`);
  return new BallKernel(mids, rads, count, dim, fallback, stats);
}

class BallKernel implements SignKernel {
  private fallbackCache: SignKernel | null = null;
  private readonly gram: (Ball | undefined)[];

  constructor(
    private readonly mids: readonly bigint[],
    private readonly rads: readonly bigint[],
    readonly count: number,
    readonly dim: number,
    private readonly makeFallback: () => SignKernel,
    private readonly stats?: FilterStats,
  ) {
    this.gram = new Array<Ball | undefined>(count * count);
  }

  private get fallback(): SignKernel {
    if (this.fallbackCache === null) this.fallbackCache = this.makeFallback();
    return this.fallbackCache;
  }

  private B(i: number, k: number): Ball {
    return { m: this.mids[i * this.dim + k]!, r: this.rads[i * this.dim + k]! };
  }

  private dot(i: number, j: number): Ball {
    const key = i < j ? i * this.count + j : j * this.count + i;
    let s = this.gram[key];
    if (s === undefined) {
      s = bMul(this.B(i, 0), this.B(j, 0));
      for (let k = 1; k < this.dim; k++) s = bAdd(s, bMul(this.B(i, k), this.B(j, k)));
      this.gram[key] = s;
    }
    return s;
  }

  private cross(a: number, b: number): Ball[] {
    const B = (i: number, k: number) => this.B(i, k);
    return [
      bSub(bMul(B(a, 1), B(b, 2)), bMul(B(a, 2), B(b, 1))),
      bSub(bMul(B(a, 2), B(b, 0)), bMul(B(a, 0), B(b, 2))),
      bSub(bMul(B(a, 0), B(b, 1)), bMul(B(a, 1), B(b, 0))),
    ];
  }

  private decided(x: Ball): Sign | null {
    const s = ballSign(x);
    if (this.stats) {
      if (s !== null) this.stats.filtered++;
      else this.stats.exact++;
    }
    return s;
  }

  /** Some certainly nonzero (false), else null (zeros are the exact state's to prove). */
  private allZero(bs: readonly Ball[]): false | null {
    for (const b of bs) if (ballSign(b) !== null) return false;
    return null;
  }

  isZero(i: number): boolean {
    const bs = Array.from({ length: this.dim }, (_, k) => this.B(i, k));
    return this.allZero(bs) ?? this.fallback.isZero(i);
  }
  dotSign(i: number, j: number): Sign {
    return this.decided(this.dot(i, j)) ?? this.fallback.dotSign(i, j);
  }
  dotDiffSign(i: number, j: number, k: number): Sign {
    return this.decided(bSub(this.dot(i, j), this.dot(i, k))) ?? this.fallback.dotDiffSign(i, j, k);
  }
  orient2(i: number, j: number): Sign {
    return this.decided(bSub(bMul(this.B(i, 0), this.B(j, 1)), bMul(this.B(i, 1), this.B(j, 0)))) ?? this.fallback.orient2(i, j);
  }
  parallel3(a: number, b: number): boolean {
    return this.allZero(this.cross(a, b)) ?? this.fallback.parallel3(a, b);
  }
  det3(a: number, b: number, i: number): Sign {
    const n = this.cross(a, b);
    const x = bAdd(bAdd(bMul(n[0]!, this.B(i, 0)), bMul(n[1]!, this.B(i, 1))), bMul(n[2]!, this.B(i, 2)));
    return this.decided(x) ?? this.fallback.det3(a, b, i);
  }
  planeOrient(a: number, b: number, k: number, i: number): Sign {
    const n = this.cross(a, b);
    const m = this.cross(k, i);
    const x = bAdd(bAdd(bMul(n[0]!, m[0]!), bMul(n[1]!, m[1]!)), bMul(n[2]!, m[2]!));
    return this.decided(x) ?? this.fallback.planeOrient(a, b, k, i);
  }
}
