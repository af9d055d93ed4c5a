/** `recheck ledger <verdicts.csv|.json>`: claim statuses, paper categories and the claims to re-check. */
import { extname, resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { buildLedger } from '../../../checkers/ledger/summary';
import type { Ledger } from '../../../checkers/ledger/summary';
import { LedgerInputError, parseVerdict, verdictRowsFromJson, verdictRowsFromJsonLines } from '../../../checkers/ledger/verdicts';
import type { VerdictRow } from '../../../checkers/ledger/verdicts';
import { cell, readCsvFile, requireColumns } from '../../tables/csv';
import { MAX_JSON_BYTES, MAX_TABLE_BYTES, readTextFile } from '../../tables/text-file';
import { describeLimit } from '../../tables/json-file';
import { JsonLimitError, parseJsonBounded } from '../../json/bounded';
import { shown } from '../../text/display';

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
contested first, then by falsifying logbooks).
Files are UTF-8 (a BOM is fine; invalid UTF-8 is bad input naming the line, so that two different byte
strings never count as one paper); .json at most 16 MiB, .jsonl and CSV at most 128 MiB. An empty file or one
without a verdict is bad input.`,
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

/**
 * Reads a verdict file (by extension: .json or .jsonl, otherwise CSV) through the shared readers and builds the
 * ledger. An empty file, or one without a single verdict, is bad input.
 */
export async function ledgerOfFile(path: string, display: string): Promise<Ledger> {
  const file = shown(display);
  let rows: VerdictRow[];
  try {
    const ext = extname(path).toLowerCase();
    if (ext === '.json' || ext === '.jsonl') rows = jsonVerdictRows(await readTextFile(path, display, ext === '.json' ? MAX_JSON_BYTES : MAX_TABLE_BYTES), ext, display);
    else {
      const table = await readCsvFile(path, display);
      requireColumns(table, ['paper', 'claim', 'logbook', 'verdict']);
      rows = table.rows.map((r) => {
        const where = `line ${r.line}`;
        for (const col of ['paper', 'claim', 'logbook']) if (cell(table, r, col) === '') throw new LedgerInputError(where, `empty ${col}`);
        return { paper: cell(table, r, 'paper'), claim: cell(table, r, 'claim'), logbook: cell(table, r, 'logbook'), verdict: parseVerdict(cell(table, r, 'verdict'), where), source: where };
      });
    }
    if (rows.length === 0) throw new BadInputError(file, 'no verdicts in the file; expected rows paper,claim,logbook,verdict or logbook objects with claims');
    return buildLedger(rows);
  } catch (err) {
    if (err instanceof LedgerInputError) throw new BadInputError(file, shown(err.reason, 1000), shown(err.where));
    throw err;
  }
}

/** Verdict rows of a .json document (JSON Lines when it does not parse as one document) or a .jsonl file. */
function jsonVerdictRows(text: string, ext: string, display: string): VerdictRow[] {
  if (text.trim() === '') throw new BadInputError(shown(display), 'empty file; expected JSON verdicts');
  const parseLine = (line: string) => parseJsonBounded(line);
  if (ext === '.jsonl') return verdictRowsFromJsonLines(text, parseLine);
  let doc: unknown;
  try {
    doc = parseJsonBounded(text);
  } catch (err) {
    if (err instanceof JsonLimitError) throw new BadInputError(shown(display), describeLimit(err));
    // Not one JSON document: JSON Lines, whose errors name the line.
    return verdictRowsFromJsonLines(text, parseLine);
  }
  return verdictRowsFromJson(doc);
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
