/**
 * A full scan of one table b-tree in rowid order (https://www.sqlite.org/fileformat2.html section 1.6):
 * interior pages (type 0x05: a 12-byte header whose last 4 bytes are the right-most child, cells of a 4-byte
 * left child and a varint key) and leaf pages (type 0x0D: an 8-byte header, cells of a varint payload size,
 * a varint rowid, the payload's local part and, when it spills, a 4-byte first overflow page). Page 1 starts
 * after the 100-byte database header. A payload of P bytes on a page of usable size U spills when
 * P > U - 35: the local part is K = M + (P - M) mod (U - 4) if K <= U - 35, else M, with
 * M = floor((U - 12) * 32 / 255) - 23; each overflow page holds a 4-byte next-page number and U - 4 bytes.
 *
 * Hostile files: every cell count, cell offset, varint and page number is checked against its page; a page
 * reached twice in one scan (a loop in the tree or an overflow chain, or two owners of a page) is refused;
 * rowids must increase. The walk uses an explicit stack, so a deep or looping tree cannot overflow the call
 * stack, and it ends after at most every page of the database once.
 */
import { ByteCursor } from './sqlite-record';
import { SqliteFormatError, type PageStore } from './sqlite-pages';

/** The largest record SQLite can store (SQLITE_MAX_LENGTH's upper bound). */
const MAX_RECORD_BYTES = 2147483647;

/**
 * Calls `each(rowid, payload, page)` for every row of the table b-tree rooted at `root`, in rowid order. The
 * payload is a view into a page or a reused buffer: use it before `each` returns, and read no other page of
 * the store from inside `each`.
 * Example: `scanTable(store, 1, (rowid, payload) => rows.push(decodeRecord(payload, [1], decode, 1)))`.
 */
export function scanTable(store: PageStore, root: number, each: (rowid: number | bigint, payload: Uint8Array, page: number) => void): void {
  const seen = new PageSet(store);
  const spill = new SpillBuffer();
  const stack: number[] = [root];
  let last: number | bigint | null = null;
  while (stack.length > 0) {
    const n = stack.pop() as number;
    seen.claim(n, null);
    const page = store.page(n);
    const at = n === 1 ? 100 : 0;
    const type = page[at] as number;
    if (type === 0x05) pushChildren(store, page, n, at, stack);
    else if (type === 0x0d) {
      forEachLeafCell(store, seen, spill, page, n, at, (rowid, payload) => {
        if (last !== null && rowid <= last) throw new SqliteFormatError(n, `rowid ${String(rowid)} follows rowid ${String(last)}`);
        last = rowid;
        each(rowid, payload, n);
      });
    } else throw new SqliteFormatError(n, `is not a table b-tree page (type 0x${type.toString(16).padStart(2, '0')})`);
  }
}

/** One buffer for the payloads that spill, grown when a larger one comes, so that a scan leaves no garbage. */
class SpillBuffer {
  private bytes = new Uint8Array(0);

  /** A view of `size` bytes, valid until the next take. */
  take(size: number): Uint8Array {
    if (this.bytes.length < size) this.bytes = new Uint8Array(Math.max(size, 2 * this.bytes.length));
    return this.bytes.subarray(0, size);
  }
}

/** The pages reached so far in one scan: one bit per page that exists in the files. */
class PageSet {
  private readonly bits: Uint8Array;
  constructor(private readonly store: PageStore) {
    this.bits = new Uint8Array((store.readablePages >> 3) + 1);
  }

  /** Marks page `n`, refusing a page outside the files or reached before. `from` names the referring page. */
  claim(n: number, from: number | null): void {
    if (!Number.isInteger(n) || n < 1 || n > this.store.pageCount) {
      const where = from ?? n;
      throw new SqliteFormatError(where, `refers to page ${n}, which is not a page of the database (it has ${this.store.pageCount} pages)`);
    }
    if (n > this.store.readablePages) this.store.page(n); // throws: beyond the file and not in the WAL
    const byte = n >> 3;
    const bit = 1 << (n & 7);
    if (((this.bits[byte] as number) & bit) !== 0)
      throw new SqliteFormatError(n, 'is reached twice (a loop or a shared page in the b-tree)');
    this.bits[byte] = (this.bits[byte] as number) | bit;
  }
}

function u16(b: Uint8Array, at: number): number {
  return ((b[at] as number) << 8) | (b[at + 1] as number);
}

function u32(b: Uint8Array, at: number): number {
  return (b[at] as number) * 0x1000000 + (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number));
}

/** Checks a page's cell count and returns the offset just past its cell pointer array. */
function cellArrayEnd(store: PageStore, page: Uint8Array, n: number, at: number, headerBytes: number): number {
  const count = u16(page, at + 3);
  const end = at + headerBytes + 2 * count;
  if (end > store.header.usableSize) throw new SqliteFormatError(n, `its ${count} cells do not fit in the page`);
  return end;
}

/** The offset of cell `i`, checked to lie after the pointer array and `room` bytes before the usable end. */
function cellOffset(store: PageStore, page: Uint8Array, n: number, pointer: number, arrayEnd: number, room: number, i: number): number {
  const off = u16(page, pointer);
  if (off < arrayEnd || off + room > store.header.usableSize)
    throw new SqliteFormatError(n, `cell ${i + 1} is at offset ${off}, outside the page's cell content area`);
  return off;
}

/** Pushes an interior page's children so that they pop in key order: the left children, then the right-most. */
function pushChildren(store: PageStore, page: Uint8Array, n: number, at: number, stack: number[]): void {
  const end = cellArrayEnd(store, page, n, at, 12);
  const count = u16(page, at + 3);
  const children: number[] = [];
  for (let i = 0; i < count; i++) {
    const off = cellOffset(store, page, n, at + 12 + 2 * i, end, 5, i);
    children.push(u32(page, off));
  }
  children.push(u32(page, at + 8));
  for (const child of children) {
    if (child < 1 || child > store.pageCount)
      throw new SqliteFormatError(n, `refers to page ${child}, which is not a page of the database (it has ${store.pageCount} pages)`);
  }
  for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as number);
}

function forEachLeafCell(
  store: PageStore,
  seen: PageSet,
  spill: SpillBuffer,
  page: Uint8Array,
  n: number,
  at: number,
  each: (rowid: number | bigint, payload: Uint8Array) => void,
): void {
  const usable = store.header.usableSize;
  const end = cellArrayEnd(store, page, n, at, 8);
  const count = u16(page, at + 3);
  const maxLocal = usable - 35;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  for (let i = 0; i < count; i++) {
    const off = cellOffset(store, page, n, at + 8 + 2 * i, end, 2, i);
    const cursor = new ByteCursor(page, off, usable, n);
    const size = cursor.size('a payload size', MAX_RECORD_BYTES);
    const rowid = cursor.varint();
    let local = size;
    if (size > maxLocal) {
      const k = minLocal + ((size - minLocal) % (usable - 4));
      local = k <= maxLocal ? k : minLocal;
    }
    const start = cursor.pos;
    const spills = local < size;
    if (start + local + (spills ? 4 : 0) > usable) throw new SqliteFormatError(n, `cell ${i + 1} runs past the end of the page`);
    if (!spills) {
      each(rowid, page.subarray(start, start + size));
      continue;
    }
    each(rowid, withOverflow(store, seen, spill, page, n, start, local, size));
  }
}

/** The whole payload of a cell whose first `local` bytes are on page `n` and the rest in its overflow chain. */
function withOverflow(
  store: PageStore,
  seen: PageSet,
  spill: SpillBuffer,
  page: Uint8Array,
  n: number,
  start: number,
  local: number,
  size: number,
): Uint8Array {
  const perPage = store.header.usableSize - 4;
  const pagesNeeded = Math.ceil((size - local) / perPage);
  if (pagesNeeded > store.pageCount)
    throw new SqliteFormatError(n, `a payload of ${size} bytes needs ${pagesNeeded} overflow pages; the database has ${store.pageCount}`);
  const out = spill.take(size);
  out.set(page.subarray(start, start + local));
  let filled = local;
  let next = u32(page, start + local);
  let from = n;
  while (filled < size) {
    if (next === 0) throw new SqliteFormatError(from, `an overflow chain ends after ${filled} of ${size} bytes`);
    seen.claim(next, from);
    const overflow = store.transientPage(next);
    const take = Math.min(perPage, size - filled);
    out.set(overflow.subarray(4, 4 + take), filled);
    filled += take;
    from = next;
    next = u32(overflow, 0);
  }
  return out;
}
