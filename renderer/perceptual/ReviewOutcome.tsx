/**
 * What the review's answers decide: the case's checks run on demand (the App's run, so the run bar and the dock
 * follow it too), then, for each claimed falsification that reads the reviews (its checks of the kinds
 * `review-consistency` and `perceptual-verdict`), the computed decision with its reason and each of those
 * checks' outcome and summary, in the core's own words. Nothing here is computed by the page.
 */
import type { CaseDetail } from '../../common/api/contract';
import { DecisionBadge } from '../components/DecisionBadge';
import { shownFalsifications } from '../lib/decisions';
import type { RunState } from '../lib/run-state';

/** The check kinds that read a case's perceptual reviews. */
export const REVIEW_CHECK_KINDS: readonly string[] = ['review-consistency', 'perceptual-verdict'];

export function ReviewOutcome(props: {
  detail: CaseDetail;
  run: RunState | undefined;
  starting: boolean;
  runError: string | null;
  onRun(): void;
  complete: boolean;
}) {
  const { detail, run } = props;
  const reading = detail.falsifications.filter((f) => f.checks.some((c) => REVIEW_CHECK_KINDS.includes(c.kind)));
  const shownFs = reading.length > 0 ? reading : detail.falsifications;
  const shown = shownFalsifications(detail, run);
  const running = props.starting || run?.status === 'running';
  const checks = detail.falsifications.reduce((n, f) => n + f.checks.length, 0);
  return (
    <section className="review-outcome" data-testid="review-outcome" aria-labelledby="review-outcome-title">
      <div className="review-outcome-head">
        <h2 id="review-outcome-title" className="section-heading">
          What the reviews decide
        </h2>
        <span className="spacer" />
        <button
          type="button"
          className={`btn${props.complete ? ' btn-primary' : ''}`}
          onClick={props.onRun}
          disabled={running || checks === 0}
          data-testid="review-run-checks"
        >
          {running ? 'Running the checks…' : "Run the case's checks"}
        </button>
      </div>
      {!props.complete ? (
        <p className="small muted">
          The review is not complete: the checks read the answers given so far and say what they can decide from them.
        </p>
      ) : null}
      {props.runError !== null ? (
        <div className="error-box" role="alert">
          {props.runError}
        </div>
      ) : null}
      {run?.status === 'failed' && run.error !== undefined ? <div className="error-box">{run.error}</div> : null}
      <div aria-live="polite">
        {running ? (
          <p className="small">
            <span className="spinner" aria-hidden="true" /> running the checks…
          </p>
        ) : null}
        {shownFs.map((f) => {
          const s = shown[f.id];
          const reviewChecks = (s?.checks ?? []).filter((c) => reading.length === 0 || REVIEW_CHECK_KINDS.includes(c.kind));
          return (
            <div key={f.id} className="review-outcome-falsification" data-testid="review-outcome-falsification" data-falsification={f.id}>
              <div className="review-outcome-line">
                <span className="mono small">{f.id}</span>
                {s?.report !== undefined ? (
                  <DecisionBadge value={s.report.decision} falsificationId={f.id} meaning testId="review-decision" />
                ) : (
                  <DecisionBadge value="pending" falsificationId={f.id} testId="review-decision" />
                )}
                <span className="small">{f.assertion}</span>
              </div>
              {s?.report !== undefined ? (
                <p className="small review-outcome-reason" data-testid="review-decision-reason">
                  {s.report.reason}
                </p>
              ) : !running ? (
                <p className="small muted">Not computed yet: run the checks.</p>
              ) : null}
              {reviewChecks.length > 0 ? (
                <ul className="review-outcome-checks">
                  {reviewChecks.map((c) => (
                    <li key={c.checkId} data-testid="review-check-result" data-kind={c.kind} data-outcome={c.outcome}>
                      <DecisionBadge value={c.outcome} testId="review-check-outcome" /> <strong>{c.title}</strong>
                      <div className="small">{c.summary}</div>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
