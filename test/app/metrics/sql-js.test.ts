// sql.js is compiled from the .wasm file in node_modules: nothing is fetched, no native module is loaded.
import { describe, it, expect, vi } from 'vitest';
import { createRequire } from 'node:module';
import { SqliteError, rowsOf, sqlEngine, withDatabase } from './sql-js';

describe('sqlEngine', () => {
  it('compiles sql.js from node_modules/sql.js/dist/sql-wasm.wasm without fetching anything', async () => {
    const fetch = vi.fn(() => {
      throw new Error('no network here');
    });
    vi.stubGlobal('fetch', fetch);
    try {
      const sql = await sqlEngine();
      expect(await sqlEngine()).toBe(sql); // compiled once per process
      const empty = new (sql as unknown as { Database: new () => { export(): Uint8Array; close(): void } }).Database();
      const bytes = empty.export();
      empty.close();
      expect(await withDatabase(bytes, (db) => rowsOf(db, "SELECT sqlite_version() >= '3.54'"))).toEqual([[1]]);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')).toMatch(/node_modules\/sql\.js\/dist\/sql-wasm\.wasm$/);
  });

  it('what SQLite raises reaches the caller as SqliteError; what the caller throws passes unchanged', async () => {
    const sql = (await sqlEngine()) as unknown as { Database: new () => { export(): Uint8Array; close(): void } };
    const db = new sql.Database();
    const bytes = db.export();
    db.close();
    await expect(withDatabase(bytes, (h) => rowsOf(h, 'SELECT * FROM nothing'))).rejects.toBeInstanceOf(SqliteError);
    await expect(
      withDatabase(bytes, () => {
        throw new RangeError('mine');
      }),
    ).rejects.toThrow(RangeError);
  });
});
