/**
 * Brings a Trackio logbook (a workspace folder, or a downloaded copy of a published logbook Space) into a case:
 * the logbook is copied into `logbooks/<id>/` of the case (made whole in a temporary folder, then renamed),
 * referenced in case.json, and the import logged in `audit.jsonl` with the hash of every copied file. When the
 * case does not exist yet it is created, its paper id taken from the logbook's metadata.
 *
 * The source folder is untrusted too: only its regular files are copied (symlinks leaving it, fifos and
 * devices are skipped and listed), under size caps, and Trackio's private, unpublished state (raw traces,
 * baselines, the preview server's log) is left behind.
 */
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LogbookCell } from '../../common/api/contract';
import { appendAudit } from '../cases/audit';
import { createCase, markdownTitle } from '../cases/create';
import { addLogbook, editCase } from '../cases/edit';
import { loadCase } from '../cases/load';
import type { CheckRegistry } from '../cases/check-registry';
import { BadInputError } from '../errors';
import { listInside, mkdirInside, readRegularFile, type SkippedEntry } from '../fs/confine';
import { hashTree, sha256 } from '../fs/hash';
import { recordLink } from './links';
import { shown } from '../text/display';
import { readTrackioLogbook, trackioLayout, type TrackioLogbook } from './trackio';
import { withCaseWriter } from '../fs/case-queue';

/** Largest file, and most bytes in all, copied from a logbook folder. */
export const MAX_LOGBOOK_FILE_BYTES = 256 * 1024 * 1024;
export const MAX_LOGBOOK_BYTES = 2 * 1024 * 1024 * 1024;

/** Trackio's private state: git-ignored in a workspace, never published, not part of the logbook. */
const PRIVATE =
  /^\.trackio\/(trace_sources\.json|traces\/raw\/|workspace_baselines\/|workspace_bucket_state\.json|trace_dataset\/|imported_workspace\.json|\.gitignore$)|^\.trackio\/logbook\/\.serve\.log$|(^|\/)\.git\//;

/** What an import did. */
export interface ImportSummary {
  readonly caseDir: string;
  readonly created: boolean;
  readonly logbookId: string;
  /** The logbook's folder inside the case. */
  readonly path: string;
  readonly paper: string | null;
  readonly pages: number;
  readonly cells: number;
  readonly runCells: number;
  readonly failedRuns: number;
  /** Output blocks the logbook writer truncated, and the characters it dropped from them in all. */
  readonly truncatedOutputs: number;
  readonly elidedChars: number;
  readonly files: number;
  readonly bytes: number;
  readonly skipped: readonly SkippedEntry[];
  readonly problems: TrackioLogbook['problems'];
  /** One-line remarks for the reviewer (a paper id that differs from the case's, a generated paper.md). */
  readonly notices: readonly string[];
}

export interface ImportOptions {
  /** The logbook folder (workspace or downloaded Space). */
  readonly source: string;
  /** The case folder: created when missing. */
  readonly caseDir: string;
  /** paper.md for a new case (our summary of the paper's claims). */
  readonly paperMarkdown?: string;
  readonly title?: string;
  readonly venueId?: string;
  /** Id of the logbook in the case (default: L1, L2, ...). */
  readonly logbookId?: string;
  /**
   * Reference the folder in place instead of copying it (links.ts): for a logbook too large to copy, or one
   * still being written. Its files are hashed now, so a later change to them shows against the audit log.
   */
  readonly link?: boolean;
  readonly who: string;
  readonly registry: CheckRegistry;
}

/** Copies the regular files of `source` into `dest` (which must not exist), whole or not at all. */
export async function copyLogbookFolder(source: string, dest: string): Promise<{ files: number; bytes: number; skipped: SkippedEntry[] }> {
  const { files, skipped } = await listInside(source, '.');
  const kept = files.filter((f) => !PRIVATE.test(f.path));
  let bytes = 0;
  for (const f of kept) {
    if (f.size > MAX_LOGBOOK_FILE_BYTES)
      throw new BadInputError(
        shown(join(source, f.path)),
        `is ${f.size} bytes, over the ${MAX_LOGBOOK_FILE_BYTES} a logbook file may have; remove it from the folder to import the rest`,
      );
    bytes += f.size;
  }
  if (bytes > MAX_LOGBOOK_BYTES)
    throw new BadInputError(shown(source), `holds ${bytes} bytes, over the ${MAX_LOGBOOK_BYTES} a logbook may have`);
  const tmp = join(dirname(dest), `.${randomBytes(4).toString('hex')}.copying`);
  try {
    for (const f of kept) {
      await mkdir(dirname(join(tmp, f.path)), { recursive: true });
      await copyFile(f.abs, join(tmp, f.path));
    }
    await mkdir(tmp, { recursive: true });
    await rename(tmp, dest);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  return { files: kept.length, bytes, skipped };
}

function counts(
  lb: TrackioLogbook,
): Pick<ImportSummary, 'pages' | 'cells' | 'runCells' | 'failedRuns' | 'truncatedOutputs' | 'elidedChars'> {
  const cells: LogbookCell[] = lb.pages.flatMap((p) => p.cells);
  const runs = cells.filter((c): c is Extract<LogbookCell, { type: 'code' }> => c.type === 'code');
  const truncated = runs.flatMap((c) => c.blocks).filter((b) => (b.elidedChars ?? 0) > 0);
  return {
    pages: lb.pages.length,
    cells: cells.length,
    runCells: runs.length,
    failedRuns: runs.filter((c) => c.exitCode !== null && c.exitCode !== 0).length,
    truncatedOutputs: truncated.length,
    elidedChars: truncated.reduce((n, b) => n + (b.elidedChars ?? 0), 0),
  };
}

const VENUE = /^[A-Za-z][A-Za-z0-9-]*:\S+$/;

/**
 * Imports the logbook at `o.source` into the case at `o.caseDir` (creating the case when missing).
 * Example: `await importTrackioLogbook({ source, caseDir: '/w/timing', paperMarkdown, who: 'Ada', registry })`.
 */
export async function importTrackioLogbook(o: ImportOptions): Promise<ImportSummary> {
  // As the case's only writer (app/fs/case-queue.ts): imports at once, from the CLI or the app, pick distinct ids.
  return withCaseWriter(o.caseDir, () => importUnlocked(o));
}

async function importUnlocked(o: ImportOptions): Promise<ImportSummary> {
  if (trackioLayout(o.source) === null)
    throw new BadInputError(shown(o.source), 'not a Trackio logbook (no .trackio/logbook/logbook.json, logbook.json or pages/index.md)');
  const logbook = await readTrackioLogbook(o.source);
  const notices: string[] = [];
  const exists = await stat(join(o.caseDir, 'case.json')).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const paperMarkdown =
      o.paperMarkdown ??
      `# ${o.title ?? logbook.title}\n\nNo summary of the paper's claims has been written yet: write here, in our own words, the claims the logbook tests (with $LaTeX$ where it helps).\n`;
    if (o.paperMarkdown === undefined) notices.push("paper.md is a stub: write our summary of the paper's claims there (or pass --paper)");
    const venueId = o.venueId ?? (logbook.paper !== null && VENUE.test(logbook.paper) ? logbook.paper : undefined);
    if (venueId === undefined)
      notices.push(
        `the logbook names no paper id${logbook.paper !== null ? ` in the form openreview:ID (it says "${shown(logbook.paper, 80)}")` : ''}; the case's venue id is unknown:<case>: set it with --venue-id`,
      );
    await createCase(o.caseDir, {
      paperTitle: o.title ?? (o.paperMarkdown !== undefined ? markdownTitle(o.paperMarkdown) : null) ?? logbook.title,
      ...(venueId !== undefined ? { venueId } : {}),
      paperMarkdown,
      who: o.who,
    });
  }
  const loaded = await loadCase(o.caseDir, o.registry);
  if (logbook.paper !== null && loaded.file.paper.venueId !== logbook.paper && !loaded.file.paper.venueId.startsWith('unknown:')) {
    notices.push(`the logbook is about ${shown(logbook.paper, 80)}, the case about ${loaded.file.paper.venueId}`);
  } else if (logbook.paper !== null && VENUE.test(logbook.paper) && loaded.file.paper.venueId.startsWith('unknown:')) {
    // A case made without a paper id (recheck new without --venue-id) takes the one its first logbook names.
    const paper = logbook.paper;
    await editCase(
      o.caseDir,
      o.registry,
      { who: o.who },
      'paper id from the imported logbook',
      (c) => {
        c.paper.venueId = paper;
      },
      { venueId: paper, was: loaded.file.paper.venueId },
    );
    notices.push(`the case had no paper id: it is now ${paper}, the id the logbook names`);
  }
  const taken = loaded.file.logbooks.map((l) => l.id);
  let id = o.logbookId;
  if (id === undefined) for (let n = 1; id === undefined || taken.includes(id); n++) id = `L${n}`;
  const rel = `logbooks/${id}`;
  let copied: { files: number; bytes: number; skipped: SkippedEntry[] };
  let hashes: Record<string, string>;
  if (o.link === true) {
    const { files, skipped } = await listInside(o.source, '.');
    copied = { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0), skipped };
    await addLogbook(o.caseDir, o.registry, { who: o.who }, { id, path: rel, format: 'trackio', title: logbook.title, linked: true });
    await recordLink(o.caseDir, id, o.source);
    hashes = {};
    for (const f of files)
      hashes[`${rel}/${f.path}`] = sha256(await readRegularFile(f.abs, { maxBytes: MAX_LOGBOOK_FILE_BYTES, shownAs: f.path }));
  } else {
    const parent = await mkdirInside(o.caseDir, 'logbooks');
    const dest = join(parent, id);
    if (
      await stat(dest).then(
        () => true,
        () => false,
      )
    )
      throw new BadInputError(shown(dest), 'already exists: choose another logbook id (--id)');
    copied = await copyLogbookFolder(o.source, dest);
    try {
      await addLogbook(o.caseDir, o.registry, { who: o.who }, { id, path: rel, format: 'trackio', title: logbook.title });
    } catch (err) {
      await rm(dest, { recursive: true, force: true }); // the case.json edit was refused: leave no orphan folder
      throw err;
    }
    hashes = await hashTree(dest, o.caseDir);
  }
  const summary: ImportSummary = {
    caseDir: o.caseDir,
    created: !exists,
    logbookId: id,
    path: rel,
    paper: logbook.paper,
    ...counts(logbook),
    files: copied.files,
    bytes: copied.bytes,
    skipped: copied.skipped,
    problems: logbook.problems,
    notices,
  };
  await appendAudit(o.caseDir, {
    at: new Date().toISOString(),
    who: o.who,
    action: 'import',
    caseId: loaded.file.id,
    hashes,
    details: {
      logbook: id,
      source: o.source,
      linked: o.link === true,
      layout: logbook.layout,
      schemaVersion: logbook.schemaVersion,
      problems: logbook.problems.length,
      skipped: copied.skipped.length,
      truncatedOutputs: summary.truncatedOutputs,
    },
  });
  return summary;
}
