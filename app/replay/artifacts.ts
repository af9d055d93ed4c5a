/**
 * What an overridden replay leaves for other checks: its stdout and stderr, and every table it printed
 * (checkers/tables/printed.ts, the extractor `recheck extract` uses) as CSV with the exact printed strings
 * (`table-1.csv`, ...), in the check's artifact folder, so that a growth fit or a printed-consistency check
 * can read them. Without a folder nothing is written and the tables are returned as CSV text only.
 * Example: a replay printing `k=2 ratio=1.5\nk=4 ratio=2.25` yields table-1.csv `k,ratio\n2,1.5\n4,2.25\n`.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic';
import { tableCsv } from '../logbook/extract-table';
import { findPrintedTables } from '../../checkers/tables/printed';
import type { ReplayTable } from './outcome';

/** Writes stdout, stderr and the printed tables (see the file comment); returns the tables and the files written. */
export async function writeReplayArtifacts(
  artifactDir: (() => Promise<string>) | undefined,
  stdout: string,
  stderr: string,
): Promise<{ tables: ReplayTable[]; files: string[] }> {
  const found = findPrintedTables(stdout).tables;
  const dir = artifactDir !== undefined ? await artifactDir() : null;
  const files: string[] = [];
  const tables: ReplayTable[] = [];
  if (dir !== null) {
    for (const [name, text] of [
      ['stdout.txt', stdout],
      ['stderr.txt', stderr],
    ] as const) {
      await writeFileAtomic(join(dir, name), text);
      files.push(join(dir, name));
    }
  }
  for (const [i, t] of found.entries()) {
    const csv = tableCsv(t);
    const file = `table-${i + 1}.csv`;
    if (dir !== null) {
      await writeFileAtomic(join(dir, file), csv);
      files.push(join(dir, file));
    }
    tables.push({ number: i + 1, file: dir !== null ? file : null, columns: t.columns, rows: t.rows.length, csv });
  }
  return { tables, files };
}
