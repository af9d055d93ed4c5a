/**
 * The fw-attention dynamic stepped as a rigorous float64 ENCLOSURE of the state, with exact rationals only
 * where the enclosure cannot decide. Guarantee: the same argmins, hull decisions and states as the exact
 * stepper (`FwAttentionExact`), every one proven.
 *
 * The enclosure holds y = lambda x(t) for one positive factor lambda fixed at the last seed (every sign the
 * dynamic asks is homogeneous, so lambda changes none), each coordinate as a float64 midpoint and radius with
 * |Y - v| <= e (checkers/geometry/filtered.ts: every operation's rounding, and the rounding of the radius
 * itself, is bounded). One step is the exact update in that arithmetic:
 *   y_i <- ((m - 2) y_i + 2 y_{j*(i)}) / m,  m = t + c,
 * a convex combination, so radii grow by about one rounding per step and never multiply.
 *
 * Every argmin comparison and every question of the hull test is asked of the enclosure first. When its
 * bounds cannot decide, the stepper ESCALATES: the state is enclosed again in exact ball arithmetic with
 * BigInt centres at rising precision (`precisions`, default 128 then 1024 bits; fw-attention-ball.ts),
 * replayed along the recorded (proven) argmins from the nearest checkpoint of that precision or from the last
 * exact state, at a cost linear in the steps replayed; when a ball decides, the float64 enclosure is re-seeded
 * from it. Only when the widest ball cannot decide either (in practice an exact tie or a degenerate hull, where
 * the value is exactly 0) is the exact state x(t) recomputed from the last exact checkpoint by replaying the
 * recorded argmins (no sign is re-decided: they were proven; a long replay by a product tree of the step
 * matrices, `FwAttentionExact.advanceBy`); every decision at x(t) is then taken from the exact state, and the
 * enclosure is re-seeded from it. The stats record how many states escalated, how many
 * needed the exact path and why, and the longest exact replay.
 *
 * Example: `new FwAttentionEnclosure(RationalMatrix.from([["-3", "1/4"], ["-3", "-3"], ["-1/3", "-7/4"],
 * ["3", "1/2"]]), 200)`, stepped 706 times, has `originInHull()` false for the first time at t = 706, with
 * `enclosureStats().exactSteps` 0.
 */
import { DomainError } from '../errors';
import type { RationalMatrix } from '../exact/rational-matrix';
import { bitLength, scaledFloat } from '../exact/bigint-bits';
import { exactFloat, fAdd, fDivExact, fMul, scaleToFloats, type Filtered } from '../geometry/filtered';
import { originInClosedHullByKernel } from '../geometry/origin-in-hull';
import { enclosureKernel, type FilterStats, type SignKernel } from '../geometry/sign-kernel';
import { UndecidedSign, undecidedKernel } from '../geometry/undecided-kernel';
import { ballKernel } from '../geometry/ball-kernel';
import { ballStep, seedBall, type FwBall } from './fw-attention-ball';
import { FwAttentionExact } from './fw-attention';
import type { FwStepper } from './fw-attention-stepper';

export interface FwEnclosureOptions {
  /**
   * Re-seed from the exact state when the largest radius exceeds this fraction of the largest |midpoint|
   * (default Infinity: re-seed only after an exact fallback; radii grow about linearly, see the benchmark).
   */
  maxRelativeWidth?: number;
  /** Most recorded argmins (particles x steps) kept for a replay before the checkpoint is advanced (default 2^22). */
  historyLimit?: number;
  /** Reduction period of the exact checkpoint's state, as `FwAttentionExact` (default 64). */
  reduceEvery?: number;
  /** Bit precisions of the ball enclosures tried, in order, before the exact path (default [128, 1024]; [] = none). */
  precisions?: readonly number[];
}

/** Default escalation ladder: a 128-bit ball decides what float64 radii leave open up to ~2^-100 relative. */
export const FW_BALL_PRECISIONS: readonly number[] = [128, 1024];

/** How the enclosure stepper took its decisions. */
export interface FwEnclosureStats {
  /** States x(t) at which decisions were asked. */
  states: number;
  /** States whose decisions needed the exact path (the rest were decided by the enclosure alone). */
  exactSteps: number;
  /** Why, per exact state: an argmin tie (two dot products exactly equal), a degenerate hull question (a zero sign, a zero point, parallel points), or width (a nonzero sign the radii could not separate from 0). */
  reasons: { tie: number; degenerateHull: number; width: number };
  /** Exact steps replayed from checkpoints (the BigInt work done). */
  replayedSteps: number;
  /** The longest single exact replay (steps from the exact checkpoint to the state that needed it). */
  longestReplay: number;
  /** States whose open questions a high-precision ball decided (no exact state computed). */
  escalated: number;
  /** Ball steps computed (replays at high precision, each linear in its precision). */
  ballSteps: number;
  /** Times the enclosure was re-seeded from an exact state. */
  reseeds: number;
  /** Largest radius / largest |midpoint| seen after a step. */
  maxRelativeWidth: number;
  /** Step of the last exact state computed (the checkpoint). */
  checkpointStep: number;
  /** Signs decided by the enclosure (filtered) and questions it left undecided (exact). */
  signs: FilterStats;
}

/** Enclosure stepper for fw-attention. Mutable internally; `positions()` returns an immutable exact snapshot. */
export class FwAttentionEnclosure implements FwStepper {
  readonly n: number;
  readonly dim: number;
  readonly c: number;
  private tNow = 0;
  private y: Filtered[] = [];
  /** lambda = scale.num / scale.den, with y = lambda x. */
  private scale = { num: 1n, den: 1n };
  private unscale = 1;
  private readonly checkpoint: FwAttentionExact;
  private history: Int32Array[] = [];
  private historySize = 0;
  private readonly maxWidth: number;
  private readonly historyLimit: number;
  private exactAt = -1;
  private kernelAt = -1;
  private kernelCache: SignKernel | null = null;
  private argminAt = -1;
  private argminCache: number[] = [];
  private hullAt = -1;
  private hullCache = true;
  private askedAt = -1;
  private readonly precisions: readonly number[];
  /** The latest ball enclosure at each precision (a checkpoint for the next escalation), or null. */
  private balls: (FwBall | null)[];
  private escalatedAt = -1;
  private readonly s: FwEnclosureStats = {
    states: 0,
    exactSteps: 0,
    reasons: { tie: 0, degenerateHull: 0, width: 0 },
    replayedSteps: 0,
    longestReplay: 0,
    escalated: 0,
    ballSteps: 0,
    reseeds: 0,
    maxRelativeWidth: 0,
    checkpointStep: 0,
    signs: { filtered: 0, exact: 0 },
  };

  /** Start from x(0) = `initial` (rows are points, dimension 2 or 3) with parameter c (integer >= 1). */
  constructor(initial: RationalMatrix, c: number, options: FwEnclosureOptions = {}) {
    this.checkpoint = new FwAttentionExact(initial, c, { reduceEvery: options.reduceEvery });
    this.n = this.checkpoint.n;
    this.dim = this.checkpoint.dim;
    this.c = c;
    this.maxWidth = options.maxRelativeWidth ?? Infinity;
    this.historyLimit = options.historyLimit ?? 2 ** 22;
    this.precisions = options.precisions ?? FW_BALL_PRECISIONS;
    for (const p of this.precisions)
      if (!(Number.isInteger(p) && p >= 64)) throw new DomainError('fw-attention', `ball precisions must be integers >= 64, got ${p}`);
    this.balls = this.precisions.map(() => null);
    if (!(this.maxWidth > 0)) throw new DomainError('fw-attention', `maxRelativeWidth must be positive, got ${this.maxWidth}`);
    if (!(this.historyLimit >= 1)) throw new DomainError('fw-attention', `historyLimit must be at least 1, got ${this.historyLimit}`);
    this.reseed();
    this.s.reseeds = 0;
  }

  get t(): number {
    return this.tNow;
  }

  /** Bit length of the largest numerator of the last exact state (at `enclosureStats().checkpointStep`). */
  get stateBits(): number {
    return this.checkpoint.stateBits;
  }

  /** Signs decided by the float filter / by BigInt on the exact states computed (the fallback path). */
  get stats(): FilterStats {
    return this.checkpoint.stats;
  }

  /** A copy of the decision statistics so far. */
  enclosureStats(): FwEnclosureStats {
    return { ...this.s, reasons: { ...this.s.reasons }, signs: { ...this.s.signs }, checkpointStep: this.checkpoint.t };
  }

  /** The ball enclosure of x(t) at `prec` bits, from the nearest checkpoint (for tests and diagnostics). */
  ballEnclosure(prec: number): FwBall {
    return this.ballAt(prec, null);
  }

  /** Is the origin in the closed convex hull of x(t)? Exact (proven from the enclosure, else from x(t)). */
  originInHull(): boolean {
    if (this.hullAt !== this.tNow) {
      this.hullCache = this.decide((K) => originInClosedHullByKernel(K));
      this.hullAt = this.tNow;
    }
    return this.hullCache;
  }

  /** j*(i) for every i at x(t): the smallest j minimising <x_i, x_j>. Exact. */
  argmins(): number[] {
    if (this.argminAt !== this.tNow) {
      this.argminCache = this.decide((K) => {
        const out: number[] = [];
        for (let i = 0; i < this.n; i++) {
          let best = 0;
          for (let j = 1; j < this.n; j++) if (K.dotDiffSign(i, j, best) < 0) best = j;
          out.push(best);
        }
        return out;
      });
      this.argminAt = this.tNow;
    }
    return this.argminCache.slice();
  }

  /** Advance the enclosure from x(t) to x(t + 1) with the proven argmins of x(t). */
  step(): void {
    const jStar = this.argmins();
    const t = this.tNow + 1;
    const m = t + this.c;
    // (m - 2)/m and 2/m enclosed once per step; m - 2 and m must be exact in float64.
    if (!Number.isSafeInteger(m))
      throw new DomainError('fw-attention', `t + c = ${m} is beyond 2^53; the enclosure's coefficients would not be exact`);
    const keep = fDivExact(exactFloat(m - 2), m);
    const move = fDivExact(exactFloat(2), m);
    const d = this.dim;
    const old = this.y;
    const next = new Array<Filtered>(old.length);
    for (let i = 0; i < this.n; i++) {
      const j = jStar[i]!;
      for (let k = 0; k < d; k++) next[i * d + k] = fAdd(fMul(keep, old[i * d + k]!), fMul(move, old[j * d + k]!));
    }
    this.y = next;
    this.history.push(new Int32Array(jStar));
    this.historySize += this.n;
    this.tNow = t;
    const width = relativeWidth(next);
    if (width > this.s.maxRelativeWidth) this.s.maxRelativeWidth = width;
    if (this.historySize > this.historyLimit || width > this.maxWidth) {
      this.syncExact();
      this.reseed();
    }
  }

  /** x(t) exactly (replays the recorded argmins from the checkpoint, which then moves to t). */
  positions(): RationalMatrix {
    this.syncExact();
    return this.checkpoint.positions();
  }

  /**
   * x(t) in float64 for drawing: the enclosure's midpoints divided by lambda, each within the enclosure's
   * radius (divided by lambda) plus two roundings of the exact coordinate. Not a proof; positions() is exact.
   */
  positionsFloat(): number[][] {
    return Array.from({ length: this.n }, (_, i) => this.y.slice(i * this.dim, (i + 1) * this.dim).map((f) => f.v * this.unscale));
  }

  /**
   * The enclosure as plain numbers: coordinate k of y = lambda x(t) lies within mid[k] +- rad[k] (rows
   * flattened), lambda = scale.num / scale.den > 0. For tests and diagnostics.
   */
  enclosure(): { mid: number[]; rad: number[]; scale: { num: bigint; den: bigint } } {
    return { mid: this.y.map((f) => f.v), rad: this.y.map((f) => f.e), scale: { ...this.scale } };
  }

  /** Answers `ask` from the enclosure, or from the exact state when the enclosure leaves a question open. */
  private decide<T>(ask: (K: SignKernel) => T): T {
    if (this.askedAt !== this.tNow) {
      this.askedAt = this.tNow;
      this.s.states++;
    }
    if (this.exactAt !== this.tNow) {
      let open: UndecidedSign;
      try {
        return ask(this.enclosureKernel());
      } catch (e) {
        if (!(e instanceof UndecidedSign)) throw e;
        open = e;
      }
      for (let level = 0; level < this.precisions.length; level++) {
        const ball = this.ballAt(this.precisions[level]!, level);
        try {
          const answer = ask(ballKernel(ball.mids, ball.rads, this.n, this.dim, () => undecidedKernel(this.n, this.dim), this.s.signs));
          if (this.escalatedAt !== this.tNow) {
            this.escalatedAt = this.tNow;
            this.s.escalated++;
          }
          this.reseedFromBall(ball);
          return answer;
        } catch (e) {
          if (!(e instanceof UndecidedSign)) throw e;
          open = e;
        }
      }
      this.fallBack(open);
    }
    return ask(this.checkpoint.signKernel());
  }

  /**
   * x(t) as a ball at `prec` bits: from this level's last ball if it is at or after the exact checkpoint,
   * else seeded from the exact checkpoint, then stepped along the recorded argmins to t. Stored as the
   * level's checkpoint when `level` is given.
   */
  private ballAt(prec: number, level: number | null): FwBall {
    const base = this.checkpoint.t;
    let b = level === null ? null : this.balls[level]!;
    if (b === null || b.t < base || b.t > this.tNow || b.prec !== prec) {
      const { nums, den } = this.checkpoint.numerators();
      b = seedBall(nums, den, base, prec);
    }
    const from = b.t;
    for (let s = from; s < this.tNow; s++) b = ballStep(b, this.history[s - base]!, this.dim, this.c);
    this.s.ballSteps += this.tNow - from;
    if (level !== null) this.balls[level] = b;
    return b;
  }

  /** y <- the ball's centres scaled into float64: error < 1 from the truncation plus the radius, in units of 2^s. */
  private reseedFromBall(b: FwBall): void {
    let hi = 0n;
    for (const m of b.mids) if ((m < 0n ? -m : m) > hi) hi = m < 0n ? -m : m;
    const s = Math.max(0, bitLength(hi) - 53);
    const shift = BigInt(s);
    // |M/2^s - v| < 1 (truncation) and R/2^s < floor(R/2^s) + 1. Radii are normally far below 2^53 units here, so
    // the sum is exact; the factor 1 + 2^-48 covers the roundings of Number() and + should a radius be larger.
    this.y = b.mids.map((m, k) => ({ v: scaledFloat(m, s), e: (Number(b.rads[k]! >> shift) + 2) * (1 + 2 ** -48) }));
    this.setScale(b.lambdaDen, b.lambdaExp - s);
    this.kernelAt = -1;
    this.s.reseeds++;
  }

  /** lambda = d * 2^e (y = lambda x), and 1/lambda in float64 for drawing. */
  private setScale(d: bigint, e: number): void {
    this.scale = e >= 0 ? { num: d << BigInt(e), den: 1n } : { num: d, den: 1n << BigInt(-e) };
    const dShift = Math.max(0, bitLength(d) - 53);
    this.unscale = times2(1 / scaledFloat(d, dShift), -e - dShift);
  }

  private enclosureKernel(): SignKernel {
    if (this.kernelAt !== this.tNow || this.kernelCache === null) {
      this.kernelCache = enclosureKernel(this.y, this.n, this.dim, () => undecidedKernel(this.n, this.dim), this.s.signs);
      this.kernelAt = this.tNow;
    }
    return this.kernelCache;
  }

  /** The exact path for x(t): recompute it, classify the open question, re-seed the enclosure. */
  private fallBack(e: UndecidedSign): void {
    this.syncExact();
    const degenerate = e.isExactlyDegenerate(this.checkpoint.signKernel());
    if (!degenerate) this.s.reasons.width++;
    else if (e.kind === 'argmin') this.s.reasons.tie++;
    else this.s.reasons.degenerateHull++;
    this.s.exactSteps++;
    this.exactAt = this.tNow;
    this.reseed();
  }

  /** Replay the recorded argmins on the checkpoint until it reaches x(t). Exact. */
  private syncExact(): void {
    this.checkpoint.advanceBy(this.history);
    this.s.replayedSteps += this.history.length;
    if (this.history.length > this.s.longestReplay) this.s.longestReplay = this.history.length;
    this.history = [];
    this.historySize = 0;
  }

  /** y <- the checkpoint's numerators scaled by 2^-shift into float64 (error < 1 each when shifted, else 0). */
  private reseed(): void {
    const { nums, den, bitHint } = this.checkpoint.numerators();
    const { floats, shift } = scaleToFloats(nums, bitHint);
    this.y = floats;
    // y = nums / 2^shift = x * den / 2^shift.
    this.setScale(den, -shift);
    this.kernelAt = -1;
    this.s.reseeds++;
  }
}

/** Largest radius / largest |midpoint| (0 for an exact state, Infinity when every midpoint is 0 but a radius is not). */
function relativeWidth(ys: readonly Filtered[]): number {
  let v = 0;
  let e = 0;
  for (const f of ys) {
    const a = Math.abs(f.v);
    if (a > v) v = a;
    if (f.e > e) e = f.e;
  }
  return e === 0 ? 0 : e / v;
}

/** x * 2^k in two steps, so that an intermediate power of two does not overflow or underflow needlessly. */
function times2(x: number, k: number): number {
  const half = Math.trunc(k / 2);
  return x * 2 ** half * 2 ** (k - half);
}
