/**
 * Editing a case's paper.md (our summary of the paper and its claims): one atomic write as the case's only
 * writer, logged in audit.jsonl with the sha256 of paper.md before and after. `baseSha256`, when given, is the
 * hash of the text the reviewer started from: a paper.md changed since (another window, the CLI) is refused
 * instead of overwritten. Strict UTF-8 text without NUL, at most MAX_PAPER_BYTES.
 * Example: `await editPaper(dir, { who: 'Ada' }, { markdown: '# Paper\n\nClaim 1: ...\n' })` returns the entry
 * `{ action: 'edit', hashes: { 'paper.md@before': ..., 'paper.md': ... }, details: { edit: 'edit-paper' } }`.
 */
import { join } from 'node:path';
import type { AuditEntry } from '../../common/api/contract';
import { BadInputError } from '../errors';
import { writeFileAtomic } from '../fs/atomic';
import { withCaseWriter } from '../fs/case-queue';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { appendAudit } from './audit';
import type { Reviewer } from './edit';
import { displayPath, loadCase } from './load';
import type { CheckRegistry } from './check-registry';

/** Largest paper.md accepted (the UI reads at most 4 MiB). */
export const MAX_PAPER_BYTES = 4 * 1024 * 1024;

export interface PaperEdit {
  markdown: string;
  /** sha256 of the paper.md the edit started from; a mismatch refuses the edit. */
  baseSha256?: string;
}

/** Writes paper.md and logs the edit; returns the audit entry. Unchanged text is refused (nothing to log). */
export async function editPaper(dir: string, registry: CheckRegistry, reviewer: Reviewer, edit: PaperEdit): Promise<AuditEntry> {
  const shown = displayPath(join(dir, 'paper.md'));
  const bytes = Buffer.byteLength(edit.markdown, 'utf8');
  if (bytes > MAX_PAPER_BYTES) throw new BadInputError(shown, `${bytes} bytes, more than the ${MAX_PAPER_BYTES} a paper.md may hold`);
  if (edit.markdown.includes('\u0000')) throw new BadInputError(shown, 'the text holds a NUL character: paper.md is Markdown text');
  if (edit.markdown.trim() === '') throw new BadInputError(shown, 'paper.md would be empty: a case keeps its summary of the paper');
  return withCaseWriter(dir, async () => {
    const { file } = await loadCase(dir, registry);
    const before = sha256(await readInside(dir, 'paper.md', { maxBytes: MAX_PAPER_BYTES }));
    if (edit.baseSha256 !== undefined && edit.baseSha256 !== before) throw new BadInputError(shown, 'paper.md changed since you opened it (another window or the CLI saved it): reload it and edit again');
    const after = sha256(edit.markdown);
    if (after === before) throw new BadInputError(shown, 'no change to save');
    await writeFileAtomic(join(dir, 'paper.md'), edit.markdown);
    const entry: AuditEntry = {
      at: new Date().toISOString(),
      who: reviewer.who,
      action: 'edit',
      caseId: file.id,
      hashes: { 'paper.md@before': before, 'paper.md': after },
      details: { edit: 'edit-paper', bytes },
    };
    await appendAudit(dir, entry);
    return entry;
  });
}
