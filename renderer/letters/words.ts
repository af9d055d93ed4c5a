/** Words for a letter's kind and response status, as the letter editor, the case list and the review queue show them. */
import type { LetterState } from '../../common/api/contract';

export { LETTER_KIND_WORDS as KIND_WORDS, LETTER_STATE_WORDS as STATE_WORDS } from '../../common/words/outcomes';

/** The changes a reviewer may record (drafted comes from the first save); the core refuses one that does not follow. */
export const RECORDABLE_STATES: readonly LetterState[] = ['sent', 'acknowledged', 'agreed', 'disputed', 'fixed', 'independent-convergence'];
