/**
 * The logbook pane: a tab per logbook, the active one's content (LogbookBody), "+" to import another, and,
 * with two or more logbooks, a "Compare logbooks" toggle that shows two side by side under the settings they
 * print (CompareLogbooks). A `reveal` (a quote's source) switches to its logbook and scrolls to the cell.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogbookView, RecheckApi } from '../../common/api/contract';
import { CompareLogbooks } from './CompareLogbooks';
import { LogbookBody, type CellActions, type Reveal } from './LogbookBody';

/** A place in one of the case's logbooks to show. */
export interface LogbookReveal extends Reveal {
  logbook: string;
}

export function LogbookPane(props: {
  api: RecheckApi;
  caseId: string;
  logbooks: LogbookView[];
  actions: CellActions;
  /** Import a Trackio logbook folder into the case. */
  onImport(): void;
  /** Show two logbooks side by side (the workspace gives the pane its whole width meanwhile). */
  compare: boolean;
  onCompareChange(on: boolean): void;
  reveal: LogbookReveal | null;
}) {
  const { logbooks, reveal } = props;
  const [activeId, setActiveId] = useState<string | null>(logbooks[0]?.id ?? null);
  // The reveal not yet handled by the body of its logbook.
  const [pending, setPending] = useState<LogbookReveal | null>(null);
  const seen = useRef<LogbookReveal | null>(null);
  useEffect(() => {
    // Each request once (the case is reread after edits; that must not scroll again).
    if (reveal === null || reveal === seen.current) return;
    seen.current = reveal;
    setActiveId(reveal.logbook);
    setPending(reveal);
  }, [reveal]);
  const revealed = useCallback(() => setPending(null), []);
  const active = logbooks.find((l) => l.id === activeId) ?? logbooks[0];
  const canCompare = logbooks.length >= 2;
  const comparing = props.compare && canCompare;
  return (
    <section className="pane pane-logbook" data-testid="pane-logbook" aria-label="Logbook">
      <header className="pane-header">
        <span className="pane-title">Logbook</span>
        {comparing ? (
          <span className="compare-heading small muted" data-testid="compare-heading">
            Two logbooks side by side
          </span>
        ) : (
          <div className="tab-strip" role="tablist" aria-label="Logbooks">
            {logbooks.map((l) => (
              <button
                key={l.id}
                type="button"
                role="tab"
                aria-selected={l.id === active?.id}
                className={`tab${l.id === active?.id ? ' active' : ''}`}
                data-testid={`logbook-tab-${l.id}`}
                onClick={() => setActiveId(l.id)}
                title={l.title}
              >
                {l.title}
              </button>
            ))}
          </div>
        )}
        {canCompare ? (
          <button
            type="button"
            className={`btn btn-small toggle${comparing ? ' toggle-on' : ''}`}
            aria-pressed={comparing}
            onClick={() => props.onCompareChange(!comparing)}
            title={comparing ? 'Back to one logbook at a time' : 'Show two logbooks side by side, under the settings they print'}
            data-testid="compare-logbooks"
          >
            {comparing ? <span aria-hidden="true">✓ </span> : null}
            Compare logbooks
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-small btn-quiet add-tab"
          onClick={props.onImport}
          aria-label="Import logbook"
          title="Import a Trackio logbook folder"
          data-testid="import-logbook"
        >
          +
        </button>
      </header>
      {comparing ? (
        <CompareLogbooks api={props.api} caseId={props.caseId} logbooks={logbooks} actions={props.actions} />
      ) : active === undefined ? (
        <div className="pane-body">
          <p className="empty-state" data-testid="logbooks-empty">
            No logbook yet: import the logbook under review (a Trackio logbook folder) to quote what it asserts.
          </p>
          <button type="button" className="btn btn-primary" onClick={props.onImport}>
            Import a logbook folder
          </button>
        </div>
      ) : (
        <LogbookBody
          key={active.id}
          logbook={active}
          actions={props.actions}
          caseId={props.caseId}
          reveal={pending !== null && pending.logbook === active.id ? pending : null}
          onRevealed={revealed}
        />
      )}
    </section>
  );
}
