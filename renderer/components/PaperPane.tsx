/**
 * The paper pane: the paper's identity, its claims with ids, the claimed falsifications with their checks,
 * and our summary. Claims are made here (select words of the summary and "Make this a claim", or "Add claim"
 * to type one), and checks are added per falsification ("Add check"). A falsification quoted from a logbook
 * cell links there; a check shows its kind and the case files it reads. Every list says what to do when empty.
 * A claim, a finding or a check can be withdrawn with a reason ("Withdraw…"): it stays listed, struck through,
 * with who withdrew it, when and why. A finding whose latest run is stale (its checks changed since) says so
 * instead of showing its decision. The summary (paper.md) has an Edit mode (PaperEditor).
 */
import { useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, CheckKindView, FalsificationDecision, RecheckApi } from '../../common/api/contract';
import { casePathParams } from '../intake/check-params';
import { byReviewer } from '../lib/reviewer';
import { selectionInside } from '../intake/selection';
import { ClaimFromSelection } from '../intake/ClaimFromSelection';
import { DecisionBadge } from './DecisionBadge';
import { Markdown } from './Markdown';
import { QuoteSource, type QuoteSourceView } from '../intake/QuoteSource';
import { falsificationCommands } from '../palette/falsification-commands';
import { useCommands } from '../palette/use-commands';
import { FileLink } from '../evidence/CaseFiles';
import { staleReason } from '../intake/withdrawn';
import { PaperEditor } from './PaperEditor';
import { WithdrawButton, WithdrawnNote } from '../intake/Withdraw';

export function PaperPane(props: {
  api: RecheckApi;
  detail: CaseDetail;
  decisions: Record<string, FalsificationDecision>;
  running: boolean;
  reviewer: string;
  onRun(falsificationId: string): void;
  /** An edit was made (the case must be reopened). */
  onEdited(entry: AuditEntry): void;
  onAddCheck(falsificationId: string): void;
  /** The check kinds (their params' schemas say which params name case files); null while they load. */
  kinds: readonly CheckKindView[] | null;
  /** Show where a quote came from in the logbook pane. */
  onShowSource(source: QuoteSourceView): void;
}) {
  const { api, detail, decisions, running, onRun } = props;
  const { paper } = detail;
  const summary = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editingPaper, setEditingPaper] = useState(false);
  const withdrawProps = { api, caseId: detail.id, reviewer: props.reviewer, onWithdrawn: props.onEdited };
  // The falsification Alt+Down / Alt+Up went to: scrolled to, focused and marked aria-current.
  const [current, setCurrent] = useState<string | null>(null);
  const pane = useRef<HTMLElement>(null);
  const goTo = (id: string) => {
    setCurrent(id);
    const el = pane.current?.querySelector<HTMLElement>(`[data-testid="falsification-${id}"]`);
    void el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  };
  useCommands(falsificationCommands({ falsifications: detail.falsifications, current, running, onGo: goTo, onRun }));
  const logbookTitle = (id: string) => detail.logbooks.find((l) => l.id === id)?.title ?? id;
  const hasSummary = detail.paperMarkdown.trim() !== '';

  const addClaim = async (text: string) => {
    const r = await api.addClaim({ caseId: detail.id, text, ...byReviewer(props.reviewer) });
    setNotice(`Added claim ${r.id}.`);
    props.onEdited(r.entry);
  };

  return (
    <section className="pane pane-paper" ref={pane} data-testid="pane-paper" aria-label="Paper">
      <header className="pane-header">
        <span className="pane-title">Paper</span>
        <span className="mono muted small">{paper.venueId}</span>
      </header>
      <div className="pane-body">
        <h1 className="paper-title" data-testid="paper-title">
          {paper.title}
        </h1>
        {paper.authors.length > 0 ? <p className="paper-authors">{paper.authors.join(', ')}</p> : null}

        <div className="section-heading heading-with-action">
          <h2>Claims</h2>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-small btn-quiet"
            // Keep a selection in the summary: it prefills the claim.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setNotice(null);
              setDraft(selectionInside(summary.current)?.text ?? '');
            }}
            disabled={draft !== null}
            data-testid="new-claim"
          >
            New claim
          </button>
        </div>
        {notice !== null ? (
          <div className="small ok-text" role="status" data-testid="paper-notice">
            {notice}
          </div>
        ) : null}
        {draft !== null ? <ClaimForm initial={draft} onAdd={addClaim} onDone={() => setDraft(null)} /> : null}
        {paper.claims.length === 0 && draft === null ? (
          <p className="empty-state" data-testid="claims-empty">
            No claim yet:{' '}
            {hasSummary
              ? 'select the claim’s words in the summary below and choose “Make this a claim”, or add one by hand.'
              : 'add one by hand (the summary is empty).'}
          </p>
        ) : null}
        <ol className="claims" data-testid="claims">
          {paper.claims.map((c) => (
            <li key={c.id} id={`claim-${c.id}`} data-testid={`claim-${c.id}`} data-withdrawn={c.withdrawn !== undefined || undefined}>
              <span className="claim-id">{c.id}</span>
              {c.withdrawn !== undefined ? (
                <>
                  <s>
                    <Markdown source={c.text} className="inline-md" />
                  </s>
                  <WithdrawnNote withdrawn={c.withdrawn} testId={`withdrawn-claim-${c.id}`} />
                </>
              ) : (
                <>
                  <Markdown source={c.text} className="inline-md" />
                  <WithdrawButton {...withdrawProps} what={{ item: 'claim', id: c.id }} />
                </>
              )}
            </li>
          ))}
        </ol>

        <h2 className="section-heading">Claimed falsifications</h2>
        {detail.falsifications.length === 0 ? (
          <p className="empty-state" data-testid="falsifications-empty">
            No claimed falsification yet:{' '}
            {detail.logbooks.length === 0
              ? 'import the logbook under review (logbook pane), then quote what it asserts from one of its cells.'
              : paper.claims.length === 0
                ? 'make a claim first, then quote what the logbook asserts against it (“Quote as a claimed falsification” on a logbook cell).'
                : 'in the logbook pane, select what the logbook asserts in a cell and choose “Quote as a claimed falsification”.'}
          </p>
        ) : null}
        {detail.falsifications.map((f) => {
          const inForce = f.checks.filter((c) => c.withdrawn === undefined).length;
          const stale = f.withdrawn === undefined ? staleReason(detail.latest, f.id) : null;
          return (
            <article
              key={f.id}
              className="falsification"
              tabIndex={-1}
              aria-current={current === f.id ? 'true' : undefined}
              aria-label={`Claimed falsification ${f.id}`}
              data-testid={`falsification-${f.id}`}
              data-withdrawn={f.withdrawn !== undefined || undefined}
            >
              <div className="falsification-head">
                <span className="claim-id">{f.withdrawn !== undefined ? <s>{f.id}</s> : f.id}</span>
                {decisions[f.id] !== undefined ? <DecisionBadge value={decisions[f.id]!} falsificationId={f.id} /> : null}
                {stale !== null && decisions[f.id] === undefined ? (
                  <span className="chip" title={stale} data-testid={`stale-${f.id}`}>
                    stale: run again
                  </span>
                ) : null}
                {f.withdrawn !== undefined ? (
                  <span className="chip" data-testid={`withdrawn-chip-${f.id}`}>
                    withdrawn
                  </span>
                ) : (
                  <span className="falsification-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-quiet"
                      onClick={() => props.onAddCheck(f.id)}
                      data-testid={`add-check-${f.id}`}
                      aria-label={`Add check to ${f.id}`}
                    >
                      Add check
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={running || inForce === 0}
                      onClick={() => onRun(f.id)}
                      data-testid={`run-${f.id}`}
                    >
                      Run {inForce} check{inForce === 1 ? '' : 's'}
                    </button>
                    <WithdrawButton {...withdrawProps} what={{ item: 'finding', id: f.id }} disabled={running} />
                  </span>
                )}
              </div>
              {f.withdrawn !== undefined ? <WithdrawnNote withdrawn={f.withdrawn} testId={`withdrawn-finding-${f.id}`} /> : null}
              {stale !== null ? (
                <div className="small muted" data-testid={`stale-reason-${f.id}`}>
                  {stale}
                </div>
              ) : null}
              <div className="muted small">
                against{' '}
                <a
                  href={`#claim-${f.claim}`}
                  className="mono"
                  onClick={(e) => {
                    e.preventDefault();
                    // Chromium 150+ returns a Promise from scrollIntoView: do not return it.
                    void document.getElementById(`claim-${f.claim}`)?.scrollIntoView({ block: 'center' });
                  }}
                >
                  {f.claim}
                </a>{' '}
                · asserted by <em>{logbookTitle(f.logbook)}</em>
                {f.source !== undefined ? (
                  <>
                    {' · '}
                    <QuoteSource source={f.source} logbooks={detail.logbooks} onShow={props.onShowSource} testId={`quote-source-${f.id}`} />
                  </>
                ) : null}
              </div>
              <blockquote className="assertion">
                <Markdown source={f.assertion} className="inline-md" />
              </blockquote>
              {f.checks.length === 0 ? (
                <p className="empty-state small" data-testid={`checks-empty-${f.id}`}>
                  No check yet: “Add check” declares one (a units audit, a growth fit, an exact certificate…) for the decision to rest on.
                </p>
              ) : (
                <ul className="declared-checks" data-testid={`checks-${f.id}`}>
                  {f.checks.map((c) => {
                    const files = casePathParams(c.params, props.kinds?.find((k) => k.kind === c.kind)?.paramsSchema);
                    const head = (
                      <>
                        <span className="mono small">{c.id}</span> {c.title} <span className="kind">{c.kind}</span>
                      </>
                    );
                    return (
                      <li key={c.id} data-testid={`declared-check-${c.id}`} data-withdrawn={c.withdrawn !== undefined || undefined}>
                        {c.withdrawn !== undefined ? <s>{head}</s> : head}
                        {c.withdrawn === undefined && f.withdrawn === undefined ? (
                          <WithdrawButton {...withdrawProps} what={{ item: 'check', finding: f.id, id: c.id }} disabled={running} />
                        ) : null}
                        {c.withdrawn !== undefined ? (
                          <WithdrawnNote withdrawn={c.withdrawn} testId={`withdrawn-check-${f.id}-${c.id}`} />
                        ) : null}
                        {files.length > 0 ? (
                          <span className="check-files small">
                            {files.map((p) => (
                              <span key={p.name} className="check-file">
                                <span className="muted">{p.name}:</span> <FileLink path={p.path} />
                              </span>
                            ))}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </article>
          );
        })}

        <div className="section-heading heading-with-action">
          <h2>Summary</h2>
          <span className="spacer" />
          {!editingPaper ? (
            <button
              type="button"
              className="btn btn-small btn-quiet"
              onClick={() => setEditingPaper(true)}
              data-testid="edit-paper"
              title="Edit the case's paper.md (saved atomically and logged)"
            >
              Edit
            </button>
          ) : null}
        </div>
        {editingPaper ? (
          <PaperEditor
            api={api}
            caseId={detail.id}
            markdown={detail.paperMarkdown}
            baseSha256={detail.paperSha256}
            reviewer={props.reviewer}
            onSaved={(entry) => {
              setNotice('Saved paper.md.');
              props.onEdited(entry);
            }}
            onDone={() => setEditingPaper(false)}
          />
        ) : hasSummary ? (
          <ClaimFromSelection onClaim={addClaim}>
            <div ref={summary}>
              <Markdown source={detail.paperMarkdown} className="paper-md" />
            </div>
          </ClaimFromSelection>
        ) : (
          <p className="empty-state">No summary yet: “Edit” writes our summary of the paper’s claims in the case’s paper.md.</p>
        )}
      </div>
    </section>
  );
}

/** A claim typed (or corrected) by hand, prefilled with the selection in the summary when there was one. */
function ClaimForm(props: { initial: string; onAdd(text: string): Promise<void>; onDone(): void }) {
  const [text, setText] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (text.trim() === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      await props.onAdd(text.trim());
      props.onDone();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <form
      className="claim-form"
      data-testid="claim-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        aria-label="Claim text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={20000}
        placeholder="The claim as the paper states it (Markdown, $LaTeX$)"
        disabled={busy}
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onDone();
        }}
      />
      <div className="form-row">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || text.trim() === ''}>
          {busy ? 'Adding…' : 'Add claim'}
        </button>
        <button type="button" className="btn btn-small" onClick={props.onDone} disabled={busy}>
          Cancel
        </button>
        {error !== null ? (
          <span className="small error-text" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}
