/**
 * Badge for a computed decision, a check outcome or a reviewer verdict, in the words every surface uses
 * (app/api/contract-words.ts): "falsification refuted" (the claim stands), never a bare "REFUTED" that reads as
 * "the paper is refuted". `meaning` adds what it means for the claim ("falsification refuted · the claim stands").
 */
import type { CheckOutcome, FalsificationDecision, ReviewerVerdict } from '../../app/api/contract';
import { DECISION_WORDS, OUTCOME_WORDS, VERDICT_WORDS, type OutcomeWords } from '../../app/api/contract-words';

type Kind = FalsificationDecision | CheckOutcome | ReviewerVerdict | 'error' | 'pending' | 'undecided';

const TITLES: Record<Kind, string> = {
  confirmed: 'Falsification confirmed, the claim fails: the checks support the claimed falsification and none refutes it',
  refuted: 'Falsification refuted, the claim stands: the checks refute the claimed falsification and none supports it',
  contested: 'Checks disagree: some support and some refute the claimed falsification; nothing is decided',
  inconclusive: 'Inconclusive: no check supports or refutes the claimed falsification',
  supports: 'This check supports the claimed falsification (evidence that the claim fails)',
  refutes: 'This check refutes the claimed falsification (evidence that the claim stands)',
  neutral: 'This check neither supports nor refutes the claimed falsification',
  'needs-more-work': 'Reviewer: needs more work before a verdict',
  error: 'The check failed to run',
  pending: 'Not computed yet',
  undecided: 'The run ended before every check of this falsification ran: no decision was computed',
};

const OTHER_WORDS: Record<'error' | 'pending' | 'undecided', string> = { error: 'error', pending: 'pending', undecided: 'no decision' };

function wordsOf(value: Kind): OutcomeWords | string {
  if (value in DECISION_WORDS) return DECISION_WORDS[value as FalsificationDecision];
  if (value in VERDICT_WORDS) return VERDICT_WORDS[value as ReviewerVerdict];
  if (value in OUTCOME_WORDS) return OUTCOME_WORDS[value as CheckOutcome];
  return OTHER_WORDS[value as keyof typeof OTHER_WORDS];
}

export function DecisionBadge(props: { value: Kind; label?: string; falsificationId?: string; testId?: string; meaning?: boolean }) {
  const { value, label, falsificationId } = props;
  const w = wordsOf(value);
  return (
    <span
      className={`badge badge-${value}`}
      title={TITLES[value]}
      data-testid={props.testId ?? 'decision-badge'}
      data-decision={value}
      data-falsification={falsificationId}
    >
      {label !== undefined ? <span className="badge-label">{label}</span> : null}
      {typeof w === 'string' ? w : w.short}
      {props.meaning === true && typeof w !== 'string' ? <span className="badge-meaning">· {w.meaning}</span> : null}
    </span>
  );
}
