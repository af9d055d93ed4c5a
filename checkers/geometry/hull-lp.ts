/**
 * Origin in the closed convex hull of points in any dimension, by exact linear programming: the origin is
 * in conv(p_1..p_n) iff some lambda >= 0 has sum(lambda) = 1 and sum(lambda_i p_i) = 0. Phase 1 of the
 * simplex method on that system (artificial variables, minimise their sum) with Bland's rule, which cannot
 * cycle, in exact rational arithmetic. Feasible iff the phase-1 optimum is 0. Exact; meant for the small
 * systems of certificates (d + 1 rows), not for large LPs.
 */
import { DimensionError } from '../errors';
import { Rational } from '../exact/rational';
import type { RationalVector } from '../exact/rational-vector';

/**
 * Exact membership of the origin in the closed hull, any dimension d >= 1, with the weights when inside.
 * Example: for (1, 0, 0, 0), (-1, 1, 0, 0), (0, -1, 0, 0) the origin is inside with weights (1/3, 1/3, 1/3).
 */
export function originInClosedHullLP(points: readonly RationalVector[]): { inside: boolean; weights: Rational[] | null } {
  const n = points.length;
  if (n === 0) return { inside: false, weights: null };
  const d = points[0]!.length;
  for (const p of points) if (p.length !== d) throw new DimensionError(`a point of dimension ${p.length}`, `dimension ${d}`);
  const rows = d + 1;
  const cols = n + rows; // lambda_1..lambda_n, then one artificial per row
  // Tableau [A | I | b] with A = (coordinates; ones), b = (0, ..., 0, 1) >= 0.
  const T: Rational[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: Rational[] = [];
    for (let j = 0; j < n; j++) row.push(r < d ? points[j]!.at(r) : Rational.ONE);
    for (let a = 0; a < rows; a++) row.push(a === r ? Rational.ONE : Rational.ZERO);
    row.push(r < d ? Rational.ZERO : Rational.ONE);
    T.push(row);
  }
  const basis = Array.from({ length: rows }, (_, r) => n + r);
  // Phase-1 objective: minimise the sum of artificials. Reduced costs c_j = -sum over rows of T[r][j] for
  // non-artificial j (artificials are basic with cost 1).
  for (;;) {
    // Bland: the entering column is the smallest index with a negative reduced cost.
    let enter = -1;
    for (let j = 0; j < cols; j++) {
      if (basis.includes(j)) continue;
      let cost = j >= n ? Rational.ONE : Rational.ZERO;
      for (let r = 0; r < rows; r++) if (basis[r]! >= n) cost = cost.sub(T[r]![j]!);
      if (cost.sign() < 0) {
        enter = j;
        break;
      }
    }
    if (enter < 0) break;
    // Ratio test; ties broken by the smallest basic index (Bland).
    let leave = -1;
    let bestRatio: Rational | null = null;
    for (let r = 0; r < rows; r++) {
      const a = T[r]![enter]!;
      if (a.sign() <= 0) continue;
      const ratio = T[r]![cols]!.div(a);
      const cmp = bestRatio === null ? -1 : ratio.compare(bestRatio);
      if (cmp < 0 || (cmp === 0 && basis[r]! < basis[leave]!)) {
        leave = r;
        bestRatio = ratio;
      }
    }
    if (leave < 0) break; // unbounded direction cannot occur in phase 1 (objective >= 0); stop defensively
    pivot(T, leave, enter);
    basis[leave] = enter;
  }
  let infeasibility = Rational.ZERO;
  for (let r = 0; r < rows; r++) if (basis[r]! >= n) infeasibility = infeasibility.add(T[r]![cols]!);
  if (!infeasibility.isZero()) return { inside: false, weights: null };
  const weights = Array.from({ length: n }, () => Rational.ZERO);
  for (let r = 0; r < rows; r++) if (basis[r]! < n) weights[basis[r]!] = T[r]![cols]!;
  return { inside: true, weights };
}

function pivot(T: Rational[][], r: number, c: number): void {
  const p = T[r]![c]!;
  T[r] = T[r]!.map((v) => v.div(p));
  for (let i = 0; i < T.length; i++) {
    if (i === r) continue;
    const f = T[i]![c]!;
    if (f.isZero()) continue;
    T[i] = T[i]!.map((v, j) => v.sub(f.mul(T[r]![j]!)));
  }
}
