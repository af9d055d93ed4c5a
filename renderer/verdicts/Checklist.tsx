/**
 * The adversarial checklist of one claimed falsification, beside the decision: each question with its answer
 * (the falsification's checks that settle it, not applicable with the reason, or open), editable in place.
 * An answer is sent to the core (answerChecklist: a validated, logged edit of case.json); the case is then read
 * again. The questions come from the core (app/cases/checklist.ts), never from a copy here.
 */
import { useEffect, useId, useState } from 'react';
import type { AuditEntry, ChecklistItemStatus, ChecklistItemView, FalsificationView, RecheckApi } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';

const STATUS_WORDS: Record<ChecklistItemStatus, string> = { answered: 'answered', 'not-applicable': 'not applicable', open: 'open' };

export function Checklist(props: {
  api: RecheckApi;
  caseId: string;
  falsification: FalsificationView;
  reviewer: string;
  /** An answer was recorded: its audit entry (the case is to be read again). */
  onAnswered(entry: AuditEntry): void;
}) {
  const { falsification: f } = props;
  const [editing, setEditing] = useState<string | null>(null);
  // Another falsification: nothing is being edited.
  useEffect(() => setEditing(null), [f.id]);
  const answered = f.checklist.filter((q) => q.status === 'answered').length;
  const na = f.checklist.filter((q) => q.status === 'not-applicable').length;
  const open = f.checklist.length - answered - na;
  const titleOf = (checkId: string) => f.checks.find((c) => c.id === checkId)?.title ?? checkId;
  return (
    <section className="checklist" aria-label={`Adversarial checklist of ${f.id}`} data-testid="checklist" data-falsification={f.id}>
      <h3 className="checklist-heading">
        Adversarial checklist · {f.id}
        <span className={`small ${open > 0 ? 'warn-text' : 'muted'}`} data-testid="checklist-counts">
          {answered} answered, {na} not applicable, {open} open
        </span>
      </h3>
      <ol className="checklist-items">
        {f.checklist.map((q) => (
          <li key={q.id} className={`checklist-item checklist-${q.status}`} data-testid={`checklist-item-${q.id}`} data-status={q.status}>
            <div className="checklist-line">
              <span className={`checklist-mark checklist-mark-${q.status}`}>{STATUS_WORDS[q.status]}</span>
              <span className="checklist-question" title={`Why it is asked: ${q.why}`}>
                {q.question}
              </span>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setEditing(editing === q.id ? null : q.id)}
                aria-expanded={editing === q.id}
                aria-label={`${editing === q.id ? 'Close' : q.status === 'open' ? 'Answer' : 'Change'}: ${q.question}`}
                data-testid={`checklist-edit-${q.id}`}
              >
                {editing === q.id ? 'Close' : q.status === 'open' ? 'Answer' : 'Change'}
              </button>
            </div>
            <div className="checklist-answer small">
              {q.status === 'answered' ? (
                <>
                  <span className="muted">by </span>
                  {q.checks.map((c) => (
                    <span key={c} className="chip mono" title={titleOf(c)}>
                      {c}
                    </span>
                  ))}
                  {q.note !== undefined ? <span className="checklist-note"> {q.note}</span> : null}
                </>
              ) : q.status === 'not-applicable' ? (
                <span className="checklist-note">{q.reason}</span>
              ) : q.note !== undefined ? (
                <span className="checklist-note warn-text">{q.note}</span>
              ) : (
                <span className="muted">No answer yet: link a check that settles it, or say why it does not apply.</span>
              )}
            </div>
            {editing === q.id ? (
              <AnswerForm
                api={props.api}
                caseId={props.caseId}
                falsification={f}
                item={q}
                reviewer={props.reviewer}
                onDone={(entry) => {
                  setEditing(null);
                  props.onAnswered(entry);
                }}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function AnswerForm(props: {
  api: RecheckApi;
  caseId: string;
  falsification: FalsificationView;
  item: ChecklistItemView;
  reviewer: string;
  onDone(entry: AuditEntry): void;
}) {
  const { item, falsification: f } = props;
  const ids = useId();
  const [status, setStatus] = useState<ChecklistItemStatus>(item.status === 'open' && item.note === undefined ? 'answered' : item.status);
  const [checks, setChecks] = useState<string[]>(item.checks);
  const [reason, setReason] = useState(item.reason ?? '');
  const [note, setNote] = useState(item.note ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem =
    status === 'answered' && checks.length === 0
      ? 'Tick the checks that settle it.'
      : status === 'not-applicable' && reason.trim() === ''
        ? 'Say why it does not apply.'
        : null;

  const save = async () => {
    if (problem !== null) return;
    setBusy(true);
    setError(null);
    try {
      const entry = await props.api.answerChecklist({
        caseId: props.caseId,
        falsificationId: f.id,
        question: item.id,
        status,
        ...(status === 'answered' ? { checks } : {}),
        ...(status === 'not-applicable' ? { reason: reason.trim() } : {}),
        ...(status !== 'not-applicable' && note.trim() !== '' ? { note: note.trim() } : {}),
        ...byReviewer(props.reviewer),
      });
      props.onDone(entry);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <form
      className="checklist-form"
      data-testid={`checklist-form-${item.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className="verdicts">
        <legend className="small muted">{item.question}</legend>
        {(['answered', 'not-applicable', 'open'] as const).map((s) => (
          <label key={s} className="radio">
            <input type="radio" name={`${ids}-status`} value={s} checked={status === s} onChange={() => setStatus(s)} />
            {s === 'answered' ? 'Answered by checks' : s === 'not-applicable' ? 'Not applicable' : 'Open'}
          </label>
        ))}
      </fieldset>
      {status === 'answered' ? (
        f.checks.length === 0 ? (
          <div className="small warn-text">This falsification declares no check yet: add one from the paper pane first.</div>
        ) : (
          <fieldset className="checklist-checks">
            <legend className="small muted">Checks of {f.id} that settle it</legend>
            {f.checks.map((c) => (
              <label key={c.id} className="radio">
                <input
                  type="checkbox"
                  checked={checks.includes(c.id)}
                  onChange={(e) => setChecks((xs) => (e.target.checked ? [...xs, c.id] : xs.filter((x) => x !== c.id)))}
                />
                <span className="mono">{c.id}</span> <span className="muted small">{c.title}</span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {status === 'not-applicable' ? (
        <label className="block-label">
          Why it does not apply
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={5000} data-testid="checklist-reason" />
        </label>
      ) : (
        <label className="block-label">
          {status === 'answered' ? 'How the checks answer it (optional)' : 'What is missing (optional)'}
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={5000} data-testid="checklist-note" />
        </label>
      )}
      <div className="form-row">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || problem !== null} data-testid="checklist-save">
          {busy ? 'Saving…' : 'Save answer'}
        </button>
        {problem !== null ? <span className="small muted">{problem}</span> : null}
        {error !== null ? (
          <span className="error-text small" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}
