// The page reader against SQLite itself: Python's sqlite3 writes databases of every page size (512..65536),
// rollback and WAL mode (a WAL ending in frames of an unfinished transaction, a checkpointed one, a restarted
// one with stale frames after the new ones), UTF-16, deleted rows, payloads that overflow, every storage class
// and integer width, columns added by ALTER TABLE; the reader must return exactly what Python reads. Then a
// fast-check property over random row sets, and hostile files: each must end in one SqliteFormatError naming
// the page, never a hang, a crash or another error.
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { BadInputError, BudgetExceededError } from '../../../app/errors';
import { readMetricsFile } from '../../../app/metrics/read';
import { SqliteFormatError } from '../../../app/metrics/sqlite-pages';
import { readTrackioDatabase } from '../../../app/metrics/trackio-db';
import { bytesSource, fileSha256, openFileSource } from '../../../app/metrics/sqlite-source';
import { sha256 } from '../../../app/fs/hash';
import { indexWal } from '../../../app/metrics/wal-overlay';
import { tempDir } from '../../helpers/temp-case';
import { expectedTables, python, readAll, type OracleTable, type Tagged } from './sqlite-oracle';

const dir = tempDir('recheck-sqlite-reader-');
const PAGE_SIZES = [512, 1024, 4096, 65536] as const;

/** Writes every database of this file into argv[1] and prints what Python reads from a separate copy of each. */
const WRITER =
  String.raw`
import os, random, shutil
d = sys.argv[1]
EDGE_INTS = [0, 1, -1, 127, 128, -128, -129, 32767, 32768, -32768, 8388607, 8388608, -8388609, 2**31 - 1, 2**31,
             -2**31 - 1, 2**47 - 1, 2**47, -2**47 - 1, 2**53 - 1, 2**53, 2**53 + 1, -2**53 - 1, 2**63 - 1, -2**63]
EDGE_REALS = [0.0, -0.0, 1.5, -2.25, 0.1, 1e-300, 5e-324, 1.7976931348623157e308, float("inf"), float("-inf"), 3.0]

def text(rnd, n):
    alphabet = "abcxyz \u00e9\u4e2d\U0001f600\"'"
    return "".join(rnd.choice(alphabet) for _ in range(n))

def fill(c, page, rnd, rows=900):
    c.execute("BEGIN")
    c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, b BLOB, v)")
    c.execute('CREATE TABLE plain ("a b" TEXT, [c] INTEGER, ` +
  '`d`' +
  String.raw` BLOB, e)')
    c.execute("CREATE TABLE pk2 (x TEXT, id INTEGER, PRIMARY KEY (id))")
    c.execute("CREATE TABLE pkdesc (id INTEGER PRIMARY KEY DESC, y)")
    c.execute("CREATE TABLE metrics (id INTEGER PRIMARY KEY AUTOINCREMENT, run_name TEXT NOT NULL, step INTEGER NOT NULL, metrics TEXT NOT NULL)")
    for k in range(rows):
        big = rnd.random() < 0.1
        n = rnd.randrange(page, 3 * page) if big else rnd.randrange(0, 40)
        if k % 300 == 7: n = 100000
        i = EDGE_INTS[k % len(EDGE_INTS)] if k % 3 == 0 else rnd.randrange(-10**6, 10**6)
        r = EDGE_REALS[k % len(EDGE_REALS)] if k % 2 == 0 else rnd.uniform(-1e9, 1e9)
        kinds = [None, i, r, text(rnd, 5), bytes(rnd.randrange(256) for _ in range(7)), ""]
        v = kinds[k % len(kinds)]
        s = None if k % 17 == 0 else text(rnd, n)
        b = None if k % 19 == 0 else bytes(rnd.randrange(256) for _ in range(n if k % 4 == 0 else 3))
        c.execute("INSERT INTO t (i, r, s, b, v) VALUES (?, ?, ?, ?, ?)", (i, r, s, b, v))
        if k % 3 == 0:
            c.execute("INSERT INTO plain VALUES (?, ?, ?, ?)", (text(rnd, 3), k, b"" if k % 2 else None, k * 0.5))
            c.execute("INSERT INTO pk2 (x, id) VALUES (?, ?)", (text(rnd, 2), k * 3 + 1))
            c.execute("INSERT INTO pkdesc (id, y) VALUES (?, ?)", (k * 5 - 1000, text(rnd, 4)))
        c.execute("INSERT INTO metrics (run_name, step, metrics) VALUES (?, ?, ?)", ("run-%d" % (k % 3), k, json.dumps({"loss": rnd.random(), "pad": "p" * (page if k % 50 == 0 else 3)})))
    c.execute("COMMIT")
    c.execute("BEGIN")
    c.execute("DELETE FROM t WHERE id % 7 = 3")
    c.execute("DELETE FROM metrics WHERE step BETWEEN 100 AND 300")
    c.execute("UPDATE t SET s = s || 'tail' WHERE id % 11 = 0")
    c.execute("ALTER TABLE plain ADD COLUMN f DEFAULT 5")
    c.execute("ALTER TABLE plain ADD COLUMN g TEXT DEFAULT 'x y'")
    c.execute("ALTER TABLE plain ADD COLUMN h DEFAULT -2.5")
    c.execute("ALTER TABLE plain ADD COLUMN j BLOB DEFAULT X'00ff'")
    c.execute("INSERT INTO plain VALUES ('late', 1, NULL, NULL, 6, NULL, 7.5, NULL)")
    for k in range(60):
        c.execute("INSERT INTO t (i, r, s, b, v) VALUES (?, ?, ?, ?, ?)", (k, k / 7, text(rnd, 3), None, k))
    c.execute("COMMIT")

def oracle(name):
    # read a copy: Python's own close would checkpoint and remove the -wal of the file we read
    src = os.path.join(d, name)
    tmp = os.path.join(d, "oracle-" + name)
    shutil.copyfile(src, tmp)
    if os.path.exists(src + "-wal"): shutil.copyfile(src + "-wal", tmp + "-wal")
    c = sqlite3.connect(tmp)
    out = dump(c)
    c.close()
    return out

def snapshot(src, name):
    shutil.copyfile(src, os.path.join(d, name))
    if os.path.exists(src + "-wal"): shutil.copyfile(src + "-wal", os.path.join(d, name) + "-wal")

result = {}
for page in [512, 1024, 4096, 65536]:
    name = "p%d.db" % page
    c = sqlite3.connect(os.path.join(d, name), isolation_level=None)
    c.execute("PRAGMA page_size=%d" % page)
    fill(c, page, random.Random(page))
    c.close()
    result[name] = oracle(name)

for enc in ["UTF-16le", "UTF-16be"]:
    name = "%s.db" % enc.lower()
    c = sqlite3.connect(os.path.join(d, name), isolation_level=None)
    c.execute("PRAGMA encoding='%s'" % enc)
    fill(c, 1024, random.Random(5), rows=200)
    c.close()
    result[name] = oracle(name)

# WAL: committed transactions, then an unfinished one whose pages spilled into the WAL
src = os.path.join(d, "src-open.db")
c = sqlite3.connect(src, isolation_level=None)
c.execute("PRAGMA page_size=1024"); c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
fill(c, 1024, random.Random(11), rows=300)
c.execute("PRAGMA cache_size=10")
c.execute("BEGIN")
for k in range(400):
    c.execute("INSERT INTO t (i, s) VALUES (?, ?)", (k, "u" * 900))
snapshot(src, "wal-open.db")
c.execute("ROLLBACK"); c.close()
result["wal-open.db"] = oracle("wal-open.db")

# WAL: checkpointed (the frames are in both files)
src = os.path.join(d, "src-ckpt.db")
c = sqlite3.connect(src, isolation_level=None)
c.execute("PRAGMA page_size=4096"); c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
fill(c, 4096, random.Random(12), rows=300)
c.execute("PRAGMA wal_checkpoint(PASSIVE)")
snapshot(src, "wal-ckpt.db")
c.close()
result["wal-ckpt.db"] = oracle("wal-ckpt.db")

# WAL: restarted after a checkpoint, new frames (new salts) followed by stale ones
src = os.path.join(d, "src-restart.db")
c = sqlite3.connect(src, isolation_level=None)
c.execute("PRAGMA page_size=512"); c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
fill(c, 512, random.Random(13), rows=300)
c.execute("PRAGMA wal_checkpoint(PASSIVE)")
c.execute("INSERT INTO t (i, s) VALUES (424242, 'after the restart')")
c.execute("DELETE FROM t WHERE id < 20")
snapshot(src, "wal-restart.db")
c.close()
result["wal-restart.db"] = oracle("wal-restart.db")

print(json.dumps(result))
`;

let oracle: Record<string, OracleTable[]>;

beforeAll(() => {
  oracle = python<Record<string, OracleTable[]>>(WRITER, [dir]);
}, 120_000);

function readFile(name: string): OracleTable[] {
  const main = openFileSource(join(dir, name), name, 1 << 30);
  let wal;
  try {
    wal = openFileSource(join(dir, `${name}-wal`), `${name}-wal`, 1 << 30);
  } catch {
    wal = undefined;
  }
  try {
    return readAll(main, wal);
  } finally {
    main.close();
    wal?.close();
  }
}

function expectSame(name: string): void {
  const ours = readFile(name);
  const theirs = expectedTables(oracle[name] as OracleTable[]);
  expect(ours.map((t) => [t.name, t.columns])).toEqual(theirs.map((t) => [t.name, t.columns]));
  for (let k = 0; k < theirs.length; k++) {
    const a = ours[k] as OracleTable;
    const b = theirs[k] as OracleTable;
    expect(a.rows.length, `${name} ${b.name}`).toBe(b.rows.length);
    expect(a.rows, `${name} ${b.name}`).toEqual(b.rows);
  }
}

describe('SqliteReader against Python sqlite3', () => {
  it.each(PAGE_SIZES)('page size %i: every table, row and value as SQLite reads them', (page) => {
    const name = `p${page}.db`;
    expect(readFileSync(join(dir, name)).readUInt16BE(16)).toBe(page === 65536 ? 1 : page);
    const t = (oracle[name] as OracleTable[]).find((x) => x.name === 't') as OracleTable;
    // the data really holds what the test is about: overflow, deleted rows, integers beyond 2^53
    expect(t.rows.some((r) => r[4]?.[0] === 't' && (r[4][1] as string).length > page)).toBe(true);
    expect(t.rows.some((r) => r[2]?.[0] === 'i' && BigInt(r[2][1] as string) === 2n ** 63n - 1n)).toBe(true);
    expect(t.rows.length).toBeLessThan(960);
    expectSame(name);
  });

  it.each(['utf-16le.db', 'utf-16be.db'])('%s: text in UTF-16', (name) => {
    expectSame(name);
  });

  it('a WAL ending in frames of an unfinished transaction: those frames are left out', () => {
    const wal = bytesSource(readFileSync(join(dir, 'wal-open.db-wal')));
    const index = indexWal(wal, 1024, statSync(join(dir, 'wal-open.db')).size);
    expect(index.committed).toBeGreaterThan(0);
    expect(index.uncommitted).toBeGreaterThan(0);
    expectSame('wal-open.db');
  });

  it('a checkpointed WAL, and a restarted one with stale frames after the new ones', () => {
    expectSame('wal-ckpt.db');
    const size = statSync(join(dir, 'wal-restart.db-wal')).size;
    const index = indexWal(bytesSource(readFileSync(join(dir, 'wal-restart.db-wal'))), 512, statSync(join(dir, 'wal-restart.db')).size);
    expect(32 + index.committed * (24 + 512)).toBeLessThan(size); // frames of the old salts remain after the new ones
    expectSame('wal-restart.db');
    const t = readFile('wal-restart.db').find((x) => x.name === 't') as OracleTable;
    expect(t.rows.some((r) => r[4]?.[1] === 'after the restart')).toBe(true);
  });
});

/** A random value of each storage class, as Python will be asked to store it. */
const valueArb: fc.Arbitrary<Tagged> = fc.oneof(
  fc.constant(['n'] as Tagged),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v): Tagged => ['i', v.toString()]),
  fc.integer({ min: -300, max: 300 }).map((v): Tagged => ['i', String(v)]),
  fc.double({ noNaN: true }).map((d): Tagged => {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(d);
    return ['r', b.toString('hex')];
  }),
  fc.string({ unit: 'grapheme', maxLength: 300 }).map((s): Tagged => ['t', s]),
  fc.uint8Array({ maxLength: 3000 }).map((b): Tagged => ['b', Buffer.from(b).toString('hex')]),
);

const PROPERTY_WRITER = String.raw`
import os
spec = json.load(sys.stdin)
out = []
for k, case in enumerate(spec):
    path = os.path.join(sys.argv[1], "prop-%d.db" % k)
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("PRAGMA page_size=%d" % case["page"])
    c.execute("CREATE TABLE r (id INTEGER PRIMARY KEY, a, b, c)")
    c.execute("BEGIN")
    for row in case["rows"]:
        c.execute("INSERT INTO r (a, b, c) VALUES (?, ?, ?)", [untag(v) for v in row])
    for rid in case["deletes"]:
        c.execute("DELETE FROM r WHERE id = ?", (rid,))
    c.execute("COMMIT")
    out.append(dump(c))
    c.close()
print(json.dumps(out))
`;

describe('SqliteReader: a property over random row sets', () => {
  it('40 random tables (values of every class, random page size, random deletes) read back as Python reads them', () => {
    const caseArb = fc.record({
      page: fc.constantFrom(512, 1024, 2048, 4096, 8192, 65536),
      rows: fc.array(fc.tuple(valueArb, valueArb, valueArb), { maxLength: 120 }),
      deletes: fc.uniqueArray(fc.integer({ min: 1, max: 120 }), { maxLength: 30 }),
    });
    const cases = fc.sample(caseArb, { numRuns: 40, seed: 20261202 });
    const dumps = python<OracleTable[][]>(PROPERTY_WRITER, [dir], JSON.stringify(cases));
    for (let k = 0; k < cases.length; k++) {
      const ours = readAll(bytesSource(readFileSync(join(dir, `prop-${k}.db`))));
      expect(ours, `case ${k}`).toEqual(expectedTables(dumps[k] as OracleTable[]));
      // and the values are the ones generated, not only the ones Python read back
      const kept = (cases[k] as { rows: Tagged[][] }).rows.filter((_, i) => !(cases[k] as { deletes: number[] }).deletes.includes(i + 1));
      expect((ours[0] as OracleTable).rows.map((r) => r.slice(2))).toEqual(kept.map((r) => r.map(expectedTagged)));
    }
  }, 60_000);
});

function expectedTagged(t: Tagged): Tagged {
  return expectedTables([{ name: '', columns: [], rows: [[t]] }])[0]?.rows[0]?.[0] as Tagged;
}

// ---------------------------------------------------------------------------------------------------------
// Hostile files

/** Reads every table of `bytes`; returns 'ok' or the SqliteFormatError message (anything else fails the test). */
function outcome(bytes: Uint8Array): string {
  try {
    readAll(bytesSource(bytes));
    return 'ok';
  } catch (err) {
    if (err instanceof SqliteFormatError) {
      expect(err.message).not.toMatch(/\n/);
      return err.message;
    }
    throw err;
  }
}

/** Page `n` (1-based) of `bytes` and the offset of its b-tree header. */
function pageAt(bytes: Uint8Array, n: number, pageSize: number): { at: number; hdr: number } {
  return { at: (n - 1) * pageSize, hdr: (n - 1) * pageSize + (n === 1 ? 100 : 0) };
}

/** The root page of table `name` from Python. */
function rootOf(file: string, name: string): number {
  return python<number>(
    `c = sqlite3.connect(sys.argv[1]); print(c.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (sys.argv[2],)).fetchone()[0])`,
    [file, name],
  );
}

describe('SqliteReader: hostile files end in one line naming the page', () => {
  let base: Uint8Array;
  let root: number;
  const P = 512;

  beforeAll(() => {
    const path = join(dir, 'hostile.db');
    copyFileSync(join(dir, 'p512.db'), path);
    base = new Uint8Array(readFileSync(path));
    root = rootOf(path, 't');
  });

  it('the unmodified file reads', () => {
    expect(outcome(base)).toBe('ok');
  });

  it('an interior page whose right-most child is itself: a loop, refused', () => {
    const b = base.slice();
    const { hdr } = pageAt(b, root, P);
    expect(b[hdr]).toBe(0x05);
    new DataView(b.buffer).setUint32(hdr + 8, root);
    expect(outcome(b)).toBe(`page ${root}: is reached twice (a loop or a shared page in the b-tree)`);
  });

  it('a child pointer beyond the database, and page 0', () => {
    const b = base.slice();
    const { hdr } = pageAt(b, root, P);
    new DataView(b.buffer).setUint32(hdr + 8, 0x7fffffff);
    expect(outcome(b)).toMatch(
      new RegExp(`^page ${root}: refers to page 2147483647, which is not a page of the database \\(it has \\d+ pages\\)$`),
    );
    new DataView(b.buffer).setUint32(hdr + 8, 0);
    expect(outcome(b)).toMatch(new RegExp(`^page ${root}: refers to page 0`));
  });

  it('a huge cell count', () => {
    const b = base.slice();
    const { hdr } = pageAt(b, root, P);
    new DataView(b.buffer).setUint16(hdr + 3, 0xffff);
    expect(outcome(b)).toBe(`page ${root}: its 65535 cells do not fit in the page`);
  });

  it('a bad varint (nine 0xff bytes as a payload size) and a cell offset outside the page', () => {
    const b = base.slice();
    const leaf = firstLeaf(b, root, P);
    const { at, hdr } = pageAt(b, leaf, P);
    const cell = at + new DataView(b.buffer).getUint16(hdr + 8);
    b.fill(0xff, cell, cell + 9);
    expect(outcome(b)).toMatch(new RegExp(`^page ${leaf}: a payload size -1 is out of range`));
    const c = base.slice();
    new DataView(c.buffer).setUint16(hdr + 8, 0xfff0);
    expect(outcome(c)).toMatch(new RegExp(`^page ${leaf}: cell 1 is at offset 65520, outside the page's cell content area$`));
  });

  it('an overflow chain that points to itself', () => {
    const b = base.slice();
    const { page, next } = firstOverflow(b, root, P);
    expect(next).not.toBe(page);
    new DataView(b.buffer).setUint32((page - 1) * P, page);
    expect(outcome(b)).toBe(`page ${page}: is reached twice (a loop or a shared page in the b-tree)`);
  });

  it('a truncated file at any length, and random byte flips: a result or one SqliteFormatError, never anything else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: base.length - 1 }), (cut) => {
        outcome(base.subarray(0, cut));
      }),
      { numRuns: 150, seed: 7 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }),
        (flips) => {
          const b = base.slice();
          for (const [at, mask] of flips) b[at] = (b[at] as number) ^ mask;
          outcome(b);
        },
      ),
      { numRuns: 300, seed: 8 },
    );
  }, 60_000);

  it('a page size that is not a power of two', () => {
    const b = base.slice();
    new DataView(b.buffer).setUint16(16, 3000);
    expect(outcome(b)).toBe('invalid page size 3000 in the header');
  });

  it('through readMetricsFile: one line naming the file and the page (exit 2 at the CLI)', async () => {
    const b = base.slice();
    const metricsRoot = rootOf(join(dir, 'hostile.db'), 'metrics');
    const { hdr } = pageAt(b, metricsRoot, P);
    expect(b[hdr]).toBe(0x05);
    new DataView(b.buffer).setUint32(hdr + 8, metricsRoot);
    const path = join(dir, 'loop.db');
    writeFileSync(path, b);
    const err = await readMetricsFile(path, { shownAs: 'loop.db' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(
      `loop.db: is not a readable SQLite database (page ${metricsRoot}: is reached twice (a loop or a shared page in the b-tree))`,
    );
  });
});

/** The first leaf under `root`, following left-most children. */
function firstLeaf(b: Uint8Array, root: number, P: number): number {
  let n = root;
  const v = new DataView(b.buffer);
  for (;;) {
    const { at, hdr } = pageAt(b, n, P);
    if (b[hdr] === 0x0d) return n;
    n = v.getUint32(at + v.getUint16(hdr + 12));
  }
}

/** The first overflow page of a cell under `root` whose payload spills (found by SqliteReader's own rules). */
function firstOverflow(b: Uint8Array, root: number, P: number): { page: number; next: number } {
  const v = new DataView(b.buffer);
  const usable = P - (b[20] as number);
  const maxLocal = usable - 35;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  const leaves: number[] = [];
  const walk = (n: number): void => {
    const { at, hdr } = pageAt(b, n, P);
    if (b[hdr] === 0x0d) {
      leaves.push(n);
      return;
    }
    const count = v.getUint16(hdr + 3);
    for (let i = 0; i < count; i++) walk(v.getUint32(at + v.getUint16(hdr + 12 + 2 * i)));
    walk(v.getUint32(hdr + 8));
  };
  walk(root);
  for (const leaf of leaves) {
    const { at, hdr } = pageAt(b, leaf, P);
    const count = v.getUint16(hdr + 3);
    for (let i = 0; i < count; i++) {
      let off = at + v.getUint16(hdr + 8 + 2 * i);
      let size = 0;
      for (;;) {
        const x = b[off++] as number;
        size = size * 128 + (x & 0x7f);
        if (x < 0x80) break;
      }
      while ((b[off++] as number) >= 0x80);
      if (size <= maxLocal) continue;
      const k = minLocal + ((size - minLocal) % (usable - 4));
      const local = k <= maxLocal ? k : minLocal;
      const page = v.getUint32(off + local);
      return { page, next: v.getUint32((page - 1) * P) };
    }
  }
  throw new Error('no overflowing cell');
}

describe('readTrackioDatabase: the points budget', () => {
  it('refuses more numeric values than the budget in one line naming the file and the row', () => {
    const source = openFileSource(join(dir, 'p512.db'), 'p512.db', 1 << 30);
    try {
      expect(readTrackioDatabase({ source, file: 'p512.db' }).rows).toBeGreaterThan(600);
      let err: unknown = null;
      try {
        readTrackioDatabase({ source, file: 'p512.db' }, {}, 100);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(BudgetExceededError);
      expect((err as Error).message).toMatch(
        /^p512\.db: holds more than 100 numeric metric values \(at metrics row \d+\), over what one read keeps in memory; export fewer runs or keys/,
      );
    } finally {
      source.close();
    }
  });
});

describe('openFileSource and fileSha256', () => {
  it('hash a file in chunks to the same sha256 as its bytes, and refuse a symlink and a folder in one line', () => {
    const path = join(dir, 'p65536.db');
    expect(fileSha256(path, 'p.db', 1 << 30)).toBe(sha256(readFileSync(path)));
    symlinkSync(path, join(dir, 'link.db'));
    expect(() => openFileSource(join(dir, 'link.db'), 'link.db', 1 << 30)).toThrow('link.db: is a symlink (not followed)');
    expect(() => openFileSource(dir, 'd', 1 << 30)).toThrow(/^d: is a folder/);
    expect(() => fileSha256(path, 'p.db', 1000)).toThrow(/^p\.db: is \d+ bytes, over the limit of 1000$/);
  });
});
