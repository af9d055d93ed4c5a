/** Words for a letter's kind and response status, as the letter editor, the case list and the review queue show them. */
import type { LetterKind, LetterState } from '../../app/api/contract';

export const KIND_WORDS: Readonly<Record<LetterKind, string>> = {
  authors: "to the paper's authors",
  logbook: "to the logbook's author",
};

export const STATE_WORDS: Readonly<Record<LetterState, string>> = {
  drafted: 'drafted',
  sent: 'sent',
  acknowledged: 'acknowledged',
  agreed: 'they agree',
  disputed: 'they dispute it',
  fixed: 'fixed in a new paper version',
  'independent-convergence': 'independent convergence',
};

/** The changes a reviewer may record (drafted comes from the first save); the core refuses one that does not follow. */
export const RECORDABLE_STATES: readonly LetterState[] = ['sent', 'acknowledged', 'agreed', 'disputed', 'fixed', 'independent-convergence'];
