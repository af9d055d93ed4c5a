/**
 * A reviewer's file brought into a case (a quantities file, a table, a re-implementation): written atomically
 * at a confined path, never over an existing file, never inside a logbook folder (the logbook under review
 * stays as it was published), never at a path where Recheck keeps its own records (`isRecordPath`: a file
 * planted there before the app writes it would be read as the app's record), and logged with its sha256.
 */
import { lstat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { AuditEntry } from '../../common/api/contract';
import type { CheckRegistry } from './check-registry';
import { BadInputError } from '../errors';
import { createFileAtomic } from '../fs/atomic';
import { withCaseWriter } from '../fs/case-queue';
import { isInside, mkdirInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { shown } from '../text/display';
import { appendAudit } from './audit';
import { loadCase } from './load';
import type { Reviewer } from './edit';

/** Largest file brought into a case this way. */
export const MAX_CASE_FILE_BYTES = 256 * 1024 * 1024;

/** Top-level folders whose every file Recheck writes itself: run reports and sweeps, letters, blind reviews. */
const RECORD_FOLDERS = new Set(['runs', 'letters', 'reviews']);
/** Top-level files Recheck writes itself (case.json through validated edits, the append-only audit log). */
const RECORD_FILES = new Set(['case.json', 'audit.jsonl']);

/**
 * True when `path` (relative, `/`-separated) is where Recheck keeps a record: under runs/, letters/ or reviews/,
 * case.json, audit.jsonl and anything beside it named `audit.jsonl.*` (its torn lines), any log's `.torn`
 * file, an extract's `.provenance.json` sidecar, or an atomic write's temporary name (`.<name>.<hex>.tmp`).
 * Letter case is ignored (case-insensitive file systems). Example: `isRecordPath('reviews/r1/answers.jsonl')`
 * is true, `isRecordPath('sandbox/quantities.json')` is false.
 */
export function isRecordPath(path: string): boolean {
  const parts = path.normalize('NFC').toLowerCase().split('/');
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 1 && RECORD_FOLDERS.has(first)) return true;
  if (parts.length === 1 && (RECORD_FOLDERS.has(first) || RECORD_FILES.has(first) || first.startsWith('audit.jsonl.'))) return true;
  return last.endsWith('.torn') || last.endsWith('.provenance.json') || /^\..+\.tmp$/.test(last);
}

/**
 * Writes `bytes` at `rel` in the case and logs it. Example: `await addCaseFile(dir, registry, { who: 'Ada' }, 'sandbox/quantities.json', bytes)`.
 */
export async function addCaseFile(dir: string, registry: CheckRegistry, reviewer: Reviewer, rel: string, bytes: Uint8Array, from?: string): Promise<AuditEntry> {
  // As the case's only writer (app/fs/case-queue.ts): of two files added at one path, one is written, one refused.
  return withCaseWriter(dir, () => addUnlocked(dir, registry, reviewer, rel, bytes, from));
}

async function addUnlocked(dir: string, registry: CheckRegistry, reviewer: Reviewer, rel: string, bytes: Uint8Array, from?: string): Promise<AuditEntry> {
  const path = rel.replace(/\\/g, '/');
  if (isAbsolute(path) || path.split('/').some((p) => p === '' || p === '.' || p === '..')) throw new BadInputError(shown(path), 'must be a relative path inside the case (no "..")');
  if (isRecordPath(path)) throw new BadInputError(shown(path), 'is a record written by Recheck itself (runs/, letters/, reviews/, case.json, audit.jsonl and its .torn file, sidecars): add your file under sandbox/ or tables/');
  if (bytes.length > MAX_CASE_FILE_BYTES) throw new BadInputError(shown(path), `is ${bytes.length} bytes, over the ${MAX_CASE_FILE_BYTES} a case file may have`);
  const loaded = await loadCase(dir, registry);
  for (const lb of loaded.file.logbooks) {
    if (isInside(resolve(dir, path), resolve(dir, lb.path))) throw new BadInputError(shown(path), `is inside logbook folder "${shown(lb.path, 80)}": the logbook under review is never written to; use sandbox/ or tables/`);
  }
  const parts = path.split('/');
  const folder = await mkdirInside(dir, parts.slice(0, -1).join('/') || '.', shown(path));
  const target = resolve(folder, parts[parts.length - 1] as string);
  if (await lstat(target).then(() => true, () => false)) throw new BadInputError(shown(path), 'already exists in the case: nothing was overwritten (choose another name)');
  if (!(await createFileAtomic(target, bytes))) throw new BadInputError(shown(path), 'already exists in the case: nothing was overwritten (choose another name)');
  const entry: AuditEntry = { at: new Date().toISOString(), who: reviewer.who, action: 'edit', caseId: loaded.file.id, hashes: { [path]: sha256(bytes) }, details: { edit: 'add-file', ...(from !== undefined ? { from } : {}) } };
  await appendAudit(dir, entry);
  return entry;
}
