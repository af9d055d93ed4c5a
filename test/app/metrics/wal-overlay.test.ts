// The WAL fold against SQLite itself: Python's sqlite3 reads a database and its -wal natively; the folded
// image read by sql.js must hold the same rows. Then the header checks, and random bytes as a WAL.
import { beforeAll, describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { WalError, applyWal } from '../../../app/metrics/wal-overlay';
import { rowsOf, withDatabase } from './sql-js';
import { tempDir } from '../../helpers/temp-case';
import { PYTHON } from './sqlite-fixture';

/** Writes t.db in WAL mode: a checkpointed table, then several transactions (insert, update, delete, a new table) left in t.db-wal. */
const WRITER = String.raw`
import shutil, sqlite3, sys
d = sys.argv[1]
c = sqlite3.connect(d + "/src.db", isolation_level=None)
c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
c.executemany("INSERT INTO t (v) VALUES (?)", [("a%d" % i,) for i in range(50)])
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
for k in range(6):
    c.execute("BEGIN")
    c.executemany("INSERT INTO t (v) VALUES (?)", [("b%d-%d-" % (k, i) + "x" * (i * 7 % 300),) for i in range(120)])
    c.execute("UPDATE t SET v = v || '!' WHERE id % 7 = ?", (k,))
    c.execute("DELETE FROM t WHERE id % 11 = ?", (k,))
    c.execute("COMMIT")
c.execute("CREATE TABLE u (k TEXT, n REAL)")
c.executemany("INSERT INTO u VALUES (?, ?)", [("k%d" % i, i / 3) for i in range(200)])
shutil.copyfile(d + "/src.db", d + "/t.db"); shutil.copyfile(d + "/src.db-wal", d + "/t.db-wal")
c.close()
`;

const READER = String.raw`
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(json.dumps([c.execute("SELECT id, v FROM t ORDER BY id").fetchall(), c.execute("SELECT k, n FROM u ORDER BY rowid").fetchall()]))
`;

function flip(bytes: Uint8Array, at: number, mask: number): void {
  bytes[at] = (bytes[at] as number) ^ mask;
}

function python(script: string, ...args: string[]): string {
  const r = spawnSync(PYTHON, ['-c', script, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

describe('applyWal', () => {
  const dir = tempDir('recheck-wal-');
  let db: Uint8Array;
  let wal: Uint8Array;
  // SQLite itself (Python's sqlite3) writes the database and its WAL before the tests, not while the file is collected.
  beforeAll(() => {
    python(WRITER, dir);
    db = new Uint8Array(readFileSync(join(dir, 't.db')));
    wal = new Uint8Array(readFileSync(join(dir, 't.db-wal')));
  });

  it('gives the rows SQLite itself reads from the database and its WAL', async () => {
    copyFileSync(join(dir, 't.db'), join(dir, 'r.db'));
    copyFileSync(join(dir, 't.db-wal'), join(dir, 'r.db-wal'));
    const native = JSON.parse(python(READER, join(dir, 'r.db'))) as unknown[];
    const folded = applyWal(db, wal);
    expect(folded.committedFrames).toBeGreaterThan(0);
    expect(folded.uncommittedFrames).toBe(0);
    const ours = await withDatabase(folded.image, (h) => [
      rowsOf(h, 'SELECT id, v FROM t ORDER BY id'),
      rowsOf(h, 'SELECT k, n FROM u ORDER BY rowid'),
      rowsOf(h, 'PRAGMA integrity_check'),
    ]);
    expect([ours[0], ours[1]]).toEqual(native);
    expect(ours[2]).toEqual([['ok']]);
    expect(folded.image[18]).toBe(1);
    expect(db[18]).toBe(2); // the input is not modified
  });

  it('an empty WAL changes nothing; a broken header is a WalError saying what is wrong', () => {
    expect(applyWal(db, new Uint8Array(0)).image).toBe(db);
    const broken = (edit: (w: Uint8Array) => void) => {
      const w = wal.slice();
      edit(w);
      try {
        applyWal(db, w);
      } catch (err) {
        expect(err).toBeInstanceOf(WalError);
        return (err as WalError).reason;
      }
      return 'applied';
    };
    expect(broken((w) => w.fill(0))).toBe('it does not start with a WAL header');
    expect(broken((w) => flip(w, 7, 1))).toBe('unknown WAL format version 3007001');
    expect(broken((w) => flip(w, 20, 1))).toBe('its header checksum does not match');
    expect(broken((w) => (w[10] = 0x30))).toBe('invalid page size 12288');
    expect(() => applyWal(db, wal.subarray(0, 20))).toThrow('it is 20 bytes, shorter than a WAL header');
  });

  it('a WAL of another page size does not apply', () => {
    const other = db.slice();
    other[16] = 0x20; // page size 8192 in the database header
    other[17] = 0;
    expect(() => applyWal(other, wal)).toThrow("its page size 4096 differs from the database's 8192");
  });

  it('a frame whose checksum breaks ends the log there: later frames are not applied', () => {
    const w = wal.slice();
    flip(w, 32 + 24 + 100, 0xff); // the first frame's page
    const folded = applyWal(db, w);
    expect(folded.committedFrames).toBe(0);
    expect(folded.image).toBe(db);
  });

  it('random bytes after a valid header, or in place of it, raise nothing but WalError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 9000 }), fc.boolean(), (bytes, keepHeader) => {
        const w = keepHeader ? new Uint8Array([...wal.subarray(0, 32), ...bytes]) : bytes;
        try {
          const r = applyWal(db, w);
          expect(r.committedFrames).toBe(0);
        } catch (err) {
          expect(err).toBeInstanceOf(WalError);
        }
      }),
      { seed: 20261130, numRuns: 200 },
    );
  });
});
