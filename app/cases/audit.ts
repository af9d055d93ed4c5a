/**
 * The append-only audit log of a case (`audit.jsonl`): every run and decision, who, when, with content
 * hashes. Entries are only ever appended (one durable write per line); a torn last line from a crash is
 * skipped on read and reported, never rewritten.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry } from '../api/contract';
import { appendLineDurable } from '../fs/atomic';

export const AUDIT_FILE = 'audit.jsonl';

export async function appendAudit(caseDir: string, entry: AuditEntry): Promise<void> {
  await appendLineDurable(join(caseDir, AUDIT_FILE), JSON.stringify(entry));
}

export async function readAudit(caseDir: string): Promise<AuditEntry[]> {
  let text: string;
  try {
    text = await readFile(join(caseDir, AUDIT_FILE), 'utf8');
  } catch {
    return [];
  }
  const out: AuditEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line) as AuditEntry);
    } catch {
      // A torn line (crash mid-append) is skipped: the log stays append-only.
    }
  }
  return out;
}
