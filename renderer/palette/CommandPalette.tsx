/**
 * The command palette (Ctrl/Cmd+K, Ctrl/Cmd+Shift+P) and quick open (Ctrl/Cmd+P): a modal dialog with one
 * combobox and a listbox of the registered commands (or of the case's files), fuzzy filtered as the reviewer
 * types. Up/Down (and PageUp/PageDown) choose, Enter runs, Escape closes and gives focus back. A command runs
 * after the palette has closed, so the focus it moves stays where it put it.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { chordKeys } from './chord';
import type { Command, CommandStore } from './commands';
import { MAC, useCommandList } from './use-commands';
import { fuzzyFilter } from './fuzzy';

export type PaletteMode = 'commands' | 'files';

const PAGE = 8;

function highlighted(text: string, positions: readonly number[]): ReactNode {
  if (positions.length === 0) return text;
  const hit = new Set(positions);
  const out: ReactNode[] = [];
  let run = '';
  let runHit = false;
  const flush = (i: number) => {
    if (run === '') return;
    out.push(runHit ? <mark key={i}>{run}</mark> : run);
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    const h = hit.has(i);
    if (h !== runHit) {
      flush(i);
      runHit = h;
    }
    run += text[i];
  }
  flush(text.length);
  return out;
}

/** Key caps of a chord, for a list row or the shortcuts sheet. */
export function Keys(props: { chord: string }) {
  return (
    <span className="keys">
      {chordKeys(props.chord, MAC).map((k, i) => (
        <kbd key={i}>{k}</kbd>
      ))}
    </span>
  );
}

export function CommandPalette(props: { store: CommandStore; mode: PaletteMode; onMode(mode: PaletteMode): void; onClose(): void }) {
  const { mode } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const all = useCommandList(props.store);
  const items = useMemo(
    () => all.filter((c) => (mode === 'files' ? c.kind === 'file' : c.kind !== 'file' && !c.id.startsWith('palette.open'))),
    [all, mode],
  );
  const shown = useMemo(() => fuzzyFilter(query, items, (c) => c.title), [query, items]);
  const restoreFocus = useRef(true);

  useEffect(() => {
    const d = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d !== null && !d.open) d.showModal();
    input.current?.focus();
    return () => {
      if (restoreFocus.current) before?.focus();
    };
  }, []);
  useEffect(() => {
    setQuery('');
    setActive(0);
    input.current?.focus();
  }, [mode]);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    // Chromium 150+ returns a Promise from scrollIntoView: not returned from the effect.
    void document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const choose = (c: Command | undefined) => {
    if (c === undefined || c.enabled === false) return;
    restoreFocus.current = false;
    props.onClose();
    // After the dialog is gone: a command that opens a dialog or moves the focus is not undone by the close.
    setTimeout(() => c.run(), 0);
  };
  const move = (delta: number) => {
    if (shown.length === 0) return;
    setActive((a) => {
      if (Math.abs(delta) > 1) return Math.max(0, Math.min(shown.length - 1, a + delta));
      return (a + delta + shown.length) % shown.length;
    });
  };
  const activeItem = shown[active];
  const label = mode === 'files' ? 'Go to a file of the case' : 'Command palette';

  return (
    <dialog
      ref={ref}
      className="palette"
      aria-label={label}
      data-testid="command-palette"
      data-mode={mode}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onMouseDown={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === e.currentTarget) props.onClose();
      }}
    >
      <input
        ref={input}
        className="palette-input"
        role="combobox"
        aria-label={mode === 'files' ? 'File name' : 'Command'}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem !== undefined ? `${listId}-${active}` : undefined}
        placeholder={mode === 'files' ? 'Type part of a file name…' : 'Type a command…'}
        value={query}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') move(1);
          else if (e.key === 'ArrowUp') move(-1);
          else if (e.key === 'PageDown') move(PAGE);
          else if (e.key === 'PageUp') move(-PAGE);
          else if (e.key === 'Enter') choose(activeItem?.item);
          else return;
          e.preventDefault();
        }}
        data-testid="palette-input"
      />
      <ul
        className="palette-list"
        role="listbox"
        id={listId}
        aria-label={mode === 'files' ? 'Files' : 'Commands'}
        data-testid="palette-list"
      >
        {shown.map(({ item, match }, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={item.enabled === false}
            className={`palette-item${i === active ? ' active' : ''}${item.enabled === false ? ' disabled' : ''}`}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(item)}
            data-command={item.id}
          >
            <span className="palette-group">{item.group}</span>
            <span className="palette-title">{highlighted(item.title, match.positions)}</span>
            {item.detail !== undefined ? <span className="palette-detail">{item.detail}</span> : null}
            {item.shortcut?.[0] !== undefined ? <Keys chord={item.shortcut[0]} /> : null}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <div className="palette-empty muted" role="status">
          {items.length === 0
            ? mode === 'files'
              ? 'No case is open: open one to go to its files.'
              : 'No command is available.'
            : `Nothing matches “${query}”.`}
        </div>
      ) : null}
      <div className="palette-foot small muted">
        ↑↓ choose · Enter {mode === 'files' ? 'open' : 'run'} · Esc close ·{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => props.onMode(mode === 'files' ? 'commands' : 'files')}
          data-testid="palette-switch"
        >
          {mode === 'files' ? 'commands' : 'files'}
        </button>
      </div>
    </dialog>
  );
}
