/**
 * "Triage a verdict ledger": a ledger file (CSV, JSON or JSON Lines of judge verdicts per paper, claim and
 * logbook) read by the core (triageLedger; its bytes go as base64, so a file that is not UTF-8 gets the core's
 * one-line refusal), shown as counts (papers, claims, logbooks, claim statuses, paper categories) and the work
 * queue grouped by tier: claimed falsifications first, then contested claims and premature verifications (one
 * rank), then toy-only support, each row
 * with each logbook's verdict. A row opens the workspace's case about its paper, or offers "Create case".
 * Its other mode, "Screen a challenge" (ScreenQueue.tsx), screens a folder of logbooks and shows the screen's queue.
 */
import { useId, useState } from 'react';
import type { CaseSummary, RecheckApi, TriageRowView, TriageView as TriageResult } from '../../common/api/contract';
import { MAX_UPLOAD_BASE64 } from '../../common/api/methods';
import { DECISION_WORDS } from '../../common/words/outcomes';
import { formatBytes, formatCount } from '../lib/format';
import { countsLargestFirst, groupQueue, verdictTally } from './triage';
import { base64Length, encodeBase64 } from '../intake/upload';
import { ScreenQueue } from './ScreenQueue';

/** A ledger read by the core, with the name of its file. */
export interface LoadedLedger {
  name: string;
  view: TriageResult;
}

/** Style of a logbook's verdict (the word is always shown too). */
function verdictClass(verdict: string): string {
  if (verdict === 'verified') return 'badge badge-supports';
  if (verdict === 'falsified') return 'badge badge-refutes';
  if (verdict === 'toy') return 'badge badge-contested';
  return 'badge badge-neutral';
}

/** The cases about a row's paper: those the core named, and any made since (same venue id). */
function casesOf(row: TriageRowView, cases: readonly CaseSummary[]): string[] {
  return [...new Set([...row.caseIds, ...cases.filter((c) => c.venueId === row.paper).map((c) => c.id)])];
}

export function TriageView(props: {
  api: RecheckApi;
  cases: readonly CaseSummary[];
  ledger: LoadedLedger | null;
  onLoaded(ledger: LoadedLedger): void;
  onOpenCase(caseId: string): void;
  /** A case made from a screened row: not in `cases` yet. */
  onCaseMade(caseId: string): void;
  onCreateCase(row: TriageRowView, ledgerName: string): void;
}) {
  const ids = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<'ledger' | 'screen'>('ledger');
  // The screen stays mounted once shown, so a running screen and its queue survive a look at the ledger.
  const [screenSeen, setScreenSeen] = useState(false);
  const { ledger } = props;

  const read = async (file: File | undefined) => {
    setError(null);
    if (file === undefined) return;
    if (base64Length(file.size) > MAX_UPLOAD_BASE64) {
      setError(
        `${file.name} is ${formatBytes(file.size)}, over what one upload may carry: read it with \`npx recheck ledger ${file.name}\` instead`,
      );
      return;
    }
    setBusy(`Reading ${file.name}…`);
    try {
      const base64 = encodeBase64(new Uint8Array(await file.arrayBuffer()));
      const view = await props.api.triageLedger({ name: file.name, base64 });
      props.onLoaded({ name: file.name, view });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="triage" data-testid="triage-view" aria-labelledby={`${ids}-title`}>
      <header className="case-header">
        <div className="case-heading">
          <h1 id={`${ids}-title`}>{mode === 'ledger' ? 'Triage a verdict ledger' : 'Screen a challenge'}</h1>
          <div className="small muted">
            {mode === 'ledger'
              ? 'Judge verdicts per paper, claim and logbook: what to re-check first, and the cases about each paper.'
              : 'Every logbook’s own numbers checked without a person, joined with the judge’s verdicts into one queue.'}
          </div>
        </div>
      </header>
      <div className="triage-body">
        <div className="segmented triage-modes" role="group" aria-label="What to triage">
          <button
            type="button"
            className={mode === 'ledger' ? 'active' : ''}
            aria-pressed={mode === 'ledger'}
            onClick={() => setMode('ledger')}
            data-testid="triage-mode-ledger"
          >
            Verdict ledger
          </button>
          <button
            type="button"
            className={mode === 'screen' ? 'active' : ''}
            aria-pressed={mode === 'screen'}
            onClick={() => {
              setMode('screen');
              setScreenSeen(true);
            }}
            data-testid="triage-mode-screen"
          >
            Screen a challenge
          </button>
        </div>
        {screenSeen ? (
          <div style={mode === 'screen' ? undefined : { display: 'none' }}>
            <ScreenQueue api={props.api} cases={props.cases} onOpenCase={props.onOpenCase} onCaseMade={props.onCaseMade} />
          </div>
        ) : null}
        <div style={mode === 'screen' ? { display: 'none' } : undefined}>
          <div className="triage-pick">
            <label htmlFor={`${ids}-file`} className="triage-pick-label">
              Ledger file
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.json,.jsonl,text/csv,application/json"
              onChange={(e) => void read(e.target.files?.[0])}
              disabled={busy !== null}
              aria-describedby={`${ids}-note`}
              data-testid="ledger-file-input"
            />
            <span id={`${ids}-note`} className="small muted">
              CSV with columns paper, claim, logbook, verdict; or JSON / JSON Lines, one object per logbook with its claims’ verdicts.
            </span>
          </div>
          <div role="status" className="small triage-status" data-testid="triage-status">
            {busy !== null ? <span className="muted">{busy}</span> : null}
          </div>
          {error !== null ? (
            <div className="error-box" role="alert" data-testid="triage-error">
              {error}
            </div>
          ) : null}
          {ledger !== null ? (
            <Ledger ledger={ledger} cases={props.cases} onOpenCase={props.onOpenCase} onCreateCase={props.onCreateCase} />
          ) : null}
          {ledger === null && error === null && busy === null ? (
            <p className="empty-state">
              Pick a ledger file: the queue says which claimed falsifications to re-check before anyone writes to the authors.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function Counts({ title, counts, testId }: { title: string; counts: Record<string, number>; testId: string }) {
  const list = countsLargestFirst(counts);
  return (
    <div className="triage-counts" data-testid={testId}>
      <h2 className="section-heading">{title}</h2>
      {list.length === 0 ? (
        <p className="muted small">none</p>
      ) : (
        <dl className="count-list">
          {list.map(([name, n]) => (
            <div key={name} className={`count-item${n === 0 ? ' count-zero' : ''}`}>
              <dt>{name}</dt>
              <dd className="num">{formatCount(n)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function Ledger(props: {
  ledger: LoadedLedger;
  cases: readonly CaseSummary[];
  onOpenCase(id: string): void;
  onCreateCase(row: TriageRowView, ledgerName: string): void;
}) {
  const { view, name } = props.ledger;
  const groups = groupQueue(view.queue);
  return (
    <>
      <section className="triage-summary" aria-label="Ledger counts" data-testid="triage-summary">
        <p className="triage-lead">
          <span className="mono">{name}</span>: <strong data-testid="triage-papers">{formatCount(view.papers)}</strong> paper
          {view.papers === 1 ? '' : 's'}, <strong data-testid="triage-claims">{formatCount(view.claims)}</strong> claim
          {view.claims === 1 ? '' : 's'}, <strong data-testid="triage-logbooks">{formatCount(view.logbooks)}</strong> logbook
          {view.logbooks === 1 ? '' : 's'}; {formatCount(view.queue.length)} claim{view.queue.length === 1 ? '' : 's'} to re-check.
        </p>
        <div className="triage-count-grid">
          <Counts title="Claim statuses" counts={view.claimStatus} testId="triage-claim-status" />
          <Counts title="Paper categories" counts={view.paperCategories} testId="triage-paper-categories" />
        </div>
      </section>
      {groups.length === 0 ? (
        <p className="empty-state">Nothing to re-check: no claim is falsified, contested or supported only at toy scale.</p>
      ) : null}
      {groups.map((g) => (
        <section key={g.tier} className={`triage-group tier-${g.tier}`} aria-label={g.heading} data-testid={`triage-group-${g.tier}`}>
          <h2 className="triage-heading">
            {g.heading} <span className="muted">({g.rows.length})</span>
          </h2>
          <ul className="triage-rows">
            {g.rows.map((r, i) => (
              <Row
                key={`${r.paper}\u0000${r.claim}\u0000${i}`}
                row={r}
                cases={casesOf(r, props.cases)}
                onOpenCase={props.onOpenCase}
                onCreateCase={() => props.onCreateCase(r, name)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function Row(props: { row: TriageRowView; cases: string[]; onOpenCase(id: string): void; onCreateCase(): void }) {
  const { row } = props;
  return (
    <li className="triage-row" data-testid="triage-row" data-paper={row.paper} data-claim={row.claim}>
      <div className="triage-row-main">
        <div className="triage-row-head">
          <span className="mono triage-paper">{row.paper}</span>
          <span className="triage-status-word small">status: {row.status}</span>
          <span className="small muted">{verdictTally(row.verdicts)}</span>
        </div>
        <div className="triage-claim">{row.claim}</div>
        <ul className="triage-verdicts" aria-label="Each logbook’s verdict">
          {row.logbookVerdicts.map((v, i) => (
            <li key={`${v.logbook}-${i}`}>
              <span className="mono small">{v.logbook}</span> <span className={verdictClass(v.verdict)}>{v.verdict}</span>
            </li>
          ))}
        </ul>
        {row.premature !== undefined && row.premature.length > 0 ? (
          <ul className="triage-premature small" aria-label="Why the verification is premature" data-testid="triage-premature">
            {row.premature.map((p, i) => (
              <li key={`${p.logbook}-${i}`}>
                <span className="mono">{p.logbook}</span>: {DECISION_WORDS.premature.short} ({p.reason})
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="triage-actions">
        {props.cases.length > 0 ? (
          props.cases.map((id) => (
            <button
              key={id}
              type="button"
              className="btn btn-small"
              onClick={() => props.onOpenCase(id)}
              data-testid="triage-open-case"
              aria-label={`Open case ${id} about ${row.paper}`}
            >
              Open case <span className="mono">{id}</span>
            </button>
          ))
        ) : (
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={props.onCreateCase}
            data-testid="triage-create-case"
            aria-label={`Create case for ${row.paper}`}
          >
            Create case
          </button>
        )}
      </div>
    </li>
  );
}
