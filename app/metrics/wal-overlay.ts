/**
 * Reads a SQLite write-ahead log (`<db>-wal`): which pages its committed transactions replaced, and where
 * their newest copies lie in it. The page reader (sqlite-pages.ts) reads those pages from the WAL and the
 * others from the database file, as SQLite does; `applyWal` folds them into a copy of a database image
 * instead (for an in-memory SQLite, such as sql.js, that cannot see the sidecar).
 * Trackio keeps its local databases in WAL mode, so the newest rows of a live or crashed run are often only
 * in the -wal file.
 *
 * Implements the WAL format of https://www.sqlite.org/fileformat2.html#walformat (section 4): a 32-byte
 * header (magic 0x377f0682 or 0x377f0683 choosing little- or big-endian checksum words, version 3007000,
 * page size, checkpoint sequence, two salts, a checksum of the first 24 bytes), then frames of a 24-byte
 * header (page number, database size in pages after commit or 0, the two salts, a cumulative checksum of
 * the frame header's first 8 bytes and the page) followed by the page. A frame is valid while its salts
 * match the header's and its checksum continues the chain; the last valid frame with a nonzero size ends
 * the last committed transaction. Frames after it (a transaction in progress) are left out, as SQLite's
 * recovery leaves them out.
 *
 * Guarantee: the index maps each page to its last committed copy in the WAL; the committed size is the last
 * commit frame's. The WAL is read one frame at a time (never held whole).
 *
 * Budget: a commit frame's "size in pages" is the writer's word; SQLite grows a database by writing every new
 * page, so a committed size N must be covered by the database's own pages plus distinct committed pages in
 * the WAL past them (one page of slack for the lock-byte page SQLite never writes). A frame claiming more (a
 * 4 KB WAL saying 1,048,576 pages, 4 GiB) is a WalError before anything is allocated.
 */
import { bytesSource, type ByteSource } from './sqlite-source';

/** A WAL that cannot be folded in; `reason` says why in a few words. */
export class WalError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WalError';
  }
}

/** The image to open and what was folded into it. */
export interface WalOverlay {
  readonly image: Uint8Array;
  /** Valid frames of committed transactions folded in. */
  readonly committedFrames: number;
  /** Valid frames after the last commit (an unfinished transaction), left out. */
  readonly uncommittedFrames: number;
  /** Database size in pages after the last commit, 0 when nothing was committed. */
  readonly pages: number;
}

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;
const WAL_VERSION = 3007000;
const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** What a WAL holds: its page size and, per page, the offset of the page's last committed copy in it. */
export interface WalIndex {
  readonly pageSize: number;
  /** Page number -> offset of the page's last committed copy (the page bytes, after the frame header). */
  readonly latest: ReadonlyMap<number, number>;
  /** Database size in pages after the last commit, 0 when nothing was committed. */
  readonly pages: number;
  /** Valid frames of committed transactions. */
  readonly committed: number;
  /** Valid frames after the last commit (an unfinished transaction), left out. */
  readonly uncommitted: number;
}

/**
 * Indexes the committed frames of `wal` for a database file of `dbBytes` bytes and page size `dbPageSize`
 * (null when the database file is empty: a new database whose pages are all in the WAL). An empty WAL is an
 * index of nothing. Example: `indexWal(openFileSource('p.db-wal', 'p.db-wal', cap), 4096, 1 << 20).pages`.
 */
export function indexWal(wal: ByteSource, dbPageSize: number | null, dbBytes: number): WalIndex {
  if (wal.size === 0) return { pageSize: dbPageSize ?? 0, latest: new Map(), pages: 0, committed: 0, uncommitted: 0 };
  const header = readWalHeader(wal);
  if (dbPageSize !== null && dbPageSize !== header.pageSize)
    throw new WalError(`its page size ${header.pageSize} differs from the database's ${dbPageSize}`);
  const scan = scanFrames(wal, header);
  if (scan.pages > 0) checkCommittedSize(dbBytes, header.pageSize, scan);
  return scan;
}

/**
 * The database image with the committed frames of `wal` folded in; `db` itself is not modified.
 * Example: `applyWal(readFileSync('p.db'), readFileSync('p.db-wal')).image` opens with sql.js and shows the
 * rows that were only in the WAL. An empty WAL returns `db` unchanged.
 */
export function applyWal(db: Uint8Array, wal: Uint8Array): WalOverlay {
  const index = indexWal(bytesSource(wal), databasePageSize(db), db.length);
  if (index.pages === 0) return { image: db, committedFrames: 0, uncommittedFrames: index.uncommitted, pages: 0 };
  const image = overlay(db, wal, index);
  return { image, committedFrames: index.committed, uncommittedFrames: index.uncommitted, pages: index.pages };
}

interface WalHeader {
  readonly littleEndian: boolean;
  readonly pageSize: number;
  readonly salt1: number;
  readonly salt2: number;
  readonly checksum: readonly [number, number];
}

function readWalHeader(wal: ByteSource): WalHeader {
  if (wal.size < WAL_HEADER) throw new WalError(`it is ${wal.size} bytes, shorter than a WAL header`);
  const view = viewOf(wal.read(0, WAL_HEADER));
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) throw new WalError('it does not start with a WAL header');
  const version = view.getUint32(4);
  if (version !== WAL_VERSION) throw new WalError(`unknown WAL format version ${version}`);
  const pageSize = view.getUint32(8);
  if (!isPageSize(pageSize)) throw new WalError(`invalid page size ${pageSize}`);
  const littleEndian = magic === MAGIC_LE;
  const checksum = checksumOf(view, 0, 24, [0, 0], littleEndian);
  if (checksum[0] !== view.getUint32(24) || checksum[1] !== view.getUint32(28)) throw new WalError('its header checksum does not match');
  return { littleEndian, pageSize, salt1: view.getUint32(16), salt2: view.getUint32(20), checksum };
}

function scanFrames(wal: ByteSource, h: WalHeader): WalIndex {
  const latest = new Map<number, number>();
  let pending: [number, number][] = [];
  let sum = h.checksum;
  let pages = 0;
  let committed = 0;
  const frameBytes = FRAME_HEADER + h.pageSize;
  const frame = new Uint8Array(frameBytes);
  const view = viewOf(frame);
  for (let off = WAL_HEADER; off + frameBytes <= wal.size; off += frameBytes) {
    wal.readInto(off, frame, frameBytes);
    const page = view.getUint32(0);
    if (page === 0 || view.getUint32(8) !== h.salt1 || view.getUint32(12) !== h.salt2) break;
    sum = checksumOf(view, 0, 8, sum, h.littleEndian);
    sum = checksumOf(view, FRAME_HEADER, h.pageSize, sum, h.littleEndian);
    if (sum[0] !== view.getUint32(16) || sum[1] !== view.getUint32(20)) break;
    pending.push([page, off + FRAME_HEADER]);
    const sizeAfterCommit = view.getUint32(4);
    if (sizeAfterCommit === 0) continue;
    for (const [p, o] of pending) latest.set(p, o);
    committed += pending.length;
    pending = [];
    pages = sizeAfterCommit;
  }
  return { pageSize: h.pageSize, latest, pages, committed, uncommitted: pending.length };
}

/**
 * Refuses a committed size the files cannot hold: more pages than the database's whole pages plus the distinct
 * committed WAL pages beyond them (plus one, for the lock-byte page). Example: a 74 KB database and a 4 KB WAL
 * whose one frame says 1,048,576 pages are refused here.
 */
function checkCommittedSize(dbBytes: number, pageSize: number, scan: WalIndex): void {
  const dbPages = Math.floor(dbBytes / pageSize);
  if (scan.pages <= dbPages) return;
  let beyond = 0;
  for (const page of scan.latest.keys()) if (page > dbPages && page <= scan.pages) beyond++;
  const held = dbPages + beyond + 1;
  if (scan.pages > held) {
    throw new WalError(
      `a commit frame claims ${scan.pages} pages, but the database and the WAL hold at most ${held} (${dbPages} in the database, ${beyond} more in the WAL)`,
    );
  }
}

function overlay(db: Uint8Array, wal: Uint8Array, scan: WalIndex): Uint8Array {
  const pageSize = scan.pageSize;
  const image = new Uint8Array(scan.pages * pageSize);
  image.set(db.subarray(0, Math.min(db.length, image.length)));
  for (const [page, off] of scan.latest) {
    if (page <= scan.pages) image.set(wal.subarray(off, off + pageSize), (page - 1) * pageSize);
  }
  // A rollback-journal database of exactly these pages: no -wal lookup, and an in-header size that is valid
  // (it counts only when the change counter at 24 equals the version-valid-for number at 92).
  image[18] = 1;
  image[19] = 1;
  const view = viewOf(image);
  view.setUint32(28, scan.pages);
  view.setUint32(92, view.getUint32(24));
  return image;
}

/** The page size of a database image from its header, or null when the image is empty or has no header. */
export function databasePageSize(db: Uint8Array): number | null {
  if (db.length < 100) return null;
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (db[i] !== SQLITE_MAGIC.charCodeAt(i)) return null;
  const raw = ((db[16] as number) << 8) | (db[17] as number);
  return raw === 1 ? 65536 : raw;
}

function isPageSize(n: number): boolean {
  return n >= 512 && n <= 65536 && (n & (n - 1)) === 0;
}

/** SQLite's WAL checksum: over 32-bit words in pairs, s0 += x0 + s1, s1 += x1 + s0 (mod 2^32). */
function checksumOf(view: DataView, off: number, length: number, seed: readonly [number, number], littleEndian: boolean): [number, number] {
  let s0 = seed[0];
  let s1 = seed[1];
  for (let i = off; i < off + length; i += 8) {
    s0 = (s0 + view.getUint32(i, littleEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, littleEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
