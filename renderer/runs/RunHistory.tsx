/**
 * A finding's run history (the checks dock's History tab): every run that ran it, newest first, with its date, who
 * ran it, its decision and its checks' outcomes, or why its report cannot be trusted; pick two runs (A older, B
 * newer by default) to see them side by side: the decisions and gates, and per check the outcome, guarantee and
 * key numbers of each run, what changed marked (run-diff.ts). Everything shown is read from the runs' reports.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CaseDetail, RecheckApi, RunFalsificationReport, RunHistoryEntry } from '../../common/api/contract';
import { short } from '../../common/figures/read';
import { DecisionBadge } from '../components/DecisionBadge';
import { formatUtc } from '../lib/format';
import { diffRuns, MAX_NUMBERS, type CheckDiff, type Pair } from './run-diff';
import './runs.css';

export function RunHistory({ api, detail, refresh }: { api: RecheckApi; detail: CaseDetail; refresh: string }) {
  const [fid, setFid] = useState(detail.falsifications[0]?.id ?? '');
  const [history, setHistory] = useState<RunHistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  useEffect(() => {
    if (!detail.falsifications.some((f) => f.id === fid)) setFid(detail.falsifications[0]?.id ?? '');
  }, [detail.falsifications, fid]);
  useEffect(() => {
    if (fid === '') return;
    let live = true;
    setError(null);
    api.listRunHistory(detail.id, fid).then(
      (h) => {
        if (!live) return;
        setHistory(h);
        const usable = h.filter((r) => r.decision !== undefined);
        setPicked({ a: usable[1]?.runId ?? null, b: usable[0]?.runId ?? null });
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, detail.id, fid, refresh]);

  const finding = detail.falsifications.find((f) => f.id === fid);
  if (detail.falsifications.length === 0) return <div className="muted pad">This case has no claimed falsification yet.</div>;
  return (
    <div className="run-history pad" data-testid="run-history">
      {detail.falsifications.length > 1 ? (
        <label className="run-history-pick">
          Finding{' '}
          <select value={fid} onChange={(e) => setFid(e.target.value)} data-testid="run-history-finding">
            {detail.falsifications.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}: {f.assertion.slice(0, 80)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {error !== null ? (
        <div className="error-box" role="alert">
          {error}
        </div>
      ) : null}
      {history === null && error === null ? <div className="muted">Reading the runs…</div> : null}
      {history !== null && history.length === 0 ? (
        <div className="empty-state">No run of {fid} yet: run its checks, and each run is listed here.</div>
      ) : null}
      {history !== null && history.length > 0 ? (
        <HistoryTable history={history} picked={picked} onPick={setPicked} says={finding?.says} />
      ) : null}
      {picked.a !== null && picked.b !== null && picked.a !== picked.b ? (
        <Comparison api={api} caseId={detail.id} fid={fid} a={picked.a} b={picked.b} says={finding?.says} />
      ) : history !== null && history.filter((r) => r.decision !== undefined).length >= 2 ? (
        <div className="muted small">Pick two different runs (A and B) to compare them.</div>
      ) : null}
    </div>
  );
}

type Says = CaseDetail['falsifications'][number]['says'];

function HistoryTable(props: {
  history: RunHistoryEntry[];
  picked: { a: string | null; b: string | null };
  onPick(p: { a: string | null; b: string | null }): void;
  says: Says;
}) {
  const { picked } = props;
  return (
    <div className="run-table-scroll">
      <table className="audit-table run-history-table" data-testid="run-history-table">
        <caption className="visually-hidden">Every run of this finding, newest first</caption>
        <thead>
          <tr>
            <th scope="col">A</th>
            <th scope="col">B</th>
            <th scope="col">Finished</th>
            <th scope="col">Who</th>
            <th scope="col">Ran</th>
            <th scope="col">Decision</th>
            <th scope="col">Checks</th>
          </tr>
        </thead>
        <tbody>
          {props.history.map((r) => {
            const usable = r.decision !== undefined;
            const when = formatUtc(r.at);
            return (
              <tr key={r.runId} data-testid="run-history-row" data-run={r.runId}>
                <td>
                  <input
                    type="radio"
                    name="run-a"
                    disabled={!usable}
                    checked={picked.a === r.runId}
                    onChange={() => props.onPick({ ...picked, a: r.runId })}
                    aria-label={`Compare as run A: ${when}`}
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="run-b"
                    disabled={!usable}
                    checked={picked.b === r.runId}
                    onChange={() => props.onPick({ ...picked, b: r.runId })}
                    aria-label={`Compare as run B: ${when}`}
                  />
                </td>
                <td className="nowrap" title={`run ${r.runId}${r.startedAt !== undefined ? `, started ${formatUtc(r.startedAt)}` : ''}`}>
                  {when}
                </td>
                <td>{r.who}</td>
                <td>{r.scope === 'case' ? 'whole case' : 'this finding'}</td>
                <td>
                  {r.decision !== undefined ? (
                    <DecisionBadge value={r.decision} {...(props.says !== undefined ? { says: props.says } : {})} />
                  ) : r.cancelled ? (
                    <span className="muted">cancelled</span>
                  ) : (
                    <span className="error-text">{r.problem}</span>
                  )}
                </td>
                <td className="small">{usable ? outcomeLine(r.outcomes) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function outcomeLine(o: RunHistoryEntry['outcomes']): string {
  const parts = [`${o.supports} support`, `${o.refutes} refute`];
  if (o.neutral > 0) parts.push(`${o.neutral} neutral`);
  if (o.error > 0) parts.push(`${o.error} error`);
  return parts.join(' · ');
}

function Comparison(props: { api: RecheckApi; caseId: string; fid: string; a: string; b: string; says: Says }) {
  const { api, caseId, fid, a, b } = props;
  const [reports, setReports] = useState<[RunFalsificationReport, RunFalsificationReport] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setReports(null);
    setError(null);
    Promise.all([api.readRunReport(caseId, a, fid), api.readRunReport(caseId, b, fid)]).then(
      ([ra, rb]) => live && setReports([ra, rb]),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, fid, a, b]);
  const diff = useMemo(() => (reports !== null ? diffRuns(reports[0], reports[1]) : null), [reports]);
  if (error !== null)
    return (
      <div className="error-box" role="alert">
        {error}
      </div>
    );
  if (reports === null || diff === null) return <div className="muted">Reading both runs…</div>;
  const says = props.says !== undefined ? { says: props.says } : {};
  return (
    <section className="run-compare" data-testid="run-compare" aria-label="Two runs compared">
      <h3 className="section-heading">
        Run A ({formatUtc(reports[0].finishedAt)}) against run B ({formatUtc(reports[1].finishedAt)})
      </h3>
      <div className="run-compare-decision" data-testid="run-compare-decision" data-changed={diff.decision.changed}>
        Decision: {diff.decision.a !== undefined ? <DecisionBadge value={diff.decision.a} label="A" {...says} /> : null} →{' '}
        {diff.decision.b !== undefined ? <DecisionBadge value={diff.decision.b} label="B" {...says} /> : null}
        {diff.decision.changed ? <strong className="run-changed"> changed</strong> : <span className="muted"> unchanged</span>}
        <span className="muted small">
          {' '}
          · {diff.changedOutcomes} check{diff.changedOutcomes === 1 ? '' : 's'} changed outcome
        </span>
      </div>
      {diff.gate.changed ? (
        <div className="small">
          Gate A: {diff.gate.a} · Gate B: {diff.gate.b}
        </div>
      ) : (
        <div className="small muted">{diff.gate.a}</div>
      )}
      {/* Focusable so that, scrolled sideways at 200% zoom, the keyboard can scroll it too. */}
      <div className="run-table-scroll" tabIndex={0} role="region" aria-label="Checks of runs A and B">
        <table className="audit-table run-compare-table">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Outcome A</th>
              <th scope="col">Outcome B</th>
              <th scope="col">Guarantee A</th>
              <th scope="col">Guarantee B</th>
              <th scope="col">Key numbers (A → B)</th>
            </tr>
          </thead>
          <tbody>
            {diff.checks.map((c) => (
              <CheckRow key={c.checkId} c={c} says={props.says} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const cell = (p: Pair<string>, side: 'a' | 'b') => (
  <td className={p.changed ? 'run-changed-cell' : undefined}>{p[side] ?? <span className="muted">not in this run</span>}</td>
);

function CheckRow({ c, says }: { c: CheckDiff; says: Says }) {
  const outcome = (side: 'a' | 'b') => {
    const v = c.outcome[side];
    return (
      <td className={c.outcome.changed ? 'run-changed-cell' : undefined}>
        {v !== undefined ? (
          <DecisionBadge value={v} testId={`outcome-${side}`} {...(says !== undefined ? { says } : {})} />
        ) : (
          <span className="muted">not in this run</span>
        )}
      </td>
    );
  };
  const changed = c.numbers.filter((n) => n.changed);
  const shown = (changed.length > 0 ? changed : c.numbers).slice(0, MAX_NUMBERS);
  const more = (changed.length > 0 ? changed.length : c.numbers.length) - shown.length;
  return (
    <tr data-testid="run-compare-check" data-check={c.checkId} data-outcome-changed={c.outcome.changed}>
      <th scope="row" className="run-compare-check">
        <span className="mono">{c.checkId}</span>
        <div className="small muted">{c.title}</div>
      </th>
      {outcome('a')}
      {outcome('b')}
      {cell(c.guarantee, 'a')}
      {cell(c.guarantee, 'b')}
      <td className="small">
        {c.numbers.length === 0 ? <span className="muted">none</span> : null}
        {changed.length === 0 && c.numbers.length > 0 ? <div className="muted">all {c.numbers.length} equal, e.g.</div> : null}
        {shown.map((n) => (
          <div key={n.path} className={n.changed ? 'run-changed' : undefined} data-testid="run-compare-number">
            <span className="mono">{n.path}</span>: {n.a !== undefined ? short(n.a) : '—'} → {n.b !== undefined ? short(n.b) : '—'}
          </div>
        ))}
        {more > 0 ? <div className="muted">and {more} more</div> : null}
        {changed.length > 0 && c.numbers.length > changed.length ? (
          <div className="muted">{c.numbers.length - changed.length} equal</div>
        ) : null}
      </td>
    </tr>
  );
}
