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
  const dim = points[0]?.length ?? 0;
  for (const p of points) if (p.length !== dim) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${dim}`);
  const P = (i: number): readonly bigint[] => points[i]!;
  return {
    count: points.length,
    dim,
    isZero: (i) => P(i).every((x) => x === 0n),
    dotSign: (i, j) => signOf(dotInt(P(i), P(j))),
    dotDiffSign: (i, j, k) => signOf(dotInt(P(i), P(j)) - dotInt(P(i), P(k))),
    orient2: (i, j) => signOf(det2Int(P(i), P(j))),
    parallel3: (a, b) => cross3Int(P(a), P(b)).every((x) => x === 0n),
    det3: (a, b, i) => signOf(det3Int(P(a), P(b), P(i))),
    planeOrient: (a, b, k, i) => signOf(det3Int(cross3Int(P(a), P(b)), P(k), P(i))),
  };
}

/**
 * Filtered kernel: same answers as `exactKernel(points)` (guaranteed), usually without BigInt products.
 * `bitHint` is a guess of the largest coordinate bit length; `stats` (optional) counts the two paths.
 */
export function filteredKernel(points: readonly (readonly bigint[])[], stats?: FilterStats, bitHint?: number): SignKernel {
  const exact = exactKernel(points);
  const dim = exact.dim;
  const { floats } = scaleToFloats(points.flat(), bitHint);
  const F = (i: number, k: number): Filtered => floats[i * dim + k]!;
  const dot = (i: number, j: number): Filtered => {
    let s = fMul(F(i, 0), F(j, 0));
    for (let k = 1; k < dim; k++) s = fAdd(s, fMul(F(i, k), F(j, k)));
    return s;
  };
  const cross = (a: number, b: number): Filtered[] => [
    fSub(fMul(F(a, 1), F(b, 2)), fMul(F(a, 2), F(b, 1))),
    fSub(fMul(F(a, 2), F(b, 0)), fMul(F(a, 0), F(b, 2))),
    fSub(fMul(F(a, 0), F(b, 1)), fMul(F(a, 1), F(b, 0))),
  ];
  const dotWith = (n: Filtered[], i: number): Filtered => fAdd(fAdd(fMul(n[0]!, F(i, 0)), fMul(n[1]!, F(i, 1))), fMul(n[2]!, F(i, 2)));
  /** Decide from the filter, else from the exact kernel, counting which path answered. */
  const decide = (f: Filtered, fallback: () => Sign): Sign => {
    const s = filteredSign(f);
    if (s !== null) {
      if (stats) stats.filtered++;
      return s;
    }
    if (stats) stats.exact++;
    return fallback();
  };
  return {
    count: exact.count,
    dim,
    isZero: (i) => exact.isZero(i),
    dotSign: (i, j) => decide(dot(i, j), () => exact.dotSign(i, j)),
    dotDiffSign: (i, j, k) => decide(fSub(dot(i, j), dot(i, k)), () => exact.dotDiffSign(i, j, k)),
    orient2: (i, j) => decide(fSub(fMul(F(i, 0), F(j, 1)), fMul(F(i, 1), F(j, 0))), () => exact.orient2(i, j)),
    parallel3: (a, b) => exact.parallel3(a, b),
    det3: (a, b, i) => decide(dotWith(cross(a, b), i), () => exact.det3(a, b, i)),
    planeOrient: (a, b, k, i) => {
      const n = cross(a, b);
      const m = cross(k, i);
      return decide(fAdd(fAdd(fMul(n[0]!, m[0]!), fMul(n[1]!, m[1]!)), fMul(n[2]!, m[2]!)), () => exact.planeOrient(a, b, k, i));
    },
  };
}
