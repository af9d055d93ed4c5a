/** The bottom dock of an open case: run controls and progress, then tabs for results, log, decision and audit. */
import { useEffect, useRef, useState } from 'react';
import type { AuditEntry, CaseDetail, FalsificationDecision, RecheckApi } from '../../app/api/contract';
import type { RunState } from '../lib/run-state';
import { AuditLog } from './AuditLog';
import { DecisionForm } from './DecisionForm';
import type { QuoteSourceView } from './QuoteSource';
import { Results } from './Results';
import { RunBar } from './RunBar';

type Tab = 'results' | 'log' | 'decide' | 'audit';

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
}) {
  const { detail, run } = props;
  const [tab, setTab] = useState<Tab>('results');
  const running = props.starting || run?.status === 'running';
  const checkCount = detail.falsifications.reduce((n, f) => n + f.checks.length, 0);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'results', label: 'Results' },
    { id: 'log', label: `Run log${run !== undefined && run.logs.length > 0 ? ` (${run.logs.length})` : ''}` },
    { id: 'decide', label: 'Record decision' },
    { id: 'audit', label: `Audit log (${detail.audit.length})` },
  ];
  return (
    <section className="dock" data-testid="checks-dock" aria-label="Checks and decisions">
      <RunBar run={run} starting={props.starting} error={props.runError} onRunAll={() => props.onRun(null)} onCancel={props.onCancel} checkCount={checkCount} />
      <div className="dock-tabs tabs" role="tablist">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={`tab${tab === t.id ? ' active' : ''}`} onClick={() => setTab(t.id)} data-testid={`dock-tab-${t.id}`}>
            {t.label}
          </button>
        ))}
      </div>
      <div className="dock-body">
        {tab === 'results' ? <Results detail={detail} run={run} running={running} onRun={props.onRun} /> : null}
        {tab === 'log' ? <RunLog lines={run?.logs ?? []} /> : null}
        {tab === 'decide' ? <DecisionForm api={props.api} detail={detail} decisions={props.decisions} onRecorded={props.onRecorded} reviewer={props.reviewer} onReviewerChange={props.onReviewerChange} onShowSource={props.onShowSource} /> : null}
        {tab === 'audit' ? <AuditLog entries={detail.audit} notice={detail.auditNotice} /> : null}
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
    <pre className="run-log" data-testid="run-log">
      {lines.join('\n')}
      <div ref={end} />
    </pre>
  );
}
