/**
 * Badge for a computed decision, a check outcome or a reviewer verdict, in the words every surface uses
 * (common/words/outcomes.ts): "falsification refuted" (the claim stands), never a bare "REFUTED" that reads as
 * "the paper is refuted". `meaning` adds what it means for the claim ("falsification refuted · the claim stands").
 */
import type { CheckOutcome, FalsificationDecision, FindingSays, ReviewerVerdict } from '../../common/api/contract';
import {
  DECISION_WORDS,
  decisionWords,
  OUTCOME_WORDS,
  outcomeWords,
  VERDICT_WORDS,
  verdictWords,
  type OutcomeWords,
} from '../../common/words/outcomes';

type Kind = FalsificationDecision | CheckOutcome | ReviewerVerdict | 'error' | 'bad-input' | 'pending' | 'undecided';

const TITLES: Record<Kind, string> = {
  confirmed: 'Falsification confirmed, the claim fails: the checks support the claimed falsification and none refutes it',
  refuted: 'Falsification refuted, the claim stands: the checks refute the claimed falsification and none supports it',
  contested: 'Checks disagree: some support and some refute the claimed falsification; nothing is decided',
  inconclusive: 'Inconclusive: no check decides the finding, a check failed, or a decision misses its gate',
  upheld:
    'Verification upheld, the claim holds at the checked scale: a recomputed check supports the claimed verification and none refutes it',
  overturned: 'Verification overturned, the claim fails: the checks refute the claimed verification through the gate and none supports it',
  premature:
    'Verification premature: a check shows the evidence behind the claimed verification cannot carry it (too few points, too short a range, a toy scale)',
  supports: 'This check supports the claimed falsification (evidence that the claim fails)',
  refutes: 'This check refutes the claimed falsification (evidence that the claim stands)',
  neutral: 'This check neither supports nor refutes the claimed falsification',
  'needs-more-work': 'Reviewer: needs more work before a verdict',
  error: 'The check failed to run',
  'bad-input':
    'The check could not run on what it reads (a column its table lacks, a cell that is not a number, a missing file): fix its input, then run it again',
  pending: 'Not computed yet',
  undecided: 'The run ended before every check of this falsification ran: no decision was computed',
};

const OTHER_WORDS: Record<'error' | 'bad-input' | 'pending' | 'undecided', string> = {
  error: 'error',
  'bad-input': 'bad input',
  pending: 'pending',
  undecided: 'no decision',
};

/**
 * The words of a value for a finding that says `says` (default falsified). A verification is never decided
 * `confirmed` or `refuted` (it is upheld, overturned or premature), so on one those values are verdicts.
 */
function wordsOf(value: Kind, says: FindingSays = 'falsified'): OutcomeWords | string {
  if (says === 'verified' && (value === 'confirmed' || value === 'refuted')) return verdictWords(value, says);
  if (value in DECISION_WORDS) return decisionWords(value as FalsificationDecision, says);
  if (value in VERDICT_WORDS) return verdictWords(value as ReviewerVerdict, says);
  if (value in OUTCOME_WORDS) return outcomeWords(value as CheckOutcome, says);
  return OTHER_WORDS[value as keyof typeof OTHER_WORDS];
}

export function DecisionBadge(props: {
  value: Kind;
  label?: string;
  falsificationId?: string;
  testId?: string;
  meaning?: boolean;
  says?: FindingSays;
}) {
  const { value, label, falsificationId } = props;
  const w = wordsOf(value, props.says);
  return (
    <span
      className={`badge badge-${value === 'bad-input' ? 'error' : value}`}
      title={TITLES[value]}
      data-testid={props.testId ?? 'decision-badge'}
      data-decision={value}
      data-says={props.says}
      data-falsification={falsificationId}
    >
      {label !== undefined ? <span className="badge-label">{label}</span> : null}
      {typeof w === 'string' ? w : w.short}
      {props.meaning === true && typeof w !== 'string' ? <span className="badge-meaning">· {w.meaning}</span> : null}
    </span>
  );
}
