/**
 * "Add a file to the case": a reviewer's file (a quantities.json, a table, a re-implementation) copied into
 * the case with addCaseFile, under sandbox/ by default; the path is editable. The core never writes over a
 * file or into a logbook folder, and says so in one line, shown here.
 */
import { useId, useState } from 'react';
import type { AuditEntry, RecheckApi } from '../../common/api/contract';
import { MAX_UPLOAD_BASE64 } from '../../common/api/methods';
import { formatBytes } from '../lib/format';
import { byReviewer } from '../lib/reviewer';
import { base64Length, encodeBase64 } from './upload';
import { Dialog, FormFooter, useCoreCall } from '../components/Dialog';
import { ReviewerInput } from '../components/ReviewerInput';

/** A path inside the case for a picked file's name: the folder, then the name with characters a path may not hold made "-". */
export function casePathFor(folder: string, fileName: string): string {
  const name = fileName.replace(/[\\/]+/g, '-').replace(/^\.+/, '') || 'file';
  const dir = folder.replace(/^\/+|\/+$/g, '');
  return dir === '' ? name : `${dir}/${name}`;
}

/** What is wrong with a path inside the case (one line), or null. */
function pathProblem(path: string): string | null {
  if (path.trim() === '') return 'the path is required';
  if (path.startsWith('/') || path.includes('\\') || path.split('/').some((p) => p === '' || p === '.' || p === '..'))
    return 'a relative path inside the case, with "/" between folders and no ".."';
  return null;
}

export function AddFileDialog(props: {
  api: RecheckApi;
  caseId: string;
  /** The folder a picked file goes to unless the path is edited (default `sandbox`). */
  folder?: string;
  /** The check param the file is for, when opened beside one (named in the title). */
  forParam?: string;
  reviewer: string;
  onReviewerChange(name: string): void;
  onAdded(path: string, entry: AuditEntry): void;
  onClose(): void;
}) {
  const folder = props.folder ?? 'sandbox';
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const { busy, error, setError, run } = useCoreCall();
  const tooBig = file !== null && base64Length(file.size) > MAX_UPLOAD_BASE64;
  const problem = file !== null || pathEdited ? pathProblem(path) : null;
  const canSubmit = !busy && file !== null && !tooBig && pathProblem(path) === null;

  const pick = (f: File | undefined) => {
    setError(null);
    setFile(f ?? null);
    if (f !== undefined && !pathEdited) setPath(casePathFor(folder, f.name));
  };

  const submit = async () => {
    if (!canSubmit || file === null) return;
    await run(async () => {
      const base64 = encodeBase64(new Uint8Array(await file.arrayBuffer()));
      const entry = await props.api.addCaseFile({ caseId: props.caseId, path: path.trim(), base64, ...byReviewer(props.reviewer) });
      props.onAdded(path.trim(), entry);
      props.onClose();
    });
  };

  const formId = `${ids}-form`;
  return (
    <Dialog
      title={
        <>
          Add a file to <span className="mono">{props.caseId}</span>
          {props.forParam !== undefined ? (
            <>
              {' '}
              for <span className="mono">{props.forParam}</span>
            </>
          ) : null}
        </>
      }
      testId="add-file-dialog"
      size="narrow"
      onClose={props.onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          busy={busy}
          canSubmit={canSubmit}
          submitLabel={busy ? 'Adding…' : 'Add file'}
          onCancel={props.onClose}
          errorTestId="add-file-error"
          submitTestId="add-file-submit"
        />
      }
    >
      <form
        id={formId}
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          // A form inside another dialog's React tree: its submit is this dialog's alone.
          e.stopPropagation();
          void submit();
        }}
      >
        <label htmlFor={`${ids}-file`}>
          File{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <input
            id={`${ids}-file`}
            type="file"
            onChange={(e) => pick(e.target.files?.[0])}
            disabled={busy}
            aria-describedby={`${ids}-file-note`}
            data-testid="add-file-input"
            data-autofocus
          />
          <div id={`${ids}-file-note`} className="small field-note" role="status">
            {file === null ? (
              <span className="muted">A quantities file, a table or a re-implementation, from your computer.</span>
            ) : tooBig ? (
              <span className="error-text">
                {file.name} is {formatBytes(file.size)}, over what one upload may carry: copy it with <code>npx recheck case add-file</code>{' '}
                instead
              </span>
            ) : (
              <span>
                <span className="mono">{file.name}</span>, {formatBytes(file.size)}
              </span>
            )}
          </div>
        </div>

        <label htmlFor={`${ids}-path`}>
          Path in the case{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <input
            id={`${ids}-path`}
            type="text"
            className="mono"
            value={path}
            onChange={(e) => {
              setPath(e.target.value);
              setPathEdited(true);
            }}
            placeholder={`${folder}/quantities.json`}
            aria-required="true"
            aria-invalid={problem !== null}
            aria-describedby={`${ids}-path-note`}
            maxLength={512}
            spellCheck={false}
            disabled={busy}
            data-testid="add-file-path"
          />
          <div id={`${ids}-path-note`} className="small field-note">
            {problem !== null ? (
              <span className="error-text">Path: {problem}</span>
            ) : (
              <span className="muted">Checks name it by this path. Nothing is overwritten, and logbook folders stay as published.</span>
            )}
          </div>
        </div>

        <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
        <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={busy} />
      </form>
    </Dialog>
  );
}
