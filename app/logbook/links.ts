/**
 * Logbooks referenced in place (`recheck import trackio --link`) instead of copied into the case. Where a
 * linked logbook lives is recorded in the user's own registry (links.json beside the workspace, or
 * $RECHECK_LINKS), keyed by the case folder's real path and the logbook's id, never in the case folder:
 * a case is untrusted data, and a case from a stranger that says "linked" can point nowhere but where this
 * user linked it. On another machine a linked logbook is simply not there, and says so.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeJsonAtomic } from '../fs/atomic';
import { readRegularFile } from '../fs/confine';
import { parseJsonBounded } from '../json/bounded';
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

async function readRegistry(file: string): Promise<Record<string, string>> {
  try {
    const v = parseJsonBounded((await readRegularFile(file, { maxBytes: 16 * 1024 * 1024 })).toString('utf8'));
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Records that logbook `logbookId` of the case lives in folder `source` (atomic update of the registry). */
export async function recordLink(caseDir: string, logbookId: string, source: string, file = linksFile()): Promise<void> {
  const all = await readRegistry(file);
  all[key(caseDir, logbookId)] = realpathSync(source);
  await writeJsonAtomic(file, all);
}

/** The folder the user linked for this logbook of this case, or null when this machine has none. */
export async function linkedFolder(caseDir: string, logbookId: string, file = linksFile()): Promise<string | null> {
  return (await readRegistry(file))[key(caseDir, logbookId)] ?? null;
}
