/**
 * Runs of fw-attention to a horizon: the exact run (first exit step of the origin from the closed hull,
 * exact) beside the float64 run of the same dynamic (approximate). Both are driven step by step through
 * `FwAttentionRun.advance`, so a caller can report progress or stop between steps. The exact run's
 * decisions come from one of two steppers with identical, proven answers: `exact` (the rational state
 * every step) or `enclosure` (a float64 enclosure of the state, exact only where it cannot decide).
 */
import type { RationalMatrix } from '../exact/rational-matrix';
import { FwAttentionExact, type FwAttentionOptions } from './fw-attention';
import { FwAttentionEnclosure, type FwEnclosureOptions, type FwEnclosureStats } from './fw-attention-enclosure';
import { FwAttentionFloat } from './fw-attention-float';
import type { FwStepper } from './fw-attention-stepper';

/** Which stepper takes the exact run's decisions. */
export type FwStepperKind = 'exact' | 'enclosure';

export interface FwRunOptions extends FwAttentionOptions, FwEnclosureOptions {
  /** Default 'exact'. */
  stepper?: FwStepperKind;
}

export interface FwRunResult {
  /** Last step computed. */
  horizon: number;
  /** First t in 0..horizon with the origin outside the closed hull of x(t) (exact), else null. */
  firstExitStep: number | null;
  /** Same for the float64 run, else null (approximate). */
  float64FirstExitStep: number | null;
  /** First step at which the float64 run chose a different j* than the exact run, else null (up to the exact exit). */
  float64FirstArgminDivergence: number | null;
  /** Signs decided by the float filter / by BigInt on the exact states computed. */
  filter: { filtered: number; exact: number };
  /** Bit length of the largest numerator of the last exact state computed (the end state for the exact stepper). */
  stateBits: number;
  /** The stepper that took the decisions. */
  stepper: FwStepperKind;
  /** For the enclosure stepper: how many states needed the exact path and why; null for the exact stepper. */
  enclosure: FwEnclosureStats | null;
}

/** Step-by-step exact + float64 run; `advance()` does one step, `done` tells when both runs are settled. */
export class FwAttentionRun {
  /** The run whose decisions are exact (either stepper). */
  readonly exact: FwStepper;
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
    options: FwRunOptions = {},
  ) {
    this.exact =
      options.stepper === 'enclosure' ? new FwAttentionEnclosure(initial, c, options) : new FwAttentionExact(initial, c, options);
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
      stepper: this.exact instanceof FwAttentionEnclosure ? 'enclosure' : 'exact',
      enclosure: this.exact instanceof FwAttentionEnclosure ? this.exact.enclosureStats() : null,
    };
  }
}
