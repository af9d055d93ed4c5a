/**
 * Sign kernels: the few sign questions the hull and argmin algorithms ask about a fixed list of integer
 * points (numerators over one positive shared denominator, so every sign equals the sign for the rational
 * points). `exactKernel` answers with BigInt arithmetic; `filteredKernel` answers from float64 values with a
 * rigorous error bound and asks the exact kernel only when the bound cannot decide. Both are exact.
 * `enclosureKernel` is that float64 stage over any enclosures of the points, with a chosen fallback.
 */
import { DimensionError } from '../errors';
import { cross3Int, det2Int, det3Int, dotInt, type Sign } from './predicates';
import { fAdd, fMul, fSub, filteredSign, scaleToFloats, type Filtered } from './filtered';

export interface SignKernel {
  readonly count: number;
  readonly dim: number;
  /** p_i = 0. */
  isZero(i: number): boolean;
  /** Sign of <p_i, p_j>. */
  dotSign(i: number, j: number): Sign;
  /** Sign of <p_i, p_j> - <p_i, p_k> (argmin comparisons). */
  dotDiffSign(i: number, j: number, k: number): Sign;
  /** 2-D: sign of det[p_i, p_j]. */
  orient2(i: number, j: number): Sign;
  /** 3-D: p_a x p_b = 0. */
  parallel3(a: number, b: number): boolean;
  /** 3-D: sign of det[p_a, p_b, p_i]. */
  det3(a: number, b: number, i: number): Sign;
  /** 3-D: sign of det[p_a x p_b, p_k, p_i] (orientation of p_k, p_i inside the plane with normal p_a x p_b). */
  planeOrient(a: number, b: number, k: number, i: number): Sign;
}

/** Counts of how often the filter decided and how often exact arithmetic had to. */
export interface FilterStats {
  filtered: number;
  exact: number;
}

function signOf(x: bigint): Sign {
  return x < 0n ? -1 : x > 0n ? 1 : 0;
}

/** Exact kernel over integer points (rows). Example: `exactKernel([[1n, 0n], [0n, 1n]]).orient2(0, 1)` is 1. */
export function exactKernel(points: readonly (readonly bigint[])[]): SignKernel {
  return new ExactKernel(points);
}

/**
 * Filtered kernel: same answers as `exactKernel(points)` (guaranteed), usually without BigInt products.
 * `bitHint` is a guess of the largest coordinate bit length; `stats` (optional) counts the two paths.
 */
export function filteredKernel(points: readonly (readonly bigint[])[], stats?: FilterStats, bitHint?: number): SignKernel {
  const dim = points[0]?.length ?? 0;
  for (const p of points) if (p.length !== dim) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${dim}`);
  return new EnclosureKernel(scaleToFloats(points.flat(), bitHint).floats, points.length, dim, () => new ExactKernel(points), stats);
}

/**
 * Kernel over ENCLOSURES of the points: coordinate k of point i is the exact real X with |X - v| <= e for
 * `floats[i * dim + k]` = {v, e} (all points scaled by one common positive factor, which no sign sees). A sign
 * the float64 bounds decide is certain; every other question goes to `fallback()` (built once, on first
 * need), e.g. an exact kernel of the same points, or `undecidedKernel` to stop and let the caller recompute.
 * Example: `enclosureKernel([{v: 1, e: 0}, {v: 0, e: 0}, {v: 0, e: 0}, {v: 1, e: 0}], 2, 2, f).orient2(0, 1)` is 1.
 */
export function enclosureKernel(
  floats: readonly Filtered[],
  count: number,
  dim: number,
  fallback: () => SignKernel,
  stats?: FilterStats,
): SignKernel {
  if (floats.length !== count * dim) throw new DimensionError(`${floats.length} coordinates`, `${count} points of dimension ${dim}`);
  return new EnclosureKernel(floats, count, dim, fallback, stats);
}

/** BigInt kernel; dot products (the Gram matrix) and 2-D determinants are memoised, each computed once. */
class ExactKernel implements SignKernel {
  readonly count: number;
  readonly dim: number;
  private readonly gram = new Map<number, bigint>();
  private readonly det2 = new Map<number, bigint>();

  constructor(private readonly points: readonly (readonly bigint[])[]) {
    this.count = points.length;
    this.dim = points[0]?.length ?? 0;
    for (const p of points)
      if (p.length !== this.dim) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${this.dim}`);
  }

  private dot(i: number, j: number): bigint {
    const key = i < j ? i * this.count + j : j * this.count + i;
    let v = this.gram.get(key);
    if (v === undefined) {
      v = dotInt(this.points[i]!, this.points[j]!);
      this.gram.set(key, v);
    }
    return v;
  }

  private orient(i: number, j: number): bigint {
    if (i > j) return -this.orient(j, i);
    let v = this.det2.get(i * this.count + j);
    if (v === undefined) {
      v = det2Int(this.points[i]!, this.points[j]!);
      this.det2.set(i * this.count + j, v);
    }
    return v;
  }

  isZero(i: number): boolean {
    return this.points[i]!.every((x) => x === 0n);
  }
  dotSign(i: number, j: number): Sign {
    return signOf(this.dot(i, j));
  }
  dotDiffSign(i: number, j: number, k: number): Sign {
    return signOf(this.dot(i, j) - this.dot(i, k));
  }
  orient2(i: number, j: number): Sign {
    return signOf(this.orient(i, j));
  }
  parallel3(a: number, b: number): boolean {
    return cross3Int(this.points[a]!, this.points[b]!).every((x) => x === 0n);
  }
  det3(a: number, b: number, i: number): Sign {
    return signOf(det3Int(this.points[a]!, this.points[b]!, this.points[i]!));
  }
  planeOrient(a: number, b: number, k: number, i: number): Sign {
    return signOf(det3Int(cross3Int(this.points[a]!, this.points[b]!), this.points[k]!, this.points[i]!));
  }
}

/** Float64 enclosures in front of a lazily built fallback kernel; dot products (the Gram matrix) memoised. */
class EnclosureKernel implements SignKernel {
  private fallbackCache: SignKernel | null = null;
  private readonly gram: (Filtered | undefined)[];

  constructor(
    private readonly floats: readonly Filtered[],
    readonly count: number,
    readonly dim: number,
    private readonly makeFallback: () => SignKernel,
    private readonly stats?: FilterStats,
  ) {
    this.gram = new Array<Filtered | undefined>(count * count);
  }

  private get fallback(): SignKernel {
    if (this.fallbackCache === null) this.fallbackCache = this.makeFallback();
    return this.fallbackCache;
  }

  private F(i: number, k: number): Filtered {
    return this.floats[i * this.dim + k]!;
  }

  private dot(i: number, j: number): Filtered {
    const key = i < j ? i * this.count + j : j * this.count + i;
    let s = this.gram[key];
    if (s === undefined) {
      s = fMul(this.F(i, 0), this.F(j, 0));
      for (let k = 1; k < this.dim; k++) s = fAdd(s, fMul(this.F(i, k), this.F(j, k)));
      this.gram[key] = s;
    }
    return s;
  }

  private cross(a: number, b: number): Filtered[] {
    const F = (i: number, k: number) => this.F(i, k);
    return [
      fSub(fMul(F(a, 1), F(b, 2)), fMul(F(a, 2), F(b, 1))),
      fSub(fMul(F(a, 2), F(b, 0)), fMul(F(a, 0), F(b, 2))),
      fSub(fMul(F(a, 0), F(b, 1)), fMul(F(a, 1), F(b, 0))),
    ];
  }

  /** The filter's sign when it decides, else null; counts the path taken. */
  private decided(f: Filtered): Sign | null {
    const s = filteredSign(f);
    if (this.stats) {
      if (s !== null) this.stats.filtered++;
      else this.stats.exact++;
    }
    return s;
  }

  /** All of `fs` certainly 0 (true), some certainly nonzero (false), else null. Not counted. */
  private allZero(fs: readonly Filtered[], from = 0, to = fs.length): boolean | null {
    let zero = true;
    for (let k = from; k < to; k++) {
      const s = filteredSign(fs[k]!);
      if (s === -1 || s === 1) return false;
      if (s === null) zero = false;
    }
    return zero ? true : null;
  }

  isZero(i: number): boolean {
    return this.allZero(this.floats, i * this.dim, (i + 1) * this.dim) ?? this.fallback.isZero(i);
  }
  dotSign(i: number, j: number): Sign {
    return this.decided(this.dot(i, j)) ?? this.fallback.dotSign(i, j);
  }
  dotDiffSign(i: number, j: number, k: number): Sign {
    return this.decided(fSub(this.dot(i, j), this.dot(i, k))) ?? this.fallback.dotDiffSign(i, j, k);
  }
  orient2(i: number, j: number): Sign {
    return this.decided(fSub(fMul(this.F(i, 0), this.F(j, 1)), fMul(this.F(i, 1), this.F(j, 0)))) ?? this.fallback.orient2(i, j);
  }
  parallel3(a: number, b: number): boolean {
    return this.allZero(this.cross(a, b)) ?? this.fallback.parallel3(a, b);
  }
  det3(a: number, b: number, i: number): Sign {
    const n = this.cross(a, b);
    const f = fAdd(fAdd(fMul(n[0]!, this.F(i, 0)), fMul(n[1]!, this.F(i, 1))), fMul(n[2]!, this.F(i, 2)));
    return this.decided(f) ?? this.fallback.det3(a, b, i);
  }
  planeOrient(a: number, b: number, k: number, i: number): Sign {
    const n = this.cross(a, b);
    const m = this.cross(k, i);
    const f = fAdd(fAdd(fMul(n[0]!, m[0]!), fMul(n[1]!, m[1]!)), fMul(n[2]!, m[2]!));
    return this.decided(f) ?? this.fallback.planeOrient(a, b, k, i);
  }
}
