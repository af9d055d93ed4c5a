/**
 * Reads any Trackio metrics file into the shared model, telling the format from the file's first bytes
 * rather than its name: a SQLite database (`<project>.db`, with its -wal) or a Parquet export
 * (`metrics.parquet`, with its sidecars). The file is untrusted: a regular file under the size cap, and
 * anything else is BadInputError naming it, in one line. A database is never held whole (sqlite-reader.ts).
 */
import { lstat } from 'node:fs/promises';
import { BadInputError } from '../errors';
import { readRegularFile } from '../fs/confine';
import { shown } from '../text/display';
import type { MetricsLog } from './model';
import { hasParquetMagic } from './parquet-columns';
import { openFileSource } from './sqlite-source';
import { MAX_DATABASE_BYTES, closeSidecars, databaseSidecars, hasSqliteMagic, readTrackioDatabase } from './trackio-db';
import { MAX_PARQUET_BYTES, parquetSidecars, readTrackioParquet } from './trackio-parquet';

/** Options of readMetricsFile. */
export interface MetricsReadOptions {
  /** Name used in messages (default: the path). */
  readonly shownAs?: string;
  /** Largest accepted file (and sidecar), in bytes (default: 64 GiB for a database, 2 GiB for Parquet). */
  readonly maxBytes?: number;
}

/**
 * Reads a Trackio `<project>.db` or `metrics.parquet` (with whatever lies beside it). A database is read page
 * by page from the open file; a Parquet file is read whole.
 * Example: `const log = await readMetricsFile('proj.db'); seriesOf(log, findRun(log, 'run-a'), 'loss')`.
 */
export async function readMetricsFile(path: string, o: MetricsReadOptions = {}): Promise<MetricsLog> {
  const file = o.shownAs ?? shown(path);
  const source = openFileSource(path, file, o.maxBytes ?? Math.max(MAX_DATABASE_BYTES, MAX_PARQUET_BYTES));
  let isDatabase: boolean;
  let isParquet: boolean;
  try {
    const head = source.read(0, Math.min(100, source.size));
    isParquet = source.size >= 12 && hasParquetMagic(new Uint8Array([...head.subarray(0, 8), ...source.read(source.size - 4, 4)]));
    isDatabase = !isParquet && (hasSqliteMagic(head) || (source.size === 0 && (await hasWal(path))));
    if (isDatabase) {
      const maxBytes = o.maxBytes ?? MAX_DATABASE_BYTES;
      if (source.size > maxBytes) throw new BadInputError(file, `is ${source.size} bytes, over the limit of ${maxBytes}`);
      const sidecars = await databaseSidecars(path, file, maxBytes);
      try {
        return readTrackioDatabase({ source, file }, sidecars);
      } finally {
        closeSidecars(sidecars);
      }
    }
  } finally {
    source.close();
  }
  if (isParquet) {
    const maxBytes = o.maxBytes ?? MAX_PARQUET_BYTES;
    const bytes = await readRegularFile(path, { maxBytes, shownAs: file });
    return readTrackioParquet({ bytes, file }, await parquetSidecars(path, file, maxBytes));
  }
  if (source.size === 0) throw new BadInputError(file, 'is empty; expected a Trackio <project>.db or metrics.parquet');
  throw new BadInputError(file, 'is neither a SQLite database nor a Parquet file; expected a Trackio <project>.db or metrics.parquet');
}

async function hasWal(path: string): Promise<boolean> {
  try {
    return (await lstat(`${path}-wal`)).size > 0;
  } catch {
    return false;
  }
}
