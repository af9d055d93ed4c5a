/**
 * Test helper (the app reads databases with its own page reader, app/metrics/sqlite-reader.ts): SQLite
 * compiled to WebAssembly (sql.js), loaded from this installation's node_modules: the `.wasm` bytes
 * are read from disk and handed over explicitly, so nothing is fetched and no native module is built. A
 * database is opened from bytes as an in-memory copy (the file on disk is never written) and only read.
 *
 * The compiled module is created once per process and shared: it holds no configuration, only the code.
 * After a WebAssembly trap (out of memory, an abort) the module's state cannot be trusted, so it is dropped
 * and the next open compiles a fresh one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A value of a result row: sql.js returns INTEGER and REAL as numbers, TEXT as strings, BLOB as bytes. */
export type SqlValue = number | string | Uint8Array | null;

/** The part of a sql.js prepared statement used here. */
export interface SqlStatement {
  step(): boolean;
  get(): SqlValue[];
  free(): boolean;
}

/** The part of a sql.js database used here. */
export interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  close(): void;
}

interface SqlJs {
  Database: new (data: Uint8Array) => SqlDatabase;
}

type InitSqlJs = (config: { wasmBinary: ArrayBuffer }) => Promise<SqlJs>;

let engine: Promise<SqlJs> | undefined;

function loadEngine(): Promise<SqlJs> {
  const require = createRequire(import.meta.url);
  const init = require('sql.js') as InitSqlJs;
  const bytes = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return init({ wasmBinary });
}

/** The process's sql.js module, compiled on first use from node_modules/sql.js/dist/sql-wasm.wasm. */
export function sqlEngine(): Promise<SqlJs> {
  engine ??= loadEngine().catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
}

/** An error SQLite (or the WebAssembly machine running it) raised: about the database, not about our code. */
export class SqliteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqliteError';
  }
}

/** Runs one call into sql.js, turning what it throws into SqliteError (dropping the module after a trap). */
function inSqlite<T>(call: () => T): T {
  try {
    return call();
  } catch (err) {
    if (isWasmTrap(err)) engine = undefined;
    throw new SqliteError(err instanceof Error ? err.message : String(err));
  }
}

/** True for an error raised by the WebAssembly machine itself (a trap or an Emscripten abort). */
export function isWasmTrap(err: unknown): boolean {
  return err instanceof Error && (err.name === 'RuntimeError' || /^Aborted\(/.test(err.message));
}

/**
 * Opens `image` (a whole database file) in memory, runs `use` on it and closes it. What SQLite raises (a
 * malformed file, "file is not a database") reaches the caller as SqliteError; what `use` itself throws
 * passes unchanged. Example: `await withDatabase(bytes, (db) => rowsOf(db, 'SELECT count(*) FROM metrics'))`.
 */
export async function withDatabase<T>(image: Uint8Array, use: (db: SqlDatabase) => T): Promise<T> {
  const sql = await sqlEngine();
  let db: SqlDatabase | undefined;
  try {
    db = inSqlite(() => new sql.Database(image));
    return use(db);
  } finally {
    try {
      db?.close();
    } catch {
      // closing a database after a trap can fail again; the module is dropped already
    }
  }
}

/**
 * Calls `each` with every result row of `sql` (no parameters: the queries here are built from fixed table
 * and column names only, never from file contents). The statement is freed whatever happens.
 * Example: `forEachRow(db, 'SELECT name FROM sqlite_master', (row) => names.push(row[0]))`.
 */
export function forEachRow(db: SqlDatabase, sql: string, each: (row: SqlValue[]) => void): void {
  const st = inSqlite(() => db.prepare(sql));
  try {
    while (inSqlite(() => st.step())) each(inSqlite(() => st.get()));
  } finally {
    try {
      st.free();
    } catch {
      // freeing after a trap can fail again; the module is dropped already
    }
  }
}

/** All result rows of `sql`. Example: `rowsOf(db, 'PRAGMA table_info(metrics)')`. */
export function rowsOf(db: SqlDatabase, sql: string): SqlValue[][] {
  const rows: SqlValue[][] = [];
  forEachRow(db, sql, (row) => rows.push(row));
  return rows;
}
