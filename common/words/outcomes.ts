/**
 * The words every surface uses for the contract's outcome values (badges, case list, decision panel, letters,
 * CLI text). The JSON values stay stable (`confirmed`, `refuted`, ...); what people read names both the
 * falsification and what it means for the paper's claim, so that "refuted" is never read as "the paper is
 * refuted" when it means the falsification failed and the claim stands.
 */
import type {
  CheckOutcome,
  DecisionGate,
  EvidenceBasisView,
  FalsificationDecision,
  FindingSays,
  GuaranteeView,
  LetterKind,
  LetterState,
  ReviewerVerdict,
} from '../api/contract';

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

/** Every decision value, in the order lists show them. */
export const FALSIFICATION_DECISIONS: readonly FalsificationDecision[] = [
  'confirmed',
  'refuted',
  'contested',
  'inconclusive',
  'upheld',
  'overturned',
  'premature',
];

/**
 * A computed decision, in the words of a falsified finding for the values falsifications take, and of a verified
 * one for the values only verifications take. Words by the finding's polarity: `decisionWords`.
 */
export const DECISION_WORDS: Readonly<Record<FalsificationDecision, OutcomeWords>> = {
  confirmed: words('falsification confirmed', 'the claim fails'),
  refuted: words('falsification refuted', 'the claim stands'),
  contested: words('checks disagree', 'nothing is decided'),
  inconclusive: words('inconclusive', 'no check decides it'),
  upheld: words('verification upheld', 'the claim holds at the checked scale'),
  overturned: words('verification overturned', 'the claim fails'),
  premature: words('verification premature', 'the evidence cannot carry it'),
};

/** What a logbook's finding says, as forms and lists name it ("the logbook says: verified"). */
export const SAYS_WORDS: Readonly<Record<FindingSays, string>> = {
  falsified: 'falsified',
  verified: 'verified',
  toy: 'toy (tested only at a toy scale)',
  inconclusive: 'inconclusive',
};

/** The finding itself, in a few words: "claimed falsification", "claimed verification", ... */
export const FINDING_WORDS: Readonly<Record<FindingSays, string>> = {
  falsified: 'claimed falsification',
  verified: 'claimed verification',
  toy: 'toy-scale finding',
  inconclusive: 'inconclusive finding',
};

/**
 * A toy or inconclusive finding states no side: its decisions say what the checks show about the claim.
 * (Its `confirmed` is "the claim fails", its `refuted` "the claim stands".)
 */
const UNSIDED_WORDS: Readonly<Record<'toy' | 'inconclusive', Partial<Record<FalsificationDecision, OutcomeWords>>>> = {
  toy: {
    confirmed: words('claim fails', 'the checks show it fails beyond the toy scale'),
    refuted: words('claim stands', 'the checks show it holds beyond the toy scale'),
  },
  inconclusive: {
    confirmed: words('claim fails', 'the checks decide what the logbook left open'),
    refuted: words('claim stands', 'the checks decide what the logbook left open'),
  },
};

/** A decision in the words of the finding's polarity (absent: falsified). Example: `decisionWords('refuted', 'toy').short` is "claim stands". */
export function decisionWords(decision: FalsificationDecision, says: FindingSays = 'falsified'): OutcomeWords {
  if (says === 'toy' || says === 'inconclusive') return UNSIDED_WORDS[says][decision] ?? DECISION_WORDS[decision];
  return DECISION_WORDS[decision];
}

/**
 * Which side of the finding a decision takes, as a reviewer's verdict would say it: `confirmed` (the finding
 * stands: a falsification confirmed, a verification upheld), `refuted` (it does not: refuted, overturned,
 * premature), or null (contested, inconclusive: no side). Example: `decisionSide('upheld')` is `confirmed`.
 */
export function decisionSide(decision: FalsificationDecision): 'confirmed' | 'refuted' | null {
  if (decision === 'confirmed' || decision === 'upheld') return 'confirmed';
  if (decision === 'refuted' || decision === 'overturned' || decision === 'premature') return 'refuted';
  return null;
}

/**
 * Whether a reviewer's verdict disagrees with the computed decision: a verdict of confirmed or refuted that takes
 * another side than the decision (`decisionSide`: a contested or inconclusive computation has no side, so any
 * such verdict overrides it). "Needs more work" never disagrees; without a decision there is nothing to disagree
 * with. For falsifications this is exactly common/api/methods.ts `verdictDisagrees`; on a verification, the verdict
 * confirmed agrees with `upheld`, refuted with `overturned` and `premature`.
 * Example: `verdictDisagreesWith('confirmed', 'upheld')` is false, `verdictDisagreesWith('confirmed', 'premature')` true.
 */
export function verdictDisagreesWith(verdict: ReviewerVerdict, computed: FalsificationDecision | undefined): boolean {
  return computed !== undefined && verdict !== 'needs-more-work' && verdict !== decisionSide(computed);
}

/** A reviewer's recorded verdict about a finding (in a falsification's words; by polarity: `verdictWords`). */
export const VERDICT_WORDS: Readonly<Record<ReviewerVerdict, OutcomeWords>> = {
  confirmed: words('falsification confirmed', 'the claim fails'),
  refuted: words('falsification refuted', 'the claim stands'),
  'needs-more-work': words('needs more work', 'not decided yet'),
};

/** A verdict in the words of the finding's polarity: on a verification, confirmed is "verification upheld". */
export function verdictWords(verdict: ReviewerVerdict, says: FindingSays = 'falsified'): OutcomeWords {
  if (says === 'verified' && verdict === 'confirmed') return DECISION_WORDS.upheld;
  if (says === 'verified' && verdict === 'refuted') return words('verification rejected', 'the logbook has not shown the claim holds');
  if ((says === 'toy' || says === 'inconclusive') && verdict !== 'needs-more-work') return decisionWords(verdict, says);
  return VERDICT_WORDS[verdict];
}

/** One check's outcome, about the claimed falsification (never about the paper). */
export const OUTCOME_WORDS: Readonly<Record<CheckOutcome, OutcomeWords>> = {
  supports: words('supports the falsification', 'evidence that the claim fails'),
  refutes: words('refutes the falsification', 'evidence that the claim stands'),
  neutral: words('neutral', 'decides nothing'),
};

const VERIFICATION_OUTCOME_WORDS: Readonly<Record<CheckOutcome, OutcomeWords>> = {
  supports: words('supports the verification', 'evidence that the claim holds'),
  refutes: words('refutes the verification', 'evidence that the claim fails'),
  neutral: words('neutral', 'decides nothing'),
};

const UNSIDED_OUTCOME_WORDS: Readonly<Record<CheckOutcome, OutcomeWords>> = {
  supports: words('shows the claim fails', 'evidence that the claim fails'),
  refutes: words('shows the claim stands', 'evidence that the claim stands'),
  neutral: words('neutral', 'decides nothing'),
};

/** A check's outcome in the words of the finding's polarity. Example: `outcomeWords('supports', 'verified').short` is "supports the verification". */
export function outcomeWords(outcome: CheckOutcome, says: FindingSays = 'falsified'): OutcomeWords {
  if (says === 'verified') return VERIFICATION_OUTCOME_WORDS[outcome];
  if (says === 'toy' || says === 'inconclusive') return UNSIDED_OUTCOME_WORDS[outcome];
  return OUTCOME_WORDS[outcome];
}

/** A result's guarantee in a few words: "exact", "rigorous enclosure", "statistical (t-test, p = 0.036, dof 2)", "approximate". */
export function guaranteeWords(g: GuaranteeView | undefined): string {
  if (g === undefined) return 'approximate (no guarantee stated)';
  if (g.kind === 'exact') return 'exact';
  if (g.kind === 'enclosure') return 'rigorous enclosure';
  if (g.kind === 'statistical')
    return `statistical (${g.test}, p = ${Number(g.p.toPrecision(2))}${g.dof !== undefined ? `, dof ${g.dof}` : ''}${g.level !== undefined ? `, level ${g.level}` : ''})`;
  return `approximate${g.bound !== undefined ? ` (${g.bound})` : ''}`;
}

/** Where a result's evidence comes from, in words. */
export const BASIS_WORDS: Readonly<Record<EvidenceBasisView, string>> = {
  logbook: "the logbook's own numbers",
  recomputed: 'recomputed by Recheck',
};

/** The gate line every surface shows under a decision. Example: "gate passed: the claim stands: ..." or "gate missed: ... (missing: ...)". */
export function gateLine(gate: DecisionGate | undefined): string {
  if (gate === undefined) return 'gate: not recorded (a run from before gates)';
  return gate.passed
    ? `gate passed: ${gate.rule}`
    : `gate missed: ${gate.rule}${gate.missing !== undefined ? ` (missing: ${gate.missing})` : ''}`;
}

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
