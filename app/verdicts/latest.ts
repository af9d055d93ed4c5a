/**
 * A falsification's reviewer verdicts as the case's audit log records them: the latest one per falsification,
 * and where the falsification stands in review given its computed decision (app/checks/latest.ts).
 * Example: `verdictState(latest, latestVerdicts(audit).get('f1'), false)` is `'agreed'` when the latest verdict
 * was recorded against a run that computed the same decision and agrees with it.
 */
import type { AuditEntry, LatestFalsificationReport, VerdictState, ReviewerVerdict } from '../../common/api/contract';
import { verdictDisagreesWith } from '../../common/words/outcomes';

const VERDICTS: readonly ReviewerVerdict[] = ['confirmed', 'refuted', 'needs-more-work'];

/** The latest verdict recorded for each falsification, from a case's audit entries (oldest first). */
export function latestVerdicts(audit: readonly AuditEntry[]): Map<string, AuditEntry> {
  const out = new Map<string, AuditEntry>();
  for (const e of audit) {
    if (e.action !== 'decision' || typeof e.falsificationId !== 'string' || !VERDICTS.includes(e.verdict as ReviewerVerdict)) continue;
    out.set(e.falsificationId, e);
  }
  return out;
}

/**
 * The state of one falsification. A verdict recorded against an older run still stands when the newer run
 * computed the same decision; when the decision changed since, the falsification awaits a verdict again.
 */
export function verdictState(
  computed: LatestFalsificationReport | undefined,
  verdict: AuditEntry | undefined,
  running: boolean,
): VerdictState {
  if (running) return 'running';
  // A report whose checks changed since its run (app/checks/latest.ts staleness) is no decision: run again.
  if (computed === undefined || computed.stale !== undefined) return 'not-run';
  if (verdict === undefined || verdict.verdict === undefined) return 'awaiting-verdict';
  const seenDecision = verdict.runId === computed.runId ? computed.decision : verdict.details?.computedDecision;
  if (seenDecision !== computed.decision) return 'awaiting-verdict';
  if (verdict.verdict === 'needs-more-work') return 'needs-more-work';
  return verdictDisagreesWith(verdict.verdict, computed.decision) ? 'disagreed' : 'agreed';
}
