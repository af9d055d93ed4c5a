/** The paper pane: the paper's identity, its claims with ids, the claimed falsifications and our summary. */
import type { CaseDetail, FalsificationDecision } from '../../app/api/contract';
import { DecisionBadge } from './DecisionBadge';
import { Markdown } from './Markdown';

export function PaperPane(props: {
  detail: CaseDetail;
  decisions: Record<string, FalsificationDecision>;
  running: boolean;
  onRun(falsificationId: string): void;
}) {
  const { detail, decisions, running, onRun } = props;
  const { paper } = detail;
  const logbookTitle = (id: string) => detail.logbooks.find((l) => l.id === id)?.title ?? id;
  return (
    <section className="pane pane-paper" data-testid="pane-paper" aria-label="Paper">
      <header className="pane-header">
        <span className="pane-title">Paper</span>
        <span className="mono muted small">{paper.venueId}</span>
      </header>
      <div className="pane-body">
        <h1 className="paper-title" data-testid="paper-title">{paper.title}</h1>
        {paper.authors.length > 0 ? <p className="paper-authors">{paper.authors.join(', ')}</p> : null}

        <h2 className="section-heading">Claims</h2>
        <ol className="claims">
          {paper.claims.map((c) => (
            <li key={c.id} id={`claim-${c.id}`}>
              <span className="claim-id">{c.id}</span>
              <Markdown source={c.text} className="inline-md" />
            </li>
          ))}
        </ol>

        <h2 className="section-heading">Claimed falsifications</h2>
        {detail.falsifications.map((f) => (
          <article key={f.id} className="falsification" data-testid={`falsification-${f.id}`}>
            <div className="falsification-head">
              <span className="claim-id">{f.id}</span>
              {decisions[f.id] !== undefined ? <DecisionBadge value={decisions[f.id]!} falsificationId={f.id} /> : null}
              <span className="spacer" />
              <button type="button" className="btn btn-small" disabled={running} onClick={() => onRun(f.id)} data-testid={`run-${f.id}`}>
                Run {f.checks.length} check{f.checks.length === 1 ? '' : 's'}
              </button>
            </div>
            <div className="muted small">
              against <a href={`#claim-${f.claim}`} className="mono" onClick={(e) => { e.preventDefault(); document.getElementById(`claim-${f.claim}`)?.scrollIntoView({ block: 'center' }); }}>{f.claim}</a> · asserted by{' '}
              <em>{logbookTitle(f.logbook)}</em>
            </div>
            <blockquote className="assertion">
              <Markdown source={f.assertion} className="inline-md" />
            </blockquote>
            <ul className="declared-checks">
              {f.checks.map((c) => (
                <li key={c.id}>
                  <span className="mono small">{c.id}</span> {c.title} <span className="kind">{c.kind}</span>
                </li>
              ))}
            </ul>
          </article>
        ))}

        <h2 className="section-heading">Summary</h2>
        <Markdown source={detail.paperMarkdown} className="paper-md" />
      </div>
    </section>
  );
}
