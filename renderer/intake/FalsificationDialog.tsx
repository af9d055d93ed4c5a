/**
 * Quotes a logbook cell as a claimed falsification: the words the logbook asserts (prefilled with the text
 * selected in the cell, or the cell's own text), the claim it says fails, and where the quote comes from
 * (logbook, page, cell), and what the logbook says about the claim (verified, falsified, toy or inconclusive:
 * a finding's polarity), sent with addFalsification (`says` only when it is not the default, falsified).
 */
import { useId, useState } from 'react';
import type { AuditEntry, ClaimView, FindingSays, LogbookCell, LogbookPage, LogbookView, RecheckApi } from '../../common/api/contract';
import { FINDING_WORDS, SAYS_WORDS } from '../../common/words/outcomes';

const SAYS_CHOICES: readonly FindingSays[] = ['falsified', 'verified', 'toy', 'inconclusive'];
import { byReviewer } from '../lib/reviewer';
import { Dialog, FormFooter, useCoreCall } from '../components/Dialog';
import { ReviewerInput } from '../components/ReviewerInput';

/** A quote taken from one cell of a logbook. */
export interface CellQuote {
  logbook: LogbookView;
  page: LogbookPage;
  cell: LogbookCell;
  text: string;
}

function shortClaim(c: ClaimView): string {
  const t = c.text.replace(/\s+/g, ' ');
  return `${c.id}: ${t.length > 90 ? `${t.slice(0, 90)}…` : t}`;
}

export function FalsificationDialog(props: {
  api: RecheckApi;
  caseId: string;
  claims: readonly ClaimView[];
  quote: CellQuote;
  reviewer: string;
  onReviewerChange(name: string): void;
  onAdded(id: string, entry: AuditEntry): void;
  onClose(): void;
}) {
  const { api, caseId, claims, quote } = props;
  const ids = useId();
  const [claim, setClaim] = useState(claims.length === 1 ? claims[0]!.id : '');
  const [assertion, setAssertion] = useState(quote.text);
  const [says, setSays] = useState<FindingSays>('falsified');
  const { busy, error, run } = useCoreCall();
  const canSubmit = !busy && claim !== '' && assertion.trim() !== '';

  const submit = async () => {
    if (!canSubmit) return;
    await run(async () => {
      const r = await api.addFalsification({
        caseId,
        claim,
        logbook: quote.logbook.id,
        assertion: assertion.trim(),
        source: { page: quote.page.slug, cell: quote.cell.id },
        ...(says !== 'falsified' ? { says } : {}),
        ...byReviewer(props.reviewer),
      });
      props.onAdded(r.id, r.entry);
      props.onClose();
    });
  };

  const formId = `${ids}-form`;
  return (
    <Dialog
      title="Quote as a claimed falsification"
      testId="falsification-dialog"
      onClose={props.onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          busy={busy}
          canSubmit={canSubmit}
          submitLabel={busy ? 'Adding…' : `Add ${FINDING_WORDS[says]}`}
          onCancel={props.onClose}
          errorTestId="falsification-error"
          submitTestId="add-falsification"
        />
      }
    >
      <form
        id={formId}
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <span className="form-grid-label">Quoted from</span>
        <div className="small" data-testid="quote-source">
          <span className="mono">{quote.logbook.id}</span> {quote.logbook.title} › {quote.page.title} ›{' '}
          <strong>{quote.cell.title || quote.cell.id}</strong> <span className="mono muted">({quote.cell.id})</span>
        </div>

        <label htmlFor={`${ids}-says`}>The logbook says</label>
        <div>
          <select
            id={`${ids}-says`}
            value={says}
            onChange={(e) => setSays(e.target.value as FindingSays)}
            disabled={busy}
            data-testid="finding-says"
          >
            {SAYS_CHOICES.map((s) => (
              <option key={s} value={s}>
                {SAYS_WORDS[s]}
              </option>
            ))}
          </select>
          <div className="small field-note muted">
            What the cell concludes about the claim; Recheck re-checks every kind (a verification can be upheld, overturned or premature).
          </div>
        </div>

        <label htmlFor={`${ids}-assertion`}>
          Assertion{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <textarea
            id={`${ids}-assertion`}
            value={assertion}
            onChange={(e) => setAssertion(e.target.value)}
            rows={6}
            maxLength={20000}
            aria-required="true"
            aria-describedby={`${ids}-assertion-note`}
            disabled={busy}
            data-testid="falsification-assertion"
            data-autofocus={claims.length <= 1 ? true : undefined}
          />
          <div id={`${ids}-assertion-note`} className="small field-note muted">
            The logbook’s own words.{' '}
            {quote.text === ''
              ? 'Nothing was selected in the cell: type or paste the words it asserts.'
              : 'Trim it to what the logbook asserts.'}
          </div>
        </div>

        <label htmlFor={`${ids}-claim`}>
          {says === 'falsified' ? 'Claim it falsifies' : 'Claim it is about'}{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <select
            id={`${ids}-claim`}
            value={claim}
            onChange={(e) => setClaim(e.target.value)}
            disabled={busy || claims.length === 0}
            aria-required="true"
            data-testid="falsification-claim"
            data-autofocus={claims.length > 1 ? true : undefined}
          >
            <option value="">{claims.length === 0 ? 'no claim yet' : 'choose the claim…'}</option>
            {claims.map((c) => (
              <option key={c.id} value={c.id}>
                {shortClaim(c)}
              </option>
            ))}
          </select>
          {claims.length === 0 ? (
            <div className="small field-note error-text">
              No claim yet: select the claim’s words in the paper pane and choose “Make this a claim” first.
            </div>
          ) : null}
        </div>

        <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
        <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={busy} />
      </form>
    </Dialog>
  );
}
