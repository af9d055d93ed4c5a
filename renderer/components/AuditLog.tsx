/** The case's append-only audit trail, newest first: who, when, what, and the content hashes it recorded. */
import type { AuditEntry } from '../../common/api/contract';
import { formatUtc, shortHash } from '../lib/format';
import { DecisionBadge } from './DecisionBadge';

export function AuditLog({ entries, notice }: { entries: AuditEntry[]; notice?: string | undefined }) {
  const warning =
    notice !== undefined ? (
      <div className="error-text pad" role="status" data-testid="audit-notice">
        {notice}
      </div>
    ) : null;
  if (entries.length === 0)
    return warning ?? <div className="muted pad">No audit entries yet: runs, edits and decisions will appear here.</div>;
  const rows = [...entries].reverse();
  return (
    <>
      {warning}
      <table className="audit-table" data-testid="audit-log">
        <thead>
          <tr>
            <th>When (UTC)</th>
            <th>Who</th>
            <th>Action</th>
            <th>Subject</th>
            <th>Hashes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e, i) => (
            <tr key={`${e.at}-${i}`}>
              <td className="mono nowrap">{formatUtc(e.at).replace(' UTC', '')}</td>
              <td>{e.who}</td>
              <td>
                <span className="chip">{e.action}</span>
              </td>
              <td>
                {e.falsificationId !== undefined ? <span className="mono">{e.falsificationId} </span> : null}
                {e.verdict !== undefined ? <DecisionBadge value={e.verdict} testId="audit-verdict" /> : null}
                {e.runId !== undefined ? <span className="mono muted"> run {e.runId}</span> : null}
                {e.details !== undefined ? <Withdrawal details={e.details} /> : null}
                {e.details !== undefined ? <Details details={e.details} /> : null}
                {e.rationale !== undefined && e.rationale !== '' ? <div className="rationale">{e.rationale}</div> : null}
              </td>
              <td className="hashes">
                {Object.entries(e.hashes).map(([k, h]) => (
                  <div key={k} title={`${k}: ${h}`} className="mono small">
                    <span className="muted">{k}</span> {shortHash(h)}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Scalar details of an entry as `key: value` (e.g. the computed decision at the time of a verdict). */
function Details({ details }: { details: Record<string, unknown> }) {
  const scalars = Object.entries(details).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  if (scalars.length === 0) return null;
  return (
    <div className="small muted">
      {scalars.map(([k, v]) => (
        <span key={k} className="detail">
          {k === 'computedDecision' ? 'computed then' : k}: <span className="mono">{v === null ? 'not run' : String(v)}</span>
        </span>
      ))}
    </div>
  );
}

/** A withdrawal (app/cases/withdraw.ts): what was withdrawn, struck through; the reason follows in the details. */
function Withdrawal({ details }: { details: Record<string, unknown> }) {
  const w = details.withdrawn;
  if (typeof w !== 'object' || w === null) return null;
  const { item, id, finding } = w as { item?: unknown; id?: unknown; finding?: unknown };
  if (typeof item !== 'string' || typeof id !== 'string') return null;
  return (
    <div className="small" data-testid="audit-withdrawal">
      withdrew{' '}
      <s className="mono">
        {item} {typeof finding === 'string' ? `${finding}/` : ''}
        {id}
      </s>
    </div>
  );
}
