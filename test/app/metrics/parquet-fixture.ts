/**
 * Parquet files written by an implementation independent of the reader: apache-arrow builds the table and
 * parquet-wasm (Rust's parquet crate) writes it, shaped like Trackio's static export (trackio-formats.md
 * §3.2): structural columns id, run_id, timestamp, run_name, step (INT64), log_id, space_id (arrow's Null
 * type, as pyarrow infers for an all-NULL column), then one column per metric key.
 */
import { createRequire } from 'node:module';
import * as arrow from 'apache-arrow';

type ParquetWasm = typeof import('parquet-wasm/node');

const pw = createRequire(import.meta.url)('parquet-wasm/node') as ParquetWasm;

export type Codec = 'SNAPPY' | 'ZSTD' | 'GZIP' | 'BROTLI' | 'LZ4_RAW' | 'UNCOMPRESSED';

/** A column for the writer: its arrow type and its values (null for a missing value). */
export type ColumnSpec =
  | { readonly type: 'int64'; readonly values: readonly (bigint | null)[] }
  | { readonly type: 'float64'; readonly values: readonly (number | null)[] }
  | { readonly type: 'utf8'; readonly values: readonly (string | null)[] }
  | { readonly type: 'bool'; readonly values: readonly (boolean | null)[] }
  | { readonly type: 'null'; readonly length: number }
  | { readonly type: 'media'; readonly values: readonly ({ _type: string; file_path: string } | null)[] };

function vectorOf(c: ColumnSpec): arrow.Vector {
  switch (c.type) {
    case 'int64':
      return arrow.vectorFromArray([...c.values], new arrow.Int64());
    case 'float64':
      return arrow.vectorFromArray([...c.values], new arrow.Float64());
    case 'utf8':
      return arrow.vectorFromArray([...c.values], new arrow.Utf8());
    case 'bool':
      return arrow.vectorFromArray([...c.values], new arrow.Bool());
    case 'null':
      return arrow.vectorFromArray(new Array<null>(c.length).fill(null), new arrow.Null());
    case 'media':
      return arrow.vectorFromArray(
        [...c.values],
        new arrow.Struct([new arrow.Field('_type', new arrow.Utf8(), true), new arrow.Field('file_path', new arrow.Utf8(), true)]),
      );
  }
}

/** Layout choices of the writer. */
export interface WriteOptions {
  /** Data page format (default 1, as pyarrow writes). */
  readonly pageVersion?: 1 | 2;
  /** Rows per row group (default: the writer's, one group for small tables). */
  readonly rowGroupSize?: number;
}

/**
 * Parquet bytes of the given columns (in the given order), compressed with `codec`.
 * Example: `parquetBytes({ step: { type: 'int64', values: [0n] } }, 'SNAPPY')`.
 */
export function parquetBytes(columns: Record<string, ColumnSpec>, codec: Codec, o: WriteOptions = {}): Uint8Array {
  const table = new arrow.Table(Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, vectorOf(c)])));
  let builder = new pw.WriterPropertiesBuilder()
    .setCompression(pw.Compression[codec])
    .setWriterVersion(o.pageVersion === 2 ? pw.WriterVersion.V2 : pw.WriterVersion.V1);
  if (o.rowGroupSize !== undefined) builder = builder.setMaxRowGroupSize(o.rowGroupSize);
  const props = builder.build();
  return pw.writeParquet(pw.Table.fromIPCStream(arrow.tableToIPC(table, 'stream')), props);
}

/** One metrics row of a Trackio export as a test writes it. */
export interface ExportRow {
  readonly runId: string | null;
  readonly runName: string;
  readonly timestamp: string;
  readonly step: bigint;
}

/** The structural columns of Trackio's metrics.parquet for these rows (run_id left out when `withRunId` is false). */
export function structuralColumns(rows: readonly ExportRow[], withRunId = true): Record<string, ColumnSpec> {
  return {
    id: { type: 'int64', values: rows.map((_, i) => BigInt(i + 1)) },
    ...(withRunId ? { run_id: { type: 'utf8', values: rows.map((r) => r.runId) } as ColumnSpec } : {}),
    timestamp: { type: 'utf8', values: rows.map((r) => r.timestamp) },
    run_name: { type: 'utf8', values: rows.map((r) => r.runName) },
    step: { type: 'int64', values: rows.map((r) => r.step) },
    log_id: { type: 'utf8', values: rows.map((_, i) => i.toString(16).padStart(32, '0')) },
    space_id: { type: 'null', length: rows.length },
  };
}
