/**
 * A printed table taken out of a logbook cell (the core of `recheck extract`): finds the cell by id across a
 * case's logbooks, chooses the block to read (a run cell's output block by default, a Markdown cell's text),
 * finds the tables in it (checkers/tables/printed.ts), and builds the CSV text and the provenance record that a
 * reviewer needs to check the table against the logbook later: which logbook, page, cell and block, the
 * sha256 of the block's text, which table and the line each row came from, and whether the output was elided.
 */
import type { LogbookBlock, LogbookCell, LogbookPage, LogbookView } from '../../common/api/contract';
import type { PrintedTable, PrintedTables } from '../../checkers/tables/printed-table';
import type { PickedBy } from '../../checkers/tables/printed';
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import type { DerivedColumnRecord } from './extract-derived';

/** Where a cell was found. */
export interface CellLocation {
  readonly logbook: LogbookView;
  /** The logbook folder, relative to the case folder (from case.json). */
  readonly logbookPath: string;
  readonly page: LogbookPage;
  readonly cell: LogbookCell;
}

/** The text a table is read from: a block of a run cell, or the text of a Markdown cell (block 1). */
export interface CellText {
  /** 1-based, as `--block N` counts. */
  readonly number: number;
  readonly lang: string;
  readonly title?: string;
  readonly text: string;
  readonly elidedChars?: number;
}

const OUTPUT_LANGS = new Set(['output', 'result']);

/**
 * The cell with id `cellId` in the given logbooks (all of them, or the one named `logbookId`). Bad input, one
 * line naming `where`, when there is none (with the nearest ids) or more than one.
 */
export function findCell(
  where: string,
  logbooks: readonly { view: LogbookView; path: string }[],
  cellId: string,
  logbookId?: string,
): CellLocation {
  const searched = logbookId === undefined ? logbooks : logbooks.filter((l) => l.view.id === logbookId);
  if (searched.length === 0)
    throw new BadInputError(where, `no logbook "${shown(logbookId ?? '', 80)}" (logbooks: ${logbooks.map((l) => l.view.id).join(', ')})`);
  const found: CellLocation[] = [];
  const all: { id: string; at: string }[] = [];
  for (const { view, path } of searched) {
    for (const page of view.pages) {
      for (const cell of page.cells) {
        all.push({ id: cell.id, at: `${view.id}/${page.slug}` });
        if (cell.id === cellId) found.push({ logbook: view, logbookPath: path, page, cell });
      }
    }
  }
  if (found.length === 1) return found[0] as CellLocation;
  const inWhat = searched.length === 1 ? `logbook ${searched[0]?.view.id ?? ''}` : `logbooks ${searched.map((l) => l.view.id).join(', ')}`;
  if (found.length > 1) {
    throw new BadInputError(
      where,
      `cell id "${shown(cellId, 80)}" appears ${found.length} times (${found.map((f) => `${f.logbook.id}/${f.page.slug}`).join(', ')})${logbookId === undefined ? '; choose the logbook with --logbook ID' : ''}`,
    );
  }
  const near = nearestIds(
    cellId,
    all.map((a) => a.id),
    3,
  ).map((id) => `${id} (${all.find((a) => a.id === id)?.at ?? ''})`);
  throw new BadInputError(
    where,
    `no cell "${shown(cellId, 80)}" in ${inWhat} (${all.length} cell${all.length === 1 ? '' : 's'})${near.length > 0 ? `; nearest: ${near.join(', ')}` : ''}`,
  );
}

/**
 * The text of block `blockNumber` (1-based) of a run cell, by default its output block; a Markdown cell's text
 * is its only block. Bad input naming the cell when there is no such block.
 */
export function cellText(where: string, cell: LogbookCell, blockNumber?: number): CellText {
  const name = `cell ${shown(cell.id, 80)}`;
  if (cell.type === 'markdown') {
    if (blockNumber !== undefined && blockNumber !== 1)
      throw new BadInputError(where, `${name} is a Markdown cell: its text is its only block (block 1), there is no block ${blockNumber}`);
    return { number: 1, lang: 'markdown', text: cell.markdown };
  }
  if (cell.type !== 'code') throw new BadInputError(where, `${name} is a ${cell.type} cell: it holds no printed text to read a table from`);
  const blocks: readonly LogbookBlock[] = cell.blocks;
  const list = blocks.map((b, i) => `${i + 1} ${b.lang || 'text'}${b.title !== undefined ? ` ${shown(b.title, 40)}` : ''}`).join(', ');
  let index: number;
  if (blockNumber !== undefined) {
    if (!Number.isInteger(blockNumber) || blockNumber < 1 || blockNumber > blocks.length) {
      throw new BadInputError(
        where,
        `${name} has ${blocks.length} block${blocks.length === 1 ? '' : 's'}${blocks.length > 0 ? ` (${list})` : ''}: there is no block ${blockNumber}`,
      );
    }
    index = blockNumber - 1;
  } else {
    index = blocks.findIndex((b) => OUTPUT_LANGS.has(b.lang));
    if (index < 0)
      throw new BadInputError(
        where,
        `${name} has no output block${blocks.length > 0 ? ` (blocks: ${list}); choose one with --block N` : ''}`,
      );
  }
  const b = blocks[index] as LogbookBlock;
  return {
    number: index + 1,
    lang: b.lang,
    ...(b.title !== undefined ? { title: b.title } : {}),
    text: b.text,
    ...(b.elidedChars !== undefined ? { elidedChars: b.elidedChars } : {}),
  };
}

/**
 * Up to `k` ids nearest to `id`: those containing it first, then by edit distance (Levenshtein), then by name.
 * Example: `nearestIds('cell_ab', ['cell_abc', 'other', 'cell_xy'], 2)` is `['cell_abc', 'cell_xy']`.
 */
export function nearestIds(id: string, ids: readonly string[], k: number): string[] {
  const q = id.toLowerCase();
  return [...new Set(ids)]
    .map((c) => ({ c, contains: c.toLowerCase().includes(q) ? 0 : 1, d: editDistance(q, c.toLowerCase()) }))
    .sort((a, b) => a.contains - b.contains || a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .slice(0, k)
    .map((x) => x.c);
}

function editDistance(a: string, b: string): number {
  // Ids are short; cap their length so that a pasted paragraph cannot cost seconds.
  const s = a.slice(0, 200);
  const t = b.slice(0, 200);
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++)
      cur.push(Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[t.length] as number;
}

/**
 * The table as CSV (RFC 4180, LF line ends, a final line break): cells exactly as printed; a cell with a comma,
 * a quote, a line break or nothing in it is quoted (`""` for a quote), so app/tables/csv.ts reads back the same strings.
 * Example: `tableCsv({ columns: ['k', 'note'], rows: [{ line: 1, cells: ['2', 'a, b'] }], ... })` is `k,note\n2,"a, b"\n`.
 */
export function tableCsv(table: Pick<PrintedTable, 'columns' | 'rows'>): string {
  const field = (s: string) => (s === '' || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${[table.columns, ...table.rows.map((r) => r.cells)].map((cells) => cells.map(field).join(',')).join('\n')}\n`;
}

/** The provenance sidecar (`<out>.provenance.json`), format recheck.extract/1. */
export interface ExtractProvenance {
  readonly format: 'recheck.extract/1';
  readonly extractedAt: string;
  readonly who: string;
  readonly caseId: string;
  readonly source: {
    readonly logbook: string;
    /** The logbook folder relative to the case folder. */
    readonly logbookPath: string;
    readonly page: string;
    readonly cell: string;
    readonly cellType: string;
    readonly cellTitle: string;
    /** 1-based block number (`--block N`); a Markdown cell's text is block 1. */
    readonly block: number;
    readonly blockLang: string;
    readonly blockTitle?: string;
    /** sha256 of the block's text as the logbook reader returns it (UTF-8, without the fences). */
    readonly blockSha256: string;
    /** Length of the block's text in UTF-16 code units, and its number of lines (rows name block lines, from 1). */
    readonly blockChars: number;
    readonly blockLines: number;
    /** What the logbook reader could not read in this cell, as it said it (absent when nothing). */
    readonly readerProblem?: string;
  };
  readonly table: {
    /** 1-based, in the order of the tables' first lines (`--table N`). */
    readonly number: number;
    readonly of: number;
    readonly pickedBy: PickedBy;
    readonly style: PrintedTable['style'];
    readonly columns: readonly string[];
    readonly headerLine: number | null;
    readonly firstLine: number;
    readonly lastLine: number;
    readonly rows: number;
    /** The block line of each CSV data row, in order (CSV line i + 2 is block line rowLines[i]). */
    readonly rowLines: readonly number[];
  };
  /** Set when the block was elided (Trackio keeps the first 2,000 and the last 18,000 characters). */
  readonly elision: null | {
    readonly elidedChars: number;
    readonly markerLines: readonly number[];
    /** Rows of this table may sit in the elided part (see PrintedTable.truncated). */
    readonly rowsMayBeMissing: boolean;
  };
  /** Lines inside the table's span that fit no table (a row with the wrong cell count, a line cut by an elision), at most 200. */
  readonly skippedInTable: readonly { readonly line: number; readonly reason: string }[];
  readonly skippedInTableCount: number;
  readonly skippedLines: number;
  readonly csv: { readonly file: string; readonly sha256: string; readonly rows: number };
  /**
   * Columns computed from the printed ones (`--derive`), appended to the CSV after them in this order: the
   * expression, the columns it reads, the digits of cells that are not exact, and how many cells are exact
   * or only correctly rounded. Absent when none.
   */
  readonly derived?: readonly DerivedColumnRecord[];
}

/** The provenance record of an extraction (pure: the caller supplies time, hashes and the CSV's name). */
export function provenanceOf(o: {
  at: string;
  who: string;
  caseId: string;
  location: CellLocation;
  source: CellText;
  blockSha256: string;
  found: PrintedTables;
  picked: { table: PrintedTable; number: number; by: PickedBy };
  csvFile: string;
  csvSha256: string;
  derived?: readonly DerivedColumnRecord[];
}): ExtractProvenance {
  const { table } = o.picked;
  const inSpan = o.found.skipped.filter((s) => s.line >= table.firstLine && s.line <= table.lastLine);
  const elided = o.source.elidedChars !== undefined || o.found.elisions.length > 0;
  return {
    format: 'recheck.extract/1',
    extractedAt: o.at,
    who: o.who,
    caseId: o.caseId,
    source: {
      logbook: o.location.logbook.id,
      logbookPath: o.location.logbookPath,
      page: o.location.page.slug,
      cell: o.location.cell.id,
      cellType: o.location.cell.type,
      cellTitle: o.location.cell.title,
      block: o.source.number,
      blockLang: o.source.lang,
      ...(o.source.title !== undefined ? { blockTitle: o.source.title } : {}),
      blockSha256: o.blockSha256,
      blockChars: o.source.text.length,
      blockLines: o.found.lineCount,
      ...(readerProblem(o.location.cell) !== undefined ? { readerProblem: readerProblem(o.location.cell) } : {}),
    },
    table: {
      number: o.picked.number,
      of: o.found.tables.length,
      pickedBy: o.picked.by,
      style: table.style,
      columns: table.columns,
      headerLine: table.headerLine,
      firstLine: table.firstLine,
      lastLine: table.lastLine,
      rows: table.rows.length,
      rowLines: table.rows.map((r) => r.line),
    },
    elision: elided
      ? {
          elidedChars: o.source.elidedChars ?? o.found.elisions.reduce((n, e) => n + e.chars, 0),
          markerLines: o.found.elisions.map((e) => e.line),
          rowsMayBeMissing: rowsMayBeMissing(table, o.source, o.found),
        }
      : null,
    skippedInTable: inSpan.slice(0, 200).map((s) => ({ line: s.line, reason: s.reason })),
    skippedInTableCount: inSpan.length,
    skippedLines: o.found.skipped.length,
    csv: { file: o.csvFile, sha256: o.csvSha256, rows: table.rows.length },
    ...(o.derived !== undefined && o.derived.length > 0 ? { derived: o.derived } : {}),
  };
}

/** The reader's note on a cell it could not read whole (the `problem` of the logbook contract), if any. */
export function readerProblem(cell: LogbookCell): string | undefined {
  const problem = (cell as { problem?: unknown }).problem;
  return typeof problem === 'string' && problem !== '' ? problem : undefined;
}

/**
 * Whether rows of the table may have been elided: the finder's own verdict, and for any table when the reader
 * says the block was elided but no marker line was found (then nothing can be said of where the gap is).
 */
export function rowsMayBeMissing(table: PrintedTable, source: CellText, found: PrintedTables): boolean {
  if (table.truncated) return true;
  return source.elidedChars !== undefined && found.elisions.length === 0;
}
