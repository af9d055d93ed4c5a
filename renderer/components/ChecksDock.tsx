/** The bottom dock of an open case: run controls and progress, then tabs for results, log, decision and audit. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, FalsificationDecision, RecheckApi } from '../../common/api/contract';
import type { RunState } from '../lib/run-state';
import { AuditLog } from './AuditLog';
import { VerdictForm, type FalsificationFocus } from '../verdicts/VerdictForm';
import { ErrorBoundary } from './ErrorBoundary';
import { currentUrlState, setUrlState } from '../lib/use-url-state';
import type { QuoteSourceView } from '../intake/QuoteSource';
import { Results } from './Results';
import { MetricsPanel } from '../metrics/MetricsPanel';
import { RunHistory } from '../runs/RunHistory';
import { RunBar } from './RunBar';
import { focusPane } from '../palette/case-commands';
import { useCommands } from '../palette/use-commands';

const TABS = ['results', 'log', 'decide', 'history', 'metrics', 'audit'] as const;
type Tab = (typeof TABS)[number];

function tabInUrl(): Tab {
  const t = currentUrlState().tab;
  return (TABS as readonly string[]).includes(t ?? '') ? (t as Tab) : 'results';
}

export function ChecksDock(props: {
  api: RecheckApi;
  detail: CaseDetail;
  run: RunState | undefined;
  starting: boolean;
  runError: string | null;
  decisions: Record<string, FalsificationDecision>;
  onRun(fid: string | null): void;
  onCancel(): void;
  onRecorded(entry: AuditEntry): void;
  reviewer: string;
  onReviewerChange(name: string): void;
  onShowSource(source: QuoteSourceView): void;
  /** A checklist answer changed case.json: read the case again. */
  onEdited?(entry: AuditEntry): void;
  /** Show this falsification's decision panel (a review-queue row). */
  focus?: FalsificationFocus;
}) {
  const { detail, run } = props;
  // The tab is in the URL (?tab=decide), so that a link or a reload returns to it.
  const [tab, setTabState] = useState<Tab>(() => (props.focus !== undefined ? 'decide' : tabInUrl()));
  const setTab = useCallback((t: Tab) => {
    setTabState(t);
    setUrlState({ tab: t === 'results' ? undefined : t });
  }, []);
  useEffect(() => {
    if (props.focus !== undefined) setTab('decide');
  }, [props.focus]);
  const running = props.starting || run?.status === 'running';
  const checkCount = detail.falsifications.reduce((n, f) => n + f.checks.length, 0);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'results', label: 'Results' },
    { id: 'log', label: `Run log${run !== undefined && run.logs.length > 0 ? ` (${run.logs.length})` : ''}` },
    { id: 'decide', label: 'Record decision' },
    { id: 'history', label: 'Run history' },
    { id: 'metrics', label: 'Metrics' },
    { id: 'audit', label: `Audit log (${detail.audit.length})` },
  ];
  const dock = useRef<HTMLElement>(null);
  // Each tab is a command too ("Record decision" opens its form); the dock gets the focus.
  useCommands(
    tabs.map((t) => ({
      id: `dock.${t.id}`,
      title: t.id === 'decide' ? 'Record a decision…' : `Show the ${t.label.replace(/ \(\d+\)$/, '').toLowerCase()}`,
      group: t.id === 'decide' ? 'Case' : 'Go to',
      run: () => {
        setTab(t.id);
        setTimeout(() => focusPane(dock.current?.parentElement ?? null, 'checks-dock'), 0);
      },
    })),
  );
  return (
    <section className="dock" ref={dock} data-testid="checks-dock" aria-label="Checks and decisions">
      <RunBar
        run={run}
        starting={props.starting}
        error={props.runError}
        onRunAll={() => props.onRun(null)}
        onCancel={props.onCancel}
        checkCount={checkCount}
      />
      <div className="dock-tabs tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' active' : ''}`}
            onClick={() => setTab(t.id)}
            data-testid={`dock-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="dock-body" role="tabpanel" tabIndex={0} aria-label={tabs.find((t) => t.id === tab)?.label}>
        <ErrorBoundary what={`The ${tabs.find((t) => t.id === tab)?.id ?? tab} tab`} resetKey={`${detail.id}/${tab}`}>
          {tab === 'results' ? <Results detail={detail} run={run} running={running} onRun={props.onRun} /> : null}
          {tab === 'log' ? <RunLog lines={run?.logs ?? []} /> : null}
          {tab === 'decide' ? (
            <VerdictForm
              api={props.api}
              detail={detail}
              decisions={props.decisions}
              onRecorded={props.onRecorded}
              reviewer={props.reviewer}
              onReviewerChange={props.onReviewerChange}
              onShowSource={props.onShowSource}
              {...(props.onEdited !== undefined ? { onEdited: props.onEdited } : {})}
              {...(props.focus !== undefined ? { focus: props.focus } : {})}
            />
          ) : null}
          {tab === 'history' ? (
            <RunHistory api={props.api} detail={detail} refresh={`${detail.audit.length}/${run?.status ?? ''}`} />
          ) : null}
          {tab === 'metrics' ? <MetricsPanel api={props.api} caseId={detail.id} /> : null}
          {tab === 'audit' ? <AuditLog entries={detail.audit} notice={detail.auditNotice} /> : null}
        </ErrorBoundary>
      </div>
    </section>
  );
}

function RunLog({ lines }: { lines: readonly string[] }) {
  const end = useRef<HTMLDivElement>(null);
  // Chromium 150+ returns a Promise from scrollIntoView: an effect must not return it (React would call it).
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lines.length]);
  if (lines.length === 0) return <div className="muted pad">No log lines from this run.</div>;
  return (
    <pre className="run-log" data-testid="run-log" tabIndex={0} aria-label="Run log">
      {lines.join('\n')}
      <div ref={end} />
    </pre>
  );
}
