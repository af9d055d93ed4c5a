/**
 * Exact verification of an fw-attention certificate: recompute the dynamic exactly up to the claimed step
 * and find the first step (0 included) at or before it at which the origin is outside the closed hull.
 * The certificate holds iff that first exit is exactly the claimed step. By default the decisions come from the
 * enclosure stepper (float64 enclosures of the state, the exact rational path only for the steps they cannot
 * decide; same answers, proven); `stepper: 'exact'` carries the rational state every step. The float64 run
 * of the same dynamic is reported beside it (approximate, for comparison only).
 */
import { RationalMatrix } from '../exact/rational-matrix';
import { FwAttentionRun, type FwRunResult, type FwStepperKind } from '../dynamics/fw-attention-run';
import type { FwCertificate } from './certificate';

export interface FwVerification {
  holds: boolean;
  firstExitStep: number | null;
  claimedStep: number;
  reason: string;
  run: FwRunResult;
}

/** How a certificate is verified: the stepper (default 'enclosure') and, for exact states, the float filter (default on). */
export interface FwVerifyOptions {
  stepper?: FwStepperKind;
  filter?: boolean;
}

/** Start an exact + float64 run for a certificate or config, to `horizon` steps (the enclosure stepper unless told). */
export function startFwRun(cert: FwCertificate, horizon: number, options: FwVerifyOptions = {}): FwAttentionRun {
  return new FwAttentionRun(RationalMatrix.from(cert.points), cert.c, horizon, {
    filter: options.filter ?? true,
    stepper: options.stepper ?? 'enclosure',
  });
}

/** The verdict for a certificate once its run (started with horizon = claimed step) has finished. Exact. */
export function fwVerdict(cert: FwCertificate, run: FwRunResult): FwVerification {
  const claimed = cert.claim?.step ?? 0;
  const first = run.firstExitStep;
  let holds = false;
  let reason: string;
  if (claimed === 0) reason = 'a certificate asserts the origin is inside the closed hull at step 0, so it cannot claim an exit at step 0';
  else if (first === null) reason = `the origin is still in the closed hull at step ${claimed}: no exit at or before the claimed step`;
  else if (first < claimed) reason = `the origin first leaves the closed hull at step ${first}, before the claimed step ${claimed}`;
  else {
    holds = true;
    reason = `the origin is in the closed hull at steps 0..${claimed - 1} and outside it at step ${claimed}`;
  }
  return { holds, firstExitStep: first, claimedStep: claimed, reason, run };
}

/** Verify a certificate in one call (no progress). Exact, by the enclosure stepper unless `options.stepper` is 'exact'. */
export function verifyFwCertificate(cert: FwCertificate, options: FwVerifyOptions = {}): FwVerification {
  const run = startFwRun(cert, cert.claim?.step ?? 0, options).runToEnd();
  return fwVerdict(cert, run);
}
