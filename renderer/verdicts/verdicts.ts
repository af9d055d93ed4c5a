/**
 * What the decision panel shows about verdicts: the history of a falsification's verdicts from the audit log,
 * and whether a verdict about to be recorded disagrees with the computed decision (the rule recordVerdict
 * enforces: verdictDisagrees and MIN_OVERRIDE_RATIONALE in common/api/methods.ts).
 */
import type { AuditEntry, ChecklistItemView, FalsificationDecision, ReviewerVerdict } from '../../common/api/contract';
import { MIN_OVERRIDE_RATIONALE } from '../../common/api/methods';
import { FALSIFICATION_DECISIONS, verdictDisagreesWith } from '../../common/words/outcomes';

/** One recorded verdict, as the history lists it. */
export interface VerdictRecord {
  readonly at: string;
  readonly who: string;
  readonly verdict: ReviewerVerdict;
  readonly rationale: string;
  /** The computed decision it was recorded against (null: the checks had not run; undefined: not recorded). */
  readonly computed: FalsificationDecision | null | undefined;
  readonly runId?: string;
  /** The verdict disagreed with the computed decision (an acknowledged override). */
  readonly disagreed: boolean;
  /** Checklist questions open when it was recorded (absent in entries older than the checklist). */
  readonly openQuestions?: readonly string[];
}

const DECISIONS: readonly string[] = FALSIFICATION_DECISIONS;
const VERDICTS: readonly string[] = ['confirmed', 'refuted', 'needs-more-work'];

/**
 * The verdicts recorded for a falsification, newest first.
 * Example: after verdicts "confirmed" then "refuted" on F1, `verdictHistory(audit, 'F1').map((v) => v.verdict)`
 * is `['refuted', 'confirmed']`.
 */
export function verdictHistory(audit: readonly AuditEntry[], falsificationId: string): VerdictRecord[] {
  const out: VerdictRecord[] = [];
  for (const e of audit) {
    if (e.action !== 'decision' || e.falsificationId !== falsificationId || !VERDICTS.includes(e.verdict ?? '')) continue;
    const d = e.details ?? {};
    const computedRaw = d.computedDecision;
    const computed =
      computedRaw === null
        ? null
        : typeof computedRaw === 'string' && DECISIONS.includes(computedRaw)
          ? (computedRaw as FalsificationDecision)
          : undefined;
    const verdict = e.verdict as ReviewerVerdict;
    const open = Array.isArray(d.openQuestions) ? d.openQuestions.filter((q): q is string => typeof q === 'string') : undefined;
    out.push({
      at: e.at,
      who: e.who,
      verdict,
      rationale: e.rationale ?? '',
      computed,
      ...(e.runId !== undefined ? { runId: e.runId } : {}),
      disagreed: d.agreesWithComputed === false || verdictDisagreesWith(verdict, computed ?? undefined),
      ...(open !== undefined ? { openQuestions: open } : {}),
    });
  }
  return out.reverse();
}

/** The questions of a checklist still open, in order. */
export function openQuestions(checklist: readonly ChecklistItemView[]): ChecklistItemView[] {
  return checklist.filter((q) => q.status === 'open');
}

/**
 * What stops a disagreeing verdict from being recorded, as one line for the form, or null when nothing does
 * (an agreeing verdict, or a disagreeing one acknowledged with a long enough reason).
 */
export function overrideProblem(
  verdict: ReviewerVerdict | null,
  computed: FalsificationDecision | undefined,
  rationale: string,
  acknowledged: boolean,
): string | null {
  if (verdict === null || !verdictDisagreesWith(verdict, computed)) return null;
  if (!acknowledged) return 'Tick the box to record a verdict against the computed decision.';
  const n = rationale.trim().length;
  if (n < MIN_OVERRIDE_RATIONALE) return `Say why in the rationale: at least ${MIN_OVERRIDE_RATIONALE} characters (${n} so far).`;
  return null;
}
