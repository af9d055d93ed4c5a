/**
 * `recheck extract <case-dir> --cell ID [--block N] [--table N] --out FILE.csv`: a table the logbook printed,
 * written as CSV with the exact strings printed, and a provenance sidecar (app/logbook/extract-table.ts).
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { type CellText } from '../../logbook/extract-table';
import type { ExtractRequest } from '../../logbook/extract-run';
import { reviewerName } from '../who';
import { EXIT } from '../../errors';
import { shown } from '../../text/display';
import { type PrintedTables } from '../../../checkers/tables/printed-table';

export const extractCommand: Command = {
  name: 'extract',
  summary: 'write a table a logbook cell printed (key=value lines, aligned columns, Markdown) as CSV, with its provenance',
  usage: `usage: recheck extract <case-dir> --cell CELL-ID [--logbook ID] [--block N] [--table N] --out FILE.csv
                       [--allow-elided] [--who NAME] [--json] [--derive 'NAME = EXPR' ...] [--derive-digits N]
       recheck extract <case-dir> --cell CELL-ID [--logbook ID] [--block N] --list [--json]

Reads the cell's text: a run cell's output block (or block N, counted from 1 in the cell), or a Markdown
cell's text. Finds the tables printed in it (first rule that fits, in this order):
  Markdown    | k | ratio | over a |---|---| delimiter row; cells may be text
  columns     a header line of at least 2 names (k  ratio  H_k; a leading # is dropped), an optional ---- rule,
              then rows of numbers, one per name (print(df) rows with a leading integer index get a column
              "index"); the first other line ends the table
  key-value   k=16 ratio=3.8726, k: 16, ratio: 3.87, {'k': 16, 'ratio': 3.87}, or step 0 loss 1.0 lr 0.001:
              lines with the same keys in the same order, at least 2 of them, wherever they sit; the whole
              line must be pairs (a timestamp or text before them, or 1,234, makes it no pair line)
Numbers are integers, decimals, exponents (3.2e-05), nan and inf as printed; a thousands separator is not
part of a number. Cells are written exactly as printed (never through a float). Tables are numbered from 1
in order; without --table the only one, else the one with the most rows, is taken (and named on stderr).
--list prints the blocks, tables and skipped lines instead of writing.
Output: FILE.csv (atomic write) and FILE.csv.provenance.json (format recheck.extract/1): case, logbook, page,
cell, block number and the sha256 of the block's text, the table's number, style and columns, the block line
of every row, the elision, and the CSV's sha256. An --out inside the case folder goes through the case's
confinement (no symlink out of it), may not be inside a logbook folder (the logbook under review stays as
it was; sandbox/ is the place for inputs the checks use), and is also recorded in audit.jsonl (action
import, with the hashes of the block, the CSV and the sidecar). An --out outside the case is the user's own
path: the sidecar alone records it.
Elided outputs (Trackio keeps the first 2,000 and last 18,000 characters of a long output): the lines cut by
the elision are never read. When rows of the chosen table may lie in the elided part (a key-value table, or
a table running up to or across the elision) extract refuses (exit 2) unless --allow-elided, which writes
what is there with a warning on stderr, recorded in the sidecar; a table wholly before or after the elision
is extracted with a note.
--derive 'NAME = EXPR' (repeatable, applied in order; a later one may read an earlier one): a column
computed from the printed ones in the calc grammar (recheck help calc), appended to the CSV after them, e.g.
--derive 'additive = ratio - H_k' (H_k is H(k) of column k unless the table prints a column "H_k"; write
\`H_k\` for that column, \`any name\` for a name with spaces). Each cell reads the printed strings exactly: it is
exact where every step is rational and its decimal terminates within --derive-digits significant digits
(default 20, at most 1000), else correctly rounded half-even to them. The sidecar records each as derived
[{name, expression, inputs, digits, exactCells, roundedCells}] (a cell read from a rounded derived cell counts
as rounded; the printed columns stay in table.columns). A bad derivation (an unknown column, a printed cell
that is not a number, a division by zero) is exit 2 naming the block line of the row.
Exit 2 (one line) when the cell, the logbook, the block or the table does not exist (the nearest cell ids
are named), or when the text holds no table. --json prints {csv, provenance, provenanceFile, notes}.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'extract',
      args,
      {
        cell: { type: 'string' },
        logbook: { type: 'string' },
        block: { type: 'string' },
        table: { type: 'string' },
        out: { type: 'string' },
        list: { type: 'boolean' },
        'allow-elided': { type: 'boolean' },
        who: { type: 'string' },
        json: { type: 'boolean' },
        derive: { type: 'string', multiple: true },
        'derive-digits': { type: 'string' },
      },
      { min: 1, max: 1, names: '<case-dir>' },
    );
    if (values.list && values.derive !== undefined) throw new UsageError('extract', '--derive applies when writing (--out), not to --list');
    if (values['derive-digits'] !== undefined && values.derive === undefined)
      throw new UsageError('extract', '--derive-digits applies only with --derive');
    const deriveDigits = values['derive-digits'] === undefined ? undefined : Number(values['derive-digits']);
    if (deriveDigits !== undefined && (!/^\d+$/.test(values['derive-digits'] as string) || deriveDigits < 1 || deriveDigits > 1000))
      throw new UsageError(
        'extract',
        `--derive-digits must be an integer from 1 to 1000, got "${shown(values['derive-digits'] as string, 40)}"`,
      );
    if (values.cell === undefined) throw new UsageError('extract', '--cell CELL-ID is required');
    if (values.out === undefined && !values.list) throw new UsageError('extract', '--out FILE.csv is required (or --list)');
    const blockNumber = countArg('block', values.block);
    const tableNumber = countArg('table', values.table);
    const [{ displayPath }, { describeTable, extractTable, readCellTables }, { defaultRegistry }] = await Promise.all([
      import('../../cases/load'),
      import('../../logbook/extract-run'),
      import('../registry'),
    ]);
    const dir = resolve(io.cwd, positionals[0] as string);
    const request: ExtractRequest = {
      dir,
      where: displayPath(dir, io.cwd),
      cell: values.cell,
      ...(values.logbook !== undefined ? { logbook: values.logbook } : {}),
      ...(blockNumber !== undefined ? { block: blockNumber } : {}),
      ...(tableNumber !== undefined ? { table: tableNumber } : {}),
      registry: defaultRegistry(),
    };
    if (values.list) {
      const { location, source, found, sourceName } = await readCellTables(request);
      if (values.json)
        io.stdout(
          `${JSON.stringify({ cell: location.cell.id, logbook: location.logbook.id, page: location.page.slug, block: source.number, lang: source.lang, elidedChars: source.elidedChars ?? null, ...found }, null, 2)}\n`,
        );
      else
        io.stdout(
          formatListing(
            `${request.where}: ${sourceName}`,
            location.cell.type === 'code' ? location.cell.blocks.map((b) => b.lang) : ['markdown'],
            source,
            found,
            describeTable,
          ),
        );
      return EXIT.ok;
    }
    const out = resolve(io.cwd, values.out as string);
    if (!out.toLowerCase().endsWith('.csv'))
      throw new UsageError('extract', `--out must name a .csv file (got "${shown(values.out as string, 80)}")`);
    const { describeDerived, parseDerivationOrBadInput } = await import('../../logbook/extract-derived');
    const derive = (values.derive ?? []).map((d) => parseDerivationOrBadInput(d));
    const { picked, found, provenance, notes, insideCase, sourceName } = await extractTable({
      ...request,
      ...(derive.length > 0 ? { derive } : {}),
      ...(deriveDigits !== undefined ? { deriveDigits } : {}),
      out,
      allowElided: values['allow-elided'] === true,
      who: reviewerName('extract', values.who),
    });
    const where = request.where;
    for (const n of notes) io.stderr(`recheck: ${n}\n`);
    const outShown = displayPath(out, io.cwd);
    if (values.json) {
      io.stdout(`${JSON.stringify({ csv: outShown, provenanceFile: `${outShown}.provenance.json`, provenance, notes }, null, 2)}\n`);
    } else {
      io.stdout(
        `${outShown}: ${picked.table.rows.length} rows, columns ${picked.table.columns.join(', ')} (table ${picked.number} of ${found.tables.length}, ${picked.table.style}, lines ${picked.table.firstLine}-${picked.table.lastLine} of ${where}: ${sourceName})\n`,
      );
      for (const d of provenance.derived ?? []) io.stdout(`derived: ${describeDerived(d)}\n`);
      io.stdout(`provenance: ${outShown}.provenance.json${insideCase ? ' (and audit.jsonl)' : ''}\n`);
    }
    return EXIT.ok;
  },
};

/** A `--block N` / `--table N` value: a positive integer. */
function countArg(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value))
    throw new UsageError('extract', `--${name} must be a positive integer, counted from 1 (got "${shown(value, 40)}")`);
  return Number(value);
}

/** `--list`: the cell's blocks, the tables found and the skipped lines (the first 20). */
function formatListing(
  sourceName: string,
  langs: readonly string[],
  source: CellText,
  found: PrintedTables,
  describeTable: (t: PrintedTables['tables'][number]) => string,
): string {
  const lines = [
    `${sourceName}: ${found.lineCount} lines${source.elidedChars !== undefined ? `, ${source.elidedChars} characters elided` : ''}`,
  ];
  lines.push(`blocks of the cell: ${langs.map((l, i) => `${i + 1} ${l || 'text'}`).join(', ')}`);
  if (found.tables.length === 0) lines.push('no table');
  found.tables.forEach((t, i) => {
    lines.push(`table ${i + 1}: ${describeTable(t)}${t.truncated ? ' (rows may be missing: elided output)' : ''}`);
    lines.push(`  numeric columns: ${t.columns.filter((_, c) => t.numeric[c]).join(', ') || 'none'}`);
  });
  lines.push(`skipped lines: ${found.skipped.length}`);
  for (const s of found.skipped.slice(0, 20)) lines.push(`  line ${s.line}: ${s.reason}: ${shown(s.text, 80)}`);
  if (found.skipped.length > 20) lines.push(`  ... ${found.skipped.length - 20} more (--json lists all)`);
  return `${lines.join('\n')}\n`;
}
