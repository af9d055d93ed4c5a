/**
 * Fraction-free linear algebra (Bareiss 1968; the Gauss-Jordan form of Nakos, Turner and Williams 1997):
 * elimination on integers where every division is exact, so intermediate entries stay bounded by minors of
 * the input (Hadamard's bound) instead of growing like products of all previous pivots.
 */
import { DimensionError } from '../errors';
import { RationalMatrix } from './rational-matrix';
import { RationalVector } from './rational-vector';

/**
 * Determinant of an integer square matrix (row-major, n*n entries). Exact.
 * Example: `integerDeterminant([2n, 1n, 1n, 3n], 2)` returns `5n`.
 */
export function integerDeterminant(entries: readonly bigint[], n: number): bigint {
  if (entries.length !== n * n) throw new DimensionError(`${entries.length} entries`, `${n * n}`);
  if (n === 0) return 1n;
  const a = [...entries];
  let prev = 1n;
  let sign = 1n;
  for (let k = 0; k < n - 1; k++) {
    if (a[k * n + k] === 0n) {
      const r = findPivotRow(a, n, n, k);
      if (r < 0) return 0n;
      swapRows(a, n, k, r);
      sign = -sign;
    }
    const p = a[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const f = a[i * n + k]!;
      for (let j = k + 1; j < n; j++) a[i * n + j] = (p * a[i * n + j]! - f * a[k * n + j]!) / prev;
      a[i * n + k] = 0n;
    }
    prev = p;
  }
  return sign * a[n * n - 1]!;
}

/**
 * Solve A x = b exactly for square nonsingular A. Returns null when A is singular.
 * Fraction-free Gauss-Jordan on the integer numerators: at the end every diagonal entry equals det(A')
 * and the last column holds det(A') * x, so x comes out with one shared denominator.
 * Example: A = [[2, 1], [1, 3]], b = [3, 5] gives x = (4/5, 7/5).
 */
export function solveExact(A: RationalMatrix, b: RationalVector): RationalVector | null {
  const n = A.rows;
  if (A.cols !== n) throw new DimensionError(`${A.rows}x${A.cols}`, 'a square matrix');
  if (b.length !== n) throw new DimensionError(`right-hand side of length ${b.length}`, `length ${n}`);
  // A = NA / dA and b = Nb / db, so NA x = Nb * (dA / db): solve NA y = Nb, then x = y * dA / db.
  const w = n + 1;
  const a = new Array<bigint>(n * w);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) a[i * w + j] = A.nums[i * n + j]!;
    a[i * w + n] = b.nums[i]!;
  }
  let prev = 1n;
  for (let k = 0; k < n; k++) {
    if (a[k * w + k] === 0n) {
      const r = findPivotRow(a, w, n, k);
      if (r < 0) return null;
      swapRows(a, w, k, r);
    }
    const p = a[k * w + k]!;
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const f = a[i * w + k]!;
      for (let j = 0; j < w; j++) {
        if (j === k) continue;
        a[i * w + j] = (p * a[i * w + j]! - f * a[k * w + j]!) / prev;
      }
      a[i * w + k] = 0n;
    }
    prev = p;
  }
  // Now a[i][i] = prev = det(NA) (up to the sign of the row swaps) for every i.
  const y = Array.from({ length: n }, (_, i) => a[i * w + n]!);
  return RationalVector.of(
    y.map((v) => v * A.den),
    prev * b.den,
  ).reduce();
}

function findPivotRow(a: bigint[], width: number, rows: number, k: number): number {
  for (let r = k + 1; r < rows; r++) if (a[r * width + k] !== 0n) return r;
  return -1;
}

function swapRows(a: bigint[], width: number, r1: number, r2: number): void {
  for (let j = 0; j < width; j++) {
    const t = a[r1 * width + j]!;
    a[r1 * width + j] = a[r2 * width + j]!;
    a[r2 * width + j] = t;
  }
}
