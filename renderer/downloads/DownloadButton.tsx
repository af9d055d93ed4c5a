/**
 * "Download": saves a file or folder of the case through the browser (a folder as one .zip), so that every export
 * the core writes into the case (reports, PDFs, extracted tables, review answers) can be taken away in browser
 * mode too. The bytes come from the core (downloadCaseFile); a failure is said in one line beside the button.
 * Example: `<DownloadButton api={api} caseId="kl-direction" path="runs/report-1" label="Download the report (.zip)" />`.
 */
import { useState } from 'react';
import type { RecheckApi } from '../../common/api/contract';
import { base64Bytes, downloadFile } from '../letters/download';

export function DownloadButton(props: { api: RecheckApi; caseId: string; path: string; label?: string; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const d = await props.api.downloadCaseFile(props.caseId, props.path);
      downloadFile(d.name, new Blob([base64Bytes(d.base64)], { type: d.mediaType }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="download-button">
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void download()}
        disabled={busy}
        data-testid={props.testId ?? 'download'}
        title={`Save ${props.path} to this computer`}
      >
        {busy ? 'Preparing…' : (props.label ?? 'Download')}
      </button>
      {error !== null ? (
        <span className="error-text small" role="alert">
          {' '}
          {error}
        </span>
      ) : null}
    </span>
  );
}
