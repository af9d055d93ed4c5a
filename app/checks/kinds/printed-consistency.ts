/**
 * Check kind `printed-consistency`: does a statistic a logbook printed (a fit's slope and its ±, a mean, a
 * ratio, a t, a p-value) follow from the table it printed? The statistic is read from a logbook cell (by a
 * field name, `b = 0.41 +- 0.07`, or by the literal text printed before it) or given as a `quote` of the
 * printed text; the table is a case CSV or the table printed in a logbook cell, read by the extractor of
 * `recheck extract` (checkers/tables/printed.ts), by default from the statistic's own cell, or (`sweep`) the table
 * computed now by a sweep (sweep-table.ts: a sandboxed program, or the logbook's own run cell replayed over a grid,
 * whose printed decimals are rounded like a logbook's): does the printed statistic follow from what the code prints
 * when it is run again? The statistic is
 * recomputed by the same method and bounded over the rounding of the printed cells
 * (checkers/stats/printed-consistency.ts).
 * Outcome: this bears on the logbook's reliability. An inconsistent statistic refutes the finding when the
 * finding quotes it as its evidence (`findingQuotesIt`, default true), and the result says why the finding's
 * evidence cannot carry it (`insufficient`: a verification resting on it is premature); otherwise, and whenever
 * it is consistent (that only confirms arithmetic) or undecided, the check is neutral. Basis: the logbook's own
 * numbers, or recomputed with a sweep. Guarantee: the decision's (an enclosure, or approximate for p-values).
 * Run it from the CLI as any check: `recheck case add-check <case> --falsification F1 --kind printed-consistency --params '{...}'`, then `recheck run <case>`.
 */
import { join, relative } from 'node:path';
import { resolveCasePath, type CheckContext, type CheckKind, type CheckResult } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { checkPrintedConsistency, type PlusMinus, type PrintedCells } from '../../../checkers/stats/printed-consistency';
import { methodColumns, type PrintedMethod } from '../../../checkers/stats/printed-statistics';
import { findAfter, findField, findMeasurements, type PrintedMeasurement } from '../../../checkers/tables/printed-uncertainty';
import { findPrintedTables, pickPrintedTable } from '../../../checkers/tables/printed';
import { parseCsv } from '../../tables/csv';
import { MAX_TABLE_BYTES, readTextFile } from '../../tables/text-file';
import { readJsonFile } from '../../tables/json-file';
import { sha256 } from '../../fs/hash';
import { readLogbook } from '../../logbook/read';
import { cellText, findCell, rowsMayBeMissing, tableCsv, type CellLocation, type CellText } from '../../logbook/extract-table';
import { MAX_CASE_JSON_BYTES } from '../../cases/load';
import type { LogbookRef } from '../../cases/model';
import { shown } from '../../text/display';
import { printedConsistencyWords } from './printed-consistency.words';
import { computeSweepTable, sweepTableSchema, type SweepTableParams } from './sweep-table';

/** A logbook cell: the logbook (default: the only one holding the cell id), its page (checked), the block. */
export interface CellRef {
  logbook?: string;
  page?: string;
  cell?: string;
  block?: number;
}

export interface PrintedConsistencyParams {
  statistic: CellRef & { field?: string; after?: string; quote?: string; occurrence?: number; label?: string };
  table?: string;
  printedTable?: CellRef & { table?: number; allowElided?: boolean };
  /** The table computed now by a sweep (a program, or a run cell replayed over a grid). */
  sweep?: SweepTableParams;
  method: PrintedMethod;
  exact?: string[];
  rounded?: string[];
  findingQuotesIt?: boolean;
  plusMinus?: PlusMinus;
}

const COLUMN = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A column of the `table` param's CSV (addCheck refuses one the header lacks, app/cases/table-columns.ts). */
const TABLE_COLUMN = { ...COLUMN, tableColumn: 'table' } as const;
const CELL_REF = {
  logbook: { type: 'string', minLength: 1 },
  page: { type: 'string', minLength: 1, description: 'page slug; checked against the page the cell is on' },
  cell: { type: 'string', minLength: 1, description: 'cell id (trackio-cell header)' },
  block: {
    type: 'integer',
    minimum: 1,
    description: "block of a run cell, from 1 (default: its output); a Markdown cell's text is block 1",
  },
} as const;
const method = (name: readonly string[], props: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required: ['method', ...required],
  properties: { method: { enum: name }, ...props },
});

export const printedConsistencyKind: CheckKind<PrintedConsistencyParams> = {
  kind: 'printed-consistency',
  words: printedConsistencyWords,
  title: 'Recompute a statistic a logbook printed from the table it printed (within the rounding of both)',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['statistic', 'method'],
    // At most one table source (none: the table printed in the statistic's own cell).
    not: { anyOf: [{ required: ['table', 'printedTable'] }, { required: ['table', 'sweep'] }, { required: ['printedTable', 'sweep'] }] },
    properties: {
      statistic: {
        description:
          'where the printed value is: a cell (logbook, page, cell, block) and a field or the text before it, or a quote of the printed text',
        type: 'object',
        additionalProperties: false,
        anyOf: [{ required: ['cell'] }, { required: ['quote'] }],
        properties: {
          ...CELL_REF,
          field: { ...COLUMN, description: 'the name printed before the value: b finds "b = 0.41 +- 0.07", p finds "p < 0.001"' },
          after: { ...COLUMN, description: 'the literal text printed right before the value, e.g. "fitted b"' },
          quote: {
            type: 'string',
            minLength: 1,
            maxLength: 2000,
            description: 'the printed text holding the value; found verbatim in the cell when a cell is named',
          },
          occurrence: { type: 'integer', minimum: 1, description: 'which match, from 1, when the text holds several' },
          label: { ...COLUMN, description: 'name of the statistic in the summary (default: field, or the method’s)' },
        },
      },
      table: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV the statistic was computed from' },
      printedTable: {
        type: 'object',
        additionalProperties: false,
        properties: { ...CELL_REF, table: { type: 'integer', minimum: 1 }, allowElided: { type: 'boolean' } },
        description: "the table printed in a logbook cell (default: the statistic's cell), as recheck extract reads it",
      },
      sweep: {
        ...sweepTableSchema,
        description:
          'compute the table now: a sandboxed program, or a run cell of the logbook replayed over a grid (does the printed statistic follow from what the code prints?)',
      },
      method: {
        description:
          'how it was computed: fit-slope / fit-intercept (law linear, log or power; x, y), mean, sd (ddof), ratio-of-means, mean-difference (paired), t or p (test paired, student or welch; a minus b)',
        oneOf: [
          method(['fit-slope', 'fit-intercept'], { law: { enum: ['linear', 'log', 'power'] }, x: TABLE_COLUMN, y: TABLE_COLUMN }, [
            'law',
            'x',
            'y',
          ]),
          method(['mean'], { column: TABLE_COLUMN }, ['column']),
          method(['sd'], { column: TABLE_COLUMN, ddof: { enum: [0, 1] } }, ['column', 'ddof']),
          method(['ratio-of-means'], { numerator: TABLE_COLUMN, denominator: TABLE_COLUMN }, ['numerator', 'denominator']),
          method(['mean-difference'], { a: TABLE_COLUMN, b: TABLE_COLUMN, paired: { type: 'boolean' } }, ['a', 'b', 'paired']),
          method(['t', 'p'], { test: { enum: ['paired', 'student', 'welch'] }, a: TABLE_COLUMN, b: TABLE_COLUMN }, ['test', 'a', 'b']),
        ],
      },
      exact: { type: 'array', items: TABLE_COLUMN, description: 'columns whose decimals are exact, not rounded' },
      rounded: { type: 'array', items: TABLE_COLUMN, description: 'columns whose integers were rounded (default: integers are exact)' },
      findingQuotesIt: {
        type: 'boolean',
        description: 'the finding rests on this statistic: an inconsistent value refutes it (default true)',
      },
      plusMinus: {
        enum: ['se', 'ci95', 'unchecked'],
        description: 'what a printed ± is: a standard error (default), a 95% t interval half-width, or not checked',
      },
    },
  },
  basis: 'logbook',
  basisFor: (params) => (params.sweep !== undefined ? 'recomputed' : 'logbook'),
  guarantee: { kind: 'enclosure' },
  example: {
    statistic: { cell: 'cell_fit', field: 'b' },
    printedTable: { cell: 'cell_table' },
    method: { method: 'fit-slope', law: 'log', x: 'k', y: 'y' },
  },
  async run(params, ctx): Promise<CheckResult> {
    const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
    const logbooks = await caseLogbooks(ctx);
    const stat = locateStatistic(where, params, logbooks);
    const table = await tableOf(where, params, ctx, logbooks, stat.location);
    const label = params.statistic.label ?? params.statistic.field ?? defaultLabel(params.method);
    let report;
    try {
      report = checkPrintedConsistency(
        await loadMpfr(),
        {
          printed: stat.measurement,
          table: table.cells,
          method: params.method,
          label,
          ...(params.plusMinus ? { plusMinus: params.plusMinus } : {}),
          ...(params.exact ? { exact: params.exact } : {}),
          ...(params.rounded ? { rounded: params.rounded } : {}),
        },
        128,
      );
    } catch (err) {
      if (err instanceof CheckerError) throw new BadInputError(where, `${table.name}: ${err.message.replace(/^recheck\.[\w-]+: /, '')}`);
      throw err;
    }
    const quotes = params.findingQuotesIt ?? true;
    const outcome = report.verdict === 'inconsistent' && quotes ? 'refutes' : 'neutral';
    const used = methodColumns(params.method);
    const shownRows = table.cells.rows.slice(0, 200).map((r) => used.map((c) => r[table.cells.columns.indexOf(c)] ?? ''));
    return {
      outcome,
      guarantee: report.guarantee,
      basis: params.sweep !== undefined ? 'recomputed' : 'logbook',
      dataSha256: table.sha256,
      // The finding's evidence does not follow from its own table: it cannot carry a verdict (a verification is premature).
      ...(report.verdict === 'inconsistent' && quotes
        ? {
            insufficient: `the statistic it quotes does not follow from ${params.sweep !== undefined ? 'the table its code prints when run again' : 'the table it printed'} (${report.sentence})`,
          }
        : {}),
      summary: `${report.sentence.charAt(0).toUpperCase()}${report.sentence.slice(1)}.${report.verdict === 'inconsistent' && quotes ? ' The finding quotes this statistic as its evidence.' : ''}`,
      evidence: {
        ...report,
        label,
        methodParams: params.method,
        statisticSource: stat.source,
        tableSource: table.source,
        columns: used,
        rows: shownRows,
        findingQuotesIt: quotes,
      },
    };
  },
};

/** The logbooks declared in case.json (validated when the case was loaded), read through the logbook reader. */
async function caseLogbooks(ctx: CheckContext): Promise<{ view: Awaited<ReturnType<typeof readLogbook>>; path: string }[]> {
  const file = join(ctx.caseDir, 'case.json');
  const json = (await readJsonFile(resolveCasePath(ctx, 'case.json'), file, { maxBytes: MAX_CASE_JSON_BYTES })) as {
    logbooks?: LogbookRef[];
  };
  const out = [];
  for (const ref of json.logbooks ?? []) out.push({ view: await readLogbook(ctx.caseDir, ref), path: ref.path });
  return out;
}

type Logbooks = Awaited<ReturnType<typeof caseLogbooks>>;

function cellAt(where: string, logbooks: Logbooks, ref: CellRef, cellId: string): { location: CellLocation; text: CellText } {
  const location = findCell(where, logbooks, cellId, ref.logbook);
  if (ref.page !== undefined && location.page.slug !== ref.page)
    throw new BadInputError(where, `cell "${shown(cellId, 80)}" is on page "${location.page.slug}", not "${shown(ref.page, 80)}"`);
  return { location, text: cellText(where, location.cell, ref.block) };
}

/** The printed measurement: by field or literal in the cell (or in the quote), the quote found verbatim in the cell. */
function locateStatistic(where: string, params: PrintedConsistencyParams, logbooks: Logbooks) {
  const s = params.statistic;
  const cell = s.cell !== undefined ? cellAt(where, logbooks, s, s.cell) : null;
  if (cell !== null && s.quote !== undefined && !cell.text.text.includes(s.quote))
    throw new BadInputError(
      where,
      `the quote "${shown(s.quote, 120)}" is not printed in cell ${shown(s.cell ?? '', 80)} block ${cell.text.number}`,
    );
  const text = s.quote ?? (cell as { text: CellText }).text.text;
  if (s.quote === undefined && s.field === undefined && s.after === undefined)
    throw new BadInputError(where, 'statistic needs "field", "after" or "quote" to find the printed value in the cell');
  const found: PrintedMeasurement[] =
    s.field !== undefined ? findField(text, s.field) : s.after !== undefined ? findAfter(text, s.after) : findMeasurements(text);
  const what =
    s.field !== undefined
      ? `field "${shown(s.field, 80)}"`
      : s.after !== undefined
        ? `text "${shown(s.after, 80)}" followed by a number`
        : 'a printed number';
  const inWhat = s.quote !== undefined ? 'the quote' : `cell ${shown(s.cell ?? '', 80)} block ${cell?.text.number ?? 1}`;
  if (found.length === 0) throw new BadInputError(where, `no ${what} in ${inWhat}`);
  if (s.occurrence === undefined && found.length > 1)
    throw new BadInputError(
      where,
      `${found.length} matches of ${what} in ${inWhat} (${found
        .slice(0, 5)
        .map((m) => `"${shown(m.printed, 40)}"`)
        .join(', ')}); choose one with "occurrence" or a longer "after"`,
    );
  const measurement = found[(s.occurrence ?? 1) - 1];
  if (measurement === undefined)
    throw new BadInputError(
      where,
      `occurrence ${s.occurrence ?? 1} asked, but ${inWhat} holds ${found.length} match${found.length === 1 ? '' : 'es'} of ${what}`,
    );
  const source = {
    printed: measurement.printed,
    ...(cell !== null
      ? {
          logbook: cell.location.logbook.id,
          page: cell.location.page.slug,
          cell: cell.location.cell.id,
          block: cell.text.number,
          blockSha256: sha256(cell.text.text),
        }
      : { quoteOnly: true }),
    ...(s.quote !== undefined ? { quote: s.quote } : { line: measurement.line }),
  };
  return { measurement, location: cell?.location ?? null, source };
}

/** The table: a case CSV, or the one printed in a logbook cell (default: the statistic's cell). */
async function tableOf(
  where: string,
  params: PrintedConsistencyParams,
  ctx: CheckContext,
  logbooks: Logbooks,
  statCell: CellLocation | null,
): Promise<{ cells: PrintedCells; name: string; sha256: string; source: Record<string, unknown> }> {
  if (params.sweep !== undefined) {
    // A fit's points go out as series points while the sweep runs, so the UI plots it live.
    const fit = params.method.method === 'fit-slope' || params.method.method === 'fit-intercept' ? params.method : null;
    const t = await computeSweepTable(params.sweep, ctx, (_i, row) => {
      const x = fit !== null ? row[fit.x] : undefined;
      const y = fit !== null ? row[fit.y] : undefined;
      if (fit !== null && typeof x === 'number' && typeof y === 'number') ctx.point?.({ series: fit.y, xLabel: fit.x, x, y });
    });
    const name = relative(ctx.caseDir, t.path);
    const csv = parseCsv(t.csv, name);
    return {
      cells: { columns: csv.columns, rows: csv.rows.map((r) => r.values) },
      name,
      sha256: t.sha256,
      source: { file: name, rows: csv.rows.length, sha256: t.sha256, sweep: t.evidence },
    };
  }
  if (params.table !== undefined) {
    const raw = await readTextFile(resolveCasePath(ctx, params.table), params.table, MAX_TABLE_BYTES);
    const csv = parseCsv(raw, params.table);
    return {
      cells: { columns: csv.columns, rows: csv.rows.map((r) => r.values) },
      name: params.table,
      sha256: sha256(raw),
      source: { file: params.table, rows: csv.rows.length, sha256: sha256(raw) },
    };
  }
  const ref = params.printedTable ?? {};
  const cellId = ref.cell ?? statCell?.cell.id;
  if (cellId === undefined)
    throw new BadInputError(
      where,
      'the table is neither a case CSV ("table") nor a logbook cell ("printedTable.cell" or the statistic\'s cell)',
    );
  const { location, text } = cellAt(
    where,
    logbooks,
    { ...ref, logbook: ref.logbook ?? (ref.cell === undefined ? statCell?.logbook.id : undefined) },
    cellId,
  );
  const found = findPrintedTables(text.text);
  let picked;
  try {
    picked = pickPrintedTable(found, ref.table);
  } catch (err) {
    if (err instanceof CheckerError)
      throw new BadInputError(where, `cell ${shown(cellId, 80)} block ${text.number}: ${err.message.replace(/^recheck\.[\w-]+: /, '')}`);
    throw err;
  }
  const missing = rowsMayBeMissing(picked.table, text, found);
  if (missing && ref.allowElided !== true)
    throw new BadInputError(
      where,
      `rows of table ${picked.number} in cell ${shown(cellId, 80)} may sit in the part of the output the logbook elided; set "allowElided": true to recompute from the rows printed`,
    );
  const name = `cell ${location.cell.id} table ${picked.number}`;
  // The hash of the table as `recheck extract` writes it: a fit of the extracted CSV examines the same data.
  const csvSha256 = sha256(tableCsv(picked.table));
  return {
    cells: { columns: picked.table.columns, rows: picked.table.rows.map((r) => r.cells) },
    name,
    sha256: csvSha256,
    source: {
      csvSha256,
      logbook: location.logbook.id,
      page: location.page.slug,
      cell: location.cell.id,
      block: text.number,
      blockSha256: sha256(text.text),
      table: picked.number,
      of: found.tables.length,
      pickedBy: picked.by,
      style: picked.table.style,
      rowLines: picked.table.rows.map((r) => r.line),
      rowsMayBeMissing: missing,
    },
  };
}

function defaultLabel(m: PrintedMethod): string {
  const labels: Record<PrintedMethod['method'], string> = {
    'fit-slope': 'b',
    'fit-intercept': 'a',
    mean: 'mean',
    sd: 'sd',
    'ratio-of-means': 'ratio',
    'mean-difference': 'difference',
    t: 't',
    p: 'p',
  };
  return labels[m.method];
}
