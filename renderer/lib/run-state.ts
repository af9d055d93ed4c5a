/**
 * Folds the RunEvent stream into what the checks bar shows: per run, its status, progress per check, the
 * last log lines, the check results as they arrive and the final report. Events may arrive before
 * `runChecks` has returned the run id, so state is kept for every run id seen.
 */
import type { CaseRunReport, CheckResultView, RunEvent } from '../../app/api/contract';

export type RunStatus = 'running' | 'finished' | 'failed' | 'cancelled';

export interface CheckProgress {
  checkId: string;
  done: number;
  total?: number;
  rate?: number;
  etaS?: number;
  message?: string;
}

export interface RunState {
  runId: string;
  caseId?: string;
  status: RunStatus;
  /** Number of checks the run will execute (from `started`). */
  checks?: number;
  /** Latest progress of the check currently reporting. */
  progress?: CheckProgress;
  logs: readonly string[];
  results: readonly CheckResultView[];
  report?: CaseRunReport;
  error?: string;
}

export type Runs = Readonly<Record<string, RunState>>;

/** How many log lines a run keeps for display. */
export const MAX_LOG_LINES = 500;

function blank(runId: string): RunState {
  return { runId, status: 'running', logs: [], results: [] };
}

/** The next state after one event (a new object; the input is not modified). */
export function applyRunEvent(runs: Runs, e: RunEvent): Runs {
  const prev = runs[e.runId] ?? blank(e.runId);
  let next: RunState;
  switch (e.type) {
    case 'started':
      next = { ...prev, caseId: e.caseId, checks: e.checks };
      break;
    case 'progress':
      next = { ...prev, progress: { checkId: e.checkId, done: e.done, total: e.total, rate: e.rate, etaS: e.etaS, message: e.message } };
      break;
    case 'log': {
      const logs = [...prev.logs, `[${e.checkId}] ${e.line}`];
      next = { ...prev, logs: logs.length > MAX_LOG_LINES ? logs.slice(logs.length - MAX_LOG_LINES) : logs };
      break;
    }
    case 'check':
      next = { ...prev, results: [...prev.results, e.result] };
      break;
    case 'finished':
      next = { ...prev, status: 'finished', caseId: e.report.caseId, report: e.report, progress: undefined };
      break;
    case 'failed':
      next = { ...prev, status: 'failed', error: e.error, progress: undefined };
      break;
    case 'cancelled':
      next = { ...prev, status: 'cancelled', progress: undefined };
      break;
    default:
      return runs;
  }
  return { ...runs, [e.runId]: next };
}

/** Whether a run has ended one way or another. */
export function isDone(run: RunState | undefined): boolean {
  return run !== undefined && run.status !== 'running';
}
