/**
 * Floating-point values with a rigorous absolute error bound, the filter stage of filtered predicates (as in
 * CGAL's filtered kernels and Shewchuk's adaptive predicates): a sign computed this way is certain whenever
 * |v| > e, and only then. Callers fall back to exact arithmetic when the filter cannot decide.
 *
 * Guarantee of every operation: if |x - X| <= x.e and |y - Y| <= y.e for exact reals X, Y, the result r
 * satisfies |r.v - (X op Y)| <= r.e. The bound covers the rounding of r.v (|fl(z) - z| <= u |fl(z)| with
 * u = 2^-53) and the rounding made while computing r.e itself (inflated by 1 + 2^-48, plus 2^-1000 for
 * underflow). Non-finite values make `filteredSign` undecided.
 */
import { bitLength, scaledFloat } from '../exact/bigint-bits';

export interface Filtered {
  readonly v: number;
  readonly e: number;
}

const U = 2 ** -53;
const INFLATE = 1 + 2 ** -48;
const ETA = 2 ** -1000;

/** An exact float (error 0). Example: `exactFloat(3)` is {v: 3, e: 0}. */
export function exactFloat(v: number): Filtered {
  return { v, e: 0 };
}

/** x + y with a rigorous error bound. */
export function fAdd(x: Filtered, y: Filtered): Filtered {
  const v = x.v + y.v;
  return { v, e: (x.e + y.e + U * Math.abs(v)) * INFLATE + ETA };
}

/** x - y with a rigorous error bound. */
export function fSub(x: Filtered, y: Filtered): Filtered {
  const v = x.v - y.v;
  return { v, e: (x.e + y.e + U * Math.abs(v)) * INFLATE + ETA };
}

/** x * y with a rigorous error bound: |XY - xy| <= |x| e_y + |y| e_x + e_x e_y, plus the rounding of xy. */
export function fMul(x: Filtered, y: Filtered): Filtered {
  const v = x.v * y.v;
  return { v, e: (Math.abs(x.v) * y.e + Math.abs(y.v) * x.e + x.e * y.e + U * Math.abs(v)) * INFLATE + ETA };
}

/**
 * x / m for an exact nonzero float m (an integer below 2^53, say) with a rigorous error bound:
 * |X/m - v| <= |X - x.v| / |m| + |x.v/m - fl(x.v/m)| <= x.e / |m| + u |v|. Example: `fDivExact(exactFloat(1), 3).v` is 1/3 in float64.
 */
export function fDivExact(x: Filtered, m: number): Filtered {
  const v = x.v / m;
  return { v, e: (x.e / Math.abs(m) + U * Math.abs(v)) * INFLATE + ETA };
}

/**
 * Sign of the exact value if the filter decides it (|v| > e), else null (undecided: use exact arithmetic).
 * Example: `filteredSign({v: 1, e: 0.5})` is 1; `filteredSign({v: 1e-20, e: 1e-16})` is null.
 */
export function filteredSign(x: Filtered): -1 | 0 | 1 | null {
  if (!Number.isFinite(x.v) || !Number.isFinite(x.e)) return null;
  if (x.v > x.e) return 1;
  if (-x.v > x.e) return -1;
  if (x.v === 0 && x.e === 0) return 0;
  return null;
}

/**
 * Scale a list of integers by one common power of two so the largest is below 2^53 and return them as
 * filtered floats: value floor-toward-zero(n / 2^s) with error < 1 (0 when no shift is needed). Signs are
 * unchanged by a positive common scale, so predicates homogeneous in these numbers keep their sign.
 * `bitHint` (a guess of the largest bit length) makes the scan O(1) per number.
 * Example: `scaleToFloats([1n << 100n, 3n])` gives values [2^52, 0] with errors [1, 1] (shift 48).
 */
export function scaleToFloats(values: readonly bigint[], bitHint?: number): { floats: Filtered[]; shift: number; maxBits: number } {
  // Largest magnitude by comparisons (O(1) for numbers of different lengths), then one bit length.
  let hi = 0n;
  let lo = 0n;
  for (const n of values) {
    if (n > hi) hi = n;
    else if (n < lo) lo = n;
  }
  const maxBits = bitLength(-lo > hi ? lo : hi, bitHint);
  const shift = Math.max(0, maxBits - 53);
  const e = shift > 0 ? 1 : 0;
  const floats = values.map((n) => ({ v: scaledFloat(n, shift), e }));
  return { floats, shift, maxBits };
}
