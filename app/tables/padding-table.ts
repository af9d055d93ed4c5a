/** A per-position evaluation table (`[model,]seq,pos,token,nll`) read into rows and audited for padding. */
import { BadInputError } from '../errors';
import { CheckerError } from '../../checkers/errors';
import { auditPadding } from '../../checkers/audits/padding';
import type { PaddingAudit, PositionRow } from '../../checkers/audits/padding';
import { integerCell, numberCell, requireColumns } from './csv';
import type { CsvTable } from './csv';

/** Reads the position rows of a table and audits them; bad rows and checker errors become BadInputError. */
export function auditPaddingTable(table: CsvTable, padToken: string, baseline?: string): PaddingAudit {
  requireColumns(table, ['seq', 'pos', 'token', 'nll']);
  const hasModel = table.columns.includes('model');
  const rows: PositionRow[] = table.rows.map((row) => ({
    ...(hasModel ? { model: row.cells.model as string } : {}),
    seq: row.cells.seq as string,
    pos: integerCell(table, row, 'pos'),
    token: row.cells.token as string,
    nll: numberCell(table, row, 'nll'),
    source: `line ${row.line}`,
  }));
  try {
    return auditPadding(rows, padToken, baseline);
  } catch (err) {
    if (err instanceof CheckerError) throw new BadInputError(table.file, err.message.replace(/^recheck\.\w+: (audit padding: )?/, ''));
    throw err;
  }
}
