/**
 * The append-only audit log of a case (`audit.jsonl`): every run and decision, who, when, with content
 * hashes. Entries are only ever appended (one durable write per line). A torn last line left by a crash is
 * moved to `audit.jsonl.torn` before the next append (app/fs/atomic.ts), so a later entry is never glued to
 * it; readers skip lines that are not entries and say how many they skipped and how many were set aside.
 *
 * A log of any size is read: it is streamed in 1 MiB chunks, so memory holds one line at a time (a line over
 * `MAX_AUDIT_LINE_BYTES` is skipped and counted without being kept) plus the entries themselves; the newest
 * entries, at the log's tail, are always read. Only a log that is not a regular file (a symlink, a fifo, a
 * folder, a device) is refused, with one line naming it; listing a workspace keeps that to the case's own row
 * (app/cases/case-failure.ts).
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry } from '../../common/api/contract';
import { ConfinementError } from '../fs/confine';
import { appendLineDurable, repairLogTail, TORN_SUFFIX, type TornTail } from '../fs/log';
import { DEFAULT_JSON_LIMITS, parseJsonBounded } from '../../common/json/bounded';
import { shown } from '../text/display';

export const AUDIT_FILE = 'audit.jsonl';

/** Longest line read as an entry (an entry is a few hundred bytes; hashes of many files stay far below this). */
export const MAX_AUDIT_LINE_BYTES = 1024 * 1024;

/** An audit log as read: its entries, and what was left out. */
export interface AuditLog {
  readonly entries: AuditEntry[];
  /** Lines skipped because they are not entries (a torn last line not yet repaired, a corrupt line). */
  readonly skippedLines: number;
  /** Torn lines set aside so far in `audit.jsonl.torn`. */
  readonly tornLines: number;
  /** One line for the UI when something was skipped or set aside, else null. */
  readonly notice: string | null;
}

/**
 * Appends an entry durably. Returns the repair of a torn tail it made first (null almost always), whose
 * `message` the caller may show once.
 * Example: `const torn = await appendAudit(dir, entry); if (torn) log(torn.message);`
 */
export async function appendAudit(caseDir: string, entry: AuditEntry): Promise<TornTail | null> {
  return appendLineDurable(join(caseDir, AUDIT_FILE), JSON.stringify(entry));
}

/** Moves a torn last line of the log aside now (for a writer opening the case); null when there was none. */
export function repairAudit(caseDir: string): Promise<TornTail | null> {
  return repairLogTail(join(caseDir, AUDIT_FILE));
}

function isEntry(v: unknown): v is AuditEntry {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  return typeof e.at === 'string' && typeof e.action === 'string';
}

/**
 * Reads the log (absent: empty), streamed (see the file comment). Lines that do not parse, are nested too deep,
 * are longer than MAX_AUDIT_LINE_BYTES or are not entries are skipped and counted. Throws ConfinementError (a
 * BadInputError) when audit.jsonl is a symlink or not a regular file.
 */
export async function readAuditLog(caseDir: string): Promise<AuditLog> {
  const path = join(caseDir, AUDIT_FILE);
  const entries: AuditEntry[] = [];
  let skippedLines = 0;
  await streamLines(path, (line, complete) => {
    // A last line without its newline is torn even when it parses: the next append moves it aside.
    if (line === null || !complete) {
      skippedLines++;
      return;
    }
    try {
      const v = parseJsonBounded(line, DEFAULT_JSON_LIMITS);
      if (isEntry(v)) entries.push(v);
      else skippedLines++;
    } catch {
      skippedLines++;
    }
  });
  // The torn-line file is counted the same bounded way; one that is not a regular file is said, not fatal.
  let tornLines = 0;
  let tornProblem: string | null = null;
  try {
    await streamLines(`${path}${TORN_SUFFIX}`, (_line, complete) => {
      if (complete) tornLines++;
    });
  } catch (err) {
    if (!(err instanceof ConfinementError)) throw err;
    tornProblem = `${AUDIT_FILE}${TORN_SUFFIX} ${err.problem}`;
  }
  const parts = [
    ...(tornProblem !== null ? [tornProblem] : []),
    ...(skippedLines > 0 ? [`${skippedLines} line${skippedLines === 1 ? '' : 's'} of ${AUDIT_FILE} could not be read and ${skippedLines === 1 ? 'was' : 'were'} skipped`] : []),
    ...(tornLines > 0 ? [`${tornLines} torn line${tornLines === 1 ? '' : 's'} left by a crash ${tornLines === 1 ? 'was' : 'were'} set aside in ${AUDIT_FILE}${TORN_SUFFIX}`] : []),
  ];
  return { entries, skippedLines, tornLines, notice: parts.length > 0 ? `audit log: ${parts.join('; ')}` : null };
}

/** The entries of the log (see readAuditLog for what was skipped). */
export async function readAudit(caseDir: string): Promise<AuditEntry[]> {
  return (await readAuditLog(caseDir)).entries;
}

const NEWLINE = 0x0a;
const READ_CHUNK = 1024 * 1024;
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Opens `path` for reading, never through a symlink, regular files only; null when absent. */
async function openLog(path: string): Promise<FileHandle | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new ConfinementError(shown(path), 'is a symlink: refusing to read through it');
    if (code === 'EISDIR') throw new ConfinementError(shown(path), 'is a folder, not a regular file: refusing to read it');
    throw err;
  }
  try {
    const st = await handle.stat();
    if (st.isFIFO()) throw new ConfinementError(shown(path), 'is a fifo, not a regular file: refusing to read it');
    if (st.isDirectory()) throw new ConfinementError(shown(path), 'is a folder, not a regular file: refusing to read it');
    if (!st.isFile()) throw new ConfinementError(shown(path), 'is not a regular file: refusing to read it');
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/**
 * Calls `visit` for each non-blank line of `path` in order (`complete` false for a last line without its
 * newline); a line longer than MAX_AUDIT_LINE_BYTES is visited as `null` and never held whole in memory.
 * Memory: one read chunk plus at most MAX_AUDIT_LINE_BYTES of a pending line, whatever the file's size.
 */
async function streamLines(path: string, visit: (line: string | null, complete: boolean) => void): Promise<void> {
  const handle = await openLog(path);
  if (handle === null) return;
  try {
    const buf = Buffer.alloc(READ_CHUNK);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let overlong = false;
    const emit = (complete: boolean): void => {
      if (overlong) visit(null, complete);
      else if (pendingBytes > 0) {
        const line = Buffer.concat(pending, pendingBytes).toString('utf8');
        if (line.trim() !== '') visit(line, complete);
      }
      pending = [];
      pendingBytes = 0;
      overlong = false;
    };
    const take = (part: Buffer): void => {
      if (overlong || part.length === 0) return;
      if (pendingBytes + part.length > MAX_AUDIT_LINE_BYTES) {
        overlong = true;
        pending = [];
        pendingBytes = 0;
        return;
      }
      pending.push(Buffer.from(part)); // a copy: `buf` is reused by the next read
      pendingBytes += part.length;
    };
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let from = 0;
      for (let nl = buf.indexOf(NEWLINE, from); nl >= 0 && nl < bytesRead; nl = buf.indexOf(NEWLINE, from)) {
        take(buf.subarray(from, nl));
        emit(true);
        from = nl + 1;
      }
      take(buf.subarray(from, bytesRead));
    }
    if (overlong || pendingBytes > 0) emit(false);
  } finally {
    await handle.close();
  }
}
