/**
 * "Review queue": every claimed falsification of every case of the workspace with where it stands (awaiting a
 * verdict, verdict overriding the computed decision, needs more work, running, not run, verdict agreeing) and
 * its open checklist questions, most urgent first (the core's verdictQueue). Filters by state; a row opens its
 * case on that falsification's decision panel. Read again whenever `refreshKey` changes (a run ended, an edit).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { KIND_WORDS, STATE_WORDS } from '../letters/words';
import type { RecheckApi, VerdictQueueRow, VerdictQueueView, VerdictState } from '../../common/api/contract';
import { DecisionBadge } from '../components/DecisionBadge';

const STATES: { state: VerdictState; label: string; hint: string }[] = [
  { state: 'awaiting-verdict', label: 'awaiting a verdict', hint: 'computed, no verdict recorded since' },
  { state: 'disagreed', label: 'verdict overrides', hint: 'the recorded verdict disagrees with the computed decision' },
  { state: 'needs-more-work', label: 'needs more work', hint: 'the latest verdict asks for more work' },
  { state: 'running', label: 'running', hint: 'its checks are running now' },
  { state: 'not-run', label: 'not run', hint: 'its checks have not run yet' },
  { state: 'agreed', label: 'verdict agrees', hint: 'the recorded verdict agrees with the computed decision' },
];

const LABEL = Object.fromEntries(STATES.map((s) => [s.state, s.label])) as Record<VerdictState, string>;

type Filter = VerdictState | 'all' | 'open-questions';

export function VerdictQueue(props: { api: RecheckApi; refreshKey: number; onOpen(caseId: string, falsificationId: string): void }) {
  const { api } = props;
  const ids = useId();
  const [view, setView] = useState<VerdictQueueView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const load = useCallback(() => {
    api.verdictQueue().then(
      (v) => {
        setView(v);
        setError(null);
      },
      (e: unknown) => setError((e as Error).message),
    );
  }, [api]);
  useEffect(load, [load, props.refreshKey]);

  const rows = (view?.rows ?? []).filter(
    (r) => filter === 'all' || (filter === 'open-questions' ? r.openQuestions.length > 0 : r.state === filter),
  );
  const withOpen = (view?.rows ?? []).filter((r) => r.openQuestions.length > 0).length;
  const filters: { id: Filter; label: string; count: number; hint: string }[] = [
    { id: 'all', label: 'all', count: view?.rows.length ?? 0, hint: 'every claimed falsification' },
    ...STATES.map((s) => ({ id: s.state, label: s.label, count: view?.counts[s.state] ?? 0, hint: s.hint })),
    { id: 'open-questions', label: 'open checklist questions', count: withOpen, hint: 'at least one checklist question is open' },
  ];

  return (
    <section className="review-queue" data-testid="review-queue" aria-labelledby={`${ids}-title`}>
      <header className="case-header">
        <div className="case-heading">
          <h1 id={`${ids}-title`}>Review queue</h1>
          <div className="small muted">
            Every claimed falsification of every case: what waits for a verdict first, then overrides, more work, runs, what never ran, and
            what is settled.
          </div>
        </div>
        <span className="spacer" />
        <button type="button" className="btn" onClick={load} data-testid="review-queue-refresh">
          Refresh
        </button>
      </header>
      <div className="review-queue-body">
        <div className="queue-filters" role="group" aria-label="Show by state">
          {filters.map((f) => (
            <button
              key={f.id}
              type="button"
              className={`btn btn-small queue-filter${filter === f.id ? ' selected' : ''}`}
              aria-pressed={filter === f.id}
              title={f.hint}
              onClick={() => setFilter(f.id)}
              data-testid={`queue-filter-${f.id}`}
            >
              {f.label} <span className="queue-count">{f.count}</span>
            </button>
          ))}
        </div>
        {error !== null ? <div className="error-box">{error}</div> : null}
        {view === null && error === null ? <div className="muted pad">Reading every case…</div> : null}
        {(view?.problems ?? []).map((p) => (
          <div key={p.caseId} className="error-box small" data-testid="queue-problem">
            {p.error}
          </div>
        ))}
        {view !== null && rows.length === 0 ? (
          <div className="muted pad">
            {view.rows.length === 0 ? 'The workspace has no claimed falsification yet.' : 'Nothing in this state.'}
          </div>
        ) : null}
        <ul className="queue-rows">
          {rows.map((r) => (
            <li key={`${r.caseId}/${r.falsificationId}`}>
              <QueueRow row={r} onOpen={() => props.onOpen(r.caseId, r.falsificationId)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function QueueRow({ row: r, onOpen }: { row: VerdictQueueRow; onOpen(): void }) {
  return (
    <button
      type="button"
      className={`queue-row queue-${r.state}`}
      onClick={onOpen}
      data-testid={`queue-row-${r.caseId}-${r.falsificationId}`}
      data-state={r.state}
      title="Open this falsification's decision panel"
    >
      <span className={`queue-state queue-state-${r.state}`}>
        {r.state === 'running' ? <span className="spinner" aria-hidden="true" /> : null}
        {LABEL[r.state]}
      </span>
      <span className="queue-what">
        <span className="queue-case">
          {r.caseTitle} · <span className="mono">{r.falsificationId}</span>
        </span>
        <span className="queue-assertion small muted">{r.assertion}</span>
      </span>
      <span className="queue-decisions">
        <span className="small muted">computed</span>{' '}
        {r.computed !== undefined ? (
          <DecisionBadge value={r.computed.decision} testId="queue-computed" {...(r.says !== undefined ? { says: r.says } : {})} />
        ) : (
          <span className="small muted">none yet</span>
        )}
        {r.verdict !== undefined ? (
          <>
            <span className="small muted"> verdict</span>{' '}
            <DecisionBadge value={r.verdict.verdict} testId="queue-verdict" {...(r.says !== undefined ? { says: r.says } : {})} />
            <span className="small muted" title={r.verdict.at}>
              {' '}
              {r.verdict.who}
              {r.verdictPredatesRun ? ', before the latest run' : ''}
            </span>
          </>
        ) : null}
      </span>
      <span
        className={`queue-open small ${r.openQuestions.length > 0 ? 'warn-text' : 'muted'}`}
        title={
          r.openQuestions.length > 0 ? `Open: ${r.openQuestions.join(', ')}` : 'Every checklist question is answered or not applicable'
        }
        data-testid="queue-open"
      >
        {r.openQuestions.length}/{r.questionCount} open
      </span>
      {r.letter !== undefined ? (
        <span className="queue-letter small" title={`Letter ${r.letter.id} ${KIND_WORDS[r.letter.kind]}`} data-testid="queue-letter">
          letter: {STATE_WORDS[r.letter.state]}
        </span>
      ) : null}
    </button>
  );
}
