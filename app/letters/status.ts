/**
 * Response tracking of a letter: drafted (its first save), sent (on a date, to whom), acknowledged, agreed,
 * disputed (their argument attached), fixed in a new paper version (which), or independent convergence (they
 * had fixed it before we wrote). Which change may follow which, and what each must carry; a change that does
 * not fit is refused with one line. Documented in docs/letters.md.
 */
import type { LetterState, LetterStatusView } from '../../common/api/contract';

/** Every state, in the order a response usually goes. */
export const LETTER_STATES: readonly LetterState[] = [
  'drafted',
  'sent',
  'acknowledged',
  'agreed',
  'disputed',
  'fixed',
  'independent-convergence',
];

/** Words for people: one source with the other outcome words (common/words/outcomes.ts). */
export { LETTER_STATE_WORDS } from '../../common/words/outcomes';
import { LETTER_STATE_WORDS } from '../../common/words/outcomes';

/** The states each state may move to. Fixed and independent convergence end the exchange. */
const NEXT: Readonly<Record<LetterState, readonly LetterState[]>> = {
  drafted: ['sent', 'independent-convergence'],
  sent: ['acknowledged', 'agreed', 'disputed', 'fixed', 'independent-convergence'],
  acknowledged: ['agreed', 'disputed', 'fixed', 'independent-convergence'],
  agreed: ['fixed'],
  disputed: ['disputed', 'agreed', 'fixed', 'independent-convergence'],
  fixed: [],
  'independent-convergence': [],
};

/** The states a letter in `from` may move to. Example: `nextStates('drafted')` is `['sent', 'independent-convergence']`. */
export function nextStates(from: LetterState): readonly LetterState[] {
  return NEXT[from];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with moving from `from` to `change`, as one line, or null.
 * Example: `statusProblem('drafted', { state: 'agreed', ... })` says a letter must be sent before they can agree.
 */
export function statusProblem(from: LetterState, change: Omit<LetterStatusView, 'at' | 'who'>): string | null {
  const to = change.state;
  if (!LETTER_STATES.includes(to)) return `unknown status "${String(to)}" (statuses: ${LETTER_STATES.join(', ')})`;
  if (to === 'drafted') return 'a letter is drafted by saving it, not by a status change';
  if (!NEXT[from].includes(to)) {
    const allowed = NEXT[from];
    return `a letter that is ${LETTER_STATE_WORDS[from]} cannot become "${to}"${allowed.length > 0 ? ` (next: ${allowed.join(', ')})` : ' (the exchange has ended)'}`;
  }
  if (change.date !== undefined && !validDay(change.date)) return `date "${change.date}" must be a day, YYYY-MM-DD`;
  if (to === 'sent') {
    if (change.date === undefined) return 'a sent letter needs the date it was sent (YYYY-MM-DD)';
    if (change.to === undefined || change.to.trim() === '') return 'a sent letter needs to whom it was sent';
  }
  if (to === 'disputed' && (change.argument === undefined || change.argument.trim() === ''))
    return 'a disputed letter needs their argument attached';
  if (to === 'fixed' && (change.paperVersion === undefined || change.paperVersion.trim() === ''))
    return 'a fix needs the paper version that fixes it';
  return null;
}

function validDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
