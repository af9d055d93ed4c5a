/**
 * The inputs of `recheck screen`: the logbook folders under a folder (its sub-folders, not hidden ones, in
 * code-unit order of their names) and the judge's verdicts, from a ledger file (app/tables/ledger-file.ts) or,
 * without one, from the logbooks' own findings (paper: the logbook's paper id, else its folder; claim: the
 * "Claim under test" of the finding's page; verdict: what the finding says).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { resolveInside } from '../fs/confine';
import { MAX_CASE_JSON_BYTES } from '../cases/load';
import { readJsonFile } from '../tables/json-file';
import { buildLedger, type ClaimSummary } from '../../checkers/ledger/summary';
import type { VerdictRow } from '../../checkers/ledger/verdicts';
import { BadInputError } from '../errors';
import { ledgerOfFile } from '../tables/ledger-file';
import { shown } from '../text/display';
import type { ResultSummary } from './pool';

/** The logbook folders under `root`. Example: `await logbookFolders('/c/logbooks')` is ['lb-00001', ...]. */
export async function logbookFolders(root: string, display: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (err) {
    throw new BadInputError(shown(display), `cannot list the logbooks folder (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const names: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (
      e.isDirectory() ||
      (e.isSymbolicLink() &&
        (await stat(join(root, e.name)).then(
          (s) => s.isDirectory(),
          () => false,
        )))
    )
      names.push(e.name);
  }
  const out: string[] = [];
  for (const name of names) out.push(...(await caseLogbooks(root, name)));
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A sub-folder holding a Recheck case (case.json) stands for the logbooks it declares, named `<case>/<path>` (a
 * path that leaves the case is skipped); any other sub-folder is one logbook. So `recheck screen cases --logbooks
 * cases` screens the bundled cases' logbooks. A case.json that cannot be read leaves the folder as one logbook,
 * which the screen then flags as unreadable.
 */
async function caseLogbooks(root: string, name: string): Promise<string[]> {
  const dir = join(root, name);
  let file: unknown;
  try {
    // As the case loader reads it: inside the folder (no symlink out), a regular file, size-capped, bounded JSON.
    file = await readJsonFile(resolveInside(dir, 'case.json'), join(dir, 'case.json'), { maxBytes: MAX_CASE_JSON_BYTES });
  } catch {
    return [name];
  }
  const refs = (file as { logbooks?: unknown }).logbooks;
  if (!Array.isArray(refs)) return [name];
  const paths = refs.flatMap((r: unknown) => {
    const path = (r as { path?: unknown } | null)?.path;
    if (typeof path !== 'string' || path === '') return [];
    try {
      resolveInside(dir, path); // relative, not out of the case, no symlink out
    } catch {
      return [];
    }
    return [`${name}/${normalize(path).replace(/\/+$/, '')}`];
  });
  return paths.length > 0 ? [...new Set(paths)] : [name];
}

/** Ledger names a challenge folder may hold, in the order they are looked for. */
export const LEDGER_NAMES = ['verdicts.jsonl', 'verdicts.json', 'verdicts.csv'];

/** The ledger file of a challenge folder, or null. */
export async function ledgerIn(dir: string): Promise<string | null> {
  for (const name of LEDGER_NAMES)
    if (
      await stat(join(dir, name)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return join(dir, name);
  return null;
}

/** The claims of the ledger file. */
export async function ledgerClaims(path: string, display: string): Promise<ClaimSummary[]> {
  return (await ledgerOfFile(path, display)).claimSummaries;
}

/** The claims the logbooks' own findings state (see the file comment); none when no logbook has a finding. */
export function findingClaims(summaries: readonly ResultSummary[]): ClaimSummary[] {
  const rows: VerdictRow[] = [];
  const seen = new Set<string>();
  for (const s of summaries)
    for (const f of s.findings) {
      const key = JSON.stringify([s.paper ?? s.logbook, f.claim, s.logbook]);
      if (seen.has(key)) continue; // a logbook judged a claim once: its last finding on it
      seen.add(key);
      const last = [...s.findings].reverse().find((g) => g.claim === f.claim) ?? f;
      rows.push({
        paper: s.paper ?? s.logbook,
        claim: f.claim,
        logbook: s.logbook,
        verdict: last.says,
        source: `${s.logbook}/${last.page}/${last.cell}`,
      });
    }
  return rows.length === 0 ? [] : buildLedger(rows).claimSummaries;
}
