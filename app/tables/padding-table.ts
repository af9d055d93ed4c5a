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
