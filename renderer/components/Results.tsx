/**
 * Computed results per claimed falsification: the decision (computed by the core from the check outcomes),
 * its reason, and each check's outcome, summary, evidence (collapsible JSON, plotted when it holds a
 * series) and artifacts. While a run is going, checks appear as they finish.
 */
import { useMemo } from 'react';
import type { CaseDetail, CheckResultView, FindingSays, LatestFalsificationReport } from '../../common/api/contract';
import { BASIS_WORDS, FINDING_WORDS, gateLine, guaranteeWords } from '../../common/words/outcomes';
import { shownFalsifications } from '../lib/decisions';
import { Figure } from '../figures/Figure';
import { LiveFigures } from '../figures/LiveFigures';
import { figuresFor } from '../../common/figures/registry';
import { CheckFiles } from '../evidence/CheckFiles';
import { formatSeconds, formatUtc } from '../lib/format';
import type { RunState } from '../lib/run-state';
import { DecisionBadge } from './DecisionBadge';

export function Results(props: { detail: CaseDetail; run: RunState | undefined; running: boolean; onRun(fid: string | null): void }) {
  const { detail, run, running, onRun } = props;
  // Each falsification shows its own latest run; the run being followed overlays only the falsifications it covers.
  const shown = useMemo(() => shownFalsifications(detail, run), [detail, run]);
  const live = run !== undefined && run.status === 'running';
  const ended = run !== undefined && (run.status === 'cancelled' || run.status === 'failed') && run.results.length > 0;
  const anything = Object.values(shown).some((s) => s.report !== undefined || s.checks.length > 0);

  if (!anything) {
    return (
      <div className="empty-results muted" data-testid="results-empty">
        {live ? 'Waiting for the first check to finish…' : emptyText(detail)}
        <LiveFigures run={run} />
      </div>
    );
  }
  return (
    <div className="results" data-testid="results">
      {ended ? (
        <div className="small results-meta warn-text" data-testid="partial-results">
          Run <span className="mono">{run.runId}</span> {run.status === 'cancelled' ? 'was cancelled' : 'failed'} after {run.results.length}{' '}
          check
          {run.results.length === 1 ? '' : 's'}: {run.falsificationId ? `${run.falsificationId}'s results are` : 'the results below are'}{' '}
          partial and no decision was computed
          {run.falsificationId ? ' (the others keep their own latest runs)' : ''}.
        </div>
      ) : null}
      {detail.falsifications.map((f) => {
        const s = shown[f.id]!;
        return (
          <FalsificationResult
            key={f.id}
            fid={f.id}
            assertion={f.assertion}
            report={s.report}
            checks={s.checks}
            running={running}
            live={s.live}
            onRun={onRun}
          />
        );
      })}
      <LiveFigures run={run} />
    </div>
  );
}

/** What to do next when there is no result to show. */
function emptyText(detail: CaseDetail): string {
  if (detail.falsifications.length === 0)
    return 'No claimed falsification yet: quote one from a logbook cell (“Quote as a claimed falsification”), then add checks to it.';
  if (detail.falsifications.every((f) => f.checks.length === 0))
    return 'No check declared yet: “Add check” on a claimed falsification in the paper pane declares one; then run the checks here.';
  return 'No run yet. Run the checks to compute a decision for each claimed falsification.';
}

function FalsificationResult(props: {
  fid: string;
  assertion: string;
  report: LatestFalsificationReport | undefined;
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
        {report !== undefined ? (
          <DecisionBadge
            value={report.decision}
            falsificationId={fid}
            meaning
            {...(report.says !== undefined ? { says: report.says } : {})}
          />
        ) : (
          <DecisionBadge value={props.live ? 'pending' : 'undecided'} falsificationId={fid} testId="pending-badge" />
        )}
        <span className="result-reason muted">{report !== undefined ? `(${report.reason})` : props.assertion}</span>
        {report !== undefined ? (
          <span className="small muted result-run" data-testid={`result-run-${fid}`}>
            run <span className="mono">{report.runId}</span> · {formatUtc(report.finishedAt)}
          </span>
        ) : null}
        <button type="button" className="btn btn-small btn-quiet" disabled={props.running} onClick={() => props.onRun(fid)}>
          Re-run {fid}
        </button>
      </header>
      {report !== undefined ? (
        <p
          className="decision-gate"
          data-testid={`result-gate-${fid}`}
          data-gate={report.gate === undefined ? 'none' : report.gate.passed ? 'passed' : 'missed'}
        >
          {report.says !== undefined ? `${FINDING_WORDS[report.says]} · ` : ''}
          {gateLine(report.gate)}
        </p>
      ) : null}
      <table className="check-table">
        <tbody>
          {checks.map((c) => (
            <CheckRow key={c.checkId} check={c} says={report?.says} />
          ))}
        </tbody>
      </table>
    </article>
  );
}

function CheckRow({ check, says }: { check: CheckResultView; says?: FindingSays | undefined }) {
  const figures = useMemo(() => figuresFor(check.kind, check.evidence), [check.kind, check.evidence]);
  const json = useMemo(() => JSON.stringify(check.evidence, null, 2), [check.evidence]);
  return (
    <tr data-testid={`check-${check.checkId}`}>
      <td className="outcome-cell">
        <DecisionBadge
          value={check.outcome === 'error' && check.error?.cause === 'bad-input' ? 'bad-input' : check.outcome}
          testId="outcome-badge"
          {...(says !== undefined ? { says } : {})}
        />
      </td>
      <td>
        <div className="check-title">
          {check.title} <span className="kind">{check.kind}</span>{' '}
          <span className="muted small">{formatSeconds(check.durationMs / 1000)}</span>
        </div>
        <div className="check-summary">{check.summary}</div>
        {check.outcome !== 'error' && check.guarantee !== undefined ? (
          <div className="muted small" data-testid="check-worth">
            {guaranteeWords(check.guarantee)} · {BASIS_WORDS[check.basis ?? 'logbook']}
            {check.seeds !== undefined ? ` · ${check.seeds} seeds` : ''}
            {check.insufficient !== undefined ? ` · cannot carry a verdict: ${check.insufficient}` : ''}
          </div>
        ) : null}
        {figures.map((f) => (
          <Figure key={f.id} spec={f} />
        ))}
        <details className="evidence">
          <summary>Evidence ({json.length.toLocaleString('en-US')} characters of JSON)</summary>
          <pre className="json" tabIndex={0} aria-label="Evidence (JSON)">
            {json}
          </pre>
        </details>
        <CheckFiles artifacts={check.artifacts} evidence={check.evidence} />
      </td>
    </tr>
  );
}
