/**
 * Records a reviewer's verdict on one claimed falsification (appended to the case's audit log by the core).
 * The chosen falsification's quote links to the logbook cell it came from.
 */
import { useState } from 'react';
import type { AuditEntry, CaseDetail, FalsificationDecision, RecheckApi, ReviewerVerdict } from '../../app/api/contract';
import { DecisionBadge } from './DecisionBadge';
import { QuoteSource, type QuoteSourceView } from './QuoteSource';
import { ReviewerInput } from './ReviewerInput';

const VERDICTS: { value: ReviewerVerdict; label: string }[] = [
  { value: 'confirmed', label: 'Confirmed: the falsification holds' },
  { value: 'refuted', label: 'Refuted: the falsification does not hold' },
  { value: 'needs-more-work', label: 'Needs more work' },
];

export function DecisionForm(props: {
  api: RecheckApi;
  detail: CaseDetail;
  decisions: Record<string, FalsificationDecision>;
  onRecorded(entry: AuditEntry): void;
  /** The reviewer's name, shared with the edit dialogs (App keeps and remembers it). */
  reviewer: string;
  onReviewerChange(name: string): void;
  /** Show where a quote came from in the logbook pane. */
  onShowSource(source: QuoteSourceView): void;
}) {
  const { api, detail, decisions, reviewer } = props;
  const [chosen, setChosen] = useState(detail.falsifications[0]?.id ?? '');
  // Falsifications come and go with edits: fall back to the first one.
  const fid = detail.falsifications.some((f) => f.id === chosen) ? chosen : (detail.falsifications[0]?.id ?? '');
  const [verdict, setVerdict] = useState<ReviewerVerdict | null>(null);
  const [rationale, setRationale] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const computed = decisions[fid];
  const source = detail.falsifications.find((f) => f.id === fid)?.source;
  const canSubmit = !busy && fid !== '' && verdict !== null && rationale.trim() !== '' && reviewer.trim() !== '';

  const submit = async () => {
    if (!canSubmit || verdict === null) return;
    setBusy(true);
    setMessage(null);
    try {
      const entry = await api.recordDecision({ caseId: detail.id, falsificationId: fid, verdict, rationale: rationale.trim(), reviewer: reviewer.trim() });
      setRationale('');
      setVerdict(null);
      setMessage({ text: `Recorded ${entry.verdict ?? verdict} for ${fid}.`, error: false });
      props.onRecorded(entry);
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  if (detail.falsifications.length === 0) {
    return (
      <div className="muted pad" data-testid="decision-form-empty">
        No claimed falsification to decide yet: quote one from a logbook cell, add checks, run them, then record your verdict here.
      </div>
    );
  }

  return (
    <form
      className="decision-form"
      data-testid="decision-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="form-row">
        <label>
          Falsification
          <select value={fid} onChange={(e) => setChosen(e.target.value)}>
            {detail.falsifications.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}: {f.assertion.length > 70 ? `${f.assertion.slice(0, 70)}…` : f.assertion}
              </option>
            ))}
          </select>
        </label>
        <span className="small muted computed-hint">
          Computed: {computed !== undefined ? <DecisionBadge value={computed} testId="form-computed-badge" /> : 'not run yet'}
        </span>
        {source !== undefined ? (
          <span className="computed-hint">
            <QuoteSource source={source} logbooks={detail.logbooks} onShow={props.onShowSource} testId="decision-quote-source" />
          </span>
        ) : null}
      </div>
      <fieldset className="verdicts">
        <legend>Your verdict</legend>
        {VERDICTS.map((v) => (
          <label key={v.value} className="radio">
            <input type="radio" name="verdict" value={v.value} checked={verdict === v.value} onChange={() => setVerdict(v.value)} />
            {v.label}
          </label>
        ))}
      </fieldset>
      <label className="block-label">
        Rationale
        <textarea value={rationale} onChange={(e) => setRationale(e.target.value)} rows={3} placeholder="What in the evidence decides it" maxLength={20000} />
      </label>
      <div className="form-row">
        <ReviewerInput value={reviewer} onChange={props.onReviewerChange} required />
        <button type="submit" className="btn btn-primary" disabled={!canSubmit} data-testid="record-decision">
          {busy ? 'Recording…' : 'Record decision'}
        </button>
        {message !== null ? <span className={message.error ? 'error-text small' : 'ok-text small'}>{message.text}</span> : null}
      </div>
    </form>
  );
}
