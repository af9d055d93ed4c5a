/** `recheck audit units <quantities.json>`: normalise quantities through their units and recheck a ratio. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { EXIT } from '../../errors';
import type { UnitsFileAudit } from '../../tables/units-file';

export const auditUnitsCommand: Command = {
  name: 'audit units',
  summary: 'normalise quantities through their units (e.g. s/batch vs s/trajectory) and recheck a ratio',
  usage: `usage: recheck audit units <quantities.json> [--json]

Input (format recheck.units/1):
  {"format": "recheck.units/1", "definitions": ["batch = 32 trajectory"],
   "quantities": {"method": "6.4 s/batch", "baseline": "0.8 s/trajectory"},
   "claim": {"numerator": "method", "denominator": "baseline", "ratio": 8, "relTol": 0.05}}
Units go through mathjs; trajectory, batch, token, sample, step (and any name a definition introduces) are
counted units. claim.relation may be "equal" (default), "atLeast" or "atMost"; an optional "unit"
(e.g. "s/trajectory") chooses the common unit.
Output: commensurable; where it is, normalized (each quantity in "unit" or the denominator's), ratio,
naiveRatio (written magnitudes divided, units ignored), claimHolds, explainedByUnitSlip (the claim matches
the naive ratio but not the normalized one). Otherwise commensurable false with each dimension named.
Exit 0 when the claim holds (or none is given), 1 when it does not hold (or the quantities are not
commensurable), 2 for an unknown unit or a malformed file.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'audit units',
      args,
      { json: { type: 'boolean' } },
      { min: 1, max: 1, names: '<quantities.json>' },
    );
    const file = positionals[0] as string;
    const { auditUnitsFile } = await import('../../tables/units-file');
    const result = await auditUnitsFile(resolve(io.cwd, file), file);
    if (values.json) io.stdout(`${JSON.stringify({ file, ...result.audit }, null, 2)}\n`);
    else io.stdout(formatUnitsAudit(result));
    // Like verify and audit divergence: exit 1 when the checked ratio does not hold (a ratio of quantities that
    // are not commensurable cannot equal the claimed number either); 0 when it holds or nothing is claimed.
    if (result.input.claim === undefined) return EXIT.ok;
    return result.audit.commensurable && result.audit.claimHolds === true ? EXIT.ok : EXIT.doesNotHold;
  },
};

/** Human-readable report. */
export function formatUnitsAudit({ input, audit }: UnitsFileAudit): string {
  const lines: string[] = [];
  if (input.definitions.length > 0) lines.push(`definitions: ${input.definitions.join('; ')}`);
  if (!audit.commensurable) {
    lines.push(audit.reason);
    return `${lines.join('\n')}\n`;
  }
  for (const [name, q] of Object.entries(audit.normalized)) lines.push(`  ${name}: ${input.quantities[name]} = ${fmt(q.value)} ${q.unit}`);
  const c = input.claim;
  if (c !== undefined && audit.ratio !== undefined && audit.naiveRatio !== undefined) {
    const rel = c.relation === 'atLeast' ? '>=' : c.relation === 'atMost' ? '<=' : '=';
    lines.push(`${c.numerator} / ${c.denominator} = ${fmt(audit.ratio)} in common units (naive, units ignored: ${fmt(audit.naiveRatio)})`);
    lines.push(
      `claim ${c.numerator} / ${c.denominator} ${rel} ${c.ratio} (relTol ${c.relTol ?? 0.05}): ${audit.claimHolds ? 'holds' : 'does not hold'}`,
    );
    if (audit.explainedByUnitSlip) lines.push('the claimed ratio is the naive one: explained by a unit slip');
  }
  return `${lines.join('\n')}\n`;
}

function fmt(v: number): string {
  return String(Number(v.toPrecision(6)));
}
