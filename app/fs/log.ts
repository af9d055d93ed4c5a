/**
 * Append-only JSON-lines logs with torn-tail repair (see the section comment below). Split from atomic.ts,
 * which keeps the whole-file atomic writes; both refuse to write through a symlink.
 */
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname, basename, resolve } from 'node:path';
import { ConfinementError } from './confine';
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import { syncDir } from './atomic';

/*
 * Append-only JSON-lines logs (a case's `audit.jsonl`, a sweep's `points.jsonl`).
 *
 * Each line is written in append mode with one write call and fsynced before the append resolves, so a line
 * whose append resolved ends with its newline. A crash can still leave a torn last line: a fragment without
 * its newline, or a final line that is not valid JSON. Appending after it would glue the next line to the
 * fragment and lose both; so before every append, and whenever a writer opens a log (`repairLogTail`), a
 * torn last line is moved aside: first appended as a record to `<log>.torn` and fsynced, then the log is
 * truncated back to its last complete line and fsynced. A crash between the two steps leaves the fragment in
 * both places and the next repair records it again: at least once, never lost. The call that moved a
 * fragment returns a TornTail describing it (reported once: afterwards the tail is whole).
 *
 * Appends and repairs of one path are serialised within this process (a repair must never take another
 * append's half-written line for a torn one). Two processes appending to one log at the same instant are not
 * coordinated (Node has no flock): one could move the other's half-written line aside. Recheck never runs two
 * writers of one log on purpose.
 */

/** Suffix of the file beside a log that keeps its torn lines: `audit.jsonl.torn`. */
export const TORN_SUFFIX = '.torn';

/** The file that keeps the torn lines of `log`. Example: `tornFileOf('/c/audit.jsonl')` is `/c/audit.jsonl.torn`. */
export function tornFileOf(log: string): string {
  return `${log}${TORN_SUFFIX}`;
}

/** A torn last line that a repair moved out of a log into its `.torn` file. */
export interface TornTail {
  /** The log, as given. */
  readonly log: string;
  /** Where the fragment went (`<log>.torn`). */
  readonly tornFile: string;
  /** Byte offset where the torn line started: the log's length after the repair. */
  readonly offset: number;
  /** Length of the fragment in bytes (without a newline). */
  readonly bytes: number;
  /** `no-newline`: the last line lacks its newline (cut off mid-write); `not-json`: it ends but does not parse. */
  readonly reason: 'no-newline' | 'not-json';
  /** One line for the CLI and the UI. */
  readonly message: string;
}

/** One line of a `.torn` file: a fragment set aside, where it was and when. */
export interface TornRecord {
  readonly format: 'recheck.torn/1';
  /** ISO time of the repair. */
  readonly at: string;
  /** File name of the log. */
  readonly log: string;
  readonly offset: number;
  readonly reason: TornTail['reason'];
  /** The fragment, when its bytes are valid UTF-8 ... */
  readonly text?: string;
  /** ... else the fragment's bytes in base64. */
  readonly base64?: string;
}

/** The exact bytes of a recorded fragment. */
export function tornFragment(r: TornRecord): Buffer {
  return r.text !== undefined ? Buffer.from(r.text, 'utf8') : Buffer.from(r.base64 ?? '', 'base64');
}

const NEWLINE = 0x0a;
const CHUNK = 64 * 1024;
const NO_FOLLOW = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const APPEND_OR_CREATE = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW;
const APPEND_EXISTING = constants.O_RDWR | constants.O_APPEND | NO_FOLLOW;
const READ_ONLY = constants.O_RDONLY | NO_FOLLOW;

/**
 * Opens a log without following a symlink and refuses anything but a regular file (a fifo, a device, a
 * folder). Returns null when the file is absent and `flags` do not create it.
 */
async function openRegular(path: string, flags: number, verb: string): Promise<FileHandle | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, flags, 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && (flags & constants.O_CREAT) === 0) return null;
    if (code === 'ELOOP') throw new ConfinementError(shown(path), `is a symlink: refusing to ${verb} through it`);
    if (code === 'ENXIO') throw new ConfinementError(shown(path), `is a fifo, not a regular file: refusing to ${verb} it`);
    if (code === 'EISDIR') throw new ConfinementError(shown(path), `is a folder, not a regular file: refusing to ${verb} it`);
    throw err;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new ConfinementError(shown(path), `is not a regular file: refusing to ${verb} it`);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

// Tails of the tasks in flight, by key: appends and repairs of one log (keyed by its absolute path) run one
// after another. Module state by necessity: every writer of a log in this process must see the same queue.
const queues = new Map<string, Promise<unknown>>();

function serialised<T>(path: string, task: () => Promise<T>): Promise<T> {
  return serialisedOn(`log\0${resolve(path)}`, task);
}

/**
 * Runs `task` after every other task queued under the same key in this process (for read-check-append
 * sequences that must not interleave, e.g. answers to one review). Edits of a case and of workspace-level
 * files queue here too, through app/fs/case-queue.ts (keyed by real path, with a cross-process lock on Linux).
 * Example: `serialisedOn('review\0a', f)`.
 */
export function serialisedOn<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buf, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buf.subarray(0, filled);
}

/** Offset of the last newline before `end`, or -1 (scans backwards in chunks). */
async function lastNewlineBefore(handle: FileHandle, end: number): Promise<number> {
  for (let stop = end; stop > 0;) {
    const start = Math.max(0, stop - CHUNK);
    const chunk = await readAt(handle, start, stop - start);
    const i = chunk.lastIndexOf(NEWLINE);
    if (i >= 0) return start + i;
    stop = start;
  }
  return -1;
}

/** The torn last line of a log of `size` bytes: where it starts, where its fragment ends, and why; or null. */
async function tornTailOf(handle: FileHandle, size: number): Promise<{ start: number; end: number; reason: TornTail['reason'] } | null> {
  if (size === 0) return null;
  const [last] = await readAt(handle, size - 1, 1);
  if (last !== NEWLINE) return { start: (await lastNewlineBefore(handle, size)) + 1, end: size, reason: 'no-newline' };
  const start = (await lastNewlineBefore(handle, size - 1)) + 1;
  const text = (await readAt(handle, start, size - 1 - start)).toString('utf8');
  if (text.trim() === '') return null; // a blank line: readers skip it, nothing to set aside
  try {
    JSON.parse(text);
    return null;
  } catch {
    return { start, end: size - 1, reason: 'not-json' };
  }
}

/** Appends one record to `<log>.torn` (never through a symlink) and fsyncs it. */
async function recordTorn(log: string, fragment: Buffer, offset: number, reason: TornTail['reason']): Promise<string> {
  const tornFile = tornFileOf(log);
  const text = fragment.toString('utf8');
  const exact = Buffer.from(text, 'utf8').equals(fragment);
  const record: TornRecord = {
    format: 'recheck.torn/1',
    at: new Date().toISOString(),
    log: basename(log),
    offset,
    reason,
    ...(exact ? { text } : { base64: fragment.toString('base64') }),
  };
  const handle = (await openRegular(tornFile, APPEND_OR_CREATE, 'append to')) as FileHandle;
  try {
    const { size } = await handle.stat();
    // A torn line of the .torn file itself is closed off rather than glued to this record.
    const [last] = size > 0 ? await readAt(handle, size - 1, 1) : [NEWLINE];
    await writeWhole(handle, `${last === NEWLINE ? '' : '\n'}${JSON.stringify(record)}\n`);
    await handle.sync();
    if (size === 0) await syncDir(dirname(tornFile));
  } finally {
    await handle.close();
  }
  return tornFile;
}

/** Moves a torn last line of the open log aside (see the section comment); null when the tail is whole. */
async function repairOpen(handle: FileHandle, path: string): Promise<TornTail | null> {
  const { size } = await handle.stat();
  const torn = await tornTailOf(handle, size);
  if (torn === null) return null;
  const fragment = await readAt(handle, torn.start, torn.end - torn.start);
  const tornFile = await recordTorn(path, fragment, torn.start, torn.reason);
  await handle.truncate(torn.start);
  await handle.sync();
  const why = torn.reason === 'no-newline' ? 'cut off without its newline' : 'not valid JSON';
  return {
    log: path,
    tornFile,
    offset: torn.start,
    bytes: fragment.length,
    reason: torn.reason,
    message: `${shown(path)}: a torn last line (${fragment.length} bytes at byte ${torn.start}, ${why}) was moved to ${shown(basename(tornFile))}`,
  };
}

/** Writes all of `text` (a regular file takes it in one write; a short write is continued, never dropped). */
async function writeWhole(handle: FileHandle, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/**
 * Repairs the tail of an existing log (for a writer opening it): a torn last line is moved to `<log>.torn`
 * and the log truncated to its last complete line. Returns what was moved, or null (whole tail, or no log).
 * Example: after a crash left `{"at":"t2","wh` at the end of audit.jsonl, returns `{ bytes: 14, reason: 'no-newline', ... }`.
 */
export function repairLogTail(path: string): Promise<TornTail | null> {
  return serialised(path, async () => {
    const handle = await openRegular(path, APPEND_EXISTING, 'repair');
    if (handle === null) return null;
    try {
      return await repairOpen(handle, path);
    } finally {
      await handle.close();
    }
  });
}

/**
 * Appends one line (no newline in it) to an append-only log, creating it, after repairing a torn tail; the
 * line and its newline go in one write, fsynced before this resolves. Returns the repair it made, if any.
 * Never writes through a symlink or into anything but a regular file.
 * Example: `await appendLineDurable(join(caseDir, 'audit.jsonl'), JSON.stringify(entry))`.
 */
export async function appendLineDurable(path: string, line: string): Promise<TornTail | null> {
  if (line.includes('\n')) throw new Error(`appendLineDurable: line contains a newline (${path})`);
  await mkdir(dirname(path), { recursive: true });
  return serialised(path, async () => {
    const handle = (await openRegular(path, APPEND_OR_CREATE, 'append to')) as FileHandle;
    try {
      const torn = await repairOpen(handle, path);
      const { size } = await handle.stat();
      await writeWhole(handle, `${line}\n`);
      await handle.sync();
      if (size === 0) await syncDir(dirname(path)); // a new log: make its folder entry durable too
      return torn;
    } finally {
      await handle.close();
    }
  });
}

/** What a read of a log saw besides its lines. */
export interface LogReadStats {
  /** False when the log does not exist. */
  readonly exists: boolean;
  /** A last line without its newline was seen (and passed to `visit` with complete = false). */
  readonly unterminated: boolean;
}

/**
 * Reads a log line by line in chunks (a log of millions of lines is never one string), without following a
 * symlink and refusing anything but a regular file. `visit` gets each non-empty line and whether it ended
 * with a newline. Throws BadInputError when the log is over `maxBytes`.
 * Example: `await readLogLines(file, (line) => lines.push(line))`.
 */
export async function readLogLines(
  path: string,
  visit: (line: string, complete: boolean) => void,
  o: { maxBytes?: number } = {},
): Promise<LogReadStats> {
  const handle = await openRegular(path, READ_ONLY, 'read');
  if (handle === null) return { exists: false, unterminated: false };
  try {
    const { size } = await handle.stat();
    if (o.maxBytes !== undefined && size > o.maxBytes)
      throw new BadInputError(shown(path), `is ${size} bytes, over the limit of ${o.maxBytes}`);
    const buf = Buffer.alloc(CHUNK * 16);
    let pending: Buffer[] = [];
    let position = 0;
    const emit = (parts: Buffer[], complete: boolean): void => {
      const line = (parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)).toString('utf8');
      if (line.trim() !== '') visit(line, complete);
    };
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      if (o.maxBytes !== undefined && position > o.maxBytes)
        throw new BadInputError(shown(path), `is over the limit of ${o.maxBytes} bytes`);
      let from = 0;
      for (let nl = buf.indexOf(NEWLINE, from); nl >= 0 && nl < bytesRead; nl = buf.indexOf(NEWLINE, from)) {
        emit([...pending, buf.subarray(from, nl)], true); // emit decodes at once: a view into buf is safe
        pending = [];
        from = nl + 1;
      }
      if (from < bytesRead) pending.push(Buffer.from(buf.subarray(from, bytesRead)));
    }
    const unterminated = pending.length > 0;
    if (unterminated) emit(pending, false);
    return { exists: true, unterminated };
  } finally {
    await handle.close();
  }
}

/**
 * The records of `<log>.torn` (what repairs set aside), oldest first; lines that are not records are left out.
 * Example: `(await readTornRecords(auditPath)).map(tornFragment)` gives the fragments' bytes.
 */
export async function readTornRecords(log: string): Promise<TornRecord[]> {
  const out: TornRecord[] = [];
  await readLogLines(tornFileOf(log), (line, complete) => {
    if (!complete) return;
    try {
      const r = JSON.parse(line) as Partial<TornRecord> | null;
      if (typeof r !== 'object' || r === null || r.format !== 'recheck.torn/1') return;
      if (typeof r.text !== 'string' && typeof r.base64 !== 'string') return;
      out.push(r as TornRecord);
    } catch {
      /* not a record */
    }
  });
  return out;
}

/** How many torn lines were set aside for `log` (complete lines of `<log>.torn`; 0 when there is none). */
export async function countTornLines(log: string): Promise<number> {
  let n = 0;
  await readLogLines(tornFileOf(log), (_line, complete) => {
    if (complete) n++;
  });
  return n;
}
