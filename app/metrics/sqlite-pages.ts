/**
 * The pages of a SQLite database, read on demand: the database header (https://www.sqlite.org/fileformat2.html
 * section 1.3) and page N as SQLite itself would see it, from the newest committed copy in the WAL
 * (wal-overlay.ts indexWal) or else from the database file. Pages are read one at a time through a small
 * least-recently-used cache of a fixed number of pages; the database is never held whole.
 *
 * Guarantee: `page(n)` returns the page's bytes exactly, or a SqliteFormatError naming the page; every page
 * number is checked against the database size before it is read.
 */
import type { ByteSource } from './sqlite-source';
import type { WalIndex } from './wal-overlay';

/** A database SQLite could not read the same way: `page` says where (null: the header or the schema). */
export class SqliteFormatError extends Error {
  constructor(
    readonly page: number | null,
    readonly reason: string,
  ) {
    super(page !== null ? `page ${page}: ${reason}` : reason);
    this.name = 'SqliteFormatError';
  }
}

/** The facts of the 100-byte database header that reading needs. */
export interface DatabaseHeader {
  readonly pageSize: number;
  /** Page size minus the reserved bytes at the end of each page. */
  readonly usableSize: number;
  readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';
/** Bytes of page cache: enough for the b-tree path of a scan and its overflow chain's neighbours. */
const CACHE_BYTES = 2 * 1024 * 1024;
/** Bytes of the main file read at once, into one reused window. */
const READ_AHEAD = 256 * 1024;

/**
 * Reads the header from the first 100 bytes. Example: a fresh Python sqlite3 file gives
 * `{ pageSize: 4096, usableSize: 4096, encoding: 'utf-8' }`.
 */
export function readDatabaseHeader(head: Uint8Array): DatabaseHeader {
  if (head.length < 100) throw new SqliteFormatError(null, `the header is ${head.length} bytes, shorter than 100`);
  for (let i = 0; i < SQLITE_MAGIC.length; i++)
    if (head[i] !== SQLITE_MAGIC.charCodeAt(i)) throw new SqliteFormatError(null, 'no "SQLite format 3" header');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    throw new SqliteFormatError(null, `invalid page size ${raw} in the header`);
  const readVersion = head[19] as number;
  if (readVersion !== 1 && readVersion !== 2) throw new SqliteFormatError(null, `unknown read format version ${readVersion}`);
  const usableSize = pageSize - (head[20] as number);
  if (usableSize < 480) throw new SqliteFormatError(null, `usable page size ${usableSize} is under 480 bytes`);
  if (head[21] !== 64 || head[22] !== 32 || head[23] !== 32) throw new SqliteFormatError(null, 'the payload fractions are not 64, 32, 32');
  const enc = view.getUint32(56);
  const encoding = enc === 0 || enc === 1 ? 'utf-8' : enc === 2 ? 'utf-16le' : enc === 3 ? 'utf-16be' : null;
  if (encoding === null) throw new SqliteFormatError(null, `unknown text encoding ${enc}`);
  return { pageSize, usableSize, encoding };
}

/**
 * Page access of one database file and its (optional) WAL. Memory is fixed when it is made: a cache of
 * CACHE_BYTES of page buffers (reused: an evicted page's buffer takes the next page), one scratch page for
 * pages read once (overflow pages), and one READ_AHEAD window of the file, also reused; so a scan allocates
 * nothing per page and leaves no garbage behind it.
 *
 * A page returned by `page` stays valid until `page` is called cacheLimit more times; one returned by
 * `transientPage` until the next `transientPage`.
 */
export class PageStore {
  readonly header: DatabaseHeader;
  /** Database size in pages. */
  readonly pageCount: number;
  /** Highest page number that exists in either file (pages above it cannot be read). */
  readonly readablePages: number;
  private readonly cache = new Map<number, Uint8Array>();
  private readonly cacheLimit: number;
  private readonly scratch: Uint8Array;
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;
  private windowLength = 0;

  /**
   * `main` is the database file (empty when every page is in the WAL), `wal` the WAL and its index.
   * Example: `new PageStore(openFileSource(p, 'p.db', cap)).page(1)`.
   */
  constructor(
    private readonly main: ByteSource,
    private readonly wal?: { readonly source: ByteSource; readonly index: WalIndex },
  ) {
    const committed = wal !== undefined && wal.index.pages > 0 ? wal.index : undefined;
    const head =
      committed?.latest.has(1) === true
        ? (wal as { source: ByteSource }).source.read(committed.latest.get(1) as number, 100)
        : main.read(0, Math.min(100, main.size));
    this.header = readDatabaseHeader(head);
    const pageSize = this.header.pageSize;
    const filePages = Math.floor(main.size / pageSize);
    if (committed !== undefined) {
      if (committed.pageSize !== pageSize)
        throw new SqliteFormatError(null, `the WAL's page size ${committed.pageSize} differs from the database's ${pageSize}`);
      this.pageCount = committed.pages;
    } else {
      const view = new DataView(head.buffer, head.byteOffset, 100);
      const inHeader = view.getUint32(28);
      // The in-header size counts only when the change counter (24) equals the version-valid-for number (92).
      const valid = inHeader > 0 && view.getUint32(24) === view.getUint32(92);
      this.pageCount = valid ? inHeader : filePages;
    }
    let highest = Math.min(filePages, this.pageCount);
    if (committed !== undefined) for (const p of committed.latest.keys()) if (p <= this.pageCount && p > highest) highest = p;
    this.readablePages = highest;
    this.cacheLimit = Math.max(8, Math.floor(CACHE_BYTES / pageSize));
    this.scratch = new Uint8Array(pageSize);
  }

  /** Page `n` (1-based), whole, through the cache. Example: `store.page(1)[100]` is the schema table's page type. */
  page(n: number): Uint8Array {
    const hit = this.cache.get(n);
    if (hit !== undefined) {
      this.cache.delete(n);
      this.cache.set(n, hit);
      return hit;
    }
    let buffer: Uint8Array;
    if (this.cache.size >= this.cacheLimit) {
      const oldest = this.cache.keys().next().value as number;
      buffer = this.cache.get(oldest) as Uint8Array;
      this.cache.delete(oldest);
    } else buffer = new Uint8Array(this.header.pageSize);
    this.load(n, buffer);
    this.cache.set(n, buffer);
    return buffer;
  }

  /** Page `n` without caching it (a page read once, such as an overflow page), valid until the next call. */
  transientPage(n: number): Uint8Array {
    const hit = this.cache.get(n);
    if (hit !== undefined) return hit;
    this.load(n, this.scratch);
    return this.scratch;
  }

  private load(n: number, into: Uint8Array): void {
    if (!Number.isInteger(n) || n < 1 || n > this.pageCount)
      throw new SqliteFormatError(n, `is not a page of the database (it has ${this.pageCount} pages)`);
    const pageSize = this.header.pageSize;
    if (this.wal !== undefined && this.wal.index.pages > 0) {
      const off = this.wal.index.latest.get(n);
      if (off !== undefined) {
        this.wal.source.readInto(off, into, pageSize);
        return;
      }
    }
    const at = (n - 1) * pageSize;
    if (at + pageSize > this.main.size)
      throw new SqliteFormatError(n, `lies beyond the end of the file (${this.main.size} bytes) and is not in its WAL`);
    if (at < this.windowStart || at + pageSize > this.windowStart + this.windowLength) {
      // A scan visits leaves mostly in file order: one large read costs what one small read does.
      if (this.window.length === 0) this.window = new Uint8Array(Math.max(READ_AHEAD, pageSize));
      this.windowStart = at;
      this.windowLength = Math.min(this.window.length, this.main.size - at);
      this.main.readInto(at, this.window, this.windowLength);
    }
    into.set(this.window.subarray(at - this.windowStart, at - this.windowStart + pageSize));
  }
}
