/**
 * The append-only audit log of a case (`audit.jsonl`): every run and decision, who, when, with content
 * hashes. Entries are only ever appended (one durable write per line). A torn last line left by a crash is
 * moved to `audit.jsonl.torn` before the next append (app/fs/atomic.ts), so a later entry is never glued to
 * it; readers skip lines that are not entries and say how many they skipped and how many were set aside.
 */
import { join } from 'node:path';
import type { AuditEntry } from '../api/contract';
import { appendLineDurable, countTornLines, readLogLines, repairLogTail, TORN_SUFFIX, type TornTail } from '../fs/log';
import { DEFAULT_JSON_LIMITS, parseJsonBounded } from '../json/bounded';

export const AUDIT_FILE = 'audit.jsonl';

/** Largest audit log read whole (a case's log holds a few lines per run; a bigger one is not ours). */
const MAX_AUDIT_BYTES = 64 * 1024 * 1024;

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
 * Reads the log (absent: empty). Lines that do not parse, are nested too deep, or are not entries are
 * skipped and counted. Throws BadInputError when audit.jsonl is a symlink, not a regular file, or over 64 MiB.
 */
export async function readAuditLog(caseDir: string): Promise<AuditLog> {
  const path = join(caseDir, AUDIT_FILE);
  const entries: AuditEntry[] = [];
  let skippedLines = 0;
  await readLogLines(
    path,
    (line, complete) => {
      // A last line without its newline is torn even when it parses: the next append moves it aside.
      if (!complete) {
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
    },
    { maxBytes: MAX_AUDIT_BYTES },
  );
  const tornLines = await countTornLines(path);
  const parts = [
    ...(skippedLines > 0 ? [`${skippedLines} line${skippedLines === 1 ? '' : 's'} of ${AUDIT_FILE} could not be read and ${skippedLines === 1 ? 'was' : 'were'} skipped`] : []),
    ...(tornLines > 0 ? [`${tornLines} torn line${tornLines === 1 ? '' : 's'} left by a crash ${tornLines === 1 ? 'was' : 'were'} set aside in ${AUDIT_FILE}${TORN_SUFFIX}`] : []),
  ];
  return { entries, skippedLines, tornLines, notice: parts.length > 0 ? `audit log: ${parts.join('; ')}` : null };
}

/** The entries of the log (see readAuditLog for what was skipped). */
export async function readAudit(caseDir: string): Promise<AuditEntry[]> {
  return (await readAuditLog(caseDir)).entries;
}
