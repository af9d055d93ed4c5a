/** `recheck ledger <verdicts.csv|.json>`: claim statuses, paper categories and the claims to re-check. */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import type { Ledger } from '../../../checkers/ledger/summary';
import { triageQueue, type PrematureVerification } from '../../../checkers/ledger/triage';
import { stat } from 'node:fs/promises';

export const ledgerCommand: Command = {
  name: 'ledger',
  summary: 'judge verdicts per (paper, claim, logbook): claim statuses, paper categories, claims to re-check',
  usage: `usage: recheck ledger <verdicts.csv|verdicts.json> [--json] [--workspace DIR]

CSV columns paper,claim,logbook,verdict; JSON (or JSON Lines, .jsonl): one object per logbook with its
paper and its claims' verdicts, e.g. {"space_id": ..., "paper_id": ..., "claims": [{"claim": ..., "verdict": ...}]}
(key variants accepted; claims without an id are named by position, #1, #2, ...). Verdicts: verified, falsified, toy, inconclusive (an unknown word is bad
input naming the line or JSON place).
A claim's status over its logbooks: contested (some verified and some falsified), else verified, else
falsified, else toy, else inconclusive. Paper categories: fullyReproduced, partiallyReproduced,
atLeastOneVerified, falsifiedOrContested, allFalsified, contested, toyOnly, inconclusive.
Output: papers, claims, logbooks, claimStatus, paperCategories, recheck (falsified or contested claims,
contested first, then by falsifying logbooks), and the work queue: claimed falsifications first (each must be
re-checked before anyone writes to the authors), then, in one rank, contested claims and premature
verifications, then claims supported only at toy scale, with each logbook's verdict. A premature verification
is a claim verified only by logbooks whose findings a case of the workspace DIR (--workspace, e.g. the
app's workspace) decided "verification premature"
(a check showed the printed evidence misses the minimums); matched by the case's venue id and the claim's
id, text or #n, the logbook's id, folder or title. The app's triage view uses the same order.
Files are UTF-8 (a BOM is fine; invalid UTF-8 is bad input naming the line, so that two different byte
strings never count as one paper); .json at most 16 MiB, .jsonl and CSV at most 128 MiB. An empty file or one
without a verdict is bad input.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'ledger',
      args,
      { json: { type: 'boolean' }, workspace: { type: 'string' } },
      { min: 1, max: 1, names: '<verdicts.csv|.json>' },
    );
    const file = positionals[0] as string;
    const path = resolve(io.cwd, file);
    const { ledgerOfFile } = await import('../../tables/ledger-file');
    const ledger = await ledgerOfFile(path, file);
    const premature = await workspacePremature(values.workspace !== undefined ? resolve(io.cwd, values.workspace) : undefined);
    if (values.json) {
      const { claimSummaries: _all, ...summary } = ledger;
      io.stdout(`${JSON.stringify({ file, ...summary, queue: triageQueue(ledger, premature) }, null, 2)}\n`);
    } else io.stdout(formatLedger(ledger, premature));
    return EXIT.ok;
  },
};

/** The premature verifications of the workspace's cases (none without --workspace). */
async function workspacePremature(dir: string | undefined): Promise<PrematureVerification[]> {
  if (dir === undefined) return [];
  if (
    !(await stat(dir)
      .then((s) => s.isDirectory())
      .catch(() => false))
  )
    throw new BadInputError(dir, 'not a workspace folder (--workspace)');
  const [{ prematureVerifications }, { defaultRegistry }] = await Promise.all([import('../../verdicts/premature'), import('../registry')]);
  return prematureVerifications(dir, defaultRegistry());
}

/** Human-readable report. */
export function formatLedger(l: Ledger, premature: readonly PrematureVerification[] = []): string {
  const lines = [`${l.papers} papers, ${l.claims} claims, ${l.logbooks} logbooks`];
  lines.push(
    `claim status: ${Object.entries(l.claimStatus)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push(
    `paper categories: ${Object.entries(l.paperCategories)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push(l.recheck.length > 0 ? 'claims to re-check (priority order):' : 'no falsified or contested claims to re-check');
  l.recheck.forEach((c, i) => {
    lines.push(
      `  ${i + 1}. ${c.paper} ${c.claim}: ${c.status} (falsified in ${c.verdicts.falsified}, verified in ${c.verdicts.verified} of ${c.logbooks.length} logbooks)`,
    );
  });
  const queue = triageQueue(l, premature);
  if (queue.length > 0) {
    lines.push('work queue (claimed falsifications, then contested claims and premature verifications, then toy-only support):');
    queue.forEach((c, i) => {
      lines.push(`  ${i + 1}. [${c.tier}] ${c.paper} ${c.claim}: ${c.logbookVerdicts.map((v) => `${v.logbook} ${v.verdict}`).join(', ')}`);
      for (const p of c.premature ?? []) lines.push(`      ${p.logbook}: verification premature (${p.reason})`);
    });
  }
  return `${lines.join('\n')}\n`;
}
