/**
 * One row of the screen's queue: its position, reasons, each logbook's verdict and flags (with their messages), and
 * its actions: open the logbook at the flagged cell, make a case (then open it, with what was added and the notes).
 */
import type { ScreenCaseView, ScreenQueueRowView } from '../../common/api/screen';
import { caseLogbook, openTarget, REASON_WORDS } from './screen';

function verdictClass(verdict: string): string {
  if (verdict === 'verified') return 'badge badge-supports';
  if (verdict === 'falsified') return 'badge badge-refutes';
  return 'badge badge-neutral';
}

export function ScreenRow(props: {
  row: ScreenQueueRowView;
  made: ScreenCaseView | undefined;
  making: boolean;
  onOpen(): void;
  onMakeCase(): void;
  onOpenCase(id: string): void;
}) {
  const { row, made } = props;
  const target = openTarget(row);
  return (
    <li className={`triage-row screen-row rank-${row.rank}`} data-testid="screen-row" data-paper={row.paper} data-position={row.position}>
      <div className="triage-row-main">
        <div className="triage-row-head">
          <span className="screen-position num">{row.position}.</span>
          <span className="mono triage-paper">{row.paper}</span>
          <span className="small">{row.claim}</span>
          <span className="triage-status-word small">status: {row.status}</span>
        </div>
        <ul className="screen-reasons small" aria-label="Why it is in the queue">
          {row.reasons.map((r) => (
            <li key={r}>
              <span className={`screen-reason reason-${r}`}>{r}</span> {REASON_WORDS[r] ?? ''}
            </li>
          ))}
        </ul>
        <ul className="screen-logbooks" aria-label="Each logbook’s verdict and flags">
          {row.logbooks.map((l, i) => (
            <li key={`${l.logbook}-${i}`}>
              <span className="mono small">{l.logbook}</span> <span className={verdictClass(l.verdict)}>{l.verdict}</span>
              {l.screened === null ? <span className="small muted"> not screened (no folder matches)</span> : null}
              {l.flags.length > 0 ? (
                <ul className="screen-flags small">
                  {l.flags.map((f, j) => (
                    <li key={j} data-testid="screen-flag">
                      <span className="screen-flag-kind">{f.kind}</span>{' '}
                      <span className="mono muted">{f.page === '' ? '(logbook)' : `${f.page}/${f.cell}`}</span>: {f.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        {made !== undefined ? (
          <div className="small screen-made" data-testid="screen-made">
            Case <span className="mono">{made.caseId}</span>: claim {made.claimId}, finding {made.findingId ?? 'none'}, logbook{' '}
            {made.logbookId}
            {made.checks.length > 0 ? `, checks ${made.checks.map((c) => `${c.id} (${c.kind})`).join(', ')}` : ', no check'}.
            {made.notes.length > 0 ? (
              <ul>
                {made.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="triage-actions">
        {target !== null ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={props.onOpen}
            data-testid="screen-open-cell"
            aria-label={`Open at flagged cell: ${target.logbook} ${target.page}/${target.cell}`}
          >
            Open at flagged cell
          </button>
        ) : null}
        {made === undefined ? (
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={props.onMakeCase}
            disabled={props.making || caseLogbook(row) === null}
            data-testid="screen-make-case"
            aria-label={`Make a case of ${row.paper} ${row.claim}`}
          >
            {props.making ? 'Making the case…' : 'Make a case'}
          </button>
        ) : (
          <button type="button" className="btn btn-small" onClick={() => props.onOpenCase(made.caseId)} data-testid="screen-open-made">
            Open case <span className="mono">{made.caseId}</span>
          </button>
        )}
      </div>
    </li>
  );
}
