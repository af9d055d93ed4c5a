/** The drafted letter to the authors: Markdown source with a rendered preview, and a copy button. */
import { useEffect, useRef, useState } from 'react';
import { Markdown } from './Markdown';

export function LetterDialog(props: { markdown: string | null; error: string | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<'preview' | 'source'>('preview');
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d !== null && !d.open) d.showModal();
  }, []);
  const copy = async () => {
    if (props.markdown === null) return;
    try {
      await navigator.clipboard.writeText(props.markdown);
      setCopied('Copied to the clipboard.');
    } catch {
      setView('source');
      setCopied('The clipboard is not available here: select the source and copy it.');
    }
  };
  return (
    <dialog ref={ref} className="letter-dialog" data-testid="letter-dialog" onClose={props.onClose}>
      <header className="dialog-head">
        <strong>Draft letter to the authors</strong>
        <span className="spacer" />
        <div className="segmented" role="tablist">
          <button type="button" role="tab" aria-selected={view === 'preview'} className={view === 'preview' ? 'active' : ''} onClick={() => setView('preview')}>
            Preview
          </button>
          <button type="button" role="tab" aria-selected={view === 'source'} className={view === 'source' ? 'active' : ''} onClick={() => setView('source')}>
            Markdown
          </button>
        </div>
        <button type="button" className="btn btn-primary btn-small" disabled={props.markdown === null} onClick={() => void copy()}>
          Copy Markdown
        </button>
        <button type="button" className="btn btn-small" onClick={() => ref.current?.close()}>
          Close
        </button>
      </header>
      {copied !== null ? <div className="small muted pad-x">{copied}</div> : null}
      <div className="dialog-body">
        {props.error !== null ? <div className="error-box">{props.error}</div> : null}
        {props.markdown === null && props.error === null ? <div className="muted">Drafting…</div> : null}
        {props.markdown !== null && view === 'preview' ? <Markdown source={props.markdown} className="letter" /> : null}
        {props.markdown !== null && view === 'source' ? <textarea className="letter-source mono" readOnly value={props.markdown} data-testid="letter-source" /> : null}
      </div>
    </dialog>
  );
}
