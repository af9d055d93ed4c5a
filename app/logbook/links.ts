/**
 * Logbooks referenced in place (`recheck import trackio --link`) instead of copied into the case. Where a
 * linked logbook lives is recorded in the user's own registry (links.json beside the workspace, or
 * $RECHECK_LINKS), keyed by the case folder's real path and the logbook's id, never in the case folder:
 * a case is untrusted data, and a case from a stranger that says "linked" can point nowhere but where this
 * user linked it. On another machine a linked logbook is simply not there, and says so.
 *
 * Links are recorded by one writer at a time (app/fs/case-queue.ts), so links recorded at once are all kept;
 * a registry that exists but does not read is refused with one line, never reset to empty (that wiped every
 * other link).
 */
import { realpathSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeJsonAtomic } from '../fs/atomic';
import { withFileWriter } from '../fs/case-queue';
import { readRegularFile } from '../fs/confine';
import { BadInputError } from '../errors';
import { parseJsonBounded } from '../../common/json/bounded';
import { shown } from '../text/display';
import { defaultWorkspaceDir } from '../cases/workspace';

/** The registry file: $RECHECK_LINKS, else links.json beside the default workspace. */
export function linksFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RECHECK_LINKS) return env.RECHECK_LINKS;
  return join(dirname(defaultWorkspaceDir({ ...env, RECHECK_WORKSPACE: '' })), 'links.json');
}

function key(caseDir: string, logbookId: string): string {
  let real = caseDir;
  try {
    real = realpathSync(caseDir);
  } catch {
    /* a case folder that is gone keys by its path */
  }
  return `${real}#${logbookId}`;
}

const MAX_REGISTRY_BYTES = 16 * 1024 * 1024;

/** The registry for a lookup: an absent or unreadable registry holds no link (an update refuses it instead). */
async function readRegistry(file: string): Promise<Record<string, string>> {
  try {
    const v = parseJsonBounded((await readRegularFile(file, { maxBytes: MAX_REGISTRY_BYTES })).toString('utf8'));
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * The registry as stored, for an update: every entry kept as it is; {} when there is no file. Throws
 * BadInputError naming the file when it exists but is not a JSON object (or is a symlink, a folder, too big).
 */
async function readRegistryForUpdate(file: string): Promise<Record<string, unknown>> {
  const exists = await lstat(file).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
  if (!exists) return {};
  const text = (await readRegularFile(file, { maxBytes: MAX_REGISTRY_BYTES, shownAs: shown(file) })).toString('utf8');
  let v: unknown;
  try {
    v = parseJsonBounded(text);
  } catch (err) {
    throw new BadInputError(
      shown(file),
      `is not JSON (${(err as Error).message}): no link was recorded; repair or move it aside, then link again`,
    );
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new BadInputError(shown(file), 'is not a JSON object of links: no link was recorded; repair or move it aside, then link again');
  return v as Record<string, unknown>;
}

/**
 * Records that logbook `logbookId` of the case lives in folder `source` (atomic update of the registry, as
 * its only writer). Example: `await recordLink('/w/timing', 'L2', '/data/run-7')`.
 */
export async function recordLink(caseDir: string, logbookId: string, source: string, file = linksFile()): Promise<void> {
  const folder = realpathSync(source);
  await withFileWriter(file, async () => {
    const all = await readRegistryForUpdate(file);
    all[key(caseDir, logbookId)] = folder;
    await writeJsonAtomic(file, all);
  });
}

/** The folder the user linked for this logbook of this case, or null when this machine has none. */
export async function linkedFolder(caseDir: string, logbookId: string, file = linksFile()): Promise<string | null> {
  return (await readRegistry(file))[key(caseDir, logbookId)] ?? null;
}
