/**
 * What a run of fw-attention needs from a stepper whose decisions are exact: the exact stepper
 * (`FwAttentionExact`, the rational state every step) and the enclosure stepper (`FwAttentionEnclosure`, a
 * float64 enclosure of the state with the exact path only where the enclosure cannot decide) both give the
 * identical, proven argmins, hull decisions and states.
 */
import type { RationalMatrix } from '../exact/rational-matrix';
import type { FilterStats } from '../geometry/sign-kernel';

export interface FwStepper {
  readonly n: number;
  readonly dim: number;
  readonly c: number;
  /** Steps taken so far (the state is x(t)). */
  readonly t: number;
  /** Is the origin in the closed convex hull of x(t)? Exact. */
  originInHull(): boolean;
  /** j*(i) for every i at x(t): the smallest j minimising <x_i, x_j>. Exact. */
  argmins(): number[];
  /** Advance from x(t) to x(t + 1). */
  step(): void;
  /** x(t) exactly. */
  positions(): RationalMatrix;
  /** x(t) in float64 for drawing (within the stepper's stated error of the exact state). */
  positionsFloat(): number[][];
  /** Bit length of the largest numerator of the last exact state the stepper computed. */
  readonly stateBits: number;
  /** Signs decided by the float filter / by BigInt on the exact states the stepper computed. */
  readonly stats: FilterStats;
}
