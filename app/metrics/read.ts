/**
 * Reads any Trackio metrics file into the shared model, telling the format from the file's first bytes
 * rather than its name: a SQLite database (`<project>.db`, with its -wal) or a Parquet export
 * (`metrics.parquet`, with its sidecars). The file is untrusted: a regular file under the size cap, and
 * anything else is BadInputError naming it, in one line.
 */
import { lstat } from 'node:fs/promises';
import { BadInputError } from '../errors';
import { readRegularFile } from '../fs/confine';
import { shown } from '../text/display';
import type { MetricsLog } from './model';
import { hasParquetMagic } from './parquet-columns';
import { MAX_DATABASE_BYTES, databaseSidecars, hasSqliteMagic, readTrackioDatabase } from './trackio-db';
import { MAX_PARQUET_BYTES, parquetSidecars, readTrackioParquet } from './trackio-parquet';

/** Options of readMetricsFile. */
export interface MetricsReadOptions {
  /** Name used in messages (default: the path). */
  readonly shownAs?: string;
  /** Largest accepted file (and sidecar), in bytes (default: 2 GiB). */
  readonly maxBytes?: number;
}

/**
 * Reads a Trackio `<project>.db` or `metrics.parquet` (with whatever lies beside it).
 * Example: `const log = await readMetricsFile('proj.db'); seriesOf(log, findRun(log, 'run-a'), 'loss')`.
 */
export async function readMetricsFile(path: string, o: MetricsReadOptions = {}): Promise<MetricsLog> {
  const file = o.shownAs ?? shown(path);
  const maxBytes = o.maxBytes ?? Math.max(MAX_DATABASE_BYTES, MAX_PARQUET_BYTES);
  const bytes = await readRegularFile(path, { maxBytes, shownAs: file });
  if (hasParquetMagic(bytes)) return readTrackioParquet({ bytes, file }, await parquetSidecars(path, file, maxBytes));
  if (hasSqliteMagic(bytes) || (bytes.length === 0 && (await hasWal(path))))
    return readTrackioDatabase({ bytes, file }, await databaseSidecars(path, file, maxBytes));
  if (bytes.length === 0) throw new BadInputError(file, 'is empty; expected a Trackio <project>.db or metrics.parquet');
  throw new BadInputError(file, 'is neither a SQLite database nor a Parquet file; expected a Trackio <project>.db or metrics.parquet');
}

async function hasWal(path: string): Promise<boolean> {
  try {
    return (await lstat(`${path}-wal`)).size > 0;
  } catch {
    return false;
  }
}
