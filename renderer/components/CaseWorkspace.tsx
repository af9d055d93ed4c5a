/**
 * An open case: its header (title, paper, actions), the three panes side by side (paper, logbook,
 * sandbox) with draggable splitters, and the checks dock underneath.
 */
import { useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, FalsificationDecision, RecheckApi } from '../../app/api/contract';
import type { RunState } from '../lib/run-state';
import { AddCheckDialog } from './AddCheckDialog';
import { ChecksDock } from './ChecksDock';
import { FalsificationDialog, type CellQuote } from './FalsificationDialog';
import { ImportLogbookDialog } from './ImportLogbookDialog';
import { LogbookPane } from './LogbookPane';
import { PaperPane } from './PaperPane';
import { SandboxPane } from './SandboxPane';
import type { SandboxPlace } from './SandboxRunPanel';
import { Splitter } from './Splitter';
import { moveBoundary } from '../lib/layout';

export function CaseWorkspace(props: {
  api: RecheckApi;
  detail: CaseDetail;
  run: RunState | undefined;
  starting: boolean;
  runError: string | null;
  onRun(fid: string | null): void;
  onCancel(): void;
  onAudit(entry: AuditEntry): void;
  onUnsaved(paths: string[]): void;
  onDraftLetter(): void;
  /** Where "Run in sandbox" runs: the core's hidden window in the desktop app, an iframe in browser mode. */
  sandboxIn: SandboxPlace;
  /** The reviewer's name, sent with decisions and edits. */
  reviewer: string;
  onReviewerChange(name: string): void;
  /** An edit changed the case (claim, falsification, check, logbook): reopen it. */
  onEdited(entry?: AuditEntry): void;
}) {
  const { detail, run } = props;
  const [editing, setEditing] = useState<{ type: 'quote'; quote: CellQuote } | { type: 'check'; falsification: string } | { type: 'import' } | null>(null);
  const editingCheck = editing?.type === 'check' ? detail.falsifications.find((f) => f.id === editing.falsification) : undefined;
  const reviewerProps = { reviewer: props.reviewer, onReviewerChange: props.onReviewerChange };
  const [sizes, setSizes] = useState([0.31, 0.36, 0.33]);
  const [dockHeight, setDockHeight] = useState(() => Math.max(220, Math.round(window.innerHeight * 0.34)));
  const panes = useRef<HTMLDivElement>(null);
  const running = props.starting || run?.status === 'running';
  const report = run?.report ?? (run?.status === 'running' ? undefined : detail.lastRun);
  const decisions: Record<string, FalsificationDecision> = {};
  for (const f of report?.falsifications ?? []) decisions[f.falsificationId] = f.decision;

  const resize = (i: number) => (px: number) => {
    const w = panes.current?.clientWidth ?? 1;
    setSizes((s) => moveBoundary(s, i, px / w));
  };

  return (
    <div className="workspace" data-testid="case-workspace" data-case={detail.id}>
      <header className="case-header">
        <div className="case-heading">
          <h1>{detail.title}</h1>
          <div className="small muted">
            {detail.paper.title} · <span className="mono">{detail.paper.venueId}</span> · {detail.falsifications.length} claimed falsification
            {detail.falsifications.length === 1 ? '' : 's'}
          </div>
        </div>
        <span className="spacer" />
        <button type="button" className="btn" onClick={props.onDraftLetter} data-testid="draft-letter">
          Draft letter
        </button>
      </header>
      <div className="panes" ref={panes}>
        <div className="pane-slot" style={{ flexBasis: `${sizes[0]! * 100}%` }}>
          <PaperPane
            api={props.api}
            detail={detail}
            decisions={decisions}
            running={running}
            reviewer={props.reviewer}
            onRun={props.onRun}
            onEdited={props.onEdited}
            onAddCheck={(fid) => setEditing({ type: 'check', falsification: fid })}
          />
        </div>
        <Splitter axis="x" label="Resize paper and logbook panes" onMove={resize(0)} />
        <div className="pane-slot" style={{ flexBasis: `${sizes[1]! * 100}%` }}>
          <LogbookPane key={detail.id} logbooks={detail.logbooks} onQuote={(quote) => setEditing({ type: 'quote', quote })} onImport={() => setEditing({ type: 'import' })} />
        </div>
        <Splitter axis="x" label="Resize logbook and sandbox panes" onMove={resize(1)} />
        <div className="pane-slot" style={{ flexBasis: `${sizes[2]! * 100}%` }}>
          <SandboxPane key={detail.id} api={props.api} caseId={detail.id} files={detail.sandboxFiles} onSaved={props.onAudit} onUnsaved={props.onUnsaved} sandboxIn={props.sandboxIn} />
        </div>
      </div>
      <Splitter axis="y" label="Resize the checks dock" onMove={(px) => setDockHeight((h) => Math.max(120, Math.min(window.innerHeight - 220, h - px)))} />
      <div className="dock-slot" style={{ height: `${dockHeight}px` }}>
        <ChecksDock
          api={props.api}
          detail={detail}
          run={run}
          starting={props.starting}
          runError={props.runError}
          decisions={decisions}
          onRun={props.onRun}
          onCancel={props.onCancel}
          onRecorded={props.onAudit}
          {...reviewerProps}
        />
      </div>
      {editing?.type === 'quote' ? (
        <FalsificationDialog api={props.api} caseId={detail.id} claims={detail.paper.claims} quote={editing.quote} {...reviewerProps} onAdded={(_id, entry) => props.onEdited(entry)} onClose={() => setEditing(null)} />
      ) : null}
      {editingCheck !== undefined ? (
        <AddCheckDialog api={props.api} caseId={detail.id} falsification={editingCheck} {...reviewerProps} onAdded={(_id, entry) => props.onEdited(entry)} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.type === 'import' ? <ImportLogbookDialog api={props.api} caseId={detail.id} {...reviewerProps} onImported={() => props.onEdited()} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
