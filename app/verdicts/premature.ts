/**
 * The premature verifications a workspace's checks have shown, for the triage queue (checkers/ledger/triage.ts):
 * every finding that says `verified` whose own latest run decided `premature`, named as a verdict ledger may
 * name it (the paper by its venue id; the claim by id, text or `#n` position; the logbook by id, folder or
 * title). A case that does not load is skipped (the review queue lists it as a problem).
 * Example: a case about `openreview:Pag1ng` whose F1 (C1, logbook L1 "alice/repro") is premature gives
 * `{ paper: 'openreview:Pag1ng', claims: ['C1', '<claim text>', '#1'], logbooks: ['L1', 'logbook', 'alice/repro'], reason }`.
 */
import { basename } from 'node:path';
import type { PrematureVerification } from '../../checkers/ledger/triage';
import { loadCase } from '../cases/load';
import { findingSays, type CaseFile } from '../cases/model';
import { listCaseDirs } from '../cases/workspace';
import type { CheckRegistry } from '../checks/registry';
import { BadInputError } from '../errors';
import { latestCaseReports } from '../checks/latest';
import type { LatestFalsificationReport } from '../../common/api/contract';

/** The premature verifications of one case (named `caseId` in reasons: the workspace's folder name), from its findings' own latest reports. */
export function casePrematureVerifications(
  c: CaseFile,
  latest: readonly LatestFalsificationReport[],
  caseId: string = c.id,
): PrematureVerification[] {
  const out: PrematureVerification[] = [];
  for (const f of c.falsifications) {
    if (findingSays(f) !== 'verified') continue;
    const r = latest.find((x) => x.falsificationId === f.id);
    if (r?.decision !== 'premature') continue;
    const index = c.paper.claims.findIndex((x) => x.id === f.claim);
    const claim = c.paper.claims[index];
    const logbook = c.logbooks.find((l) => l.id === f.logbook);
    out.push({
      paper: c.paper.venueId,
      claims: [f.claim, ...(claim !== undefined ? [claim.text, `#${index + 1}`] : [])],
      logbooks: [f.logbook, ...(logbook !== undefined ? [logbook.path, logbook.title] : [])],
      reason: `${caseId}/${f.id}: ${r.reason}`,
    });
  }
  return out;
}

/** Every premature verification of the workspace's cases. */
export async function prematureVerifications(workspaceDir: string, registry: CheckRegistry): Promise<PrematureVerification[]> {
  const out: PrematureVerification[] = [];
  for (const dir of await listCaseDirs(workspaceDir)) {
    let file: CaseFile;
    try {
      file = (await loadCase(dir, registry)).file;
    } catch (err) {
      if (err instanceof BadInputError) continue;
      throw err;
    }
    const { reports } = await latestCaseReports(dir, file);
    out.push(...casePrematureVerifications(file, reports, basename(dir)));
  }
  return out;
}
