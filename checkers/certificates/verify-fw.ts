/**
 * Exact verification of an fw-attention certificate: recompute the dynamic exactly up to the claimed step
 * and find the first step (0 included) at or before it at which the origin is outside the closed hull.
 * The certificate holds iff that first exit is exactly the claimed step. The float64 run of the same
 * dynamic is reported beside it (approximate, for comparison only).
 */
import { RationalMatrix } from '../exact/rational-matrix';
import { FwAttentionRun, type FwRunResult } from '../dynamics/fw-attention-run';
import type { FwCertificate } from './certificate';

export interface FwVerification {
  holds: boolean;
  firstExitStep: number | null;
  claimedStep: number;
  reason: string;
  run: FwRunResult;
}

/** Start an exact + float64 run for a certificate or config, to `horizon` steps. */
export function startFwRun(cert: FwCertificate, horizon: number, filter = true): FwAttentionRun {
  return new FwAttentionRun(RationalMatrix.from(cert.points), cert.c, horizon, { filter });
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

/** Verify a certificate in one call (no progress). Exact. */
export function verifyFwCertificate(cert: FwCertificate, filter = true): FwVerification {
  const run = startFwRun(cert, cert.claim?.step ?? 0, filter).runToEnd();
  return fwVerdict(cert, run);
}
