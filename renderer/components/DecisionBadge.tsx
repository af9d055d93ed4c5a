/** Colored badge for a computed decision, a check outcome or a reviewer verdict. */
import type { CheckOutcome, FalsificationDecision, ReviewerVerdict } from '../../app/api/contract';

type Kind = FalsificationDecision | CheckOutcome | ReviewerVerdict | 'error' | 'pending' | 'undecided';

const TITLES: Record<Kind, string> = {
  confirmed: 'Computed: the checks support the claimed falsification and none refutes it',
  refuted: 'Computed: the checks refute the claimed falsification and none supports it',
  contested: 'Computed: some checks support and some refute the claimed falsification',
  inconclusive: 'Computed: no check supports or refutes the claimed falsification',
  supports: 'This check supports the claimed falsification',
  refutes: 'This check refutes the claimed falsification',
  neutral: 'This check neither supports nor refutes the claimed falsification',
  'needs-more-work': 'Reviewer: needs more work',
  error: 'The check failed to run',
  pending: 'Not computed yet',
  undecided: 'The run ended before every check of this falsification ran: no decision was computed',
};

export function DecisionBadge(props: { value: Kind; label?: string; falsificationId?: string; testId?: string }) {
  const { value, label, falsificationId } = props;
  return (
    <span
      className={`badge badge-${value}`}
      title={TITLES[value]}
      data-testid={props.testId ?? 'decision-badge'}
      data-decision={value}
      data-falsification={falsificationId}
    >
      {label !== undefined ? <span className="badge-label">{label}</span> : null}
      {value === 'undecided' ? 'no decision' : value}
    </span>
  );
}
