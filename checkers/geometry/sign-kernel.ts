/**
 * Sign kernels: the few sign questions the hull and argmin algorithms ask about a fixed list of integer
 * points (numerators over one positive shared denominator, so every sign equals the sign for the rational
 * points). `exactKernel` answers with BigInt arithmetic; `filteredKernel` answers from float64 values with a
 * rigorous error bound and asks the exact kernel only when the bound cannot decide. Both are exact.
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
  return new FilteredKernel(points, stats, bitHint);
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
    for (const p of points) if (p.length !== this.dim) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${this.dim}`);
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

/** Float64 filter in front of a lazily built ExactKernel. */
class FilteredKernel implements SignKernel {
  readonly count: number;
  readonly dim: number;
  private readonly floats: Filtered[];
  private exactCache: ExactKernel | null = null;

  constructor(
    private readonly points: readonly (readonly bigint[])[],
    private readonly stats?: FilterStats,
    bitHint?: number,
  ) {
    this.count = points.length;
    this.dim = points[0]?.length ?? 0;
    for (const p of points) if (p.length !== this.dim) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${this.dim}`);
    this.floats = scaleToFloats(points.flat(), bitHint).floats;
  }

  private get exact(): ExactKernel {
    if (this.exactCache === null) this.exactCache = new ExactKernel(this.points);
    return this.exactCache;
  }

  private F(i: number, k: number): Filtered {
    return this.floats[i * this.dim + k]!;
  }

  private dot(i: number, j: number): Filtered {
    let s = fMul(this.F(i, 0), this.F(j, 0));
    for (let k = 1; k < this.dim; k++) s = fAdd(s, fMul(this.F(i, k), this.F(j, k)));
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

  isZero(i: number): boolean {
    return this.points[i]!.every((x) => x === 0n);
  }
  dotSign(i: number, j: number): Sign {
    return this.decided(this.dot(i, j)) ?? this.exact.dotSign(i, j);
  }
  dotDiffSign(i: number, j: number, k: number): Sign {
    return this.decided(fSub(this.dot(i, j), this.dot(i, k))) ?? this.exact.dotDiffSign(i, j, k);
  }
  orient2(i: number, j: number): Sign {
    return this.decided(fSub(fMul(this.F(i, 0), this.F(j, 1)), fMul(this.F(i, 1), this.F(j, 0)))) ?? this.exact.orient2(i, j);
  }
  parallel3(a: number, b: number): boolean {
    return this.exact.parallel3(a, b);
  }
  det3(a: number, b: number, i: number): Sign {
    const n = this.cross(a, b);
    const f = fAdd(fAdd(fMul(n[0]!, this.F(i, 0)), fMul(n[1]!, this.F(i, 1))), fMul(n[2]!, this.F(i, 2)));
    return this.decided(f) ?? this.exact.det3(a, b, i);
  }
  planeOrient(a: number, b: number, k: number, i: number): Sign {
    const n = this.cross(a, b);
    const m = this.cross(k, i);
    const f = fAdd(fAdd(fMul(n[0]!, m[0]!), fMul(n[1]!, m[1]!)), fMul(n[2]!, m[2]!));
    return this.decided(f) ?? this.exact.planeOrient(a, b, k, i);
  }
}
