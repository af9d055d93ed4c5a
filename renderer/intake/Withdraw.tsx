/**
 * Withdrawing a claim, a finding or a check from the paper pane: "Withdraw…" opens a small form asking why (a
 * reason is required; the core wants at least 10 characters and says so in one line), and the item is then
 * shown struck through with who withdrew it, when and why (WithdrawnNote). Withdrawn items stay in the case
 * and its audit log; runs, decisions and letters leave them out (app/cases/withdraw.ts).
 */
import { useId, useState } from 'react';
import type { AuditEntry, RecheckApi, WithdrawInput, WithdrawalView } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';
import { withdrawnLine } from './withdrawn';

export type WithdrawWhat = Pick<WithdrawInput, 'item' | 'id' | 'finding'>;

function label(w: WithdrawWhat): string {
  return w.item === 'check' ? `check ${w.finding ?? ''}/${w.id}` : `${w.item} ${w.id}`;
}

function testKey(w: WithdrawWhat): string {
  return w.item === 'check' ? `check-${w.finding ?? ''}-${w.id}` : `${w.item}-${w.id}`;
}

/** "Withdraw…" and, once pressed, the reason form. */
export function WithdrawButton(props: {
  api: RecheckApi;
  caseId: string;
  what: WithdrawWhat;
  reviewer: string;
  disabled?: boolean;
  onWithdrawn(entry: AuditEntry): void;
}) {
  const { what } = props;
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = testKey(what);
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-small btn-quiet"
        onClick={() => setOpen(true)}
        disabled={props.disabled}
        data-testid={`withdraw-${key}`}
        aria-label={`Withdraw ${label(what)}`}
      >
        Withdraw…
      </button>
    );
  }
  const submit = async () => {
    if (busy || reason.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const entry = await props.api.withdraw({
        caseId: props.caseId,
        item: what.item,
        id: what.id,
        ...(what.item === 'check' ? { finding: what.finding ?? '' } : {}),
        reason: reason.trim(),
        ...byReviewer(props.reviewer),
      });
      setOpen(false);
      setReason('');
      props.onWithdrawn(entry);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="withdraw-form"
      data-testid={`withdraw-form-${key}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${ids}-reason`} className="small">
        Why withdraw {label(what)}? It stays in the history; runs, decisions and letters leave it out.
      </label>
      <textarea
        id={`${ids}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={5000}
        placeholder="e.g. y names a column the table does not have"
        disabled={busy}
        autoFocus
        data-testid={`withdraw-reason-${key}`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      <div className="form-row">
        <button
          type="submit"
          className="btn btn-small btn-danger"
          disabled={busy || reason.trim() === ''}
          data-testid={`withdraw-submit-${key}`}
        >
          {busy ? 'Withdrawing…' : 'Withdraw'}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
        {error !== null ? (
          <span className="small error-text" role="alert" data-testid={`withdraw-error-${key}`}>
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** Who withdrew an item, when and why, under the struck-through item. */
export function WithdrawnNote(props: { withdrawn: WithdrawalView; testId: string }) {
  return (
    <div className="small muted withdrawn-note" data-testid={props.testId}>
      {withdrawnLine(props.withdrawn)}
    </div>
  );
}
