/**
 * Computed results per claimed falsification: the decision (computed by the core from the check outcomes),
 * its reason, and each check's outcome, summary, evidence (collapsible JSON, plotted when it holds a
 * series) and artifacts. While a run is going, checks appear as they finish.
 */
import { useMemo } from 'react';
import type { CaseDetail, CheckResultView, FalsificationReport } from '../../app/api/contract';
import { findSeries } from '../lib/evidence';
import { formatSeconds, formatUtc } from '../lib/format';
import type { RunState } from '../lib/run-state';
import { DecisionBadge } from './DecisionBadge';
import { SeriesPlot } from './SeriesPlot';

export function Results(props: { detail: CaseDetail; run: RunState | undefined; running: boolean; onRun(fid: string | null): void }) {
  const { detail, run, running, onRun } = props;
  const live = run !== undefined && run.status === 'running';
  // A cancelled or failed run keeps its finished checks on screen (without a decision) instead of the older run.
  const ended = run !== undefined && (run.status === 'cancelled' || run.status === 'failed') && run.results.length > 0;
  const report = run?.report ?? (live || ended ? undefined : detail.lastRun);
  const partial = live || ended ? run.results : [];

  if (report === undefined && partial.length === 0) {
    return (
      <div className="empty-results muted" data-testid="results-empty">
        {live ? 'Waiting for the first check to finish…' : emptyText(detail)}
      </div>
    );
  }
  return (
    <div className="results" data-testid="results">
      {ended ? (
        <div className="small results-meta warn-text" data-testid="partial-results">
          Run <span className="mono">{run.runId}</span> {run.status === 'cancelled' ? 'was cancelled' : 'failed'} after {run.results.length} check
          {run.results.length === 1 ? '' : 's'}: the results below are partial and no decision was computed.
        </div>
      ) : null}
      {report !== undefined ? (
        <div className="small muted results-meta">
          Run <span className="mono">{report.runId}</span> · finished {formatUtc(report.finishedAt)}
        </div>
      ) : null}
      {detail.falsifications.map((f) => {
        const fr = report?.falsifications.find((r) => r.falsificationId === f.id);
        const checks = fr?.checks ?? partial.filter((c) => c.falsificationId === f.id);
        return <FalsificationResult key={f.id} fid={f.id} assertion={f.assertion} report={fr} checks={checks} running={running} live={live} onRun={onRun} />;
      })}
    </div>
  );
}

/** What to do next when there is no result to show. */
function emptyText(detail: CaseDetail): string {
  if (detail.falsifications.length === 0) return 'No claimed falsification yet: quote one from a logbook cell (“Quote as a claimed falsification”), then add checks to it.';
  if (detail.falsifications.every((f) => f.checks.length === 0)) return 'No check declared yet: “Add check” on a claimed falsification in the paper pane declares one; then run the checks here.';
  return 'No run yet. Run the checks to compute a decision for each claimed falsification.';
}

/** What each computed decision says about the claimed falsification, in words. */
const MEANING: Record<FalsificationReport['decision'], string> = {
  confirmed: 'The claimed falsification holds.',
  refuted: 'The claimed falsification does not hold.',
  contested: 'The checks disagree about the claimed falsification.',
  inconclusive: 'No check decides the claimed falsification.',
};

function FalsificationResult(props: {
  fid: string;
  assertion: string;
  report: FalsificationReport | undefined;
  checks: readonly CheckResultView[];
  running: boolean;
  live: boolean;
  onRun(fid: string): void;
}) {
  const { fid, report, checks } = props;
  return (
    <article className="result" data-testid={`result-${fid}`}>
      <header className="result-head">
        <span className="claim-id">{fid}</span>
        {report !== undefined ? <DecisionBadge value={report.decision} falsificationId={fid} /> : <DecisionBadge value={props.live ? 'pending' : 'undecided'} falsificationId={fid} testId="pending-badge" />}
        {report !== undefined ? <span className="result-meaning">{MEANING[report.decision]}</span> : null}
        <span className="result-reason muted">{report !== undefined ? `(${report.reason})` : props.assertion}</span>
        <button type="button" className="btn btn-small btn-quiet" disabled={props.running} onClick={() => props.onRun(fid)}>
          Re-run {fid}
        </button>
      </header>
      <table className="check-table">
        <tbody>
          {checks.map((c) => (
            <CheckRow key={c.checkId} check={c} />
          ))}
        </tbody>
      </table>
    </article>
  );
}

function CheckRow({ check }: { check: CheckResultView }) {
  const series = useMemo(() => findSeries(check.evidence).slice(0, 2), [check.evidence]);
  const json = useMemo(() => JSON.stringify(check.evidence, null, 2), [check.evidence]);
  return (
    <tr data-testid={`check-${check.checkId}`}>
      <td className="outcome-cell">
        <DecisionBadge value={check.outcome} testId="outcome-badge" />
      </td>
      <td>
        <div className="check-title">
          {check.title} <span className="kind">{check.kind}</span> <span className="muted small">{formatSeconds(check.durationMs / 1000)}</span>
        </div>
        <div className="check-summary">{check.summary}</div>
        {series.map((s) => (
          <SeriesPlot key={s.label} series={s} />
        ))}
        <details className="evidence">
          <summary>Evidence ({json.length.toLocaleString('en-US')} characters of JSON)</summary>
          <pre className="json">{json}</pre>
        </details>
        {check.artifacts.length > 0 ? (
          <div className="artifacts small">
            Artifacts:{' '}
            {check.artifacts.map((a) => (
              <span key={a} className="mono chip">
                {a}
              </span>
            ))}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
