/**
 * The verdicts capability: a reviewer's verdict on a claimed falsification, the rule for when it disagrees
 * with the computed decision, the verdict queue, and their methods.
 * Each method is declared once here (common/api/method.ts); app/api/slices/verdicts.ts implements them.
 */
import type { AuditEntry, FindingSays } from './cases';
import type { LetterSummaryView } from './letters';
import type { FalsificationDecision } from './runs';
import { decisionSide, FALSIFICATION_DECISIONS } from '../words/outcomes';
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name, record, text } from './validate';

/** What a reviewer records for a claimed falsification after reading the evidence. */
export type ReviewerVerdict = 'confirmed' | 'refuted' | 'needs-more-work';

export interface RecordVerdictInput {
  caseId: string;
  falsificationId: string;
  verdict: ReviewerVerdict;
  rationale: string;
  reviewer: string;
  /**
   * Required when the verdict disagrees with the computed decision (verdictDisagrees below):
   * the computed decision being overridden, as the reviewer saw it. The rationale must then say why, in at
   * least MIN_OVERRIDE_RATIONALE characters. Refused when it is not the falsification's current computed decision.
   */
  overridesComputed?: FalsificationDecision;
}

/**
 * Where a claimed falsification stands in review: `running` (a live run includes it), `not-run` (no computed
 * decision), `awaiting-verdict` (computed, no verdict since), `agreed` / `disagreed` (the latest verdict against
 * the computed decision), `needs-more-work` (the latest verdict says so).
 */
export type VerdictState = 'running' | 'not-run' | 'awaiting-verdict' | 'agreed' | 'disagreed' | 'needs-more-work';

/** One claimed falsification in the review queue. */
export interface VerdictQueueRow {
  caseId: string;
  caseTitle: string;
  falsificationId: string;
  /** What the finding says (absent: falsified). */
  says?: FindingSays;
  assertion: string;
  state: VerdictState;
  /** The computed decision from the falsification's own latest run, and that run. */
  computed?: { decision: FalsificationDecision; runId: string; finishedAt: string };
  /** The latest verdict recorded for it. */
  verdict?: { verdict: ReviewerVerdict; who: string; at: string; runId?: string; computedDecision?: FalsificationDecision };
  /** The latest verdict was recorded before the run that computed the current decision. */
  verdictPredatesRun: boolean;
  /** Ids of the open checklist questions, and the number of questions. */
  openQuestions: string[];
  questionCount: number;
  /** The newest letter that includes this falsification, and where its response stands. */
  letter?: LetterSummaryView;
}

/** Every claimed falsification of every case, most urgent first, with counts by state. */
export interface VerdictQueueView {
  rows: VerdictQueueRow[];
  counts: Record<VerdictState, number>;
  /** Cases that do not load (one line each); their falsifications are not in the queue. */
  problems: { caseId: string; error: string }[];
}

const REVIEWER_VERDICTS: readonly ReviewerVerdict[] = ['confirmed', 'refuted', 'needs-more-work'];
const DECISIONS: readonly FalsificationDecision[] = FALSIFICATION_DECISIONS;

/**
 * Whether a reviewer's verdict disagrees with the computed decision: a verdict of confirmed or refuted that is
 * not the computed decision (a contested or inconclusive computation has no side, so any verdict of confirmed or
 * refuted overrides it). "Needs more work" takes no side and never disagrees; without a computed decision
 * there is nothing to disagree with. recordVerdict enforces it; the decision form warns with it.
 * Example: `verdictDisagrees('refuted', 'confirmed')` is true, `verdictDisagrees('needs-more-work', 'confirmed')` false.
 */
export function verdictDisagrees(verdict: ReviewerVerdict, computed: FalsificationDecision | undefined): boolean {
  // The verdict sides with the finding or not; the decision's side is decisionSide (upheld sides like confirmed).
  return computed !== undefined && verdict !== 'needs-more-work' && verdict !== decisionSide(computed);
}

/** Fewest characters of the rationale of a verdict that disagrees with the computed decision: it must say why. */
export const MIN_OVERRIDE_RATIONALE = 40;

/** Reviewers' verdicts on claimed falsifications, and the queue of those awaiting one. */
export const VERDICTS = {
  /** Appends a reviewer's decision to the case's audit log. */
  recordVerdict: method({
    validate: (a, m): [input: RecordVerdictInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'falsificationId', 'verdict', 'rationale', 'reviewer', 'overridesComputed']);
      if (!REVIEWER_VERDICTS.includes(r.verdict as ReviewerVerdict))
        throw new ApiArgumentError(m, `verdict must be one of ${REVIEWER_VERDICTS.join(', ')}`);
      if (r.overridesComputed !== undefined && !DECISIONS.includes(r.overridesComputed as FalsificationDecision))
        throw new ApiArgumentError(m, `overridesComputed must be one of ${DECISIONS.join(', ')}`);
      const input: RecordVerdictInput = {
        caseId: id(m, 'caseId', r.caseId),
        falsificationId: id(m, 'falsificationId', r.falsificationId),
        verdict: r.verdict as ReviewerVerdict,
        rationale: text(m, 'rationale', r.rationale, 20_000),
        reviewer: name(m, 'reviewer', r.reviewer, 200),
        ...(r.overridesComputed !== undefined ? { overridesComputed: r.overridesComputed as FalsificationDecision } : {}),
      };
      if (input.reviewer.trim() === '') throw new ApiArgumentError(m, 'reviewer must not be empty');
      return [input];
    },
    result: returns<AuditEntry>(),
  }),
  /** Every claimed falsification of every case with its review state and open checklist questions. */
  verdictQueue: method({ validate: (a, m): [] => (arity(m, a, 0), []), result: returns<VerdictQueueView>() }),
};
