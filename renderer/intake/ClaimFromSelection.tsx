/**
 * Wraps text a claim can be quoted from (the paper's summary): when the reviewer selects text inside it, a
 * "Make this a claim" button appears under the selection and adds the selected words as a claim. The button
 * follows the text in the tab order, so Tab reaches it right after a selection; it keeps the selection when
 * pressed (no focus change on mouse down).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { selectionInside } from './selection';

interface Selected {
  text: string;
  top: number;
  left: number;
}

/** Width kept free for the button when placing it under the selection. */
const ACTION_WIDTH = 190;

export function ClaimFromSelection(props: { onClaim(text: string): Promise<void>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);
  busyRef.current = busy;

  useEffect(() => {
    const update = () => {
      if (busyRef.current) return;
      const el = box.current;
      const s = selectionInside(el);
      if (s === null || el === null) {
        setSelected(null);
        setError(null);
        return;
      }
      const outer = el.getBoundingClientRect();
      const rects = s.range.getClientRects();
      const last = rects[rects.length - 1] ?? s.range.getBoundingClientRect();
      const top = last.bottom - outer.top + 4;
      const left = Math.max(0, Math.min(last.left - outer.left, outer.width - ACTION_WIDTH));
      setSelected({ text: s.text, top, left });
      setError(null);
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const claim = async () => {
    if (selected === null || busyRef.current) return;
    setBusy(true);
    busyRef.current = true;
    try {
      await props.onClaim(selected.text);
      window.getSelection()?.removeAllRanges();
      setSelected(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="claim-source" ref={box} data-testid="claim-source">
      {props.children}
      {selected !== null ? (
        <div className="selection-action" style={{ top: `${selected.top}px`, left: `${selected.left}px` }}>
          <button
            type="button"
            className="btn btn-primary btn-small"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void claim()}
            disabled={busy}
            data-testid="make-claim"
            title={selected.text.length > 200 ? `${selected.text.slice(0, 200)}…` : selected.text}
          >
            {busy ? 'Adding the claim…' : 'Make this a claim'}
          </button>
          {error !== null ? (
            <div className="selection-error small error-text" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
