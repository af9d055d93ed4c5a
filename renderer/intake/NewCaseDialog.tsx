/**
 * "New case": the case id (its folder name, checked as it is typed), our summary of the paper (a Markdown file
 * or pasted text), an optional venue id, and an optional Trackio logbook folder. With a folder the case is
 * made by importLogbook (which creates it), and the dialog then shows the import summary; without, by
 * createCase. The core makes the case whole or not at all, so an error (its one line, shown here) leaves
 * nothing half-created. Opened from a triage row, the form starts pre-filled (`prefill`: id, venue id, a stub
 * summary), and a claim the ledger gives as text is added once the case exists (addClaim).
 */
import { useId, useState } from 'react';
import type { ImportSummaryView, RecheckApi } from '../../common/api/contract';
import { caseIdProblem, suggestCaseId } from './case-id';
import { formatCount } from '../lib/format';
import { byReviewer } from '../lib/reviewer';
import { Dialog, FormFooter } from '../components/Dialog';
import { ImportSummary } from './ImportSummary';
import { LogbookFolderPicker, readUpload, type PickedFolder } from './LogbookFolderPicker';
import { ReviewerInput } from '../components/ReviewerInput';

/** Longest paper summary the contract takes (createCase's paperMarkdown). */
const MAX_PAPER_CHARS = 2_000_000;

/** The first `# ` heading of a Markdown text (the core's rule for the paper's title). */
function markdownTitle(md: string): string | null {
  return /^#\s+(.+?)\s*#*\s*$/m.exec(md)?.[1]?.trim() ?? null;
}

type Phase =
  | { step: 'form' }
  | { step: 'working'; text: string }
  | { step: 'done'; summary: ImportSummaryView | null; caseId: string; claimProblem: string | null };

/** What a new case starts from (a row of the triage queue). */
export interface NewCasePrefill {
  caseId: string;
  venueId: string;
  paperMarkdown: string;
  /** A claim to add once the case exists (the ledger's claim, when it is text). */
  claim?: string;
  /** Where the prefill comes from, in words (shown above the form). */
  origin: string;
}

export function NewCaseDialog(props: {
  api: RecheckApi;
  existingIds: readonly string[];
  reviewer: string;
  onReviewerChange(name: string): void;
  /** The case now exists: refresh the list and open it. */
  onCreated(caseId: string): void;
  onClose(): void;
  prefill?: NewCasePrefill;
}) {
  const { api, prefill } = props;
  const ids = useId();
  const [caseId, setCaseId] = useState(prefill?.caseId ?? '');
  const [idTouched, setIdTouched] = useState(false);
  const [paper, setPaper] = useState(prefill?.paperMarkdown ?? '');
  const [paperError, setPaperError] = useState<string | null>(null);
  const [venueId, setVenueId] = useState(prefill?.venueId ?? '');
  const claim = prefill?.claim;
  const [folder, setFolder] = useState<PickedFolder | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const [error, setError] = useState<string | null>(null);

  const idProblem = caseIdProblem(caseId, props.existingIds);
  const showIdProblem = idProblem !== null && (idTouched || caseId !== '');
  const folderRefused = folder !== null && folder.plan.refusal !== null;
  const working = phase.step === 'working';
  const canSubmit = !working && idProblem === null && !folderRefused && paperError === null;
  const title = markdownTitle(paper);

  const pickFolder = (v: PickedFolder | null) => {
    setFolder(v);
    setError(null);
    // An id not typed yet is taken from the folder's name.
    if (v !== null && caseId === '' && v.plan.folder !== '') setCaseId(suggestCaseId(v.plan.folder));
  };

  const readPaper = async (file: File | undefined) => {
    setPaperError(null);
    if (file === undefined) return;
    const text = await file.text();
    if (text.length > MAX_PAPER_CHARS) {
      setPaperError(`${file.name} has ${formatCount(text.length)} characters, over the ${formatCount(MAX_PAPER_CHARS)} a summary may have`);
      return;
    }
    setPaper(text);
  };

  const submit = async () => {
    setIdTouched(true);
    if (!canSubmit) return;
    setError(null);
    const venue = venueId.trim();
    const who = byReviewer(props.reviewer);
    let summary: ImportSummaryView | null = null;
    try {
      if (folder === null) {
        setPhase({ step: 'working', text: 'Creating the case…' });
        await api.createCase({ caseId, paperMarkdown: paper, ...(venue !== '' ? { venueId: venue } : {}), ...who });
      } else {
        setPhase({ step: 'working', text: 'Reading the logbook folder…' });
        const files = await readUpload(folder, (done, total) =>
          setPhase({ step: 'working', text: `Reading the logbook folder: ${done} of ${total} files…` }),
        );
        setPhase({ step: 'working', text: `Importing ${formatCount(files.length)} files…` });
        const newCase = { ...(paper.trim() !== '' ? { paperMarkdown: paper } : {}), ...(venue !== '' ? { venueId: venue } : {}) };
        summary = await api.importLogbook({ caseId, files, newCase, ...who });
      }
    } catch (e) {
      setError((e as Error).message);
      setPhase({ step: 'form' });
      return;
    }
    // The case exists from here on: a claim that cannot be added is said, not retried as a new case.
    let claimProblem: string | null = null;
    if (claim !== undefined) {
      setPhase({ step: 'working', text: 'Adding the claim…' });
      try {
        await api.addClaim({ caseId, text: claim, ...who });
      } catch (e) {
        claimProblem = (e as Error).message;
      }
    }
    props.onCreated(caseId);
    if (summary === null && claimProblem === null) {
      props.onClose();
      return;
    }
    setPhase({ step: 'done', summary, caseId, claimProblem });
  };

  if (phase.step === 'done') {
    return (
      <Dialog
        title={phase.summary !== null ? `New case ${phase.caseId}: logbook imported` : `New case ${phase.caseId} created`}
        key="done"
        testId="new-case-dialog"
        onClose={props.onClose}
        footer={
          <>
            <div className="foot-message" role="alert" data-testid="new-case-claim-problem">
              {phase.claimProblem !== null ? <span className="error-text">The claim was not added: {phase.claimProblem}</span> : null}
            </div>
            <button type="button" className="btn btn-primary" onClick={props.onClose} data-testid="open-new-case" data-autofocus>
              Open the case
            </button>
          </>
        }
      >
        {phase.summary !== null ? <ImportSummary summary={phase.summary} /> : null}
        {phase.claimProblem !== null ? <p className="small">Add it from the paper pane (“New claim”) once the case is open.</p> : null}
      </Dialog>
    );
  }

  const formId = `${ids}-form`;
  return (
    <Dialog
      key="form"
      title="New case"
      testId="new-case-dialog"
      onClose={props.onClose}
      busy={working}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          progress={working ? phase.text : null}
          busy={working}
          canSubmit={canSubmit}
          submitLabel={folder !== null ? 'Create case and import logbook' : 'Create case'}
          onCancel={props.onClose}
          errorTestId="new-case-error"
          submitTestId="create-case"
        />
      }
    >
      {prefill !== undefined ? (
        <p className="small dialog-context" data-testid="new-case-origin">
          {prefill.origin}
          {claim !== undefined ? (
            <> Once the case exists, the claim “{claim.length > 160 ? `${claim.slice(0, 160)}…` : claim}” is added to it.</>
          ) : null}
        </p>
      ) : null}
      <form
        id={formId}
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${ids}-id`}>
          Case id{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <input
            id={`${ids}-id`}
            type="text"
            className="mono"
            value={caseId}
            onChange={(e) => setCaseId(e.target.value)}
            onBlur={() => setIdTouched(true)}
            aria-required="true"
            aria-invalid={showIdProblem}
            aria-describedby={`${ids}-id-note`}
            placeholder="e.g. timing-normalization"
            maxLength={200}
            spellCheck={false}
            data-autofocus
            disabled={working}
            data-testid="new-case-id"
          />
          <div id={`${ids}-id-note`} className="small field-note" data-testid="new-case-id-note">
            {showIdProblem ? (
              <span className="error-text">Case id: {idProblem}</span>
            ) : (
              <span className="muted">Names the case folder: letters, digits, ".", "_" or "-".</span>
            )}
          </div>
        </div>

        <label htmlFor={`${ids}-venue`}>Venue id</label>
        <div>
          <input
            id={`${ids}-venue`}
            type="text"
            className="mono"
            value={venueId}
            onChange={(e) => setVenueId(e.target.value)}
            placeholder="openreview:ID or arxiv:ID"
            aria-describedby={`${ids}-venue-note`}
            maxLength={300}
            spellCheck={false}
            disabled={working}
          />
          <div id={`${ids}-venue-note`} className="small field-note muted">
            Optional. {folder !== null ? 'Without one, the logbook’s paper id is used.' : 'Without one, it is unknown:<case id>.'}
          </div>
        </div>

        <label htmlFor={`${ids}-paper-file`}>Paper summary</label>
        <div className="paper-input">
          <div>
            <input
              id={`${ids}-paper-file`}
              type="file"
              accept=".md,.markdown,.txt,text/markdown,text/plain"
              onChange={(e) => void readPaper(e.target.files?.[0])}
              disabled={working}
              data-testid="paper-file-input"
            />
          </div>
          <textarea
            aria-label="Paper summary (Markdown)"
            value={paper}
            onChange={(e) => {
              setPaper(e.target.value);
              setPaperError(null);
            }}
            rows={6}
            placeholder={
              'Pick a Markdown file above, or paste our summary of the paper’s claims here:\n# Paper title\n\nThe claims, in our own words, with $LaTeX$ where it helps.'
            }
            maxLength={MAX_PAPER_CHARS}
            disabled={working}
            data-testid="paper-markdown"
          />
          <div className="small field-note">
            {paperError !== null ? (
              <span className="error-text">{paperError}</span>
            ) : title !== null ? (
              <span>
                Paper title: <strong>{title}</strong> <span className="muted">(its first “# ” heading)</span>
              </span>
            ) : (
              <span className="muted">
                Its first “# ” heading gives the paper’s title{folder !== null ? '; left empty, a stub is written from the logbook.' : '.'}
              </span>
            )}
          </div>
        </div>

        <label htmlFor={`${ids}-folder`}>Logbook folder</label>
        <LogbookFolderPicker id={`${ids}-folder`} value={folder} onChange={pickFolder} disabled={working} optional />

        <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
        <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={working} />
      </form>
    </Dialog>
  );
}
