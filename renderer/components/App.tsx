/**
 * The Recheck workbench: case list on the left, the open case (or the triage view) on the right. Holds the
 * application state (cases, open case, runs folded from RunEvents, the last ledger triaged) and talks to the
 * core only through the RecheckApi.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, CaseSummary, RecheckApi, TriageRowView } from '../../common/api/contract';
import type { EventConnection } from '../api/http-client';
import { byReviewer, loadReviewer, saveReviewer, type NameStorage } from '../lib/reviewer';
import type { Runs } from '../lib/run-state';
import { runningByCase, runsReducer } from '../lib/live-runs';
import { caseIdForPaper, claimIsText, paperStub } from '../triage/triage';
import { CaseList } from './CaseList';
import { CaseWorkspace } from './CaseWorkspace';
import { ErrorBoundary } from './ErrorBoundary';
import { currentUrlState, setUrlState, useUrlState } from '../lib/use-url-state';
import { LetterDialog } from '../letters/LetterDialog';
import { NewCaseDialog, type NewCasePrefill } from '../intake/NewCaseDialog';
import { TriageView, type LoadedLedger } from '../triage/TriageView';
import { VerdictQueue } from '../verdicts/VerdictQueue';
import type { FalsificationFocus } from '../verdicts/VerdictForm';
import { createCommandStore } from '../palette/commands';
import { CommandProvider } from '../palette/CommandProvider';
import { useCommands } from '../palette/use-commands';
import { workbenchCommands } from '../palette/workbench-commands';
import { ThemeSwitch } from './ThemeSwitch';
import { WorkspaceSettingsButton } from '../settings/WorkspaceSettingsButton';
import type { ThemeController } from '../lib/theme';
import { ReviewScreen } from '../perceptual/ReviewScreen';
import { BlindCover } from '../perceptual/BlindCover';
import { useBlindGate } from '../perceptual/blind-gate';

const SELECTED_KEY = 'recheck.case';

type Loaded<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: string };

function localStorageOrNull(): NameStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function rememberedCase(): string | null {
  try {
    return window.sessionStorage.getItem(SELECTED_KEY);
  } catch {
    return null;
  }
}

export function App(props: { api: RecheckApi; mode: 'electron' | 'browser'; connection: EventConnection | null; theme?: ThemeController }) {
  const { api } = props;
  const [cases, setCases] = useState<CaseSummary[] | null>(null);
  const [casesError, setCasesError] = useState<string | null>(null);
  // The open case is in the URL (?case=ID): a link or a reload returns to it; Back returns to the previous case.
  const [selectedId, setSelectedId] = useState<string | null>(() => currentUrlState().case ?? rememberedCase());
  const url = useUrlState();
  useEffect(() => {
    if (url.case !== undefined && url.case !== selectedRef.current) setSelectedId(url.case);
  }, [url.case]);
  useEffect(() => {
    const inUrl = currentUrlState().case;
    if (inUrl === (selectedId ?? undefined)) return;
    // Another case: a history entry of its own (the dock keeps its tab; the falsification in focus is the old case's).
    setUrlState(
      { case: selectedId ?? undefined, f: undefined, review: undefined },
      inUrl !== undefined && selectedId !== null ? 'push' : 'replace',
    );
  }, [selectedId]);
  const [detail, setDetail] = useState<Loaded<CaseDetail>>({ state: 'idle' });
  const [runs, dispatch] = useReducer(runsReducer, {} as Runs);
  const [activeRun, setActiveRun] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  // The case whose letter editor is open.
  const [letterCase, setLetterCase] = useState<string | null>(null);
  const [newCase, setNewCase] = useState<{ prefill?: NewCasePrefill } | null>(null);
  // The triage view replaces the open case on the right (which stays mounted, with its unsaved edits).
  const [triageOpen, setTriageOpen] = useState(false);
  // The review queue, like the triage view, takes the place of the open case; a row opens a case on a falsification.
  const [queueOpen, setQueueOpen] = useState(false);
  const [focus, setFocus] = useState<(FalsificationFocus & { caseId: string }) | null>(null);
  const [ledger, setLedger] = useState<LoadedLedger | null>(null);
  // The reviewer's name: one for the decision form and every edit, remembered across sessions.
  const [reviewer, setReviewerState] = useState(() => loadReviewer(localStorageOrNull()));
  const setReviewer = useCallback((name: string) => {
    setReviewerState(name);
    saveReviewer(localStorageOrNull(), name);
  }, []);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  // Blind review (renderer/perceptual/blind-gate.ts): a case with an incomplete review by this reviewer, or whose
  // incomplete review is open, is never read with openCase; the review (or a cover to resume it) shows instead.
  const [gateKey, setGateKey] = useState(0);
  const gate = useBlindGate(api, selectedId, reviewer, url.review, gateKey);
  const caseOpenable = gate.state === 'open';
  const openableRef = useRef(caseOpenable);
  openableRef.current = caseOpenable;
  const onReviewComplete = useCallback(() => setGateKey((n) => n + 1), []);
  // Sandbox files with unsaved edits in the open case (switching cases or leaving the page would drop them).
  const unsaved = useRef<string[]>([]);
  const onUnsaved = useCallback((paths: string[]) => {
    unsaved.current = paths;
  }, []);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsaved.current.length > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const selectCase = (id: string) => {
    setTriageOpen(false);
    setQueueOpen(false);
    setFocus(null);
    // The case's own entry in the list closes a perceptual review open on it (it resumes where it stopped).
    if (id === selectedId && currentUrlState().review !== undefined) setUrlState({ review: undefined }, 'push');
    if (id === selectedId) return;
    if (
      unsaved.current.length > 0 &&
      !window.confirm(`Unsaved sandbox edits (${unsaved.current.join(', ')}) will be lost. Open the other case anyway?`)
    )
      return;
    unsaved.current = [];
    setSelectedId(id);
  };

  const refreshCases = useCallback(() => {
    api.listCases().then(
      (c) => {
        setCases(c);
        setCasesError(null);
      },
      (e: unknown) => setCasesError((e as Error).message),
    );
  }, [api]);

  const reloadCase = useCallback(
    (id: string, quiet: boolean) => {
      if (!openableRef.current) return; // blind: the case is not read
      if (!quiet) setDetail({ state: 'loading' });
      api.openCase(id).then(
        (d) => {
          if (selectedRef.current === id) setDetail({ state: 'ready', value: d });
        },
        (e: unknown) => {
          if (selectedRef.current === id) setDetail({ state: 'error', error: (e as Error).message });
        },
      );
    },
    [api],
  );

  useEffect(refreshCases, [refreshCases]);

  // Drop a remembered case that is no longer in the workspace.
  useEffect(() => {
    if (cases !== null && selectedId !== null && !cases.some((c) => c.id === selectedId)) setSelectedId(null);
  }, [cases, selectedId]);

  useEffect(() => {
    if (selectedId === null) {
      setDetail({ state: 'idle' });
      return;
    }
    try {
      window.sessionStorage.setItem(SELECTED_KEY, selectedId);
    } catch {
      // not remembered across reloads; harmless
    }
    setRunError(null);
    if (!caseOpenable) {
      setDetail(gate.state === 'checking' ? { state: 'loading' } : { state: 'idle' });
      return;
    }
    reloadCase(selectedId, false);
  }, [selectedId, reloadCase, caseOpenable]); // gate.state is read as it is when openability changes

  // The core's live runs: attached after a load or a reload (the page then shows them going and Run disabled).
  const attachLive = useCallback(() => {
    api.listRuns().then(
      (live) => {
        dispatch({ type: 'attach', live });
        if (live.length > 0) setActiveRun((m) => ({ ...m, ...Object.fromEntries(live.map((v) => [v.caseId, v.runId])) }));
      },
      () => undefined, // an older core without listRuns, or a transient error: the next event still attaches
    );
  }, [api]);
  useEffect(attachLive, [attachLive]);

  useEffect(
    () =>
      api.onRunEvent((e) => {
        dispatch(e);
        // A run started elsewhere (another window, or before a reload) is followed like one started here.
        if (e.type === 'started') setActiveRun((m) => (m[e.caseId] === e.runId ? m : { ...m, [e.caseId]: e.runId }));
        if (e.type === 'finished' || e.type === 'failed' || e.type === 'cancelled') {
          refreshCases();
          const open = selectedRef.current;
          if (open !== null && (e.type !== 'finished' || e.report.caseId === open)) reloadCase(open, true);
        }
      }),
    [api, refreshCases, reloadCase],
  );

  // After the event socket reconnects, events of the gap are lost: re-read the list and the open case.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (props.connection !== 'open') return;
    if (wasOpen.current) {
      refreshCases();
      attachLive();
      if (selectedRef.current !== null) reloadCase(selectedRef.current, true);
    }
    wasOpen.current = true;
  }, [props.connection, refreshCases, reloadCase, attachLive]);

  const open = caseOpenable && detail.state === 'ready' ? detail.value : null;
  const blindCase = gate.state === 'blind' ? gate.caseId : null;
  // A perceptual review of the open (or blind) case (`&review=ID`) takes its place, like the triage view (renderer/perceptual/).
  const reviewCase = blindCase ?? open?.id ?? null;
  const reviewId = reviewCase !== null && url.case === reviewCase && !triageOpen && !queueOpen ? url.review : undefined;

  useEffect(() => {
    document.title = triageOpen
      ? 'Triage · Recheck'
      : queueOpen
        ? 'Review queue · Recheck'
        : reviewId !== undefined
          ? `Image review · ${open?.title ?? reviewCase} · Recheck`
          : open !== null
            ? `${open.title} · Recheck`
            : 'Recheck';
  }, [open, triageOpen, queueOpen, reviewId, reviewCase]);
  // The queue is read again when the case list is (after runs and edits) and when runs start or end.
  const runningCases = Object.keys(runningByCase(runs)).sort().join(',');
  const queueKey = `${cases?.length ?? 0}|${runningCases}`;
  const [queueRefresh, setQueueRefresh] = useState(0);
  useEffect(() => setQueueRefresh((n) => n + 1), [cases, queueKey]);
  const openFromQueue = (caseId: string, falsificationId: string) => {
    selectCase(caseId);
    setFocus({ caseId, falsificationId, nonce: Date.now() });
  };
  const showTriage = () => {
    setQueueOpen(false);
    setTriageOpen(true);
  };
  const runId = open !== null ? activeRun[open.id] : undefined;
  const tracked = runId !== undefined ? runs[runId] : undefined;
  // A run whose `finished` event was missed is finished all the same once the case's last run is that run.
  const run =
    tracked !== undefined && tracked.status === 'running' && open?.lastRun?.runId === tracked.runId
      ? { ...tracked, status: 'finished' as const, report: open.lastRun }
      : tracked;

  const startRun = (fid: string | null) => {
    if (open === null) return;
    const caseId = open.id;
    setStarting(true);
    setRunError(null);
    api.runChecks(caseId, fid, byReviewer(reviewer)).then(
      (r) => {
        setActiveRun((m) => ({ ...m, [caseId]: r.runId }));
        setStarting(false);
      },
      (e: unknown) => {
        setRunError((e as Error).message);
        setStarting(false);
      },
    );
  };

  const cancelRun = () => {
    if (runId === undefined) return;
    api.cancelRun(runId).catch((e: unknown) => setRunError((e as Error).message));
  };

  const addAudit = (entry: AuditEntry) => {
    setDetail((d) =>
      d.state === 'ready' && d.value.id === entry.caseId ? { state: 'ready', value: { ...d.value, audit: [...d.value.audit, entry] } } : d,
    );
  };

  // After an edit: the open case and the list (falsification counts) are read again.
  const onEdited = useCallback(() => {
    refreshCases();
    if (selectedRef.current !== null) reloadCase(selectedRef.current, true);
  }, [refreshCases, reloadCase]);

  // A new case: read the list first, then select it (a selection missing from the list would be dropped).
  const onCreated = (id: string) => {
    api.listCases().then(
      (c) => {
        setCases(c);
        setCasesError(null);
        if (
          unsaved.current.length > 0 &&
          !window.confirm(`Unsaved sandbox edits (${unsaved.current.join(', ')}) will be lost. Open the new case anyway?`)
        )
          return;
        unsaved.current = [];
        setTriageOpen(false);
        setSelectedId(id);
        // Selecting the case it already shows does not reread it: the new claim or logbook must show.
        if (id === selectedRef.current) reloadCase(id, true);
      },
      (e: unknown) => setCasesError((e as Error).message),
    );
  };

  /** "Create case" on a triage row: the New case dialog, pre-filled from the row. */
  const createFromTriage = (row: TriageRowView, ledgerName: string) => {
    const claim = claimIsText(row.claim) ? row.claim : undefined;
    setNewCase({
      prefill: {
        caseId: caseIdForPaper(
          row.paper,
          (cases ?? []).map((c) => c.id),
        ),
        venueId: row.paper,
        paperMarkdown: paperStub(row, ledgerName),
        ...(claim !== undefined ? { claim } : {}),
        origin: `From the verdict ledger ${ledgerName}: ${row.paper}, a claim whose status is ${row.status}. The summary below is a stub quoting the claim and listing the logbooks to import.`,
      },
    });
  };

  const draftLetter = () => {
    if (open === null) return;
    setLetterCase(open.id);
  };

  // The keyboard layer: palette, quick open, shortcuts sheet and keys read one registry (renderer/palette).
  const [commands] = useState(createCommandStore);
  useCommands(
    workbenchCommands({
      cases: cases ?? [],
      open,
      running: starting || run?.status === 'running',
      canCancel: runId !== undefined && run?.status === 'running',
      onRunAll: () => startRun(null),
      onCancel: () => cancelRun(),
      onNewCase: () => setNewCase({}),
      onTriage: showTriage,
      onDraftLetter: () => draftLetter(),
      onOpenCase: (id) => selectCase(id),
    }),
    commands,
  );

  return (
    <CommandProvider store={commands}>
      <div className="app">
        <header className="topbar">
          <span className="brand">Recheck</span>
          <span className="muted small tagline">re-verifying claimed falsifications</span>
          <span className="spacer" />
          <WorkspaceSettingsButton api={api} reviewer={reviewer} />
          {props.theme !== undefined ? <ThemeSwitch theme={props.theme} /> : null}
          <span className="small muted" data-testid="transport">
            {props.mode === 'electron' ? 'desktop' : 'browser mode'}
            {props.connection !== null ? (
              <>
                {' · events '}
                <span className={`conn conn-${props.connection}`}>{props.connection === 'open' ? 'live' : props.connection}</span>
              </>
            ) : null}
          </span>
        </header>
        <div className="main">
          <aside className="sidebar">
            <CaseList
              cases={cases}
              error={casesError}
              selectedId={selectedId}
              onSelect={selectCase}
              onNewCase={() => setNewCase({})}
              onTriage={showTriage}
              triageOpen={triageOpen}
              onReviewQueue={() => {
                setTriageOpen(false);
                setQueueOpen(true);
              }}
              queueOpen={queueOpen}
              running={runningByCase(runs)}
            />
          </aside>
          <main className="content">
            {triageOpen ? (
              <TriageView
                api={api}
                cases={cases ?? []}
                ledger={ledger}
                onLoaded={setLedger}
                onOpenCase={selectCase}
                onCaseMade={onCreated}
                onCreateCase={createFromTriage}
              />
            ) : null}
            {queueOpen ? <VerdictQueue api={api} refreshKey={queueRefresh} onOpen={openFromQueue} /> : null}
            {reviewCase !== null && reviewId !== undefined ? (
              <ErrorBoundary what="The image review" resetKey={`${reviewCase}/${reviewId}`}>
                <ReviewScreen
                  api={api}
                  caseId={reviewCase}
                  detail={open}
                  onComplete={onReviewComplete}
                  reviewId={reviewId}
                  run={run}
                  starting={starting}
                  runError={runError}
                  onRun={() => startRun(null)}
                  onClose={() => setUrlState({ review: undefined }, 'push')}
                />
              </ErrorBoundary>
            ) : null}
            {gate.state === 'blind' && reviewId === undefined && !triageOpen && !queueOpen ? (
              <BlindCover
                caseId={gate.caseId}
                review={gate.review}
                reviewer={reviewer}
                onReviewerChange={setReviewer}
                onResume={(id) => setUrlState({ review: id }, 'push')}
              />
            ) : null}
            <div
              className="content-case"
              style={triageOpen || queueOpen || reviewId !== undefined || blindCase !== null ? { display: 'none' } : undefined}
            >
              {detail.state === 'idle' && blindCase === null ? (
                <div className="placeholder muted">Choose a case on the left to review its paper, logbook and sandbox.</div>
              ) : null}
              {detail.state === 'loading' ? <div className="placeholder muted">Opening the case…</div> : null}
              {detail.state === 'error' ? <div className="error-box">{detail.error}</div> : null}
              {open !== null ? (
                <ErrorBoundary what="The open case" resetKey={open.id}>
                  <CaseWorkspace
                    api={api}
                    detail={open}
                    run={run}
                    starting={starting}
                    runError={runError}
                    onRun={startRun}
                    onCancel={cancelRun}
                    onAudit={addAudit}
                    onUnsaved={onUnsaved}
                    onDraftLetter={draftLetter}
                    sandboxIn={props.mode === 'electron' ? 'core' : 'page'}
                    reviewer={reviewer}
                    onReviewerChange={setReviewer}
                    onEdited={onEdited}
                    {...(focus !== null && focus.caseId === open.id ? { focus } : {})}
                  />
                </ErrorBoundary>
              ) : null}
            </div>
          </main>
        </div>
        {newCase !== null ? (
          <NewCaseDialog
            api={api}
            existingIds={(cases ?? []).map((c) => c.id)}
            reviewer={reviewer}
            onReviewerChange={setReviewer}
            onCreated={onCreated}
            onClose={() => setNewCase(null)}
            {...(newCase.prefill !== undefined ? { prefill: newCase.prefill } : {})}
          />
        ) : null}
        {letterCase !== null && open !== null && open.id === letterCase ? (
          <LetterDialog
            api={api}
            caseId={letterCase}
            falsifications={open.falsifications.filter((f) => f.withdrawn === undefined).map((f) => ({ id: f.id, assertion: f.assertion }))}
            reviewer={reviewer}
            onReviewerChange={setReviewer}
            onChanged={refreshCases}
            onClose={() => setLetterCase(null)}
          />
        ) : null}
      </div>
    </CommandProvider>
  );
}
