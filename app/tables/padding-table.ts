/** A per-position evaluation table (`[model,]seq,pos,token,nll`) read into rows and audited for padding. */
import { BadInputError } from '../errors';
import { CheckerError } from '../../checkers/errors';
import { auditPadding } from '../../checkers/audits/padding';
import type { PaddingAudit, PositionRow } from '../../checkers/audits/padding';
import { cell, integerCell, numberCell, requireColumns } from './csv';
import type { CsvTable } from './csv';

/** Reads the position rows of a table and audits them; bad rows and checker errors become BadInputError. */
export function auditPaddingTable(table: CsvTable, padToken: string, baseline?: string): PaddingAudit {
  requireColumns(table, ['seq', 'pos', 'token', 'nll']);
  const hasModel = table.index.has('model');
  const rows: PositionRow[] = table.rows.map((row) => ({
    ...(hasModel ? { model: cell(table, row, 'model') } : {}),
    seq: cell(table, row, 'seq'),
    pos: integerCell(table, row, 'pos'),
    token: cell(table, row, 'token'),
    nll: numberCell(table, row, 'nll'),
    source: `line ${row.line}`,
  }));
  // A pad id that never occurs audits nothing (every perplexity "without padding" equals the one with it):
  // almost always a wrong id, so it is refused with the ids that do occur most.
  if (rows.length > 0 && !rows.some((r) => r.token === padToken)) {
    throw new BadInputError(
      table.file,
      `the pad token ${JSON.stringify(padToken)} never occurs in column "token"; the most frequent tokens are ${mostFrequent(rows, 5)}`,
    );
  }
  try {
    return auditPadding(rows, padToken, baseline);
  } catch (err) {
    if (err instanceof CheckerError) {
      const problem = err.message.replace(/^recheck\.\w+: (audit padding: )?/, '');
      const line = /^(line \d+): (.*)$/s.exec(problem);
      throw line === null ? new BadInputError(table.file, problem) : new BadInputError(table.file, line[2] as string, line[1]);
    }
    throw err;
  }
}

/** The n most frequent tokens with their counts, most frequent first (ties in token order). */
function mostFrequent(rows: readonly PositionRow[], n: number): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.token, (counts.get(r.token) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
    .map(([t, c]) => `${JSON.stringify(t)} (${c} position${c === 1 ? '' : 's'})`)
    .join(', ');
}
