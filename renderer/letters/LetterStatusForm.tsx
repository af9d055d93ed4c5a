/**
 * Response tracking of a saved letter: its current status with the history of changes, and a form recording
 * the next one (sent: date and to whom; disputed: their argument; fixed: the paper version). The core checks
 * the change and answers a refusal in one line, shown here.
 */
import { useId, useState } from 'react';
import type { LetterState, LetterView, SetLetterStatusInput } from '../../common/api/contract';
import { RECORDABLE_STATES, STATE_WORDS } from './words';

export function LetterStatusForm(props: {
  letter: LetterView;
  busy: boolean;
  onRecord(change: Omit<SetLetterStatusInput, 'caseId' | 'letterId' | 'reviewer'>): void;
}) {
  const id = useId();
  const [state, setState] = useState<LetterState>(props.letter.status.state === 'drafted' ? 'sent' : 'acknowledged');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [to, setTo] = useState('');
  const [argument, setArgument] = useState('');
  const [paperVersion, setPaperVersion] = useState('');
  const [note, setNote] = useState('');
  const submit = () => {
    const opt = (v: string) => (v.trim() === '' ? undefined : v.trim());
    const fields = {
      date: opt(date),
      to: state === 'sent' ? opt(to) : undefined,
      argument: state === 'disputed' ? opt(argument) : undefined,
      paperVersion: state === 'fixed' || state === 'independent-convergence' ? opt(paperVersion) : undefined,
      note: opt(note),
    };
    props.onRecord({ state, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) });
  };
  return (
    <section className="letter-status" aria-labelledby={`${id}-h`} data-testid="letter-status">
      <h3 id={`${id}-h`} className="section-heading">
        Response: <span data-testid="letter-status-current">{STATE_WORDS[props.letter.status.state]}</span>
      </h3>
      <ol className="letter-history small">
        {props.letter.history.map((h, i) => (
          <li key={i}>
            <strong>{STATE_WORDS[h.state]}</strong>
            {h.date !== undefined ? ` on ${h.date}` : ''}
            {h.to !== undefined ? ` to ${h.to}` : ''}
            {h.paperVersion !== undefined ? ` (${h.paperVersion})` : ''}{' '}
            <span className="muted">
              — recorded by {h.who}, {h.at.slice(0, 10)}
            </span>
            {h.argument !== undefined ? <blockquote className="letter-argument">{h.argument}</blockquote> : null}
            {h.note !== undefined ? <div className="muted">{h.note}</div> : null}
          </li>
        ))}
      </ol>
      <form
        className="letter-status-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="form-row">
          <label>
            New status
            <select value={state} onChange={(e) => setState(e.target.value as LetterState)} data-testid="letter-status-state">
              {RECORDABLE_STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_WORDS[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Date
            <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          {state === 'sent' ? (
            <label className="grow">
              To whom
              <input
                type="text"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                placeholder="name <address>"
                data-testid="letter-status-to"
              />
            </label>
          ) : null}
          {state === 'fixed' || state === 'independent-convergence' ? (
            <label className="grow">
              Paper version
              <input type="text" value={paperVersion} onChange={(e) => setPaperVersion(e.target.value)} placeholder="e.g. arXiv v3" />
            </label>
          ) : null}
        </div>
        {state === 'disputed' ? (
          <label>
            Their argument
            <textarea rows={3} value={argument} onChange={(e) => setArgument(e.target.value)} data-testid="letter-status-argument" />
          </label>
        ) : null}
        <label>
          Note (optional)
          <input type="text" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-small" disabled={props.busy} data-testid="letter-status-record">
          Record status
        </button>
      </form>
    </section>
  );
}
