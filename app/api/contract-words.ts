/**
 * The words every surface uses for the contract's outcome values (badges, case list, decision panel, letters,
 * CLI text). The JSON values stay stable (`confirmed`, `refuted`, ...); what people read names both the
 * falsification and what it means for the paper's claim, so that "refuted" is never read as "the paper is
 * refuted" when it means the falsification failed and the claim stands.
 */
import type { CheckOutcome, FalsificationDecision, LetterKind, LetterState, ReviewerVerdict } from './contract';

export interface OutcomeWords {
  /** A few words for badges and lists, e.g. "falsification refuted". */
  readonly short: string;
  /** What it means for the paper's claim, e.g. "the claim stands". */
  readonly meaning: string;
  /** The whole phrase, e.g. "falsification refuted: the claim stands". */
  readonly full: string;
}

function words(short: string, meaning: string): OutcomeWords {
  return { short, meaning, full: `${short}: ${meaning}` };
}

/** A computed decision about a claimed falsification. */
export const DECISION_WORDS: Readonly<Record<FalsificationDecision, OutcomeWords>> = {
  confirmed: words('falsification confirmed', 'the claim fails'),
  refuted: words('falsification refuted', 'the claim stands'),
  contested: words('checks disagree', 'nothing is decided'),
  inconclusive: words('inconclusive', 'no check decides it'),
};

/** A reviewer's recorded verdict about a claimed falsification. */
export const VERDICT_WORDS: Readonly<Record<ReviewerVerdict, OutcomeWords>> = {
  confirmed: words('falsification confirmed', 'the claim fails'),
  refuted: words('falsification refuted', 'the claim stands'),
  'needs-more-work': words('needs more work', 'not decided yet'),
};

/** One check's outcome, about the claimed falsification (never about the paper). */
export const OUTCOME_WORDS: Readonly<Record<CheckOutcome, OutcomeWords>> = {
  supports: words('supports the falsification', 'evidence that the claim fails'),
  refutes: words('refutes the falsification', 'evidence that the claim stands'),
  neutral: words('neutral', 'decides nothing'),
};

/** Whom a letter is to. */
export const LETTER_KIND_WORDS: Readonly<Record<LetterKind, string>> = {
  authors: "to the paper's authors",
  logbook: "to the logbook's author",
};

/** A letter's response status (letters/<id>/letter.json), as the case list, the review queue and the CLI say it. */
export const LETTER_STATE_WORDS: Readonly<Record<LetterState, string>> = {
  drafted: 'drafted',
  sent: 'sent',
  acknowledged: 'acknowledged',
  agreed: 'they agree',
  disputed: 'they dispute it',
  fixed: 'fixed in a new paper version',
  'independent-convergence': 'independent convergence (fixed before we wrote)',
};
