/**
 * Node-side helpers shared by the fw-attention commands (`recheck verify`, `recheck search`) and check kinds:
 * read a certificate or config file (bad input becomes a BadInputError naming the file and JSON pointer),
 * and drive an exact + float64 run step by step, yielding to the event loop so progress and Ctrl-C work.
 */
import { BadInputError, CancelledError } from '../../errors';
import { shown } from '../../text/display';
import { readJsonFile } from '../../tables/json-file';
import { CertificateError, validateFwCertificate, type FwCertificate } from '../../../checkers/certificates/certificate';
import { startFwRun } from '../../../checkers/certificates/verify-fw';
import type { FwAttentionRun, FwRunResult, FwStepperKind } from '../../../checkers/dynamics/fw-attention-run';

/**
 * Read and validate a certificate (requireClaim) or search config through the shared JSON reader (a regular
 * file of at most 16 MiB, strict UTF-8, bounded JSON). `shownAs` is the name used in messages.
 */
export async function readFwCertificateFile(absPath: string, shownAs: string, requireClaim: boolean): Promise<FwCertificate> {
  const doc = await readJsonFile(absPath, shownAs);
  try {
    return validateFwCertificate(doc, requireClaim);
  } catch (e) {
    if (e instanceof CertificateError)
      throw new BadInputError(shown(shownAs), shown(e.problem), e.pointer === '' ? undefined : shown(e.pointer));
    throw e;
  }
}

export interface DriveOptions {
  signal?: AbortSignal;
  /** Called every few steps with the current step of the slower run. */
  onProgress?: (t: number) => void;
  /** false = BigInt for every sign (the unfiltered algorithm). */
  filter?: boolean;
  /** Which stepper takes the exact decisions (default 'exact'; certificate verification passes 'enclosure'). */
  stepper?: FwStepperKind;
}

/**
 * The particles at one step, exact (rounded to float64 for drawing) and in the float64 run; null for a run
 * that had stopped before that step.
 */
export interface FwSnapshot {
  t: number;
  exact: number[][] | null;
  float64: number[][] | null;
}

/** About how many evenly spaced steps a trajectory keeps (plus step 0, both exits and both last steps). */
const TRAJECTORY_STEPS = 40;

/**
 * Keeps the states a figure of the run draws: every `stride`-th step, the step at which either run first
 * sees the origin outside the hull (both runs at that step) and the last state of each run.
 */
class TrajectoryRecorder {
  private readonly shots = new Map<number, FwSnapshot>();
  private readonly stride: number;
  private exactOut = false;
  private floatOut = false;

  constructor(
    private readonly run: FwAttentionRun,
    horizon: number,
  ) {
    this.stride = Math.max(1, Math.ceil(horizon / TRAJECTORY_STEPS));
    this.take(true, true);
  }

  /** After one advance: keep the state when it is a sampled step or an exit. */
  observe(): void {
    const { exact, float } = this.run;
    const exitExact = !this.exactOut && !exact.originInHull();
    const exitFloat = !this.floatOut && !float.originInHull();
    this.exactOut ||= exitExact;
    this.floatOut ||= exitFloat;
    const both = exitExact || exitFloat;
    this.take(both || exact.t % this.stride === 0, both || float.t % this.stride === 0);
  }

  /** The kept states in step order, the last state of each run included. */
  finish(): FwSnapshot[] {
    this.take(true, true);
    return [...this.shots.values()].sort((a, b) => a.t - b.t);
  }

  private take(exact: boolean, float: boolean): void {
    if (exact) this.put(this.run.exact.t, 'exact', this.run.exact.positionsFloat());
    if (float) this.put(this.run.float.t, 'float64', this.run.float.positions());
  }

  private put(t: number, which: 'exact' | 'float64', xs: number[][]): void {
    const shot = this.shots.get(t) ?? { t, exact: null, float64: null };
    this.shots.set(t, { ...shot, [which]: xs });
  }
}

/** Run cert's dynamic to `horizon` (exact and float64), cancellable, with the states a figure draws. Exact for the exact part. */
export async function driveFwRun(
  cert: FwCertificate,
  horizon: number,
  o: DriveOptions = {},
): Promise<FwRunResult & { trajectory: FwSnapshot[] }> {
  const run = startFwRun(cert, horizon, { filter: o.filter ?? true, stepper: o.stepper ?? 'exact' });
  const recorder = new TrajectoryRecorder(run, horizon);
  let last = Date.now();
  while (!run.done) {
    run.advance();
    recorder.observe();
    // Yield about every 50 ms: lets a SIGINT abort land and a progress bar redraw.
    if (Date.now() - last > 50) {
      o.onProgress?.(run.t);
      await new Promise((r) => setImmediate(r));
      if (o.signal?.aborted) throw new CancelledError();
      last = Date.now();
    }
  }
  o.onProgress?.(run.t);
  return { ...run.result(), trajectory: recorder.finish() };
}
