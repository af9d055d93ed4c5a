/**
 * A new case folder, made whole or not at all: case.json (no claims, logbooks or falsifications yet),
 * paper.md, and the empty sandbox/ and runs/ folders are written into a temporary folder beside the target,
 * which is then renamed into place. An existing folder is never overwritten. The creation is the first entry
 * of the case's audit log.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BadInputError } from '../errors';
import { sha256 } from '../fs/hash';
import { shown } from '../text/display';
import { appendAudit } from './audit';
import { CASE_FORMAT } from './schema';
import type { CaseFile } from './model';

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const VENUE = /^[A-Za-z][A-Za-z0-9-]*:\S+$/;

export interface NewCase {
  /** Title of the case (default: the paper's title). */
  readonly title?: string;
  readonly paperTitle: string;
  /** `openreview:ID`, `arxiv:ID`, ... (default `unknown:<case id>`). */
  readonly venueId?: string;
  readonly authors?: readonly string[];
  /** Our summary of the paper's claim (Markdown with $LaTeX$); the first `# ` line may give the title. */
  readonly paperMarkdown: string;
  readonly who: string;
}

/** The title of a Markdown text: its first `# ` heading, or null. Example: `markdownTitle('# A\\nx')` is 'A'. */
export function markdownTitle(markdown: string): string | null {
  return /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1]?.trim() ?? null;
}

/**
 * Creates the case folder `dir` (its name is the case id). Example:
 * `await createCase('/w/paging', { paperTitle: 'Paging bounds', venueId: 'openreview:xyz', paperMarkdown, who: 'Ada' })`.
 */
export async function createCase(dir: string, c: NewCase): Promise<CaseFile> {
  const id = basename(dir);
  if (!ID.test(id)) throw new BadInputError(shown(dir), `the folder name "${shown(id)}" is the case id: letters, digits, ".", "_" or "-", starting with a letter or digit`);
  if (await stat(dir).then(() => true, () => false)) throw new BadInputError(shown(dir), 'already exists: a new case needs a new folder (nothing was changed)');
  const venueId = c.venueId ?? `unknown:${id}`;
  if (!VENUE.test(venueId)) throw new BadInputError(shown(dir), `venue id "${shown(venueId)}" must look like openreview:ID or arxiv:ID`);
  const paperTitle = c.paperTitle.trim();
  if (paperTitle === '') throw new BadInputError(shown(dir), 'the paper needs a title (--title, or a "# " heading in paper.md)');
  const file: CaseFile = {
    format: CASE_FORMAT,
    id,
    title: (c.title ?? paperTitle).trim() || paperTitle,
    paper: { title: paperTitle, venueId, ...(c.authors !== undefined && c.authors.length > 0 ? { authors: [...c.authors] } : {}), claims: [] },
    logbooks: [],
    falsifications: [],
  };
  const tmp = join(dirname(dir), `.${id}.${randomBytes(4).toString('hex')}.creating`);
  const caseText = `${JSON.stringify(file, null, 2)}\n`;
  try {
    await mkdir(join(tmp, 'sandbox'), { recursive: true });
    await mkdir(join(tmp, 'runs'));
    await writeFile(join(tmp, 'case.json'), caseText, { flag: 'wx' });
    await writeFile(join(tmp, 'paper.md'), c.paperMarkdown.endsWith('\n') ? c.paperMarkdown : `${c.paperMarkdown}\n`, { flag: 'wx' });
    await rename(tmp, dir);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (err as NodeJS.ErrnoException).code === 'EEXIST') throw new BadInputError(shown(dir), 'already exists: a new case needs a new folder (nothing was changed)');
    throw err;
  }
  await appendAudit(dir, { at: new Date().toISOString(), who: c.who, action: 'edit', caseId: id, hashes: { 'case.json': sha256(caseText), 'paper.md': sha256(c.paperMarkdown.endsWith('\n') ? c.paperMarkdown : `${c.paperMarkdown}\n`) }, details: { edit: 'new-case' } });
  return file;
}
