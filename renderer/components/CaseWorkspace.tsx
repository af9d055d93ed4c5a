/**
 * An open case: its header (title, paper, actions), the three panes side by side (paper, logbook,
 * sandbox) with draggable splitters, and the checks dock underneath. "Compare logbooks" gives the logbook
 * pane the whole width (the other panes stay mounted, hidden, with their edits). Holds the edit dialogs
 * (quote, extract a table, add a check, add a file, import a logbook) and where the logbook pane is asked to go.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, CheckKindView, FalsificationDecision, RecheckApi } from '../../common/api/contract';
import type { RunState } from '../lib/run-state';
import { shownDecisions, shownFalsifications } from '../lib/decisions';
import { inForce } from '../intake/withdrawn';
import { CaseFilesProvider } from '../evidence/CaseFiles';
import { AddCheckDialog } from '../intake/AddCheckDialog';
import { suggestCheck } from '../intake/suggest-check';
import { AddFileDialog } from '../intake/AddFileDialog';
import { ChecksDock } from './ChecksDock';
import type { FalsificationFocus } from '../verdicts/VerdictForm';
import { ExtractTableDialog, type CellPlace } from '../intake/ExtractTableDialog';
import { FalsificationDialog, type CellQuote } from '../intake/FalsificationDialog';
import { ImportLogbookDialog } from '../intake/ImportLogbookDialog';
import { ReportDialog } from '../letters/ReportDialog';
import type { CellActions } from './LogbookBody';
import { LogbookPane, type LogbookReveal } from './LogbookPane';
import { PaperPane } from './PaperPane';
import { SandboxPane } from './SandboxPane';
import type { QuoteSourceView } from '../intake/QuoteSource';
import type { SandboxPlace } from './SandboxRunPanel';
import { Splitter } from './Splitter';
import { moveBoundary } from '../lib/layout';
import { DOCK_FRACTION, loadPaneLayout, savePaneLayout, type LayoutStorage } from '../lib/pane-sizes';
import { caseCommands } from '../palette/case-commands';
import { useCommands } from '../palette/use-commands';
import { ReviewPairsButton } from '../perceptual/ReviewPairsButton';
import { SearchButton } from '../search/SearchButton';
import { SearchDialog } from '../search/SearchDialog';

/** Height of the checks dock while logbooks are compared (run bar, tabs and a line of results). */
const COMPARE_DOCK_HEIGHT = 150;
const DEFAULT_SIZES = [0.31, 0.36, 0.33];

function layoutStorage(): LayoutStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The dock's height in pixels, within what its splitter allows. */
const dockPx = (px: number) => Math.max(120, Math.min(window.innerHeight - 220, Math.round(px)));
const defaultDockHeight = () => Math.max(220, Math.round(window.innerHeight * 0.34));

/** The pane sizes kept for `caseId` (renderer/lib/pane-sizes.ts), else the defaults. */
function keptLayout(caseId: string): { sizes: number[]; dock: number } {
  const kept = loadPaneLayout(layoutStorage(), caseId);
  return kept !== null
    ? { sizes: [...kept.sizes], dock: dockPx(kept.dock * window.innerHeight) }
    : { sizes: [...DEFAULT_SIZES], dock: defaultDockHeight() };
}

/** The open case, its files links to one evidence viewer for every pane and dialog (CaseFilesProvider). */
export function CaseWorkspace(props: Parameters<typeof CaseWorkspaceBody>[0]) {
  return (
    <CaseFilesProvider api={props.api} caseId={props.detail.id}>
      <CaseWorkspaceBody {...props} />
    </CaseFilesProvider>
  );
}

function CaseWorkspaceBody(props: {
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
  /** Show a falsification's decision panel (a review-queue row opened this case). */
  focus?: FalsificationFocus;
}) {
  const { run } = props;
  // Withdrawn claims, findings and checks: listed (struck through) in the paper pane only; everything that runs or decides sees the case in force.
  const full = props.detail;
  const detail = useMemo(() => inForce(full), [full]);
  const [editing, setEditing] = useState<
    | { type: 'quote'; quote: CellQuote }
    | { type: 'extract'; place: CellPlace }
    | { type: 'check'; falsification: string; initial?: { kind: string; params: Record<string, unknown>; note?: string } }
    | { type: 'add-file' }
    | { type: 'import' }
    | { type: 'report' }
    | { type: 'search' }
    | null
  >(null);
  const [sizes, setSizes] = useState(() => keptLayout(full.id).sizes);
  const [dockHeight, setDockHeight] = useState(() => keptLayout(full.id).dock);
  // The case whose panes the reviewer has moved since it opened: only then are its sizes kept.
  const moved = useRef<string | null>(null);
  const [compare, setCompare] = useState(false);
  const [reveal, setReveal] = useState<LogbookReveal | null>(null);
  const [kinds, setKinds] = useState<CheckKindView[] | null>(null);
  const { api } = props;
  useEffect(() => {
    let live = true;
    api.listKinds().then(
      (ks) => live && setKinds(ks),
      // Without the kinds, checks are listed without their files.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  // Comparing wants the height too: the dock shrinks to its run bar and tabs, and comes back after.
  const dockBefore = useRef<number | null>(null);
  const changeCompare = (on: boolean) => {
    setCompare(on);
    if (on && dockBefore.current === null) {
      dockBefore.current = dockHeight;
      setDockHeight((h) => Math.min(h, COMPARE_DOCK_HEIGHT));
    } else if (!on && dockBefore.current !== null) {
      setDockHeight(dockBefore.current);
      dockBefore.current = null;
    }
  };
  // Another case opened in this workspace: it starts with one logbook at a time, nowhere in particular.
  const changeCompareRef = useRef(changeCompare);
  changeCompareRef.current = changeCompare;
  // It also gets the pane sizes kept for it (or the defaults).
  useEffect(() => {
    changeCompareRef.current(false);
    setReveal(null);
    moved.current = null;
    const kept = keptLayout(detail.id);
    setSizes(kept.sizes);
    setDockHeight(kept.dock);
  }, [detail.id]);
  // Sizes the reviewer set are kept for this case (the dock's height from before comparing, while comparing).
  useEffect(() => {
    if (moved.current !== detail.id) return;
    const dock = (dockBefore.current ?? dockHeight) / window.innerHeight;
    savePaneLayout(layoutStorage(), detail.id, {
      sizes: [sizes[0]!, sizes[1]!, sizes[2]!],
      dock: Math.min(DOCK_FRACTION.max, Math.max(DOCK_FRACTION.min, dock)),
    });
  }, [sizes, dockHeight, detail.id]);
  const showSource = (source: QuoteSourceView) => {
    changeCompare(false);
    setReveal({
      logbook: source.logbook,
      ...(source.page !== undefined ? { page: source.page } : {}),
      ...(source.cell !== undefined ? { cell: source.cell } : {}),
      nonce: Date.now(),
    });
  };
  const cellActions: CellActions = {
    onQuote: (quote) => setEditing({ type: 'quote', quote }),
    onExtract: (place) => setEditing({ type: 'extract', place }),
    // A replay check goes to the first finding on this logbook (else the first finding); without one there is nowhere to put it.
    ...(detail.falsifications.length > 0
      ? {
          onReplay: (place: Parameters<NonNullable<CellActions['onReplay']>>[0]) => {
            const f = detail.falsifications.find((x) => x.logbook === place.logbook.id) ?? detail.falsifications[0]!;
            setEditing({
              type: 'check',
              falsification: f.id,
              initial: {
                kind: 'replay',
                params: { cell: place.cell.id, logbook: place.logbook.id },
                note: `Replays ${place.cell.id} (${place.cell.type === 'code' ? place.cell.command.join(' ') : ''}) in the sandbox and compares what it prints with what the logbook printed, for ${f.id}. Tolerances, lines to ignore and overrides are optional.`,
              },
            });
          },
        }
      : {}),
  };
  const comparing = compare && detail.logbooks.length >= 2;
  const editingCheck = editing?.type === 'check' ? detail.falsifications.find((f) => f.id === editing.falsification) : undefined;
  const reviewerProps = { reviewer: props.reviewer, onReviewerChange: props.onReviewerChange };
  const panes = useRef<HTMLDivElement>(null);
  const running = props.starting || run?.status === 'running';
  // Each falsification's decision comes from its own latest run (a re-run of one never hides the others').
  const decisions: Record<string, FalsificationDecision> = useMemo(() => shownDecisions(shownFalsifications(detail, run)), [detail, run]);

  const workspace = useRef<HTMLDivElement>(null);
  useCommands(
    caseCommands({
      root: () => workspace.current,
      onImportLogbook: () => setEditing({ type: 'import' }),
      onAddFile: () => setEditing({ type: 'add-file' }),
    }),
  );

  const resize = (i: number) => (px: number) => {
    const w = panes.current?.clientWidth ?? 1;
    moved.current = detail.id;
    setSizes((s) => moveBoundary(s, i, px / w));
  };

  return (
    <div className="workspace" ref={workspace} data-testid="case-workspace" data-case={detail.id}>
      <header className="case-header">
        <div className="case-heading">
          <h1>{detail.title}</h1>
          <div className="small muted">
            {detail.paper.title} · <span className="mono">{detail.paper.venueId}</span> · {detail.falsifications.length} claimed
            falsification
            {detail.falsifications.length === 1 ? '' : 's'}
          </div>
        </div>
        <span className="spacer" />
        <SearchButton onOpen={() => setEditing({ type: 'search' })} />
        <ReviewPairsButton api={props.api} caseId={detail.id} reviewer={props.reviewer} onReviewerChange={props.onReviewerChange} />
        <button type="button" className="btn" onClick={props.onDraftLetter} data-testid="draft-letter">
          Draft letter
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => setEditing({ type: 'report' })}
          data-testid="build-report"
          title="Build an auditable static report of this case (under its runs/ folder) and show it"
        >
          Report
        </button>
      </header>
      <div className="panes" ref={panes}>
        <div className="pane-slot" style={comparing ? { display: 'none' } : { flexBasis: `${sizes[0]! * 100}%` }}>
          <PaperPane
            api={props.api}
            detail={full}
            decisions={decisions}
            running={running}
            reviewer={props.reviewer}
            onRun={props.onRun}
            onEdited={props.onEdited}
            onAddCheck={(fid) => setEditing({ type: 'check', falsification: fid })}
            kinds={kinds}
            onShowSource={showSource}
          />
        </div>
        {comparing ? null : <Splitter axis="x" label="Resize paper and logbook panes" position={sizes[0]! * 100} onMove={resize(0)} />}
        <div className="pane-slot" style={{ flexBasis: comparing ? '100%' : `${sizes[1]! * 100}%` }}>
          <LogbookPane
            key={detail.id}
            api={props.api}
            caseId={detail.id}
            logbooks={detail.logbooks}
            actions={cellActions}
            onImport={() => setEditing({ type: 'import' })}
            compare={comparing}
            onCompareChange={changeCompare}
            reveal={reveal}
          />
        </div>
        {comparing ? null : (
          <Splitter axis="x" label="Resize logbook and sandbox panes" position={(sizes[0]! + sizes[1]!) * 100} onMove={resize(1)} />
        )}
        <div className="pane-slot" style={comparing ? { display: 'none' } : { flexBasis: `${sizes[2]! * 100}%` }}>
          <SandboxPane
            key={detail.id}
            api={props.api}
            caseId={detail.id}
            files={detail.sandboxFiles}
            onSaved={props.onAudit}
            onUnsaved={props.onUnsaved}
            sandboxIn={props.sandboxIn}
            onAddFile={() => setEditing({ type: 'add-file' })}
          />
        </div>
      </div>
      <Splitter
        axis="y"
        label="Resize the checks dock"
        position={100 - (100 * dockHeight) / window.innerHeight}
        onMove={(px) => {
          moved.current = detail.id;
          setDockHeight((h) => dockPx(h - px));
        }}
      />
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
          onShowSource={showSource}
          onEdited={props.onEdited}
          {...(props.focus !== undefined ? { focus: props.focus } : {})}
          {...reviewerProps}
        />
      </div>
      {editing?.type === 'quote' ? (
        <FalsificationDialog
          api={props.api}
          caseId={detail.id}
          claims={detail.paper.claims}
          quote={editing.quote}
          {...reviewerProps}
          onAdded={(_id, entry) => props.onEdited(entry)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.type === 'extract' ? (
        <ExtractTableDialog
          api={props.api}
          caseId={detail.id}
          place={editing.place}
          falsifications={detail.falsifications}
          {...reviewerProps}
          onExtracted={() => props.onEdited()}
          onAddCheck={(fid, table) => setEditing({ type: 'check', falsification: fid, initial: suggestCheck(table.path, table.columns) })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editingCheck !== undefined && editing?.type === 'check' ? (
        <AddCheckDialog
          api={props.api}
          caseId={detail.id}
          falsification={editingCheck}
          {...(editing.initial !== undefined ? { initial: editing.initial } : {})}
          {...reviewerProps}
          onAdded={(_id, entry) => props.onEdited(entry)}
          onFileAdded={() => props.onEdited()}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.type === 'add-file' ? (
        <AddFileDialog
          api={props.api}
          caseId={detail.id}
          {...reviewerProps}
          onAdded={(_path, entry) => props.onEdited(entry)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.type === 'report' ? (
        <ReportDialog
          api={props.api}
          caseId={detail.id}
          reviewer={props.reviewer}
          onBuilt={() => props.onEdited()}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.type === 'search' ? (
        <SearchDialog api={props.api} detail={full} onClose={() => setEditing(null)} onShowSource={showSource} />
      ) : null}
      {editing?.type === 'import' ? (
        <ImportLogbookDialog
          api={props.api}
          caseId={detail.id}
          {...reviewerProps}
          onImported={() => props.onEdited()}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
