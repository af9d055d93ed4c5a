/**
 * A Parquet file read whole into its top-level columns with hyparquet (pure JavaScript) and
 * hyparquet-compressors (GZIP, ZSTD, BROTLI, LZ4; SNAPPY is hyparquet's own): every codec pyarrow or
 * parquet-rs writes. Values come as hyparquet decodes them (INT64 as BigInt, structs as objects, UTF-8 as
 * strings) except for one quirk: a column of logical type NULL (arrow's `null` type, as pyarrow writes an
 * all-NULL column such as Trackio's `space_id`) can come back as zeros when written REQUIRED, so it is
 * read as nulls outright.
 *
 * Anything hyparquet cannot parse is ParquetFormatError with its message; the caller names the file.
 * Before any data is read, every column chunk of the footer must name a distinct leaf of the schema:
 * hyparquet starts reading the chunks one by one and would leave the reads already started unobserved
 * (an unhandled rejection, fatal to Node) if a later chunk's path turned out to be unknown.
 *
 * Budget: the file is read whole into JavaScript arrays (about 48 bytes of heap and 58 of rss per cell,
 * measured on 2 M rows of a string, an INT64 and a DOUBLE column), so rows x top-level columns is checked
 * from the footer before any page is decoded and refused above MAX_PARQUET_CELLS (ParquetBudgetError): a 242 KB file of 8 M run-length-encoded constant rows
 * claimed 2.8 GB before this check.
 */
import { parquetMetadata, parquetRead, parquetSchema, type FileMetaData, type SchemaElement, type SchemaTree } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

/** The file is not a Parquet file hyparquet can read; `reason` is hyparquet's message. */
export class ParquetFormatError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ParquetFormatError';
  }
}

/** The file is well formed but larger than this reader reads (MAX_PARQUET_CELLS); `reason` says how large. */
export class ParquetBudgetError extends ParquetFormatError {
  constructor(reason: string) {
    super(reason);
    this.name = 'ParquetBudgetError';
  }
}

/** A Parquet file's top-level columns, read. */
export interface ParquetColumns {
  readonly rows: number;
  /** Column names in schema order. */
  readonly names: readonly string[];
  /** Values of each column, one per row; null where the row has none. */
  readonly values: ReadonlyMap<string, readonly unknown[]>;
  /** Parquet's `created_by` (the writer), when the file says. */
  readonly createdBy: string | null;
  /** Compression codecs used by the column chunks, e.g. ['SNAPPY']. */
  readonly codecs: readonly string[];
}

/** Most rows read from one file: a bound on memory that a malformed row count cannot get around. */
export const MAX_PARQUET_ROWS = 50_000_000;

/**
 * Most cells (rows x top-level columns) read from one file: 16 M, under 1 GB at the measured ~58 bytes of rss
 * per cell; e.g. 800 k rows of 20 columns, or 160 k rows of 100 (a Trackio project of a few hundred runs).
 */
export const MAX_PARQUET_CELLS = 16_000_000;

const PARQUET_MAGIC = 'PAR1';

/** True when `bytes` begins and ends with Parquet's magic `PAR1`. */
export function hasParquetMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  for (let i = 0; i < 4; i++) {
    const c = PARQUET_MAGIC.charCodeAt(i);
    if (bytes[i] !== c || bytes[bytes.length - 4 + i] !== c) return false;
  }
  return true;
}

/**
 * Reads every top-level column of a Parquet file held in memory.
 * Example: `(await readParquetColumns(readFileSync('metrics.parquet'))).values.get('step')` is the steps
 * (BigInts, as stored).
 */
export async function readParquetColumns(bytes: Uint8Array): Promise<ParquetColumns> {
  const file = arrayBufferOf(bytes);
  const metadata = inParquet(() => parquetMetadata(file));
  const rows = rowCount(metadata);
  const top = topLevelColumns(metadata);
  if (rows * top.length > MAX_PARQUET_CELLS) {
    throw new ParquetBudgetError(
      `${rows} rows x ${top.length} columns is ${rows * top.length} cells, over the ${MAX_PARQUET_CELLS} read from one file`,
    );
  }
  inParquet(() => checkChunkPaths(metadata));
  const chunks = new Map<string, { start: number; data: ArrayLike<unknown> }[]>(top.map((c) => [c.name, []]));
  await inParquetAsync(() =>
    parquetRead({
      file,
      metadata,
      compressors,
      onChunk: (chunk) => chunks.get(chunk.columnName)?.push({ start: chunk.rowStart, data: chunk.columnData }),
    }),
  );
  const values = new Map<string, readonly unknown[]>();
  for (const c of top) values.set(c.name, c.isNull ? new Array<null>(rows).fill(null) : joined(chunks.get(c.name) ?? [], rows, c.name));
  return { rows, names: top.map((c) => c.name), values, createdBy: metadata.created_by ?? null, codecs: codecsOf(metadata) };
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function rowCount(metadata: FileMetaData): number {
  const rows = Number(metadata.num_rows);
  if (!Number.isSafeInteger(rows) || rows < 0) throw new ParquetFormatError(`invalid row count ${String(metadata.num_rows)}`);
  if (rows > MAX_PARQUET_ROWS) throw new ParquetFormatError(`${rows} rows, over the limit of ${MAX_PARQUET_ROWS}`);
  return rows;
}

interface TopColumn {
  readonly name: string;
  readonly isNull: boolean;
}

/** The root's direct children (schema[0] is the root; each child is followed by its own descendants). */
function topLevelColumns(metadata: FileMetaData): TopColumn[] {
  const schema = metadata.schema;
  const root = schema[0];
  if (root === undefined) throw new ParquetFormatError('empty schema');
  const out: TopColumn[] = [];
  let i = 1;
  for (let c = 0; c < (root.num_children ?? 0); c++) {
    const el = schema[i];
    if (el === undefined) throw new ParquetFormatError('schema shorter than its root says');
    out.push({ name: el.name, isNull: isNullType(el) });
    i = skipSubtree(schema, i);
  }
  return out;
}

/** Index just past the subtree of schema[i]. */
function skipSubtree(schema: readonly SchemaElement[], i: number): number {
  let pending = 1;
  let j = i;
  while (pending > 0) {
    const el = schema[j];
    if (el === undefined) throw new ParquetFormatError('schema shorter than its groups say');
    pending += (el.num_children ?? 0) - 1;
    j++;
  }
  return j;
}

/** Every column chunk names a leaf of the schema, at most once per row group; top-level names are distinct. */
function checkChunkPaths(metadata: FileMetaData): void {
  const leaves = leafPaths(parquetSchema(metadata));
  for (const group of metadata.row_groups) {
    const seen = new Set<string>();
    for (const chunk of group.columns) {
      const path = chunk.meta_data?.path_in_schema;
      if (!Array.isArray(path)) throw new ParquetFormatError('a column chunk has no metadata');
      const key = path.join('\u0000');
      if (!leaves.has(key)) throw new ParquetFormatError(`column chunk "${path.join('.')}" is not a column of the schema`);
      if (seen.has(key)) throw new ParquetFormatError(`column chunk "${path.join('.')}" appears twice in a row group`);
      seen.add(key);
    }
  }
}

/** Paths of the schema's leaves (joined by NUL), walking the tree without recursion. */
function leafPaths(tree: SchemaTree): Set<string> {
  const names = tree.children.map((c) => c.element.name);
  if (new Set(names).size !== names.length) throw new ParquetFormatError('two top-level columns have the same name');
  const out = new Set<string>();
  const stack = [...tree.children];
  while (stack.length > 0) {
    const node = stack.pop() as SchemaTree;
    if (node.children.length === 0) out.add(node.path.join('\u0000'));
    else stack.push(...node.children);
  }
  return out;
}

function isNullType(el: SchemaElement): boolean {
  return el.logical_type?.type === 'NULL';
}

/** The chunks of one column joined in row order; a gap or an overlap is a malformed file. */
function joined(chunks: { start: number; data: ArrayLike<unknown> }[], rows: number, name: string): unknown[] {
  chunks.sort((a, b) => a.start - b.start);
  const out: unknown[] = [];
  for (const c of chunks) {
    if (c.start !== out.length) throw new ParquetFormatError(`column "${name}" has rows missing or repeated at row ${out.length}`);
    for (let i = 0; i < c.data.length; i++) out.push(c.data[i] ?? null);
  }
  if (out.length !== rows) throw new ParquetFormatError(`column "${name}" has ${out.length} values for ${rows} rows`);
  return out;
}

function codecsOf(metadata: FileMetaData): string[] {
  const codecs = new Set<string>();
  for (const g of metadata.row_groups) for (const c of g.columns) if (c.meta_data?.codec !== undefined) codecs.add(c.meta_data.codec);
  return [...codecs].sort();
}

/** Runs a hyparquet call, turning anything it throws into ParquetFormatError. */
function inParquet<T>(call: () => T): T {
  try {
    return call();
  } catch (err) {
    throw asFormatError(err);
  }
}

async function inParquetAsync(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (err) {
    throw asFormatError(err);
  }
}

function asFormatError(err: unknown): ParquetFormatError {
  if (err instanceof ParquetFormatError) return err;
  return new ParquetFormatError(err instanceof Error ? err.message : String(err));
}
