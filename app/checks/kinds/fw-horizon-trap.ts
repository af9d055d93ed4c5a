/**
 * Check kind `fw-horizon-trap`: the finite-horizon trap shown with numbers. Runs fw-attention exactly on a
 * config to `horizon` and reports whether a check stopped at `shortHorizon` (the horizon a logbook used)
 * could have seen the exit. Neutral: it explains a discrepancy between logbooks; the certificate decides.
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { driveFwRun, readFwCertificateFile } from './fw-files';
import { fwHorizonTrapWords } from './fw-horizon-trap.words';

export interface FwHorizonTrapParams {
  config: string;
  shortHorizon: number;
  horizon: number;
}

export const fwHorizonTrapKind: CheckKind<FwHorizonTrapParams> = {
  kind: 'fw-horizon-trap',
  words: fwHorizonTrapWords,
  title: 'Exact run to a long horizon versus the short horizon a logbook checked',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['config', 'shortHorizon', 'horizon'],
    properties: {
      config: { type: 'string', minLength: 1, casePath: true, description: 'case-relative recheck.certificate/1 file (claim ignored)' },
      shortHorizon: { type: 'integer', minimum: 0, description: 'steps the short check ran' },
      horizon: { type: 'integer', minimum: 1, maximum: 100000, description: 'steps of the exact run' },
    },
  },
  example: { config: 'sandbox/configs/example-c200.json', shortHorizon: 300, horizon: 1000 },
  // An exact rational run (always neutral: it explains, the certificate decides).
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(params, ctx): Promise<CheckResult> {
    const cert = await readFwCertificateFile(resolveCasePath(ctx, params.config), params.config, false);
    const run = await driveFwRun(cert, params.horizon, {
      signal: ctx.signal,
      onProgress: (t) => ctx.progress({ done: t, total: params.horizon, message: 'exact steps' }),
    });
    const exit = run.firstExitStep;
    const seenByShortCheck = exit !== null && exit <= params.shortHorizon;
    const evidence = {
      config: params.config,
      c: cert.c,
      shortHorizon: params.shortHorizon,
      horizon: params.horizon,
      firstExitStep: exit,
      float64FirstExitStep: run.float64FirstExitStep,
      seenByShortCheck,
      stateBits: run.stateBits,
      // The particles at sampled steps and at each run's exit (exact rounded to float64 for drawing; float64 run).
      trajectory: run.trajectory,
    };
    let summary: string;
    if (exit === null)
      summary = `No exit of the origin up to step ${params.horizon} (exact), so neither horizon finds one (c = ${cert.c}).`;
    else if (seenByShortCheck)
      summary = `The origin leaves the closed hull at step ${exit} (exact), within the short check's ${params.shortHorizon} steps (c = ${cert.c}).`;
    else
      summary = `A check stopped at ${params.shortHorizon} steps sees the origin inside the hull throughout; the exact run to ${params.horizon} finds it outside at step ${exit} (c = ${cert.c}): the short check's "no violation" was a finite-horizon artefact.`;
    return { outcome: 'neutral', summary, evidence };
  },
};
