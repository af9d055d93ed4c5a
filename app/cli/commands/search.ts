/** `recheck search <config.json> --horizon H`: run fw-attention exactly to H and report the first exit of the origin. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { shown } from '../../text/display';
import { CheckerError } from '../../../checkers/errors';
import { createProgressBar } from '../progress';

export const searchCommand: Command = {
  name: 'search',
  summary: 'run fw-attention exactly up to a horizon and report the first step the origin leaves the hull',
  usage: `usage: recheck search <config.json> --horizon H [--exact] [--json] [--certificate <out.json>]

The config is a recheck.certificate/1 file without "claim" (a claim, if present, is ignored), with the limits
of recheck verify (at most 1000 points). The dynamic runs in exact rational arithmetic for up to H steps
(H at most 100000), with the float64 run of the same dynamic beside it. Its decisions come from the enclosure
stepper of recheck verify (float64 enclosures, high-precision balls, the exact state where those cannot
decide: the exact run's answers, proven); --exact carries the exact rational state at every step instead.
Output: firstExitStep (first step 0..H at which the origin is outside the closed convex hull, or null),
horizon, float64FirstExitStep, float64FirstArgminDivergence, stepper, enclosure (as in recheck verify).
--certificate <out.json>: when an exit is found, write a certificate claiming it (checkable with
recheck verify). Exit: 0 when the search ran (exit found or not), 2 bad input.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'search',
      args,
      { json: { type: 'boolean' }, exact: { type: 'boolean' }, horizon: { type: 'string' }, certificate: { type: 'string' } },
      { min: 1, max: 1, names: '<config.json>' },
    );
    const [{ writeFileAtomic }, { driveFwRun, readFwCertificateFile }, { formatFwCertificate, MAX_FW_STEPS }] = await Promise.all([
      import('../../fs/atomic'),
      import('../../checks/kinds/fw-files'),
      import('../../../checkers/certificates/certificate'),
    ]);
    const file = positionals[0] as string;
    const horizon = Number(values.horizon);
    if (values.horizon === undefined) throw new UsageError('search', 'missing --horizon H');
    if (!/^\d+$/.test(values.horizon) || !Number.isSafeInteger(horizon) || horizon > MAX_FW_STEPS) {
      throw new UsageError('search', `--horizon must be an integer from 0 to ${MAX_FW_STEPS}, got "${shown(values.horizon, 40)}"`);
    }
    const cert = await readFwCertificateFile(resolve(io.cwd, file), file, false);
    const bar = createProgressBar(io, 'search');
    const started = Date.now();
    let run;
    try {
      run = await driveFwRun(cert, horizon, {
        signal: io.signal,
        onProgress: (t) => bar.update(t, horizon),
        stepper: values.exact ? 'exact' : 'enclosure',
      });
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(shown(file), err.message.replace(/^recheck\.\w+: /, ''));
      throw err;
    } finally {
      bar.finish();
    }
    let written: string | null = null;
    if (values.certificate !== undefined && run.firstExitStep !== null && run.firstExitStep > 0) {
      const out = formatFwCertificate({
        dynamic: cert.dynamic,
        c: cert.c,
        points: cert.points,
        claim: { kind: 'origin-leaves-hull', step: run.firstExitStep },
        provenance: { foundBy: 'recheck search', config: file, horizon, float64FirstExitStep: run.float64FirstExitStep },
      });
      await writeFileAtomic(resolve(io.cwd, values.certificate), out);
      written = values.certificate;
    }
    const doc = {
      file,
      firstExitStep: run.firstExitStep,
      horizon,
      c: cert.c,
      particles: cert.points.length,
      dimension: cert.points[0]?.length ?? 0,
      float64FirstExitStep: run.float64FirstExitStep,
      float64FirstArgminDivergence: run.float64FirstArgminDivergence,
      certificate: written,
      filter: run.filter,
      stateBits: run.stateBits,
      stepper: run.stepper,
      enclosure: run.enclosure,
    };
    if (values.json) io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    else {
      const secs = ((Date.now() - started) / 1000).toFixed(2);
      const exact =
        run.firstExitStep === null
          ? `no exit up to step ${horizon}`
          : run.firstExitStep === 0
            ? 'the origin is outside the closed hull already at step 0'
            : `the origin first leaves the closed hull at step ${run.firstExitStep}`;
      const float = run.float64FirstExitStep === null ? `no exit up to step ${horizon}` : `first exit at step ${run.float64FirstExitStep}`;
      const lines = [
        `${file}: fw-attention, c = ${cert.c}, horizon ${horizon}`,
        `exact:   ${exact}`,
        `float64: ${float}${run.float64FirstExitStep === run.firstExitStep ? ' (agrees)' : ' (DISAGREES with exact)'}`,
      ];
      if (written) lines.push(`certificate written to ${written}`);
      else if (values.certificate !== undefined) lines.push('no certificate written (no exit after step 0 within the horizon)');
      lines.push(
        `${secs} s, ${run.stepper} stepper, exact state ${run.stateBits} bits${run.enclosure ? ` (at step ${run.enclosure.checkpointStep})` : ''}`,
      );
      io.stdout(`${lines.join('\n')}\n`);
    }
    return EXIT.ok;
  },
};
