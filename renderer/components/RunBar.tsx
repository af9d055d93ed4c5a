/** The run controls and live progress: Run all, Cancel, a progress bar with rate and ETA, the run status. */
import type { RunState } from '../lib/run-state';
import { formatRate, formatSeconds } from '../lib/format';
import { runProgress } from '../lib/run-progress';

export function RunBar(props: {
  run: RunState | undefined;
  starting: boolean;
  error: string | null;
  onRunAll(): void;
  onCancel(): void;
  checkCount: number;
}) {
  const { run, starting, error } = props;
  const running = starting || run?.status === 'running';
  const p = run?.progress;
  // The fill and the numbers come from one computation (the run's overall fraction), so they agree.
  const rp = run !== undefined ? runProgress(run) : null;
  const frac = rp?.fraction ?? null;
  const checksDone = run?.results.length ?? 0;
  return (
    <div className="run-bar" data-testid="run-bar">
      <button
        type="button"
        className="btn btn-primary"
        disabled={running || props.checkCount === 0}
        title={props.checkCount === 0 ? 'No check declared yet: add one to a claimed falsification' : undefined}
        onClick={props.onRunAll}
        data-testid="run-checks"
      >
        Run all checks <span className="muted-on-primary">({props.checkCount})</span>
      </button>
      <button type="button" className="btn" disabled={!running || run === undefined} onClick={props.onCancel} data-testid="cancel-run">
        Cancel
      </button>
      <div className="run-status" data-testid="run-status" data-status={starting ? 'starting' : (run?.status ?? 'idle')}>
        {error !== null ? <span className="error-text">{error}</span> : null}
        {error === null && starting && run === undefined ? <span className="muted">Starting…</span> : null}
        {error === null && run !== undefined ? <RunLine run={run} checksDone={checksDone} /> : null}
        {error === null && run === undefined && !starting ? <span className="muted">Idle</span> : null}
      </div>
      {running ? (
        <div className="progress" aria-label="Progress">
          <div
            className="progress-track"
            role="progressbar"
            aria-label="Run progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={frac !== null ? Math.round(frac * 100) : undefined}
            aria-valuetext={rp !== null && rp.total !== undefined ? `${rp.finished} of ${rp.total} checks finished` : 'starting'}
            data-fraction={frac ?? ''}
          >
            <div
              className={`progress-fill${frac === null ? ' indeterminate' : ''}`}
              style={{ width: frac === null ? '30%' : `${(frac * 100).toFixed(1)}%` }}
            />
          </div>
          <span className="progress-text small">
            {p !== undefined ? (
              <>
                {rp?.total !== undefined ? `check ${Math.min(rp.finished + 1, rp.total)} of ${rp.total} · ` : ''}
                <span className="mono">{p.checkId}</span>
                {p.done > 0 || p.total !== undefined
                  ? ` ${p.done.toLocaleString('en-US')}${p.total !== undefined ? ` / ${p.total.toLocaleString('en-US')}` : ''}`
                  : ''}{' '}
                {formatRate(p.rate)}
                {p.etaS !== undefined ? ` · ETA ${formatSeconds(p.etaS)}` : ''}
                {p.message !== undefined ? ` · ${p.message}` : ''}
              </>
            ) : null}
          </span>
        </div>
      ) : null}
    </div>
  );
}

function RunLine({ run, checksDone }: { run: RunState; checksDone: number }) {
  const of = run.checks !== undefined ? ` of ${run.checks}` : '';
  switch (run.status) {
    case 'running':
      return (
        <span>
          Running: {checksDone}
          {of} checks done
        </span>
      );
    case 'finished':
      return <span>Finished: {run.report?.falsifications.reduce((n, f) => n + f.checks.length, 0) ?? checksDone} checks run</span>;
    case 'failed':
      return <span className="error-text">Run failed: {run.error}</span>;
    case 'cancelled':
      return (
        <span className="muted">
          Cancelled after {checksDone}
          {of} checks
        </span>
      );
  }
}
