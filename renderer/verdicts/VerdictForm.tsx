/**
 * The "Record decision" panel for one claimed falsification: the reviewer's verdict (appended to the case's
 * audit log by the core), the history of verdicts recorded for it, and its adversarial checklist beside them.
 * A verdict that disagrees with the computed decision is warned about at once, and is only sent with the
 * reviewer's acknowledgement and a reason (the core refuses it otherwise); a verdict recorded while checklist
 * questions are open says so. The chosen falsification's quote links to the logbook cell it came from.
 */
import { useEffect, useState } from 'react';
import type { AuditEntry, CaseDetail, FalsificationDecision, FindingSays, RecheckApi, ReviewerVerdict } from '../../common/api/contract';
import { decisionWords, gateLine, verdictDisagreesWith, verdictWords } from '../../common/words/outcomes';
import { MIN_OVERRIDE_RATIONALE } from '../../common/api/methods';
import { openQuestions, overrideProblem } from './verdicts';
import { Checklist } from './Checklist';
import { DecisionBadge } from '../components/DecisionBadge';
import { QuoteSource, type QuoteSourceView } from '../intake/QuoteSource';
import { ReviewerInput } from '../components/ReviewerInput';
import { VerdictHistory } from './VerdictHistory';
import { currentUrlState, setUrlState } from '../lib/use-url-state';

/** The verdicts a reviewer may record, in the words of the finding's polarity. */
function verdictChoices(says: FindingSays): { value: ReviewerVerdict; label: string }[] {
  const label = (v: ReviewerVerdict) => `${verdictWords(v, says).short}: ${verdictWords(v, says).meaning}`;
  return [
    { value: 'confirmed', label: label('confirmed') },
    { value: 'refuted', label: label('refuted') },
    { value: 'needs-more-work', label: 'Needs more work' },
  ];
}

/** A request to show one falsification (a review-queue row); `nonce` makes a repeated request count. */
export interface FalsificationFocus {
  falsificationId: string;
  nonce: number;
}

export function VerdictForm(props: {
  api: RecheckApi;
  detail: CaseDetail;
  decisions: Record<string, FalsificationDecision>;
  onRecorded(entry: AuditEntry): void;
  /** A checklist answer changed case.json: read the case again. Without it, the entry goes to onRecorded. */
  onEdited?(entry: AuditEntry): void;
  /** The reviewer's name, shared with the edit dialogs (App keeps and remembers it). */
  reviewer: string;
  onReviewerChange(name: string): void;
  /** Show where a quote came from in the logbook pane. */
  onShowSource(source: QuoteSourceView): void;
  focus?: FalsificationFocus;
}) {
  const { api, detail, reviewer } = props;
  // The falsification in focus is in the URL (?f=F2), so that a link or a reload returns to its decision panel.
  const [chosen, setChosenState] = useState(props.focus?.falsificationId ?? currentUrlState().f ?? detail.falsifications[0]?.id ?? '');
  const setChosen = (id: string) => {
    setChosenState(id);
    setUrlState({ f: id });
  };
  useEffect(() => {
    if (props.focus !== undefined) {
      setChosenState(props.focus.falsificationId);
      setUrlState({ f: props.focus.falsificationId });
    }
  }, [props.focus]);
  // Falsifications come and go with edits: fall back to the first one.
  const fid = detail.falsifications.some((f) => f.id === chosen) ? chosen : (detail.falsifications[0]?.id ?? '');
  const falsification = detail.falsifications.find((f) => f.id === fid);
  const [verdict, setVerdict] = useState<ReviewerVerdict | null>(null);
  const [rationale, setRationale] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The computed decision the core records the verdict against: the falsification's own latest run.
  // A stale report (its checks changed since the run) is no current decision: the core takes only "needs more work" then.
  const latestOwn = detail.latest.find((r) => r.falsificationId === fid);
  const stale = latestOwn?.stale;
  const own = stale === undefined ? latestOwn : undefined;
  const computed = own?.decision;
  const says: FindingSays = own?.says ?? falsification?.says ?? 'falsified';
  const disagrees = verdict !== null && verdictDisagreesWith(verdict, computed);
  const open = openQuestions(falsification?.checklist ?? []);
  const blocked = overrideProblem(verdict, computed, rationale, acknowledged);
  const canSubmit = !busy && fid !== '' && verdict !== null && rationale.trim() !== '' && reviewer.trim() !== '' && blocked === null;
  // A new choice of verdict or falsification asks for its own acknowledgement.
  useEffect(() => setAcknowledged(false), [verdict, fid, computed]);

  const submit = async () => {
    if (!canSubmit || verdict === null) return;
    setBusy(true);
    setMessage(null);
    try {
      const entry = await api.recordVerdict({
        caseId: detail.id,
        falsificationId: fid,
        verdict,
        rationale: rationale.trim(),
        reviewer: reviewer.trim(),
        ...(disagrees && computed !== undefined ? { overridesComputed: computed } : {}),
      });
      setRationale('');
      setVerdict(null);
      const words = verdictWords(entry.verdict ?? verdict, says).short;
      const parts = [`Recorded “${words}” for ${fid}`];
      if (disagrees && computed !== undefined) parts.push(`overriding the computed “${decisionWords(computed, says).short}”`);
      if (open.length > 0) parts.push(`with ${open.length} checklist question${open.length === 1 ? '' : 's'} open`);
      setMessage({ text: `${parts.join(', ')}.`, error: false });
      props.onRecorded(entry);
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  if (detail.falsifications.length === 0 || falsification === undefined) {
    return (
      <div className="muted pad" data-testid="decision-form-empty">
        No claimed falsification to decide yet: quote one from a logbook cell, add checks, run them, then record your verdict here.
      </div>
    );
  }

  return (
    <div className="decision-panel" data-testid="decision-panel">
      <div className="decision-main">
        <form
          className="decision-form"
          data-testid="decision-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {stale !== undefined ? (
            <div className="small error-text" role="status" data-testid="decision-stale">
              {fid}: {stale} before recording a verdict (only “needs more work” is taken now).
            </div>
          ) : null}
          <div className="form-row">
            <label>
              Falsification
              <select value={fid} onChange={(e) => setChosen(e.target.value)} data-testid="decision-falsification">
                {detail.falsifications.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.id}: {f.assertion.length > 70 ? `${f.assertion.slice(0, 70)}…` : f.assertion}
                  </option>
                ))}
              </select>
            </label>
            <span className="small muted computed-hint">
              Computed:{' '}
              {computed !== undefined ? <DecisionBadge value={computed} testId="form-computed-badge" meaning says={says} /> : 'not run yet'}
            </span>
            {own !== undefined ? (
              <span
                className="decision-gate"
                data-testid="form-gate"
                data-gate={own.gate === undefined ? 'none' : own.gate.passed ? 'passed' : 'missed'}
              >
                {gateLine(own.gate)}
              </span>
            ) : null}
            {falsification.source !== undefined ? (
              <span className="computed-hint">
                <QuoteSource
                  source={falsification.source}
                  logbooks={detail.logbooks}
                  onShow={props.onShowSource}
                  testId="decision-quote-source"
                />
              </span>
            ) : null}
          </div>
          <fieldset className="verdicts">
            <legend>Your verdict</legend>
            {verdictChoices(says).map((v) => (
              <label key={v.value} className="radio">
                <input type="radio" name="verdict" value={v.value} checked={verdict === v.value} onChange={() => setVerdict(v.value)} />
                {v.label}
              </label>
            ))}
          </fieldset>
          {disagrees && computed !== undefined && verdict !== null ? (
            <div className="override-warning" role="alert" data-testid="disagreement-warning">
              <div>
                Your verdict, <strong>{verdictWords(verdict, says).full}</strong>, disagrees with the computed decision,{' '}
                <strong>{decisionWords(computed, says).full}</strong>
                {own !== undefined ? <span className="muted"> (run {own.runId})</span> : null}. Record it only if the evidence is wrong or
                incomplete, and say why in the rationale.
              </div>
              <label className="radio">
                <input
                  type="checkbox"
                  checked={acknowledged}
                  onChange={(e) => setAcknowledged(e.target.checked)}
                  data-testid="acknowledge-override"
                />
                I override the computed decision, for the reason below
              </label>
            </div>
          ) : null}
          <label className="block-label">
            {disagrees ? `Rationale: why the computed decision is wrong (at least ${MIN_OVERRIDE_RATIONALE} characters)` : 'Rationale'}
            <textarea
              value={rationale}
              onChange={(e) => setRationale(e.target.value)}
              rows={3}
              placeholder="What in the evidence decides it"
              maxLength={20000}
              data-testid="decision-rationale"
            />
          </label>
          {open.length > 0 ? (
            <div className="small warn-text" data-testid="open-questions-warning">
              {open.length} of {falsification.checklist.length} checklist questions open ({open.map((q) => q.id).join(', ')}): a verdict
              recorded now says so in the audit log.
            </div>
          ) : null}
          <div className="form-row">
            <ReviewerInput value={reviewer} onChange={props.onReviewerChange} required />
            <button type="submit" className="btn btn-primary" disabled={!canSubmit} data-testid="record-decision">
              {busy ? 'Recording…' : 'Record decision'}
            </button>
            {blocked !== null ? (
              <span className="small muted" data-testid="override-blocked">
                {blocked}
              </span>
            ) : null}
            {message !== null ? (
              <span className={message.error ? 'error-text small' : 'ok-text small'} role="status" data-testid="decision-message">
                {message.text}
              </span>
            ) : null}
          </div>
        </form>
        <VerdictHistory audit={detail.audit} falsificationId={fid} checklist={falsification.checklist} />
      </div>
      <Checklist
        api={api}
        caseId={detail.id}
        falsification={falsification}
        reviewer={reviewer}
        onAnswered={(entry) => (props.onEdited ?? props.onRecorded)(entry)}
      />
    </div>
  );
}
