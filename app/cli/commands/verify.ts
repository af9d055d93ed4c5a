/** `recheck verify <certificate.json>`: recompute an fw-attention certificate exactly (exit 0 holds, 1 does not). */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { shown } from '../../text/display';
import { CheckerError } from '../../../checkers/errors';
import { createProgressBar } from '../progress';
import type { FwRunResult } from '../../../checkers/dynamics/fw-attention-run';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'verify an fw-attention certificate exactly (origin leaves the closed hull at the claimed step)',
  usage: `usage: recheck verify <certificate.json> [--exact] [--json]

Certificate (format recheck.certificate/1):
  {"format": "recheck.certificate/1", "dynamic": "fw-attention", "params": {"c": 200},
   "points": [["-3", "1/4"], ["-3", "-3"], ["-1/3", "-7/4"], ["3", "1/2"]],
   "claim": {"kind": "origin-leaves-hull", "step": 706}}
Coordinates are strings ("p/q", integer, decimal) or JSON integers. Limits: at most 1000 points (the exact
run compares every pair of particles at every step), coordinates of at most 10000 characters with a decimal
exponent of at most 10000, a claimed step of at most 100000, a file of at most 16 MiB. The dynamic is recomputed in exact
rational arithmetic up to the claimed step; the certificate holds when the origin is in the closed convex
hull at steps 0..step-1 and outside it at the claimed step. Every decision (each step's argmins and hull
test) is taken from a rigorous float64 enclosure of the state when its error bounds decide it; where they
cannot, from an exact ball enclosure with BigInt centres at 128 then 1024 bits (replayed from the nearest
checkpoint); and only where those cannot either (exact ties, degenerate hulls), from the exact rational
state, recomputed from the last exact checkpoint: the answers are those of the exact run, proven. The output
counts the steps decided by the balls, the steps that needed the exact path and why, and the exact replays. --exact carries the exact rational state at every step instead
(slower, same answers). The float64 run of the same dynamic is reported beside the exact one.
Output: holds, firstExitStep (first exit at or before the claimed step, or null), reason, float64 (the
float64 run's first exit and whether it would have confirmed the claim), stepper ("enclosure" or "exact")
and enclosure (states decided, escalated and ballSteps, exactSteps and their reasons tie / degenerateHull /
width, replayedSteps and longestReplay; null with --exact).
Exit: 0 the certificate holds, 1 it does not, 2 bad input (malformed JSON, zero denominator, float
coordinate, beyond a limit: one line naming the file and the place).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'verify',
      args,
      { json: { type: 'boolean' }, exact: { type: 'boolean' } },
      { min: 1, max: 1, names: '<certificate.json>' },
    );
    const [{ driveFwRun, readFwCertificateFile }, { fwVerdict }] = await Promise.all([
      import('../../checks/kinds/fw-files'),
      import('../../../checkers/certificates/verify-fw'),
    ]);
    const file = positionals[0] as string;
    const cert = await readFwCertificateFile(resolve(io.cwd, file), file, true);
    const step = cert.claim?.step ?? 0;
    const bar = createProgressBar(io, 'verify');
    const started = Date.now();
    let run;
    try {
      run = await driveFwRun(cert, step, {
        signal: io.signal,
        onProgress: (t) => bar.update(t, step),
        stepper: values.exact ? 'exact' : 'enclosure',
      });
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(shown(file), err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    } finally {
      bar.finish();
    }
    const v = fwVerdict(cert, run);
    const floatHolds = step > 0 && run.float64FirstExitStep === step;
    const doc = {
      file,
      holds: v.holds,
      firstExitStep: v.firstExitStep,
      reason: v.reason,
      claimedStep: step,
      dynamic: cert.dynamic,
      c: cert.c,
      particles: cert.points.length,
      dimension: cert.points[0]?.length ?? 0,
      float64: {
        firstExitStep: run.float64FirstExitStep,
        holds: floatHolds,
        agreesWithExact: floatHolds === v.holds && run.float64FirstExitStep === v.firstExitStep,
        firstArgminDivergence: run.float64FirstArgminDivergence,
      },
      stepper: run.stepper,
      enclosure: run.enclosure,
      filter: run.filter,
      stateBits: run.stateBits,
    };
    if (values.json) io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    else {
      const secs = ((Date.now() - started) / 1000).toFixed(2);
      io.stdout(
        [
          `${file}: fw-attention, c = ${cert.c}, ${doc.particles} particles in ${doc.dimension}-D, claimed exit at step ${step}`,
          `exact:   ${v.holds ? 'HOLDS' : 'DOES NOT HOLD'}: ${v.reason}`,
          `float64: first exit ${fmtStep(run.float64FirstExitStep)}${floatHolds === v.holds ? ' (same verdict)' : ` (float64 alone would say the certificate ${floatHolds ? 'holds' : 'does not hold'})`}`,
          decisionsLine(run),
          `${run.filter.filtered} signs on exact states decided in float64 with error bounds, ${run.filter.exact} needed exact BigInt; exact state ${run.stateBits} bits${run.enclosure ? ` (at step ${run.enclosure.checkpointStep})` : ''}; ${secs} s`,
        ].join('\n') + '\n',
      );
    }
    return v.holds ? EXIT.ok : EXIT.doesNotHold;
  },
};

/** How the decisions were taken: from enclosures, with the count (and reasons) of steps on the exact path. */
function decisionsLine(run: FwRunResult): string {
  const e = run.enclosure;
  if (e === null) return 'stepper: exact rational state at every step (--exact)';
  const r = e.reasons;
  return `stepper: float64 enclosure; ${e.escalated} steps decided by high-precision balls (${e.ballSteps} ball steps); ${e.exactSteps} of ${e.states} steps needed the exact path (ties ${r.tie}, degenerate hulls ${r.degenerateHull}, width ${r.width}); ${e.replayedSteps} exact steps replayed (longest replay ${e.longestReplay})`;
}

function fmtStep(t: number | null): string {
  return t === null ? 'none' : `at step ${t}`;
}
