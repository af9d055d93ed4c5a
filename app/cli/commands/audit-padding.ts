/** `recheck audit padding <positions.csv> --pad-token ID [--baseline NAME]`: perplexity with and without padding. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import type { PaddingAudit } from '../../../checkers/audits/padding';

export const auditPaddingCommand: Command = {
  name: 'audit padding',
  summary: 'perplexity with and without end-of-sequence padding positions, per model',
  usage: `usage: recheck audit padding <positions.csv> --pad-token ID [--baseline NAME] [--json]

Rows are evaluated label positions with columns seq, pos, token, nll (natural-log loss) and optionally
model; row order carries no meaning. Within each (model, seq), a position whose token is the pad id is
padding when an earlier position of that sequence already had the pad id (the first one is the real
end-of-sequence prediction).
Per model: positions, padPositions, padFraction, perplexityAll, perplexityNoPad,
deflation = perplexityNoPad / perplexityAll. With --baseline NAME: qualityCost [{model, costAll, costNoPad}],
the relative cost ppl_model / ppl_baseline - 1 with and without padding.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'audit padding',
      args,
      { 'pad-token': { type: 'string' }, baseline: { type: 'string' }, json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<positions.csv>' },
    );
    const file = positionals[0] as string;
    const pad = values['pad-token'];
    if (pad === undefined) throw new BadInputError(file, 'give the pad token id with --pad-token ID');
    const [{ readCsvFile }, { auditPaddingTable }] = await Promise.all([import('../../tables/csv'), import('../../tables/padding-table')]);
    const table = await readCsvFile(resolve(io.cwd, file), file);
    const audit = auditPaddingTable(table, pad, values.baseline);
    if (values.json) io.stdout(`${JSON.stringify({ file, ...audit }, null, 2)}\n`);
    else io.stdout(formatPaddingAudit(audit));
    return EXIT.ok;
  },
};

/** Human-readable report. */
export function formatPaddingAudit(a: PaddingAudit): string {
  const lines = [`pad token ${a.padToken}`];
  for (const m of a.models) {
    lines.push(
      `  ${m.name}: ${m.positions} positions, ${m.padPositions} padding (${(100 * m.padFraction).toFixed(1)}%); ` +
        `perplexity ${m.perplexityAll.toFixed(4)} with padding, ${m.perplexityNoPad.toFixed(4)} without (x${m.deflation.toFixed(3)})`,
    );
  }
  for (const c of a.qualityCost ?? []) {
    lines.push(
      `  quality cost of ${c.model} vs ${a.baseline}: ${(100 * c.costAll).toFixed(2)}% with padding, ${(100 * c.costNoPad).toFixed(2)}% without`,
    );
  }
  return `${lines.join('\n')}\n`;
}
