/**
 * Runs of fw-attention to a horizon: the exact run (first exit step of the origin from the closed hull,
 * exact) beside the float64 run of the same dynamic (approximate). Both are driven step by step through
 * `FwAttentionRun.advance`, so a caller can report progress or stop between steps.
 */
import type { RationalMatrix } from '../exact/rational-matrix';
import { FwAttentionExact, type FwAttentionOptions } from './fw-attention';
import { FwAttentionFloat } from './fw-attention-float';

export interface FwRunResult {
  /** Last step computed. */
  horizon: number;
  /** First t in 0..horizon with the origin outside the closed hull of x(t) (exact), else null. */
  firstExitStep: number | null;
  /** Same for the float64 run, else null (approximate). */
  float64FirstExitStep: number | null;
  /** First step at which the float64 run chose a different j* than the exact run, else null (up to the exact exit). */
  float64FirstArgminDivergence: number | null;
  /** Signs decided by the float filter / by BigInt in the exact run. */
  filter: { filtered: number; exact: number };
  /** Bit length of the largest numerator of the exact state at the end. */
  stateBits: number;
}

/** Step-by-step exact + float64 run; `advance()` does one step, `done` tells when both runs are settled. */
export class FwAttentionRun {
  readonly exact: FwAttentionExact;
  readonly float: FwAttentionFloat;
  private exitExact: number | null = null;
  private exitFloat: number | null = null;
  private divergence: number | null = null;

  /**
   * Start both runs at x(0). `stopAtExit` (default true): stop the exact run at its first exit (the float64
   * run continues to the horizon only while it has not exited either).
   */
  constructor(
    initial: RationalMatrix,
    readonly c: number,
    readonly horizon: number,
    options: FwAttentionOptions = {},
  ) {
    this.exact = new FwAttentionExact(initial, c, options);
    this.float = new FwAttentionFloat(
      initial.toRationals().map((row) => row.map((r) => r.toNumber())),
      c,
    );
    if (!this.exact.originInHull()) this.exitExact = 0;
    if (!this.float.originInHull()) this.exitFloat = 0;
  }

  /** True once the exact run has exited or reached the horizon, and the float64 run has too. */
  get done(): boolean {
    const exactDone = this.exitExact !== null || this.exact.t >= this.horizon;
    const floatDone = this.exitFloat !== null || this.float.t >= this.horizon;
    return exactDone && floatDone;
  }

  /** Current step of the run that is further behind. */
  get t(): number {
    return Math.min(this.exitExact ?? this.exact.t, this.exitFloat ?? this.float.t);
  }

  /** One step of whichever runs are still going. */
  advance(): void {
    const exactGoing = this.exitExact === null && this.exact.t < this.horizon;
    const floatGoing = this.exitFloat === null && this.float.t < this.horizon;
    if (exactGoing && floatGoing && this.divergence === null) {
      const a = this.exact.argmins();
      const b = this.float.argmins();
      if (a.some((j, i) => j !== b[i])) this.divergence = this.exact.t + 1;
    }
    if (exactGoing) {
      this.exact.step();
      if (!this.exact.originInHull()) this.exitExact = this.exact.t;
    }
    if (floatGoing) {
      this.float.step();
      if (!this.float.originInHull()) this.exitFloat = this.float.t;
    }
  }

  /** Run to the end (no progress reporting). */
  runToEnd(): FwRunResult {
    while (!this.done) this.advance();
    return this.result();
  }

  result(): FwRunResult {
    return {
      horizon: this.horizon,
      firstExitStep: this.exitExact,
      float64FirstExitStep: this.exitFloat,
      float64FirstArgminDivergence: this.divergence,
      filter: { ...this.exact.stats },
      stateBits: this.exact.stateBits,
    };
  }
}
