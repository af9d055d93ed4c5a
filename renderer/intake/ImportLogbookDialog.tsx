/**
 * Imports a Trackio logbook folder into the open case (importLogbook without `newCase`), then shows what the
 * import did. Reached from the logbook pane.
 */
import { useId, useState } from 'react';
import type { ImportSummaryView, RecheckApi } from '../../common/api/contract';
import { formatCount } from '../lib/format';
import { byReviewer } from '../lib/reviewer';
import { Dialog, FormFooter } from '../components/Dialog';
import { ImportSummary } from './ImportSummary';
import { LogbookFolderPicker, readUpload, type PickedFolder } from './LogbookFolderPicker';
import { ReviewerInput } from '../components/ReviewerInput';

export function ImportLogbookDialog(props: {
  api: RecheckApi;
  caseId: string;
  reviewer: string;
  onReviewerChange(name: string): void;
  /** The import changed the case: reopen it. */
  onImported(): void;
  onClose(): void;
}) {
  const ids = useId();
  const [folder, setFolder] = useState<PickedFolder | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummaryView | null>(null);
  const canSubmit = working === null && folder !== null && folder.plan.refusal === null;

  const submit = async () => {
    if (!canSubmit) return;
    setError(null);
    try {
      setWorking('Reading the logbook folder…');
      const files = await readUpload(folder, (done, total) => setWorking(`Reading the logbook folder: ${done} of ${total} files…`));
      setWorking(`Importing ${formatCount(files.length)} files…`);
      setSummary(await props.api.importLogbook({ caseId: props.caseId, files, ...byReviewer(props.reviewer) }));
      props.onImported();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setWorking(null);
    }
  };

  if (summary !== null) {
    return (
      <Dialog
        key="done"
        title={`Logbook ${summary.logbookId} imported`}
        testId="import-logbook-dialog"
        onClose={props.onClose}
        footer={
          <>
            <span className="spacer" />
            <button type="button" className="btn btn-primary" onClick={props.onClose} data-autofocus>
              Done
            </button>
          </>
        }
      >
        <ImportSummary summary={summary} />
      </Dialog>
    );
  }
  const formId = `${ids}-form`;
  return (
    <Dialog
      key="form"
      title={
        <>
          Import a logbook into <span className="mono">{props.caseId}</span>
        </>
      }
      testId="import-logbook-dialog"
      size="narrow"
      onClose={props.onClose}
      busy={working !== null}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          progress={working}
          busy={working !== null}
          canSubmit={canSubmit}
          submitLabel="Import logbook"
          onCancel={props.onClose}
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
        <label htmlFor={`${ids}-folder`}>Logbook folder</label>
        <LogbookFolderPicker id={`${ids}-folder`} value={folder} onChange={setFolder} disabled={working !== null} />
        <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
        <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={working !== null} />
      </form>
    </Dialog>
  );
}
