/**
 * Check kind `fw-float-vs-exact`: the same fw-attention run in float64 and in exact arithmetic, to a horizon.
 * With `assertedStep` (an exit step a logbook asserts from a float64 run): refutes the falsification when the
 * exact run has no exit at that step, supports it when the exact first exit is that step. Without it the
 * check is neutral and reports where float64 and exact differ (first exit, first different argmin).
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { driveFwRun, readFwCertificateFile } from './fw-files';
import { fwFloatVsExactWords } from './fw-float-vs-exact.words';

export interface FwFloatVsExactParams {
  config: string;
  horizon: number;
  assertedStep?: number;
}

export const fwFloatVsExactKind: CheckKind<FwFloatVsExactParams> = {
  kind: 'fw-float-vs-exact',
  words: fwFloatVsExactWords,
  title: 'fw-attention in float64 against exact arithmetic',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['config', 'horizon'],
    properties: {
      config: { type: 'string', minLength: 1, casePath: true, description: 'case-relative recheck.certificate/1 file (claim ignored)' },
      horizon: { type: 'integer', minimum: 1, maximum: 100000 },
      assertedStep: { type: 'integer', minimum: 0, description: 'exit step the falsification asserts (optional)' },
    },
  },
  example: { config: 'sandbox/configs/collinear-c1.json', horizon: 2000, assertedStep: 2 },
  // The outcome is read from the exact rational run (the float64 run is evidence only).
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(params, ctx): Promise<CheckResult> {
    const cert = await readFwCertificateFile(resolveCasePath(ctx, params.config), params.config, false);
    const run = await driveFwRun(cert, params.horizon, {
      signal: ctx.signal,
      onProgress: (t) => ctx.progress({ done: t, total: params.horizon, message: 'steps' }),
    });
    const exact = run.firstExitStep;
    const float = run.float64FirstExitStep;
    const evidence = {
      config: params.config,
      c: cert.c,
      horizon: params.horizon,
      exactFirstExitStep: exact,
      float64FirstExitStep: float,
      float64FirstArgminDivergence: run.float64FirstArgminDivergence,
      assertedStep: params.assertedStep ?? null,
      agree: exact === float,
      // The particles at sampled steps and at each run's exit (exact rounded to float64 for drawing; float64 run).
      trajectory: run.trajectory,
    };
    const show = (t: number | null) => (t === null ? `none up to step ${params.horizon}` : `step ${t}`);
    const base = `First exit of the origin: float64 ${show(float)}, exact ${show(exact)}${run.float64FirstArgminDivergence !== null ? `; float64 first picks a different j* at step ${run.float64FirstArgminDivergence}` : ''} (c = ${cert.c}).`;
    if (params.assertedStep === undefined) return { outcome: 'neutral', summary: base, evidence };
    if (exact === params.assertedStep)
      return { outcome: 'supports', summary: `${base} The asserted exit at step ${params.assertedStep} is real.`, evidence };
    const why = float === params.assertedStep ? 'it is a float64 artefact' : 'neither run reproduces it';
    return {
      outcome: 'refutes',
      summary: `${base} The asserted exit at step ${params.assertedStep} is not an exact exit: ${why}.`,
      evidence,
    };
  },
};
