/**
 * The verdicts recorded for one claimed falsification, newest first (from the case's audit log): who, when,
 * the verdict, the computed decision at the time and whether the verdict overrode it, the checklist questions
 * still open then, and the rationale.
 */
import type { AuditEntry, ChecklistItemView } from '../../common/api/contract';
import { verdictHistory } from './verdicts';
import { DecisionBadge } from '../components/DecisionBadge';

export function VerdictHistory(props: { audit: readonly AuditEntry[]; falsificationId: string; checklist: readonly ChecklistItemView[] }) {
  const history = verdictHistory(props.audit, props.falsificationId);
  const questionOf = (id: string) => props.checklist.find((q) => q.id === id)?.question ?? id;
  return (
    <section className="verdict-history" aria-label={`Verdicts recorded for ${props.falsificationId}`} data-testid="verdict-history">
      <h3 className="checklist-heading">
        Verdicts on {props.falsificationId}{' '}
        <span className="small muted">{history.length === 0 ? 'none yet' : `${history.length} recorded, newest first`}</span>
      </h3>
      {history.length === 0 ? null : (
        <ol className="verdict-list">
          {history.map((v, i) => (
            <li
              key={`${v.at}-${i}`}
              className={`verdict-item${v.disagreed ? ' verdict-disagreed' : ''}${i === 0 ? ' verdict-current' : ''}`}
              data-testid="verdict-item"
              data-verdict={v.verdict}
              data-disagreed={v.disagreed}
            >
              <div className="verdict-line">
                <DecisionBadge value={v.verdict} testId="verdict-badge" />
                <span className="small">
                  {v.who} · <time dateTime={v.at}>{new Date(v.at).toLocaleString()}</time>
                </span>
              </div>
              <div className="verdict-line small muted">
                {v.computed === undefined ? (
                  'computed decision not recorded'
                ) : v.computed === null ? (
                  'recorded before any run of its checks'
                ) : (
                  <>
                    against computed <DecisionBadge value={v.computed} testId="verdict-computed" />
                    {v.disagreed ? <strong className="warn-text"> overridden</strong> : v.verdict === 'needs-more-work' ? null : ' agreed'}
                  </>
                )}
                {v.openQuestions !== undefined && v.openQuestions.length > 0 ? (
                  <span className="warn-text" title={v.openQuestions.map(questionOf).join('\n')}>
                    {' '}
                    · {v.openQuestions.length} checklist question{v.openQuestions.length === 1 ? '' : 's'} open (
                    {v.openQuestions.join(', ')})
                  </span>
                ) : null}
              </div>
              {v.rationale !== '' ? <div className="verdict-rationale">{v.rationale}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
