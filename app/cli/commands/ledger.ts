/** `recheck ledger <verdicts.csv|.json>`: claim statuses, paper categories and the claims to re-check. */
import { extname, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { buildLedger } from '../../../checkers/ledger/summary';
import type { Ledger } from '../../../checkers/ledger/summary';
import { LedgerInputError, parseVerdict, verdictRowsFromJson, verdictRowsFromJsonLines } from '../../../checkers/ledger/verdicts';
import type { VerdictRow } from '../../../checkers/ledger/verdicts';
import { readCsvFile, requireColumns } from '../../tables/csv';
import { readFile } from 'node:fs/promises';

export const ledgerCommand: Command = {
  name: 'ledger',
  summary: 'judge verdicts per (paper, claim, logbook): claim statuses, paper categories, claims to re-check',
  usage: `usage: recheck ledger <verdicts.csv|verdicts.json> [--json]

CSV columns paper,claim,logbook,verdict; JSON (or JSON Lines, .jsonl): one object per logbook with its
paper and its claims' verdicts, e.g. {"space_id": ..., "paper_id": ..., "claims": [{"claim": ..., "verdict": ...}]}
(key variants accepted; claims without an id are named by position, #1, #2, ...). Verdicts: verified, falsified, toy, inconclusive (an unknown word is bad
input naming the line or JSON place).
A claim's status over its logbooks: contested (some verified and some falsified), else verified, else
falsified, else toy, else inconclusive. Paper categories: fullyReproduced, partiallyReproduced,
atLeastOneVerified, falsifiedOrContested, allFalsified, contested, toyOnly, inconclusive.
Output: papers, claims, logbooks, claimStatus, paperCategories, recheck (falsified or contested claims,
contested first, then by falsifying logbooks).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('ledger', args, { json: { type: 'boolean' } }, { min: 1, max: 1, names: '<verdicts.csv|.json>' });
    const file = positionals[0] as string;
    const path = resolve(io.cwd, file);
    const ledger = await ledgerOfFile(path, file);
    if (values.json) {
      const { claimSummaries: _all, ...summary } = ledger;
      io.stdout(`${JSON.stringify({ file, ...summary }, null, 2)}\n`);
    } else io.stdout(formatLedger(ledger));
    return EXIT.ok;
  },
};

/** Reads a verdict file (by extension: .json, otherwise CSV) and builds the ledger. */
export async function ledgerOfFile(path: string, display: string): Promise<Ledger> {
  try {
    let rows: VerdictRow[];
    const ext = extname(path).toLowerCase();
    if (ext === '.json' || ext === '.jsonl') {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (err) {
        throw new BadInputError(display, `cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      rows = ext === '.jsonl' || !parsesAsJson(text) ? verdictRowsFromJsonLines(text) : verdictRowsFromJson(JSON.parse(text));
    } else {
      const table = await readCsvFile(path, display);
      requireColumns(table, ['paper', 'claim', 'logbook', 'verdict']);
      rows = table.rows.map((r) => {
        const where = `line ${r.line}`;
        for (const col of ['paper', 'claim', 'logbook']) if ((r.cells[col] ?? '') === '') throw new LedgerInputError(where, `empty ${col}`);
        return { paper: r.cells.paper as string, claim: r.cells.claim as string, logbook: r.cells.logbook as string, verdict: parseVerdict(r.cells.verdict, where), source: where };
      });
    }
    return buildLedger(rows);
  } catch (err) {
    if (err instanceof LedgerInputError) throw new BadInputError(display, err.reason, err.where);
    throw err;
  }
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Human-readable report. */
export function formatLedger(l: Ledger): string {
  const lines = [`${l.papers} papers, ${l.claims} claims, ${l.logbooks} logbooks`];
  lines.push(`claim status: ${Object.entries(l.claimStatus).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  lines.push(`paper categories: ${Object.entries(l.paperCategories).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  lines.push(l.recheck.length > 0 ? 'claims to re-check (priority order):' : 'no falsified or contested claims to re-check');
  l.recheck.forEach((c, i) => {
    lines.push(`  ${i + 1}. ${c.paper} ${c.claim}: ${c.status} (falsified in ${c.verdicts.falsified}, verified in ${c.verdicts.verified} of ${c.logbooks.length} logbooks)`);
  });
  return `${lines.join('\n')}\n`;
}
