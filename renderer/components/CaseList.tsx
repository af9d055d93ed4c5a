/**
 * The workspace's cases: title, paper, venue, number of claimed falsifications and the last decisions. At its
 * top, "New case" and "Triage a verdict ledger" (the triage view, in place of the open case).
 */
import type { CaseSummary } from '../../common/api/contract';
import { DecisionBadge } from './DecisionBadge';
import { KIND_WORDS, STATE_WORDS } from '../letters/words';

export function CaseList(props: {
  cases: CaseSummary[] | null;
  error: string | null;
  selectedId: string | null;
  onSelect(id: string): void;
  onNewCase(): void;
  /** Show the triage view; `triageOpen` while it is shown (no case is then marked current). */
  onTriage(): void;
  triageOpen: boolean;
  /** Show the review queue; `queueOpen` while it is shown (no case is then marked current). */
  onReviewQueue?(): void;
  queueOpen?: boolean;
  /** The run each case is running now, by case id. */
  running?: Readonly<Record<string, string>>;
}) {
  const { cases, error, onSelect } = props;
  const selectedId = props.triageOpen || props.queueOpen === true ? null : props.selectedId;
  return (
    <nav className="case-list" aria-label="Cases" data-testid="case-list">
      <div className="sidebar-heading">
        Cases {cases !== null ? <span className="muted">{cases.length}</span> : null}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={props.onNewCase} data-testid="new-case">
          New case
        </button>
      </div>
      <button
        type="button"
        className={`triage-entry${props.triageOpen ? ' selected' : ''}`}
        onClick={props.onTriage}
        aria-current={props.triageOpen ? 'page' : undefined}
        data-testid="open-triage"
      >
        Triage a verdict ledger
        <span className="small muted">what to re-check first, by paper and claim</span>
      </button>
      {props.onReviewQueue !== undefined ? (
        <button
          type="button"
          className={`triage-entry${props.queueOpen === true ? ' selected' : ''}`}
          onClick={props.onReviewQueue}
          aria-current={props.queueOpen === true ? 'page' : undefined}
          data-testid="open-review-queue"
        >
          Review queue
          <span className="small muted">every falsification: not run, awaiting a verdict, decided</span>
        </button>
      ) : null}
      {error !== null ? <div className="error-box">{error}</div> : null}
      {cases === null && error === null ? <div className="muted pad">Loading…</div> : null}
      {cases !== null && cases.length === 0 ? (
        <div className="muted pad">
          The workspace holds no case yet: “New case” makes one from our summary of a paper and the logbook under review.
        </div>
      ) : null}
      <ul>
        {(cases ?? []).map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={`case-item${c.id === selectedId ? ' selected' : ''}`}
              data-testid={`case-item-${c.id}`}
              aria-current={c.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
            >
              <span className="case-title">{c.title}</span>
              {c.error !== undefined ? <span className="case-error error-text small">{c.error}</span> : null}
              <span className="case-paper">{c.paperTitle}</span>
              <span className="case-meta">
                <span className="mono">{c.venueId}</span>
                <span>
                  {c.falsificationCount} falsification{c.falsificationCount === 1 ? '' : 's'}
                </span>
              </span>
              {props.running?.[c.id] !== undefined ? (
                <span className="case-running small" data-testid={`case-running-${c.id}`}>
                  <span className="spinner" aria-hidden="true" /> running checks…
                </span>
              ) : null}
              {c.error !== undefined ? null : c.lastDecisions !== undefined && Object.keys(c.lastDecisions).length > 0 ? (
                <span className="case-decisions">
                  {Object.entries(c.lastDecisions).map(([fid, d]) => (
                    <DecisionBadge key={fid} value={d} label={fid} falsificationId={fid} />
                  ))}
                </span>
              ) : (
                <span className="case-decisions muted">not run yet</span>
              )}
              {c.letters !== undefined && c.letters.length > 0 ? (
                <span className="case-letters small muted" data-testid={`case-letters-${c.id}`}>
                  {c.letters.map((l) => `letter ${KIND_WORDS[l.kind]}: ${STATE_WORDS[l.state]}`).join('; ')}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
