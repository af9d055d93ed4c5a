/**
 * The paper pane's Edit mode for paper.md: a textarea with Save and Cancel. Save writes through editPaper
 * (atomic, logged with the hashes before and after; refused when paper.md changed since it was opened, from
 * `baseSha256`). Unsaved edits ask before being lost: Cancel and Escape confirm, and leaving the page warns
 * (beforeunload). Ctrl/Cmd+S saves.
 */
import { useEffect, useState } from 'react';
import type { AuditEntry, RecheckApi } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';

export function PaperEditor(props: {
  api: RecheckApi;
  caseId: string;
  markdown: string;
  baseSha256?: string | undefined;
  reviewer: string;
  onSaved(entry: AuditEntry): void;
  onDone(): void;
  /** Asks whether to drop unsaved edits (default: window.confirm). */
  confirmDiscard?: () => boolean;
}) {
  const [text, setText] = useState(props.markdown);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = text !== props.markdown;

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const cancel = () => {
    if (busy) return;
    const confirmDiscard = props.confirmDiscard ?? (() => window.confirm('Discard your unsaved edits of paper.md?'));
    if (dirty && !confirmDiscard()) return;
    props.onDone();
  };
  const save = async () => {
    if (busy || !dirty) return;
    setBusy(true);
    setError(null);
    try {
      const entry = await props.api.editPaper({
        caseId: props.caseId,
        markdown: text,
        ...(props.baseSha256 !== undefined ? { baseSha256: props.baseSha256 } : {}),
        ...byReviewer(props.reviewer),
      });
      props.onSaved(entry);
      props.onDone();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <form
      className="claim-form paper-editor"
      data-testid="paper-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <textarea
        aria-label="paper.md (Markdown with $LaTeX$)"
        className="mono"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={16}
        disabled={busy}
        autoFocus
        spellCheck={false}
        data-testid="paper-editor-text"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            cancel();
          }
          if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <div className="form-row">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || !dirty} data-testid="paper-save">
          {busy ? 'Saving…' : 'Save paper.md'}
        </button>
        <button type="button" className="btn btn-small" onClick={cancel} disabled={busy} data-testid="paper-cancel">
          Cancel
        </button>
        {dirty ? (
          <span className="small muted" data-testid="paper-dirty">
            unsaved edits
          </span>
        ) : null}
        {error !== null ? (
          <span className="small error-text" role="alert" data-testid="paper-error">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}
