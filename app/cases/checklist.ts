/**
 * The adversarial checklist: the questions that caught every wrong verdict on a claimed falsification so far,
 * asked of each falsification of a case. Each is answered in case.json (`falsifications[i].checklist`, keyed by
 * the question's stable id) by checks of the falsification that settle it, or marked not applicable with a
 * reason; a question without an answer is open. The ids are stable: they are stored in cases and audit logs,
 * so a question may be reworded but never renumbered or removed. Documented in docs/case-format.md.
 */
import type { ChecklistItemView } from '../../common/api/contract';
import type { ChecklistAnswer, Falsification } from './model';

export interface ChecklistQuestion {
  /** Stable id, the key in case.json. */
  readonly id: string;
  /** The question, as asked of a claimed falsification. */
  readonly question: string;
  /** The wrong verdict it caught: why it is asked. */
  readonly why: string;
}

/** The questions, in the order they are asked. */
export const CHECKLIST: readonly ChecklistQuestion[] = [
  {
    id: 'horizon',
    question: 'Is the horizon or scale long enough?',
    why: 'A bound failed only at k = 1024 (an additive term growing like c ln k), and a counterexample appeared only after hundreds of steps: a short sweep or run sees neither.',
  },
  {
    id: 'precision',
    question: 'Is the precision enough, exact where it can be?',
    why: 'A float64 run reported an exit that exact rational arithmetic shows does not exist (a tie lost to rounding).',
  },
  {
    id: 'units',
    question: 'Are units and normalisations the same on both sides?',
    why: 'A "2x slower" compared seconds per batch of 50 trajectories with seconds per trajectory.',
  },
  {
    id: 'code-vs-theory',
    question: 'Does the code compute what the theory analyses?',
    why: 'The theory analysed the reverse KL while the released loss computed the forward KL.',
  },
  {
    id: 'padding',
    question: 'Are padding or masked positions counted?',
    why: 'Averaging the loss over padding positions deflated a perplexity about threefold.',
  },
  {
    id: 'independent',
    question: 'Was the math re-derived or the experiment re-implemented independently?',
    why: "Re-running the logbook's own code repeats its mistakes: only an independent derivation or re-implementation can disagree with it.",
  },
];

/** The ids of the questions, in order. */
export const CHECKLIST_IDS: readonly string[] = CHECKLIST.map((q) => q.id);

export type ChecklistItemStatus = ChecklistAnswer['status'];

/** One question with its answer for one falsification (an unanswered question is open). */
export interface ChecklistItem {
  readonly question: ChecklistQuestion;
  readonly status: ChecklistItemStatus;
  /** The falsification's checks that answer it (status answered). */
  readonly checks: readonly string[];
  /** Why it does not apply (status not-applicable). */
  readonly reason?: string;
  /** How the checks answer it, or what is still missing. */
  readonly note?: string;
}

/** A falsification's checklist: every question in order, and the counts. */
export interface ChecklistStatus {
  readonly items: readonly ChecklistItem[];
  readonly answered: number;
  readonly notApplicable: number;
  /** Ids of the open questions (unanswered or marked open), in order. */
  readonly open: readonly string[];
}

/**
 * Every question of the checklist with the falsification's answer. For letters and reports: a letter should
 * not call a falsification settled while `open` is not empty.
 * Example: `checklistStatus({ ..., checklist: { units: { status: 'answered', checks: ['units'] } } }).open`
 * is `['horizon', 'precision', 'code-vs-theory', 'padding', 'independent']`.
 */
export function checklistStatus(falsification: Pick<Falsification, 'checklist'>): ChecklistStatus {
  const answers = falsification.checklist ?? {};
  const items: ChecklistItem[] = CHECKLIST.map((question) => {
    const a = Object.prototype.hasOwnProperty.call(answers, question.id) ? answers[question.id] : undefined;
    if (a === undefined) return { question, status: 'open', checks: [] };
    if (a.status === 'answered') return { question, status: 'answered', checks: [...a.checks], ...(a.note !== undefined ? { note: a.note } : {}) };
    if (a.status === 'not-applicable') return { question, status: 'not-applicable', checks: [], reason: a.reason };
    return { question, status: 'open', checks: [], ...(a.note !== undefined ? { note: a.note } : {}) };
  });
  return {
    items,
    answered: items.filter((i) => i.status === 'answered').length,
    notApplicable: items.filter((i) => i.status === 'not-applicable').length,
    open: items.filter((i) => i.status === 'open').map((i) => i.question.id),
  };
}

/**
 * What is wrong with an answer to `questionId` for a falsification declaring `checkIds`, as one line, or null.
 * The case loader calls it on every stored answer; the editor before it writes one.
 */
export function checklistAnswerProblem(questionId: string, a: ChecklistAnswer, checkIds: readonly string[]): string | null {
  if (!CHECKLIST_IDS.includes(questionId)) return `unknown checklist question "${questionId}" (questions: ${CHECKLIST_IDS.join(', ')})`;
  const has = (field: string) => Object.prototype.hasOwnProperty.call(a, field);
  if (a.status !== 'answered' && has('checks')) return `question "${questionId}" is ${a.status} but links checks: only an answered question links checks`;
  if (a.status !== 'not-applicable' && has('reason')) return `question "${questionId}" is ${a.status} but gives a reason: a reason is for not applicable (use note)`;
  if (a.status === 'not-applicable' && has('note')) return `question "${questionId}" is not applicable: say why in reason, not note`;
  if (a.status === 'answered') {
    if (a.checks.length === 0) return `question "${questionId}" is answered by no check: link at least one of the falsification's checks, or mark it not applicable with a reason`;
    const unknown = a.checks.find((c) => !checkIds.includes(c));
    if (unknown !== undefined) return `question "${questionId}" links check "${unknown}", which this falsification does not declare (checks: ${checkIds.join(', ') || 'none yet'})`;
    if (new Set(a.checks).size !== a.checks.length) return `question "${questionId}" links a check twice`;
    return null;
  }
  if (a.status === 'not-applicable') return typeof a.reason !== 'string' || a.reason.trim() === '' ? `question "${questionId}" is marked not applicable without a reason` : null;
  return null;
}

/** The checklist of a falsification as the UI shows it (every question, in order). */
export function checklistView(falsification: Pick<Falsification, 'checklist'>): ChecklistItemView[] {
  return checklistStatus(falsification).items.map((i) => ({
    id: i.question.id,
    question: i.question.question,
    why: i.question.why,
    status: i.status,
    checks: [...i.checks],
    ...(i.reason !== undefined ? { reason: i.reason } : {}),
    ...(i.note !== undefined ? { note: i.note } : {}),
  }));
}
