/**
 * Picks a Trackio logbook folder (`<input type="file" webkitdirectory>`) and says what would be uploaded: the
 * folder's name, its files and size, or why it cannot be uploaded from here (over MAX_UPLOAD_BASE64, with the
 * CLI command that imports any size). `readUpload` then turns the picked files into importLogbook's files.
 */
import { useRef } from 'react';
import type { UploadedFile } from '../../common/api/contract';
import { formatBytes, formatCount } from '../lib/format';
import { encodeBase64, planUpload, type UploadPlan } from './upload';

export interface PickedFolder {
  plan: UploadPlan;
  files: readonly File[];
}

/** Reads and encodes the planned files, telling `onProgress` after each. */
export async function readUpload(picked: PickedFolder, onProgress: (done: number, total: number) => void): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  const total = picked.plan.files.length;
  for (const f of picked.plan.files) {
    const file = picked.files[f.index];
    if (file === undefined) throw new Error(`the picked file ${f.path} is gone: pick the folder again`);
    out.push({ path: f.path, base64: encodeBase64(new Uint8Array(await file.arrayBuffer())) });
    onProgress(out.length, total);
  }
  return out;
}

export function LogbookFolderPicker(props: {
  id: string;
  value: PickedFolder | null;
  onChange(v: PickedFolder | null): void;
  disabled?: boolean;
  optional?: boolean;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const { value } = props;
  const plan = value?.plan;
  return (
    <div className="folder-picker">
      <input
        id={props.id}
        ref={(el) => {
          input.current = el;
          // Not in React's attribute types; the DOM property reflects to the attribute Chromium reads.
          if (el !== null) el.webkitdirectory = true;
        }}
        type="file"
        multiple
        disabled={props.disabled}
        aria-describedby={`${props.id}-status${props.describedBy !== undefined ? ` ${props.describedBy}` : ''}`}
        data-testid="logbook-folder-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          props.onChange(files.length === 0 ? null : { plan: planUpload(files), files });
        }}
      />
      {value !== null ? (
        <button
          type="button"
          className="btn btn-small btn-quiet"
          disabled={props.disabled}
          onClick={() => {
            if (input.current !== null) input.current.value = '';
            props.onChange(null);
          }}
        >
          Remove folder
        </button>
      ) : null}
      <div id={`${props.id}-status`} className="small field-note" data-testid="logbook-folder-status" role="status">
        {plan === undefined ? (
          <span className="muted">
            {props.optional === true ? 'Optional. ' : ''}The folder holding .trackio/ (a Trackio workspace or a downloaded logbook Space).
          </span>
        ) : plan.refusal !== null ? (
          <span className="error-text">{plan.refusal}</span>
        ) : (
          <span>
            <span className="mono">{plan.folder}</span>: {formatCount(plan.files.length)} file{plan.files.length === 1 ? '' : 's'},{' '}
            {formatBytes(plan.bytes)}
            {plan.skipped.length > 0 ? (
              <span className="muted">
                {' '}
                ({formatCount(plan.skipped.length)} git file{plan.skipped.length === 1 ? '' : 's'} left out)
              </span>
            ) : null}
          </span>
        )}
      </div>
    </div>
  );
}
