/**
 * A modal dialog of the workbench (new case, import a logbook, quote a falsification, add a check): a title
 * bar, a body that scrolls, and a footer that always stays in view (so its actions and errors are never
 * below the fold). Escape and Close call `onClose`, unless `busy` holds it open. Focus starts on the element
 * marked `data-autofocus`, else on the body's first field. A dialog may open another over itself (Add check
 * opens Add a file): Escape closes the top one only.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function Dialog(props: {
  title: ReactNode;
  testId: string;
  onClose(): void;
  /** While true, Escape does not close the dialog and Close is disabled (an import is under way). */
  busy?: boolean;
  footer?: ReactNode;
  /** Width: `narrow` (about 560 px) or `wide` (about 820 px). */
  size?: 'narrow' | 'wide';
  /** The body is text that may scroll with nothing focusable in it (a reference sheet): it takes focus itself. */
  scrollableBody?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { onClose, busy = false } = props;
  useEffect(() => {
    const d = ref.current;
    if (d === null || d.open) return;
    d.showModal();
    // showModal focuses the first focusable element (Close); start where the dialog says, or at its first field.
    const first =
      d.querySelector<HTMLElement>('[data-autofocus]') ??
      d.querySelector<HTMLElement>(
        '.modal-body input:not(:disabled), .modal-body select:not(:disabled), .modal-body textarea:not(:disabled)',
      );
    first?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal modal-${props.size ?? 'wide'}`}
      data-testid={props.testId}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // React passes a nested dialog's cancel (Escape) up its tree: only this dialog's own closes it.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <header className="dialog-head">
        <h2 id={titleId} className="dialog-title">
          {props.title}
        </h2>
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={onClose} disabled={busy}>
          Close
        </button>
      </header>
      {props.scrollableBody === true ? (
        // A body of text that scrolls is reached by keyboard (Tab, then the arrow keys) when nothing in it takes focus.
        <div className="modal-body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {props.children}
        </div>
      ) : (
        <div className="modal-body">{props.children}</div>
      )}
      {props.footer !== undefined ? <footer className="modal-foot">{props.footer}</footer> : null}
    </dialog>
  );
}

/**
 * The footer of a form dialog: the server's one-line error (or what is under way), Cancel, and the submit
 * button of the form `formId`. One footer for every form dialog.
 */
export function FormFooter(props: {
  formId: string;
  error: string | null;
  /** What is under way (shown while busy). */
  progress?: string | null;
  busy: boolean;
  canSubmit: boolean;
  submitLabel: ReactNode;
  onCancel(): void;
  errorTestId?: string;
  submitTestId?: string;
}) {
  return (
    <>
      <div className="foot-message" role="alert" data-testid={props.errorTestId}>
        {props.error !== null ? <span className="error-text">{props.error}</span> : null}
        {props.progress ? <span className="muted">{props.progress}</span> : null}
      </div>
      <button type="button" className="btn" onClick={props.onCancel} disabled={props.busy}>
        Cancel
      </button>
      <button type="submit" form={props.formId} className="btn btn-primary" disabled={!props.canSubmit} data-testid={props.submitTestId}>
        {props.submitLabel}
      </button>
    </>
  );
}

/**
 * The one call a form dialog makes to the core: `busy` while it runs, the server's one-line `error` when it
 * fails (the dialog then stays open and usable); on success the dialog closes itself, so `busy` stays on.
 * Example: `const call = useCoreCall(); ... onSubmit={() => call.run(async () => { await api.addClaim(...); props.onClose(); })}`.
 */
export function useCoreCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
