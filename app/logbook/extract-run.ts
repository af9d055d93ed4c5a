/**
 * The extraction behind `recheck extract` and the UI's "Extract table": find a logbook cell, read the tables
 * it printed, pick one, refuse one the writer's elision may have cut (unless allowed, then recorded), and
 * write the CSV with its provenance sidecar (and, inside the case, an audit entry). The rules of table
 * detection are checkers/tables/printed.ts; the cell lookup and provenance are extract-table.ts.
 */
import { basename, dirname, relative, resolve } from 'node:path';
import { appendAudit } from '../cases/audit';
import { loadCase } from '../cases/load';
import type { CheckRegistry } from '../cases/check-registry';
import { BadInputError } from '../errors';
import { writeFileAtomic } from '../fs/atomic';
import { isInside, mkdirInside, resolveInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { shown } from '../text/display';
import { findPrintedTables, pickPrintedTable } from '../../checkers/tables/printed';
import { NoTableError, type PrintedTable, type PrintedTables } from '../../checkers/tables/printed-table';
import {
  cellText,
  findCell,
  provenanceOf,
  readerProblem,
  rowsMayBeMissing,
  tableCsv,
  type CellLocation,
  type CellText,
} from './extract-table';
import { readLogbook } from './read';
import type { DerivedColumnRecord } from './extract-derived';
import type { DerivedColumn } from '../../checkers/calc/columns';

/** Which cell of which case, and which of its blocks and tables. */
export interface ExtractRequest {
  readonly dir: string;
  /** How the case is named in messages. */
  readonly where: string;
  readonly cell: string;
  readonly logbook?: string;
  readonly block?: number;
  readonly table?: number;
  readonly registry: CheckRegistry;
}

/** The cell, its text and the tables found in it. */
export async function readCellTables(r: ExtractRequest): Promise<{
  location: CellLocation;
  source: CellText;
  found: PrintedTables;
  sourceName: string;
  loaded: Awaited<ReturnType<typeof loadCase>>;
}> {
  const { dir, where } = r;
  const loaded = await loadCase(dir, r.registry);
  const refs = r.logbook === undefined ? loaded.file.logbooks : loaded.file.logbooks.filter((l) => l.id === r.logbook);
  if (r.logbook !== undefined && refs.length === 0)
    throw new BadInputError(where, `no logbook "${shown(r.logbook, 80)}" (logbooks: ${loaded.file.logbooks.map((l) => l.id).join(', ')})`);
  const logbooks = [];
  for (const ref of refs) logbooks.push({ view: await readLogbook(dir, ref), path: ref.path });
  const location = findCell(where, logbooks, r.cell, r.logbook);
  const source = cellText(where, location.cell, r.block);
  const found = findPrintedTables(source.text);
  const sourceName = `cell ${shown(location.cell.id, 80)} block ${source.number} (${source.lang || 'text'})`;
  return { location, source, found, sourceName, loaded };
}

/** Derived columns to append to the extracted table (`--derive`), in order, and the digits of their rounded cells. */
export interface ExtractDerive {
  readonly derive?: readonly DerivedColumn[];
  readonly deriveDigits?: number;
}

/**
 * Extracts and writes. `out` is absolute; inside the case it is confined (never inside a logbook folder) and
 * the extraction is also logged. Example: `await extractTable({ ...request, out: join(dir, 'tables/sweep.csv'), allowElided: false, who: 'Ada' })`.
 */
export async function extractTable(r: ExtractRequest & ExtractDerive & { out: string; allowElided: boolean; who: string }) {
  const { dir, where, out, who } = r;
  const { location, source, found, sourceName, loaded } = await readCellTables(r);
  const picked = pickTable(where, sourceName, found, r.table);
  const insideCase = isInside(out, resolve(dir));
  if (insideCase) {
    const realOut = resolveInside(dir, relative(dir, out), where);
    for (const ref of loaded.file.logbooks) {
      if (isInside(out, resolve(dir, ref.path)) || isInside(realOut, resolveInside(dir, ref.path, where)))
        throw new BadInputError(
          where,
          `--out ${shown(relative(dir, out), 120)} is inside logbook folder "${shown(ref.path, 80)}": the logbook under review is never written to; write under sandbox/ or outside the case`,
        );
    }
  }

  // Elision: refuse a table whose rows may be missing unless asked, and say so either way.
  const notes: string[] = [];
  const problem = readerProblem(location.cell);
  if (problem !== undefined)
    notes.push(`note: the logbook reader says of ${sourceName.replace(/ block .*/, '')}: ${problem} (recorded in the sidecar)`);
  const elided = source.elidedChars !== undefined || found.elisions.length > 0;
  const chars = source.elidedChars ?? found.elisions.reduce((n, e) => n + e.chars, 0);
  if (elided) {
    const missing = rowsMayBeMissing(picked.table, source, found);
    const what = `${chars} characters were elided from ${sourceName}${found.elisions.length > 0 ? ` (at line ${found.elisions.map((e) => e.line).join(', ')})` : ''}`;
    if (missing && !r.allowElided) {
      const whole = found.tables.map((t, i) => ({ t, n: i + 1 })).filter(({ t }) => !rowsMayBeMissing(t, source, found));
      const others =
        whole.length > 0
          ? `; whole: ${whole.map(({ t, n }) => `table ${n} (${describeTable(t)})`).join('; ')}, take one with --table N`
          : '';
      throw new BadInputError(
        where,
        `${what}, and table ${picked.number} (${describeTable(picked.table)}) may be missing rows there; extract what is there with --allow-elided (recorded in the sidecar)${others}`,
      );
    }
    notes.push(
      missing
        ? `warning: ${what}: table ${picked.number} may be missing rows there; extracted what is there (--allow-elided)`
        : `note: ${what}; table ${picked.number} lies wholly outside the elided part, so none of its rows were elided`,
    );
  }
  if (picked.by === 'most-rows')
    notes.push(
      `note: ${found.tables.length} tables in the text; took table ${picked.number} (${describeTable(picked.table)}), the one with the most rows; others: ${found.tables
        .map((t, i) => (i + 1 === picked.number ? null : `${i + 1} (${describeTable(t)})`))
        .filter((x) => x !== null)
        .join('; ')}; choose with --table N`,
    );

  // Derived columns (--derive) are appended after the printed ones and recorded in the sidecar.
  const { table: written, derived } = await withDerived(r, `${where}: ${sourceName}`, picked.table);
  const csv = tableCsv(written);
  const csvSha256 = sha256(csv);
  const provenance = provenanceOf({
    at: new Date().toISOString(),
    who,
    caseId: loaded.file.id,
    location,
    source,
    blockSha256: sha256(source.text),
    found,
    picked,
    csvFile: basename(out),
    csvSha256,
    derived,
  });
  const provenanceText = `${JSON.stringify(provenance, null, 2)}\n`;
  const sidecar = `${out}.provenance.json`;

  if (insideCase) {
    // Inside the case: folders made one by one inside it, and the targets' real paths must stay inside it.
    const rel = relative(dir, out);
    await mkdirInside(dir, dirname(rel), where);
    const realCsv = resolveInside(dir, rel, where);
    const realSidecar = resolveInside(dir, `${rel}.provenance.json`, where);
    // The sidecar first: a crash between the two writes leaves a record without its CSV, never a CSV without one.
    await writeFileAtomic(realSidecar, provenanceText);
    await writeFileAtomic(realCsv, csv);
    const relPath = rel.split('\\').join('/');
    const torn = await appendAudit(dir, {
      at: provenance.extractedAt,
      who,
      action: 'import',
      caseId: loaded.file.id,
      hashes: {
        [`${location.logbookPath}#${location.cell.id}/block-${source.number}`]: provenance.source.blockSha256,
        [relPath]: csvSha256,
        [`${relPath}.provenance.json`]: sha256(provenanceText),
      },
      details: {
        command: 'extract',
        logbook: location.logbook.id,
        page: location.page.slug,
        cell: location.cell.id,
        block: source.number,
        table: picked.number,
        style: picked.table.style,
        columns: picked.table.columns,
        rows: picked.table.rows.length,
        ...(derived.length > 0 ? { derived: derived.map((d) => `${d.name} = ${d.expression}`) } : {}),
        ...(provenance.elision !== null
          ? { elidedChars: provenance.elision.elidedChars, rowsMayBeMissing: provenance.elision.rowsMayBeMissing }
          : {}),
      },
    });
    if (torn) notes.push(torn.message);
  } else {
    await writeFileAtomic(sidecar, provenanceText);
    await writeFileAtomic(out, csv);
  }

  return { picked, found, provenance, notes, insideCase, sourceName, location };
}

/** The printed table with the derived columns appended (the printed table itself when none are asked). */
async function withDerived(
  r: ExtractDerive,
  name: string,
  table: PrintedTable,
): Promise<{ table: Pick<PrintedTable, 'columns' | 'rows'>; derived: readonly DerivedColumnRecord[] }> {
  if (r.derive === undefined || r.derive.length === 0) return { table, derived: [] };
  const [{ loadMpfr }, { deriveTableColumns, DEFAULT_DERIVE_DIGITS }] = await Promise.all([
    import('../../checkers/precise/mpfr'),
    import('./extract-derived'),
  ]);
  const rows = table.rows.map((row) => ({ line: row.line, values: row.cells }));
  const out = deriveTableColumns(await loadMpfr(), name, table.columns, rows, r.derive, r.deriveDigits ?? DEFAULT_DERIVE_DIGITS);
  return {
    table: { columns: out.columns, rows: table.rows.map((row, i) => ({ ...row, cells: [...(out.rows[i]?.values ?? [])] })) },
    derived: out.derived,
  };
}

/** pickPrintedTable, with its NoTableError turned into bad input naming the cell and block. */
function pickTable(where: string, sourceName: string, found: PrintedTables, asked: number | undefined) {
  try {
    return pickPrintedTable(found, asked);
  } catch (err) {
    if (err instanceof NoTableError) {
      const problem = err.message.replace(/^recheck\.[\w-]+: /, '');
      const tables = found.tables.length > 0 ? `; tables: ${found.tables.map((t, i) => `${i + 1} (${describeTable(t)})`).join('; ')}` : '';
      throw new BadInputError(where, `${sourceName}: ${problem}${tables}`);
    }
    throw err;
  }
}

/** One line about a table: style, columns, rows and lines. */
export function describeTable(t: PrintedTable): string {
  return `${t.style}: ${t.columns.join(', ')}; ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}, lines ${t.firstLine}-${t.lastLine}`;
}
