/** `recheck audit divergence <loss.mjs>`: which divergence does an (untrusted) loss module compute? */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { createProgressBar } from '../progress';
import { EXIT } from '../../errors';
import type { DivergenceVerdict } from '../../../checkers/divergence/candidates';
import type { DivergenceAudit } from '../../sandbox/audit/divergence';

/**
 * checkers/divergence/classify.ts's DEFAULT_TOLERANCE, restated so that `--help` does not load the MPFR
 * references (test/app/cli/cli-start.test.ts checks that the two agree).
 */
export const DEFAULT_TOLERANCE = 1e-6;

export const auditDivergenceCommand: Command = {
  name: 'audit divergence',
  summary: 'classify an untrusted loss (p, q) => number as forward-kl, reverse-kl, cross-entropy, js or unknown (runs sandboxed)',
  usage: `usage: recheck audit divergence <loss.mjs> [--theory NAME] [--json] [--timeout SECONDS]
                                [--probes N] [--seed N] [--tolerance X] [--allow-unconfined]

<loss.mjs> is an ES module (TypeScript accepted) whose default export is (p, q) => number over two
probability vectors, in the paper's order (p the target/teacher, q the model/student). It is untrusted: it
runs in the sandbox (no files, network or processes; wall-clock and CPU limits; memory cap).
It is probed on --probes (default 64) seeded random pairs of sizes 2..257, flat, random, peaked and sparse,
and compared with 40-digit references (MPFR) of
  forward-kl sum p ln(p/q), reverse-kl sum q ln(q/p), cross-entropy -sum p ln q, js (natural log).
The verdict is the candidate whose worst relative error is within --tolerance (default ${DEFAULT_TOLERANCE}), else unknown.
--theory NAME: the divergence the paper's theory analyses; mismatch says whether the code differs from it.
Output: {verdict, theory, mismatch, candidates: [{name, maxRelError}], probes, ...}.
Exit 0; 1 when --theory is given and the code computes something else; 2 when the module touches files,
the network or processes, throws, or runs past --timeout (default 30 s): one line naming the module and what
it tried. Without bubblewrap the sandbox cannot close the network: the command refuses unless
--allow-unconfined.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'audit divergence',
      args,
      {
        json: { type: 'boolean' },
        theory: { type: 'string' },
        timeout: { type: 'string' },
        probes: { type: 'string' },
        seed: { type: 'string' },
        tolerance: { type: 'string' },
        'allow-unconfined': { type: 'boolean' },
      },
      { min: 1, max: 1, names: '<loss.mjs>' },
    );
    const [{ isDivergenceVerdict }, { auditDivergence }, { defaultConfinement, UNCONFINED_NOTICE }, { nodeChildRunner }] =
      await Promise.all([
        import('../../../checkers/divergence/candidates'),
        import('../../sandbox/audit/divergence'),
        import('../../sandbox/confinement'),
        import('../../sandbox/runner'),
      ]);
    const file = positionals[0] as string;
    let theory: DivergenceVerdict | undefined;
    if (values.theory !== undefined) {
      if (!isDivergenceVerdict(values.theory) || values.theory === 'unknown') {
        throw new UsageError('audit divergence', `--theory must be forward-kl, reverse-kl, cross-entropy or js, got "${values.theory}"`);
      }
      theory = values.theory;
    }
    const timeoutS = numberOption('timeout', values.timeout, 30, (x) => x > 0 && x <= 3600);
    const probes = numberOption('probes', values.probes, 64, (x) => Number.isInteger(x) && x >= 4 && x <= 10_000);
    const seed = numberOption('seed', values.seed, 20261129, (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32);
    const tolerance = numberOption('tolerance', values.tolerance, DEFAULT_TOLERANCE, (x) => x > 0 && x < 1);
    const confinement = await defaultConfinement();
    if (confinement.bwrap === null && values['allow-unconfined'] === true)
      io.stderr(`${UNCONFINED_NOTICE}\n(continuing unconfined: --allow-unconfined)\n`);
    const bar = createProgressBar(io, 'probing');
    let audit: DivergenceAudit;
    try {
      audit = await auditDivergence({
        modulePath: resolve(io.cwd, file),
        label: file,
        ...(theory !== undefined ? { theory } : {}),
        seed,
        probes,
        tolerance,
        timeoutMs: timeoutS * 1000,
        runner: nodeChildRunner(confinement, { allowUnconfined: values['allow-unconfined'] === true }),
        signal: io.signal,
        onMessage: (m) => {
          if (m.type === 'progress') bar.update(m.done, m.total);
        },
      });
    } finally {
      bar.finish();
    }
    if (values.json) io.stdout(`${JSON.stringify({ module: file, ...audit }, null, 2)}\n`);
    else io.stdout(formatAudit(file, audit));
    return audit.mismatch === true ? EXIT.doesNotHold : EXIT.ok;
  },
};

function numberOption(name: string, text: string | undefined, fallback: number, ok: (x: number) => boolean): number {
  if (text === undefined) return fallback;
  const x = Number(text);
  if (!Number.isFinite(x) || !ok(x)) throw new UsageError('audit divergence', `--${name}: invalid value "${text}"`);
  return x;
}

/** Human-readable report. */
function formatAudit(file: string, a: DivergenceAudit): string {
  const lines = [
    `${file}: ${a.verdict === 'unknown' ? 'matches no candidate' : `computes ${a.verdict}`} (${a.probes} probes, tolerance ${a.tolerance}, ${a.referenceDigits}-digit references)`,
  ];
  for (const c of a.candidates)
    lines.push(
      `  ${c.name.padEnd(14)} worst relative error ${c.maxRelError === null ? 'infinite (non-finite output)' : c.maxRelError.toExponential(2)}`,
    );
  if (a.theory !== null)
    lines.push(
      a.mismatch ? `theory analyses ${a.theory}; the code computes ${a.verdict}: MISMATCH` : `theory analyses ${a.theory}; the code agrees`,
    );
  if (!a.confined) lines.push('(ran without bubblewrap: network was not closed)');
  return `${lines.join('\n')}\n`;
}
