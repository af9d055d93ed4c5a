/**
 * Saved letters of a case: `letters/<letter-id>/v<N>.md`, one file per saved version, and
 * `letters/<letter-id>/letter.json` (format `recheck.letter/1`) holding the letter's kind, falsifications,
 * versions (who, when, hash, whether it was ready to send) and its response history. Every save and every
 * status change is written atomically inside the case folder and logged in audit.jsonl, as the case's only
 * writer (app/fs/case-queue.ts): saves started at once get distinct letter ids and version numbers. A version
 * file is created exclusively and never rewritten: a name already taken (a crash, another process) is skipped
 * for the next number. Documented in docs/letters.md and docs/case-format.md.
 */
import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry, LetterKind, LetterStatusView, LetterSummaryView, LetterVersionView, LetterView } from '../../common/api/contract';
import { appendAudit } from '../cases/audit';
import { BadInputError } from '../errors';
import { createFileAtomic, writeJsonAtomic } from '../fs/atomic';
import { withCaseWriter } from '../fs/case-queue';
import { listInside, mkdirInside, readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { parseJsonBounded } from '../../common/json/bounded';
import { statusProblem } from './status';

export const LETTERS_DIR = 'letters';
export const LETTER_FORMAT = 'recheck.letter/1';
/** Largest letter version (Markdown) saved or read. */
export const MAX_LETTER_BYTES = 1024 * 1024;
const LETTER_ID = /^(authors|logbook)-[1-9][0-9]{0,5}$/;
const KINDS: readonly LetterKind[] = ['authors', 'logbook'];

interface LetterFile extends LetterView {
  format: typeof LETTER_FORMAT;
}

/** Who saves, and whether the saved text may be sent (from the case's decisions at the time of saving). */
export interface SaveContext {
  readonly caseId: string;
  readonly who: string;
  readonly ready: boolean;
  readonly missing: readonly string[];
  /** Now (ISO); the clock by default. */
  readonly at?: string;
}

export interface LetterToSave {
  readonly letterId?: string;
  readonly kind: LetterKind;
  readonly falsificationIds: readonly string[];
  readonly logbook?: string;
  readonly markdown: string;
}

/** The saved letters of a case, oldest first; a letter.json that does not read is left out. */
export async function listLetters(dir: string): Promise<LetterView[]> {
  const { files } = await listInside(dir, LETTERS_DIR).catch(() => ({ files: [] }));
  const ids = files
    .map((f) => f.path.split('/'))
    .filter((p) => p.length === 2 && p[1] === 'letter.json' && LETTER_ID.test(p[0]!))
    .map((p) => p[0]!);
  const out: LetterView[] = [];
  for (const id of ids) {
    try {
      out.push(await readLetterFile(dir, id));
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
    }
  }
  return out.sort((a, b) => (a.history[0]?.at ?? '').localeCompare(b.history[0]?.at ?? '') || a.id.localeCompare(b.id));
}

/** Summaries for the case list and the review queue. */
export function letterSummaries(letters: readonly LetterView[]): LetterSummaryView[] {
  return letters.map((l) => ({
    id: l.id,
    kind: l.kind,
    falsificationIds: [...l.falsificationIds],
    state: l.status.state,
    versions: l.versions.length,
  }));
}

/** One letter's record. Throws BadInputError naming letters/<id>/letter.json when absent or malformed. */
export async function readLetterFile(dir: string, letterId: string): Promise<LetterView> {
  const rel = `${LETTERS_DIR}/${letterId}/letter.json`;
  if (!LETTER_ID.test(letterId)) throw new BadInputError(rel, `"${letterId}" is not a letter id (authors-N or logbook-N)`);
  const text = (await readInside(dir, rel, { maxBytes: MAX_LETTER_BYTES, shownAs: rel })).toString('utf8');
  let v: unknown;
  try {
    v = parseJsonBounded(text);
  } catch (err) {
    throw new BadInputError(rel, `is not JSON (${(err as Error).message})`);
  }
  const problem = letterFileProblem(v, letterId);
  if (problem !== null) throw new BadInputError(rel, problem);
  const { format: _f, ...view } = v as LetterFile;
  return view;
}

/** The Markdown of version `version` of a letter. */
export async function readLetterVersion(dir: string, letterId: string, version: number): Promise<string> {
  const letter = await readLetterFile(dir, letterId);
  if (!letter.versions.some((x) => x.version === version))
    throw new BadInputError(
      `${LETTERS_DIR}/${letterId}/letter.json`,
      `no version ${version} (versions: ${letter.versions.map((x) => x.version).join(', ')})`,
    );
  const rel = `${LETTERS_DIR}/${letterId}/v${version}.md`;
  return (await readInside(dir, rel, { maxBytes: MAX_LETTER_BYTES, shownAs: rel })).toString('utf8');
}

/**
 * Saves `letter` as a new version (a new letter `<kind>-<N>` without letterId) and logs it.
 * Example: the first save of a letter to the authors writes letters/authors-1/v1.md and letter.json (drafted).
 */
export async function saveLetterVersion(dir: string, letter: LetterToSave, ctx: SaveContext): Promise<LetterView> {
  if (letter.markdown.trim() === '') throw new BadInputError(`${LETTERS_DIR}/`, 'the letter is empty: write it before saving');
  if (Buffer.byteLength(letter.markdown) > MAX_LETTER_BYTES)
    throw new BadInputError(`${LETTERS_DIR}/`, `the letter is over ${MAX_LETTER_BYTES} bytes`);
  if (letter.falsificationIds.length === 0)
    throw new BadInputError(`${LETTERS_DIR}/`, 'a letter must be about at least one claimed falsification');
  return withCaseWriter(dir, async () => {
    const at = ctx.at ?? new Date().toISOString();
    let current: LetterView;
    let made: string | null = null;
    if (letter.letterId !== undefined) {
      current = await readLetterFile(dir, letter.letterId);
      if (current.kind !== letter.kind)
        throw new BadInputError(
          `${LETTERS_DIR}/${current.id}/letter.json`,
          `is a letter to ${current.kind === 'authors' ? 'the authors' : "a logbook's author"}: save a letter of the other kind as a new letter`,
        );
    } else {
      const id = await claimLetterId(dir, letter.kind);
      made = id;
      const first: LetterStatusView = { state: 'drafted', at, who: ctx.who };
      current = {
        id,
        kind: letter.kind,
        falsificationIds: [...letter.falsificationIds],
        ...(letter.logbook !== undefined ? { logbook: letter.logbook } : {}),
        versions: [],
        status: first,
        history: [first],
      };
    }
    const folder = await mkdirInside(dir, `${LETTERS_DIR}/${current.id}`, `${LETTERS_DIR}/${current.id}`);
    try {
      const hash = sha256(letter.markdown);
      const version = await createVersionFile(folder, current, letter.markdown);
      const entry: LetterVersionView = { version, at, who: ctx.who, sha256: hash, ready: ctx.ready, missing: [...ctx.missing] };
      const next: LetterView = { ...current, falsificationIds: [...letter.falsificationIds], versions: [...current.versions, entry] };
      await writeLetterFile(folder, next);
      await log(
        dir,
        ctx.caseId,
        ctx.who,
        at,
        next,
        { [`${LETTERS_DIR}/${next.id}/v${version}.md`]: hash },
        { letter: next.id, version, kind: next.kind, falsifications: next.falsificationIds, ready: ctx.ready, missing: [...ctx.missing] },
      );
      return next;
    } catch (err) {
      if (made !== null) await rmdir(folder).catch(() => undefined); // an empty new letter folder is not left behind
      throw err;
    }
  });
}

/**
 * Claims the first free id `<kind>-<N>` by creating its folder exclusively: a name used by anything in letters/
 * (a letter, a folder a crash left without letter.json) is never reused. Runs inside the case's writer.
 */
async function claimLetterId(dir: string, kind: LetterKind): Promise<string> {
  const parent = await mkdirInside(dir, LETTERS_DIR, `${LETTERS_DIR}/`);
  const taken = new Set(await readdir(parent));
  for (let n = 1; n <= 999_999; n++) {
    const id = `${kind}-${n}`;
    if (taken.has(id)) continue;
    try {
      await mkdir(join(parent, id));
      return id;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new BadInputError(
    `${LETTERS_DIR}/`,
    `no free letter id left for a letter to ${kind === 'authors' ? 'the authors' : "a logbook's author"}`,
  );
}

/**
 * Writes the next version file `v<N>.md` (N one past the letter's last version) exclusively; a name already
 * taken is left as it is and the next number tried. Returns the version written.
 */
async function createVersionFile(folder: string, letter: LetterView, markdown: string): Promise<number> {
  const from = (letter.versions.at(-1)?.version ?? 0) + 1;
  for (let version = from; version < from + 1000; version++) {
    if (await createFileAtomic(join(folder, `v${version}.md`), markdown)) return version;
  }
  throw new BadInputError(
    `${LETTERS_DIR}/${letter.id}/`,
    `v${from}.md to v${from + 999}.md all exist but letter.json does not list them: move them aside, then save again`,
  );
}

/**
 * Records a change of the letter's response status, refused with one line when it does not follow
 * (app/letters/status.ts) or, for `sent`, when the letter is not ready to send (`missing` says why).
 */
export async function changeLetterStatus(
  dir: string,
  letterId: string,
  change: Omit<LetterStatusView, 'at' | 'who'>,
  ctx: SaveContext,
): Promise<LetterView> {
  const rel = `${LETTERS_DIR}/${letterId}/letter.json`;
  return withCaseWriter(dir, async () => {
    const current = await readLetterFile(dir, letterId);
    const problem = statusProblem(current.status.state, change);
    if (problem !== null) throw new BadInputError(rel, problem);
    if (change.state === 'sent') {
      const last = current.versions.at(-1);
      if (!ctx.ready) throw new BadInputError(rel, `not ready to send: ${ctx.missing.join('; ')}`);
      if (last === undefined || !last.ready)
        throw new BadInputError(rel, 'its last saved version was drafted before it was ready to send: save it again, then mark it sent');
    }
    const at = ctx.at ?? new Date().toISOString();
    const status: LetterStatusView = { ...change, at, who: ctx.who };
    const next: LetterView = { ...current, status, history: [...current.history, status] };
    const folder = await mkdirInside(dir, `${LETTERS_DIR}/${letterId}`, rel);
    await writeLetterFile(folder, next);
    await log(dir, ctx.caseId, ctx.who, at, next, {}, { letter: letterId, status: change.state, ...change });
    return next;
  });
}

async function writeLetterFile(folder: string, letter: LetterView): Promise<void> {
  const file: LetterFile = { format: LETTER_FORMAT, ...letter };
  await writeJsonAtomic(join(folder, 'letter.json'), file);
}

async function log(
  dir: string,
  caseId: string,
  who: string,
  at: string,
  letter: LetterView,
  hashes: Record<string, string>,
  details: Record<string, unknown>,
): Promise<void> {
  const json = `${JSON.stringify({ format: LETTER_FORMAT, ...letter }, null, 2)}\n`;
  const entry: AuditEntry = {
    at,
    who,
    action: 'edit',
    caseId,
    hashes: { ...hashes, [`${LETTERS_DIR}/${letter.id}/letter.json`]: sha256(json) },
    details,
  };
  await appendAudit(dir, entry);
}

function letterFileProblem(v: unknown, id: string): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'must be a JSON object';
  const o = v as Record<string, unknown>;
  if (o.format !== LETTER_FORMAT) return `format must be "${LETTER_FORMAT}"`;
  if (o.id !== id) return `id must be "${id}", the folder's name`;
  if (!KINDS.includes(o.kind as LetterKind)) return 'kind must be "authors" or "logbook"';
  if (!Array.isArray(o.falsificationIds) || o.falsificationIds.some((x) => typeof x !== 'string'))
    return 'falsificationIds must be a list of ids';
  if (
    !Array.isArray(o.versions) ||
    o.versions.some(
      (x) =>
        typeof x !== 'object' ||
        x === null ||
        !Number.isInteger((x as LetterVersionView).version) ||
        typeof (x as LetterVersionView).sha256 !== 'string',
    )
  )
    return 'versions must be a list of {version, at, who, sha256, ready, missing}';
  if (
    !Array.isArray(o.history) ||
    o.history.length === 0 ||
    o.history.some((x) => typeof x !== 'object' || x === null || typeof (x as LetterStatusView).state !== 'string')
  )
    return 'history must be a non-empty list of status changes';
  if (typeof o.status !== 'object' || o.status === null) return 'status must be the last status change';
  return null;
}
