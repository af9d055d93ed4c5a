/**
 * The points table of a replay sweep: table N of every finished point, its rows one after another in point
 * order, as CSV with the exact printed cells (`points-table-N.csv` in the sweep's folder), for `recheck fit` or
 * any check that reads a table. A grid name that is not already a column of the table comes first as a column of
 * its own (the point's value), so every row says which point printed it. Points that failed, or printed no table
 * N (or whose record holds no such table of text: a hand-edited checkpoint), add no rows and are counted; a point whose table N has other columns than the first point's makes that table
 * unwritable, said in one line (the CSV would mix two layouts).
 * Example: points KS=2 and KS=4 each printing `k=.. cost=..` give `KS,k,cost\n2,2,0.70\n4,4,1.38\n`.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic';
import { tableCsv } from '../logbook/extract-table';
import type { PointRecord } from '../runs/record';
import type { PointTable, ReplayPointValue } from './sweep-result';

export interface PointsTable {
  readonly number: number;
  /** The file name in the sweep folder, or null when the table could not be written (see `problem`). */
  readonly file: string | null;
  readonly columns: readonly string[];
  readonly rows: number;
  /** Points that gave rows. */
  readonly points: number;
  /** Finished points without this table (failed, or printed none). */
  readonly without: number;
  readonly problem?: string;
}

/** The CSV text of table `n` over `records` (point order), or the problem that prevents it (see the file comment). */
export function pointsTableCsv(records: readonly PointRecord[], n: number): { csv: string; table: PointsTable } | { problem: string } {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  let columns: readonly string[] | null = null;
  let params: string[] = [];
  const rows: { cells: string[] }[] = [];
  let points = 0;
  let without = 0;
  for (const r of sorted) {
    const t = r.outcome === 'ok' ? tableOf(r.value, n) : null;
    if (t === null) {
      without++;
      continue;
    }
    if (columns === null) {
      columns = t.columns;
      params = Object.keys(r.params).filter((p) => !t.columns.includes(p));
    } else if (columns.join('\u0000') !== t.columns.join('\u0000'))
      return {
        problem: `table ${n}: point ${r.index} printed columns ${t.columns.join(', ')}, point ${sorted.find((x) => x.outcome === 'ok')?.index ?? 0} printed ${columns.join(', ')}: not written`,
      };
    points++;
    for (const row of t.rows) rows.push({ cells: [...params.map((p) => String(r.params[p])), ...row] });
  }
  if (columns === null) return { problem: `table ${n}: no point printed it` };
  const all = [...params, ...columns];
  return {
    csv: tableCsv({ columns: all, rows: rows.map((x) => ({ line: 0, cells: x.cells })) }),
    table: { number: n, file: null, columns: all, rows: rows.length, points, without },
  };
}

/** Table `n` of a point's value when it is one (columns and rows of text, each row as long as the columns), else null. */
function tableOf(value: unknown, n: number): PointTable | null {
  const tables = typeof value === 'object' && value !== null ? (value as { tables?: unknown }).tables : undefined;
  const t: unknown = Array.isArray(tables) ? tables[n - 1] : undefined;
  if (typeof t !== 'object' || t === null) return null;
  const { columns, rows } = t as { columns?: unknown; rows?: unknown };
  const texts = (x: unknown): x is string[] => Array.isArray(x) && x.every((c) => typeof c === 'string');
  if (!texts(columns) || !Array.isArray(rows) || !rows.every((row) => texts(row) && row.length === columns.length)) return null;
  return { columns, rows: rows as string[][] };
}

/** Writes every points table into `dir` (`points-table-N.csv`); a table that cannot be written is listed with its problem. */
export async function writePointsTables(dir: string, records: readonly PointRecord[]): Promise<PointsTable[]> {
  let most = 0;
  for (const r of records) {
    const tables =
      r.outcome === 'ok' && typeof r.value === 'object' && r.value !== null ? (r.value as Partial<ReplayPointValue>).tables : undefined;
    if (Array.isArray(tables)) most = Math.max(most, tables.length);
  }
  const out: PointsTable[] = [];
  for (let n = 1; n <= most; n++) {
    const made = pointsTableCsv(records, n);
    if ('problem' in made) {
      out.push({ number: n, file: null, columns: [], rows: 0, points: 0, without: records.length, problem: made.problem });
      continue;
    }
    const file = `points-table-${n}.csv`;
    await writeFileAtomic(join(dir, file), made.csv);
    out.push({ ...made.table, file });
  }
  return out;
}
