/**
 * A read-only SQLite reader that reads pages on demand (sqlite-pages.ts) instead of loading the database:
 * the tables listed in the schema table (`sqlite_master`, the table b-tree rooted at page 1, columns type,
 * name, tbl_name, rootpage, sql), their columns from their CREATE TABLE text (sqlite-schema.ts), and full
 * scans of a table in rowid order returning named columns (sqlite-btree.ts, sqlite-record.ts). This is every
 * query the Trackio reader makes; there is no SQL.
 *
 * Guarantee: for a well-formed database (and WAL), a scan returns the rows and values SQLite's own
 * `SELECT rowid, <columns> FROM <table> ORDER BY rowid` returns, INTEGER beyond 2^53 as a bigint. A rowid-alias
 * column (INTEGER PRIMARY KEY) gives the rowid; a column missing from an older, shorter record gives its
 * declared literal default. Anything else is a SqliteFormatError naming the page.
 * Memory: a page cache of about 2 MB, one bit per page during a scan, and one row at a time.
 */
import { scanTable } from './sqlite-btree';
import { PageStore, SqliteFormatError } from './sqlite-pages';
import { decodeRecord, textDecoderFor, type SqliteValue, type TextDecode } from './sqlite-record';
import { SchemaError, tableColumns, type ColumnDef } from './sqlite-schema';
import type { ByteSource } from './sqlite-source';
import type { WalIndex } from './wal-overlay';

/** A table of the schema. */
export interface TableInfo {
  readonly name: string;
  readonly rootPage: number;
  readonly columns: readonly ColumnDef[];
  readonly rowidAlias: number;
  readonly withoutRowid: boolean;
}

/** An open database: its pages, its text encoding and its tables. */
export class SqliteReader {
  private readonly decode: TextDecode;
  private tableList: ReadonlyMap<string, TableInfo> | undefined;

  private constructor(private readonly store: PageStore) {
    this.decode = textDecoderFor(store.header.encoding);
  }

  /**
   * Opens the database in `main` (and `wal`, indexed by wal-overlay.ts indexWal). The sources stay the
   * caller's to close. Example: `SqliteReader.open(bytesSource(readFileSync('p.db'))).tables().has('metrics')`.
   */
  static open(main: ByteSource, wal?: { readonly source: ByteSource; readonly index: WalIndex }): SqliteReader {
    return new SqliteReader(new PageStore(main, wal));
  }

  /** The tables by name, lower-cased (SQLite's names are case-insensitive); read once from page 1. */
  tables(): ReadonlyMap<string, TableInfo> {
    this.tableList ??= this.readSchema();
    return this.tableList;
  }

  /**
   * Calls `each(rowid, values)` for every row of `table` in rowid order, with the values of `columns` (names
   * as declared; a name the table lacks is an error). `each` must not read the database. With `blobViews`,
   * a BLOB is a view valid only until `each` returns (no copy is made).
   * Example: `reader.scan(t, ['step'], (id, [step]) => ...)`.
   */
  scan(
    table: TableInfo,
    columns: readonly string[],
    each: (rowid: number | bigint, values: SqliteValue[]) => void,
    o: { readonly blobViews?: boolean } = {},
  ): void {
    if (table.withoutRowid) throw new SqliteFormatError(null, `table ${table.name} is WITHOUT ROWID, which this reader does not read`);
    if (table.columns.some((c) => c.generated))
      throw new SqliteFormatError(null, `table ${table.name} has generated columns, which this reader does not read`);
    const positions = columns.map((name) => {
      const at = table.columns.findIndex((c) => c.name === name);
      if (at < 0) throw new Error(`table ${table.name} has no column ${name}`);
      return at;
    });
    scanTable(this.store, table.rootPage, (rowid, payload, page) => {
      const raw = decodeRecord(payload, positions, this.decode, page, o.blobViews === true);
      const values = raw.map((v, k): SqliteValue => {
        const at = positions[k] as number;
        if (at === table.rowidAlias && (v === null || v === undefined)) return rowid;
        if (v !== undefined) return v;
        const dflt = (table.columns[at] as ColumnDef).default;
        if (dflt === undefined)
          throw new SqliteFormatError(
            page,
            `a row of ${table.name} lacks column ${(table.columns[at] as ColumnDef).name}, whose default is an expression`,
          );
        return dflt;
      });
      each(rowid, values);
    });
  }

  private readSchema(): ReadonlyMap<string, TableInfo> {
    const tables = new Map<string, TableInfo>();
    scanTable(this.store, 1, (_rowid, payload, page) => {
      const [type, name, rootPage, sql] = decodeRecord(payload, [0, 1, 3, 4], this.decode, page);
      if (type !== 'table') return;
      if (typeof name !== 'string' || typeof rootPage !== 'number' || typeof sql !== 'string')
        throw new SqliteFormatError(page, 'a schema row of a table lacks its name, root page or CREATE TABLE text');
      if (rootPage === 0) return; // a virtual table: no b-tree of its own
      let shape;
      try {
        shape = tableColumns(sql);
      } catch (err) {
        if (!(err instanceof SchemaError)) throw err;
        throw new SqliteFormatError(page, `the CREATE TABLE text of ${name} cannot be read (${err.message})`);
      }
      tables.set(name.toLowerCase(), { name, rootPage, ...shape });
    });
    return tables;
  }
}
