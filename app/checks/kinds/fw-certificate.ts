/**
 * Check kind `fw-certificate`: verifies a recheck.certificate/1 file for fw-attention exactly (the claimed
 * counterexample: the origin leaves the closed hull at the claimed step), every decision proven from a float64
 * enclosure of the state or, for the steps it cannot decide, from the exact rational state (the evidence
 * counts those steps and why).
 * Supports the falsification when the certificate holds (a finite, exact proof that the particles do not
 * collapse to the origin), refutes it when it does not. The float64 verdict of the same run is evidence.
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { driveFwRun, readFwCertificateFile } from './fw-files';
import { fwVerdict } from '../../../checkers/certificates/verify-fw';
import { fwCertificateWords } from './fw-certificate.words';

export interface FwCertificateParams {
  certificate: string;
}

export const fwCertificateKind: CheckKind<FwCertificateParams> = {
  kind: 'fw-certificate',
  words: fwCertificateWords,
  title: 'Verify an fw-attention certificate exactly (origin leaves the closed hull at the claimed step)',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['certificate'],
    properties: {
      certificate: { type: 'string', minLength: 1, casePath: true, description: 'case-relative path of a recheck.certificate/1 file' },
    },
  },
  example: { certificate: 'logbook/counterexample/certificate-c200.json' },
  // Every step is decided from a proven float64 enclosure or the exact rational state: a proof, not a float
  // verdict. Recomputed: the certificate is a claim Recheck verifies by its own exact run, whoever wrote it.
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(params, ctx): Promise<CheckResult> {
    const cert = await readFwCertificateFile(resolveCasePath(ctx, params.certificate), params.certificate, true);
    const step = cert.claim?.step ?? 0;
    const run = await driveFwRun(cert, step, {
      signal: ctx.signal,
      onProgress: (t) => ctx.progress({ done: t, total: step, message: 'exact steps' }),
      stepper: 'enclosure',
    });
    const v = fwVerdict(cert, run);
    const floatHolds = step > 0 && run.float64FirstExitStep === step;
    const evidence = {
      certificate: params.certificate,
      c: cert.c,
      particles: cert.points.length,
      claimedStep: step,
      holds: v.holds,
      firstExitStep: v.firstExitStep,
      reason: v.reason,
      float64FirstExitStep: run.float64FirstExitStep,
      float64Holds: floatHolds,
      stepper: run.stepper,
      // States decided, how many needed the exact path and why (tie, degenerate hull, width).
      enclosure: run.enclosure,
      filter: run.filter,
      stateBits: run.stateBits,
      // The particles at sampled steps and at each run's exit, for drawing: the exact run's state in float64 (the
      // enclosure's midpoints, within its proven radius of the exact state), and the float64 run.
      trajectory: run.trajectory,
    };
    const floatNote =
      floatHolds === v.holds
        ? 'float64 gives the same verdict'
        : `float64 alone would say it ${floatHolds ? 'holds' : 'does not hold'} (float64 first exit: ${run.float64FirstExitStep ?? 'none'})`;
    if (v.holds) {
      return { outcome: 'supports', summary: `Exact: ${params.certificate} holds: ${v.reason} (c = ${cert.c}); ${floatNote}.`, evidence };
    }
    return {
      outcome: 'refutes',
      summary: `Exact: ${params.certificate} does not hold: ${v.reason} (c = ${cert.c}); ${floatNote}.`,
      evidence,
    };
  },
};
