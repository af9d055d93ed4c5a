/**
 * The one reader of judge-verdict files (the `recheck ledger` formats): CSV with columns
 * paper,claim,logbook,verdict; a JSON document; JSON Lines. From a file (by extension) or from text (the UI
 * sends a file's text). An empty file, or one without a single verdict, is bad input.
 */
import { extname } from 'node:path';
import { BadInputError } from '../errors';
import { buildLedger } from '../../checkers/ledger/summary';
import type { Ledger } from '../../checkers/ledger/summary';
import { LedgerInputError, parseVerdict, verdictRowsFromJson, verdictRowsFromJsonLines } from '../../checkers/ledger/verdicts';
import type { VerdictRow } from '../../checkers/ledger/verdicts';
import { cell, parseCsv, readCsvFile, requireColumns, type CsvTable } from './csv';
import { MAX_JSON_BYTES, MAX_TABLE_BYTES, readTextFile } from './text-file';
import { describeLimit } from './json-file';
import { JsonLimitError, parseJsonBounded, stripBom } from '../../common/json/bounded';
import { shown } from '../text/display';

/** The format of a verdict file, from its name: .json, .jsonl, else CSV. */
export type LedgerFormat = 'json' | 'jsonl' | 'csv';

export function ledgerFormatOf(name: string): LedgerFormat {
  const ext = extname(name).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.jsonl' ? 'jsonl' : 'csv';
}

/**
 * Reads a verdict file (by extension: .json or .jsonl, otherwise CSV) through the shared readers and builds the
 * ledger. Example: `await ledgerOfFile('/w/verdicts.csv', 'verdicts.csv')`.
 */
export async function ledgerOfFile(path: string, display: string): Promise<Ledger> {
  const format = ledgerFormatOf(path);
  return withPlace(display, async () => {
    if (format === 'csv') return csvRows(await readCsvFile(path, display));
    return jsonVerdictRows(await readTextFile(path, display, format === 'json' ? MAX_JSON_BYTES : MAX_TABLE_BYTES), format, display);
  });
}

/** The same from a file's text (already decoded). Example: `await ledgerOfText(text, 'verdicts.jsonl')`. */
export async function ledgerOfText(text: string, display: string): Promise<Ledger> {
  const format = ledgerFormatOf(display);
  return withPlace(display, async () =>
    format === 'csv' ? csvRows(parseCsv(stripBom(text), display)) : jsonVerdictRows(stripBom(text), format, display),
  );
}

async function withPlace(display: string, read: () => Promise<VerdictRow[]>): Promise<Ledger> {
  const file = shown(display);
  try {
    const rows = await read();
    if (rows.length === 0)
      throw new BadInputError(file, 'no verdicts in the file; expected rows paper,claim,logbook,verdict or logbook objects with claims');
    return buildLedger(rows);
  } catch (err) {
    if (err instanceof LedgerInputError) throw new BadInputError(file, shown(err.reason, 1000), shown(err.where));
    throw err;
  }
}

function csvRows(table: CsvTable): VerdictRow[] {
  requireColumns(table, ['paper', 'claim', 'logbook', 'verdict']);
  return table.rows.map((r) => {
    const where = `line ${r.line}`;
    for (const col of ['paper', 'claim', 'logbook']) if (cell(table, r, col) === '') throw new LedgerInputError(where, `empty ${col}`);
    return {
      paper: cell(table, r, 'paper'),
      claim: cell(table, r, 'claim'),
      logbook: cell(table, r, 'logbook'),
      verdict: parseVerdict(cell(table, r, 'verdict'), where),
      source: where,
    };
  });
}

/** Verdict rows of a .json document (JSON Lines when it does not parse as one document) or a .jsonl file. */
function jsonVerdictRows(text: string, format: LedgerFormat, display: string): VerdictRow[] {
  if (text.trim() === '') throw new BadInputError(shown(display), 'empty file; expected JSON verdicts');
  const parseLine = (line: string) => parseJsonBounded(line);
  if (format === 'jsonl') return verdictRowsFromJsonLines(text, parseLine);
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
