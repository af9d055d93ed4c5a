/**
 * Python's sqlite3 as the oracle of the page reader: it writes databases (in beforeAll) and dumps what it reads
 * back, every value tagged with its storage class so that nothing is lost between the two languages: INTEGER
 * as a decimal string, REAL as the 8 bytes of its double in hex, TEXT as a string, BLOB in hex.
 */
import { spawnSync } from 'node:child_process';
import type { SqliteValue } from '../../../app/metrics/sqlite-record';
import { SqliteReader } from '../../../app/metrics/sqlite-reader';
import { bytesSource, type ByteSource } from '../../../app/metrics/sqlite-source';
import { indexWal } from '../../../app/metrics/wal-overlay';
import { PYTHON } from './sqlite-fixture';

/** A value as Python tags it: ['n'], ['i', '-12'], ['r', '3ff0000000000000'], ['t', 'text'], ['b', '00ff']. */
export type Tagged = readonly [string, string?];

/** One table as Python reads it: PRAGMA table_info's names and `SELECT rowid, * ... ORDER BY rowid`. */
export interface OracleTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Tagged[])[];
}

/** Python's helpers: `tag(v)` and `dump(connection)` (every table but sqlite_*). Prepended to each script. */
export const PY_PRELUDE = String.raw`
import json, sqlite3, struct, sys
def tag(v):
    if v is None: return ["n"]
    if isinstance(v, int): return ["i", str(v)]
    if isinstance(v, float): return ["r", struct.pack(">d", v).hex()]
    if isinstance(v, str): return ["t", v]
    return ["b", bytes(v).hex()]
def untag(t):
    k = t[0]
    if k == "n": return None
    if k == "i": return int(t[1])
    if k == "r": return struct.unpack(">d", bytes.fromhex(t[1]))[0]
    if k == "t": return t[1]
    return bytes.fromhex(t[1])
def dump(c):
    out = []
    for (name,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"):
        cols = [r[1] for r in c.execute('PRAGMA table_info("%s")' % name)]
        sel = ", ".join('"%s"' % x.replace('"', '""') for x in cols)
        rows = [[tag(v) for v in r] for r in c.execute('SELECT rowid, %s FROM "%s" ORDER BY rowid' % (sel, name))]
        out.append({"name": name, "columns": cols, "rows": rows})
    return out
`;

/** Runs a Python script (after the prelude) with `args`, `input` on stdin; returns its stdout parsed as JSON. */
export function python<T>(script: string, args: readonly string[] = [], input = ''): T {
  const r = spawnSync(PYTHON, ['-c', PY_PRELUDE + script, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** The tag of one of our values: numbers are told apart by whether they are integers. */
export function tagOf(v: SqliteValue): Tagged {
  if (v === null) return ['n'];
  if (typeof v === 'bigint') return ['i', v.toString()];
  if (typeof v === 'number') return ['x', String(v)];
  if (typeof v === 'string') return ['t', v];
  return ['b', Buffer.from(v).toString('hex')];
}

/**
 * Python's tag as we expect to see it: INTEGER within 2^53 and REAL are both numbers here (as sql.js gave them),
 * so both become ['x', String(number)] (with -0 kept apart); INTEGER beyond 2^53 stays ['i', ...] (a bigint).
 */
export function expectedTag(t: Tagged): Tagged {
  if (t[0] === 'i') {
    const big = BigInt(t[1] as string);
    return big >= -(2n ** 53n) + 1n && big <= 2n ** 53n - 1n ? ['x', String(Number(big))] : t;
  }
  if (t[0] === 'r') {
    const d = Buffer.from(t[1] as string, 'hex').readDoubleBE(0);
    return ['x', Object.is(d, -0) ? '-0' : String(d)];
  }
  return t;
}

function tagOfOurs(v: SqliteValue): Tagged {
  return typeof v === 'number' && Object.is(v, -0) ? ['x', '-0'] : tagOf(v);
}

/** Everything our reader reads, in the oracle's shape (tables sorted by name, sqlite_* left out). */
export function readAll(main: ByteSource, wal?: ByteSource): OracleTable[] {
  const walIndex = wal !== undefined ? { source: wal, index: indexWal(wal, pageSizeOf(main), main.size) } : undefined;
  const reader = SqliteReader.open(main, walIndex);
  const out: OracleTable[] = [];
  const tables = [...reader.tables().values()].filter((t) => !t.name.toLowerCase().startsWith('sqlite_'));
  tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const t of tables) {
    const columns = t.columns.map((c) => c.name);
    const rows: Tagged[][] = [];
    reader.scan(t, columns, (rowid, values) => rows.push([tagOfOurs(rowid), ...values.map(tagOfOurs)]));
    out.push({ name: t.name, columns, rows });
  }
  return out;
}

/** The oracle's tables with every value turned into the tag we expect. */
export function expectedTables(tables: readonly OracleTable[]): OracleTable[] {
  return tables.map((t) => ({ name: t.name, columns: t.columns, rows: t.rows.map((r) => r.map(expectedTag)) }));
}

function pageSizeOf(main: ByteSource): number | null {
  if (main.size < 100) return null;
  const h = main.read(0, 100);
  const raw = ((h[16] as number) << 8) | (h[17] as number);
  return raw === 1 ? 65536 : raw;
}

export { bytesSource };
