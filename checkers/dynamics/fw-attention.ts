/**
 * The `fw-attention` dynamic, exactly (our own construction, documented in cases/fw-attention-collapse):
 * particles x_1..x_n in Q^d, integer c >= 1; for t = 1, 2, ...: g_t = 2/(t + c); j*(i) is the smallest
 * index j minimising <x_i, x_j> over all j (i included) at t - 1; then simultaneously
 *   x_i(t) = (1 - g_t) x_i(t-1) + g_t x_{j*(i)}(t-1).
 *
 * State: integer numerators over ONE shared denominator D > 0. With m = t + c the step is
 *   N_i <- (m - 2) N_i + 2 N_{j*(i)},  D <- m D
 * (halved first when m is even), so each step is a few small-by-big multiplications. The common factor
 * is divided out lazily, every `reduceEvery` steps, with Lehmer's gcd. Signs (argmin, hull side) come from
 * a sign kernel: the filtered kernel decides in float64 with a rigorous error bound and falls back to BigInt
 * only when undecided; the exact kernel always uses BigInt. Both give identical, exact answers.
 */
import { DimensionError, DomainError } from '../errors';
import { RationalMatrix } from '../exact/rational-matrix';
import { bitLength } from '../exact/bigint-bits';
import { gcd, gcdMany } from '../exact/lehmer-gcd';
import { originInClosedHullByKernel } from '../geometry/origin-in-hull';
import { exactKernel, filteredKernel, type FilterStats, type SignKernel } from '../geometry/sign-kernel';
import type { FwStepper } from './fw-attention-stepper';
import { JUMP_MAX_PARTICLES, jumpState } from './fw-attention-jump';

/** Fewer recorded steps than this are replayed one by one (the product tree pays off on long replays). */
const JUMP_MIN_STEPS = 128;

export interface FwAttentionOptions {
  /** Decide signs in float64 first (default true). false = BigInt for every sign (the unfiltered algorithm). */
  filter?: boolean;
  /** Divide out the common factor every this many steps (default 64, measured best with the filter; 0 = never). */
  reduceEvery?: number;
}

/** Exact stepper for fw-attention. Mutable internally; `positions()` returns an immutable snapshot. */
export class FwAttentionExact implements FwStepper {
  readonly n: number;
  readonly dim: number;
  readonly c: number;
  /** Steps taken so far (the state is x(t)). */
  private tNow = 0;
  private nums: bigint[];
  private den: bigint;
  private readonly filter: boolean;
  private readonly reduceEvery: number;
  private bitHint = 0;
  private kernelAt = -1;
  private kernelCache: SignKernel | null = null;
  /** How many signs the float filter decided and how many needed BigInt. */
  readonly stats: FilterStats = { filtered: 0, exact: 0 };

  /** Start from x(0) = `initial` (rows are points) with parameter c (integer >= 1). */
  constructor(initial: RationalMatrix, c: number, options: FwAttentionOptions = {}) {
    if (!Number.isSafeInteger(c) || c < 1) throw new DomainError('fw-attention', `c must be an integer >= 1, got ${c}`);
    if (initial.rows < 1) throw new DimensionError('no particles', 'at least one particle');
    if (initial.cols !== 2 && initial.cols !== 3) throw new DimensionError(`dimension ${initial.cols}`, 'dimension 2 or 3');
    this.n = initial.rows;
    this.dim = initial.cols;
    this.c = c;
    const reduced = initial.reduce();
    this.nums = [...reduced.nums];
    this.den = reduced.den;
    this.filter = options.filter ?? true;
    this.reduceEvery = options.reduceEvery ?? 64;
  }

  /** Current step t. */
  get t(): number {
    return this.tNow;
  }

  /** x(t) as a rational matrix (reduced). Exact. */
  positions(): RationalMatrix {
    return RationalMatrix.of(this.n, this.dim, this.nums, this.den).reduce();
  }

  /** Bit length of the largest numerator (or the denominator) now: the size of the exact state. */
  get stateBits(): number {
    return maxBits([...this.nums, this.den], this.bitHint);
  }

  /** Is the origin in the closed convex hull of x(t)? Exact. */
  originInHull(): boolean {
    return originInClosedHullByKernel(this.kernel());
  }

  /** j*(i) for every i at the current state: the smallest j minimising <x_i, x_j>. Exact. */
  argmins(): number[] {
    const K = this.kernel();
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) {
      let best = 0;
      for (let j = 1; j < this.n; j++) if (K.dotDiffSign(i, j, best) < 0) best = j;
      out.push(best);
    }
    return out;
  }

  /** x(t) rounded to float64 coordinates, for drawing (each coordinate the nearest double of the exact value). */
  positionsFloat(): number[][] {
    return this.positions()
      .toRationals()
      .map((row) => row.map((r) => r.toNumber()));
  }

  /**
   * The state as integer numerators over the shared denominator (den > 0), not reduced: x_i,k = nums[i*dim+k] / den.
   * Exact; the arrays are copies.
   */
  numerators(): { nums: bigint[]; den: bigint; bitHint: number } {
    return { nums: [...this.nums], den: this.den, bitHint: this.bitHint + 20 };
  }

  /** The sign kernel of x(t) (filtered or exact, as configured), built once per step. Exact. */
  signKernel(): SignKernel {
    return this.kernel();
  }

  /** Advance from x(t) to x(t + 1). Exact. */
  step(): void {
    this.stepWith(this.argmins());
  }

  /**
   * Advance from x(t) to x(t + 1) with the given j*(i) (proven elsewhere, e.g. decided on an enclosure of x(t)),
   * asking no sign question: the replay of a recorded run. Exact, given that `jStar` is the true argmin.
   */
  stepWith(jStar: ArrayLike<number>): void {
    if (jStar.length !== this.n) throw new DimensionError(`${jStar.length} argmins`, `${this.n}`);
    const t = this.tNow + 1;
    let m = BigInt(t + this.c);
    let keep = m - 2n;
    let move = 2n;
    if ((m & 1n) === 0n) {
      // (m - 2)/m and 2/m share the factor 2.
      m >>= 1n;
      keep >>= 1n;
      move = 1n;
    }
    const d = this.dim;
    const old = this.nums;
    const next = new Array<bigint>(old.length);
    for (let i = 0; i < this.n; i++) {
      const j = jStar[i]!;
      for (let k = 0; k < d; k++) {
        const a = old[i * d + k]!;
        const b = old[j * d + k]!;
        next[i * d + k] = move === 1n ? keep * a + b : keep * a + 2n * b;
      }
    }
    this.nums = next;
    this.den *= m;
    this.tNow = t;
    if (this.reduceEvery > 0 && t % this.reduceEvery === 0) this.reduce();
  }

  /**
   * Advance by the recorded argmins of steps t+1 .. t+history.length (each proven elsewhere), asking no sign
   * question: for long histories and few particles by a product tree of the step matrices (fw-attention-jump.ts),
   * left unreduced; otherwise step by step. Exact, the same rational state as `stepWith` on each in turn.
   */
  advanceBy(history: readonly ArrayLike<number>[]): void {
    if (history.length < JUMP_MIN_STEPS || this.n > JUMP_MAX_PARTICLES) {
      for (const jStar of history) this.stepWith(jStar);
      return;
    }
    for (const jStar of history) if (jStar.length !== this.n) throw new DimensionError(`${jStar.length} argmins`, `${this.n}`);
    const next = jumpState(this.nums, this.den, this.tNow, history, this.c, this.dim);
    this.nums = next.nums;
    this.den = next.den;
    this.tNow += history.length;
    // Not reduced here: one gcd of the ~400k-bit state of step 30,000 costs twice the jump; the periodic
    // reduction of `stepWith` takes it out if the exact state steps on.
    this.bitHint = maxBits(this.nums, 0);
    this.kernelAt = -1;
  }

  /** Divide the common factor out of the state now. Exact. */
  reduce(): void {
    const g = gcd(gcdMany(this.nums), this.den);
    if (g > 1n) {
      this.nums = this.nums.map((x) => x / g);
      this.den /= g;
    }
  }

  private kernel(): SignKernel {
    if (this.kernelAt === this.tNow && this.kernelCache) return this.kernelCache;
    const rows = Array.from({ length: this.n }, (_, i) => this.nums.slice(i * this.dim, (i + 1) * this.dim));
    if (this.filter) {
      // The largest numerator grows by at most log2(t + c) + 1 bits per step: a close hint keeps bitLength O(1).
      const k = filteredKernel(rows, this.stats, this.bitHint + 20);
      this.bitHint = maxBits(rows.flat(), this.bitHint + 20);
      this.kernelCache = k;
    } else {
      this.kernelCache = exactKernel(rows);
    }
    this.kernelAt = this.tNow;
    return this.kernelCache;
  }
}

function maxBits(values: readonly bigint[], hint: number): number {
  let m = 0n;
  for (const v of values) {
    const a = v < 0n ? -v : v;
    if (a > m) m = a;
  }
  return bitLength(m, hint);
}
