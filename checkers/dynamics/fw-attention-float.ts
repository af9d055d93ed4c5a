/**
 * The same fw-attention run in plain float64 (approximate, NO error bound): what a straightforward
 * floating-point implementation would report. Each step computes g = 2/(t + c) and
 * x_i <- (1 - g) * x_i + g * x_{j*(i)} in IEEE double arithmetic, with j*(i) and the hull test decided from
 * float64 dot products and 2x2 / 3x3 determinants taken at face value. Kept beside the exact run so a
 * reviewer sees when floating point alone would produce, or hide, an exit.
 */
import { DimensionError, DomainError } from '../errors';
import type { Sign } from '../geometry/predicates';
import { originInClosedHullByKernel } from '../geometry/origin-in-hull';
import type { SignKernel } from '../geometry/sign-kernel';

/** Stepper for the float64 run (mutable internally). */
export class FwAttentionFloat {
  readonly n: number;
  readonly dim: number;
  private tNow = 0;
  private x: number[];
  private hullAt = -1;
  private hullCache = true;

  /** Start from float64 positions (rows are points), parameter c (integer >= 1). */
  constructor(
    initial: readonly (readonly number[])[],
    readonly c: number,
  ) {
    if (!Number.isSafeInteger(c) || c < 1) throw new DomainError('fw-attention', `c must be an integer >= 1, got ${c}`);
    this.n = initial.length;
    this.dim = initial[0]?.length ?? 0;
    if (this.dim !== 2 && this.dim !== 3) throw new DimensionError(`dimension ${this.dim}`, 'dimension 2 or 3');
    this.x = initial.flat();
  }

  get t(): number {
    return this.tNow;
  }

  /** Current positions as float64 rows. */
  positions(): number[][] {
    const rows = new Array<number[]>(this.n);
    for (let i = 0; i < this.n; i++) rows[i] = this.x.slice(i * this.dim, (i + 1) * this.dim);
    return rows;
  }

  /** Hull test from float64 signs (approximate); computed once per step. */
  originInHull(): boolean {
    if (this.hullAt !== this.tNow) {
      this.hullCache = originInClosedHullByKernel(floatKernel(this.positions()));
      this.hullAt = this.tNow;
    }
    return this.hullCache;
  }

  /** j*(i) from float64 dot products (ties: smallest index). */
  argmins(): number[] {
    const d = this.dim;
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) {
      let best = 0;
      let bestDot = Infinity;
      for (let j = 0; j < this.n; j++) {
        let s = 0;
        for (let k = 0; k < d; k++) s += this.x[i * d + k]! * this.x[j * d + k]!;
        if (s < bestDot) {
          bestDot = s;
          best = j;
        }
      }
      out.push(best);
    }
    return out;
  }

  /** Advance one step in float64. */
  step(): void {
    const jStar = this.argmins();
    const t = this.tNow + 1;
    const g = 2 / (t + this.c);
    const d = this.dim;
    const next = new Array<number>(this.x.length);
    for (let i = 0; i < this.n; i++) {
      const j = jStar[i]!;
      for (let k = 0; k < d; k++) next[i * d + k] = (1 - g) * this.x[i * d + k]! + g * this.x[j * d + k]!;
    }
    this.x = next;
    this.tNow = t;
  }
}

function sign(x: number): Sign {
  return x < 0 ? -1 : x > 0 ? 1 : 0;
}

/** Sign kernel that trusts float64 evaluation (approximate; for the float64 comparison run only). */
export function floatKernel(points: readonly (readonly number[])[]): SignKernel {
  const P = (i: number): readonly number[] => points[i]!;
  const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, v, k) => s + v * b[k]!, 0);
  const cross = (a: readonly number[], b: readonly number[]): number[] => [
    a[1]! * b[2]! - a[2]! * b[1]!,
    a[2]! * b[0]! - a[0]! * b[2]!,
    a[0]! * b[1]! - a[1]! * b[0]!,
  ];
  return {
    count: points.length,
    dim: points[0]?.length ?? 0,
    isZero: (i) => P(i).every((v) => v === 0),
    dotSign: (i, j) => sign(dot(P(i), P(j))),
    dotDiffSign: (i, j, k) => sign(dot(P(i), P(j)) - dot(P(i), P(k))),
    orient2: (i, j) => sign(P(i)[0]! * P(j)[1]! - P(i)[1]! * P(j)[0]!),
    parallel3: (a, b) => cross(P(a), P(b)).every((v) => v === 0),
    det3: (a, b, i) => sign(dot(cross(P(a), P(b)), P(i))),
    planeOrient: (a, b, k, i) => sign(dot(cross(P(a), P(b)), cross(P(k), P(i)))),
  };
}
