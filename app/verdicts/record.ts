/**
 * A reviewer's verdict on a claimed falsification, appended to the case's audit log beside what it was made
 * against: the computed decision of the falsification's own latest run, whether the verdict agrees with it,
 * and the checklist questions still open. A verdict that disagrees with the computed decision must say so
 * (`overridesComputed`, naming the computed decision the reviewer saw) and why (a rationale of at least
 * MIN_OVERRIDE_RATIONALE characters); otherwise it is refused with one line. Documented in docs/case-format.md.
 */
import { join } from 'node:path';
import type { AuditEntry, RecordVerdictInput } from '../../common/api/contract';
import { MIN_OVERRIDE_RATIONALE } from '../../common/api/methods';
import { verdictDisagreesWith } from '../../common/words/outcomes';
import { appendAudit } from '../cases/audit';
import { checklistStatus } from '../cases/checklist';
import type { LoadedCase } from '../cases/model';
import { BadInputError } from '../errors';
import { sha256, sha256Inside } from '../fs/hash';
import { isCurrent, latestCaseReports } from '../checks/latest';

/**
 * Records the verdict; returns its audit entry. `caseId` is the case's id in the workspace.
 * Example: a verdict "refuted" on a falsification computed "confirmed" needs
 * `overridesComputed: 'confirmed'` and a rationale saying why the computation is wrong.
 */
export async function recordVerdict(loaded: LoadedCase, caseId: string, input: Omit<RecordVerdictInput, 'caseId'>): Promise<AuditEntry> {
  const { dir, file } = loaded;
  // The absolute path: the service re-words it relative to the workspace (errors name cases, not folders).
  const shown = join(dir, 'case.json');
  const f = file.falsifications.find((x) => x.id === input.falsificationId);
  if (f === undefined) throw new BadInputError(shown, `no falsification "${input.falsificationId}"`);
  if (f.withdrawn !== undefined)
    throw new BadInputError(shown, `${f.id} is withdrawn (${f.withdrawn.reason}): a withdrawn finding takes no verdict`);
  const latest = (await latestCaseReports(dir, file)).reports.find((r) => r.falsificationId === f.id);
  // A run whose checks changed since (a check withdrawn or added) decided nothing current: only "needs more work" may be recorded.
  if (latest?.stale !== undefined && input.verdict !== 'needs-more-work')
    throw new BadInputError(shown, `${f.id}: ${latest.stale} before recording a verdict`);
  const own = isCurrent(latest) ? latest : undefined;
  const computed = own?.decision;
  // On a verification, confirmed agrees with upheld and refuted with overturned or premature (decisionSide).
  const disagrees = verdictDisagreesWith(input.verdict, computed);
  if (disagrees && input.overridesComputed === undefined) {
    throw new BadInputError(
      shown,
      `${f.id}: the verdict "${input.verdict}" disagrees with the computed decision "${computed}": acknowledge it (overridesComputed "${computed}") and say why in the rationale`,
    );
  }
  if (input.overridesComputed !== undefined && !disagrees) {
    throw new BadInputError(
      shown,
      `${f.id}: the verdict "${input.verdict}" does not disagree with the computed decision (${computed ?? 'none: not run yet'}): record it without overriding`,
    );
  }
  if (input.overridesComputed !== undefined && input.overridesComputed !== computed) {
    throw new BadInputError(
      shown,
      `${f.id}: the computed decision is now "${computed}", not "${input.overridesComputed}" (a run finished since): read the new results before overriding them`,
    );
  }
  if (disagrees && input.rationale.trim().length < MIN_OVERRIDE_RATIONALE) {
    throw new BadInputError(
      shown,
      `${f.id}: a verdict that disagrees with the computed decision needs a rationale of at least ${MIN_OVERRIDE_RATIONALE} characters saying why`,
    );
  }
  const checklist = checklistStatus(f);
  const entry: AuditEntry = {
    at: new Date().toISOString(),
    who: input.reviewer,
    action: 'decision',
    caseId,
    falsificationId: f.id,
    verdict: input.verdict,
    rationale: input.rationale,
    ...(own ? { runId: own.runId } : {}),
    hashes: { 'case.json': await sha256Inside(dir, 'case.json'), rationale: sha256(input.rationale) },
    details: {
      computedDecision: computed ?? null,
      ...(computed !== undefined && input.verdict !== 'needs-more-work' ? { agreesWithComputed: !disagrees } : {}),
      ...(input.overridesComputed !== undefined ? { overridesComputed: input.overridesComputed } : {}),
      openQuestions: [...checklist.open],
      checklist: { answered: checklist.answered, notApplicable: checklist.notApplicable, open: checklist.open.length },
    },
  };
  await appendAudit(dir, entry);
  return entry;
}
