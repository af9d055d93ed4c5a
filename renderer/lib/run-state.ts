/**
 * Folds the RunEvent stream into what the checks bar shows: per run, its status, progress per check, the
 * last log lines, the check results as they arrive and the final report. Events may arrive before
 * `runChecks` has returned the run id, so state is kept for every run id seen. Series points (a sweep's, as
 * they are computed) go into bounded live series (renderer/figures/live-series.ts), at most
 * MAX_LIVE_SERIES per run; `seriesVersion` changes with every point so that a live plot redraws.
 */
import type { CaseRunReport, CheckResultView, RunEvent } from '../../common/api/contract';
import { LiveSeries } from '../figures/live-series';

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
  /** The falsification the run covers, or null for the whole case (from `started`; unknown before it). */
  falsificationId?: string | null;
  status: RunStatus;
  /** Number of checks the run will execute (from `started`). */
  checks?: number;
  /** Latest progress of the check currently reporting. */
  progress?: CheckProgress;
  logs: readonly string[];
  results: readonly CheckResultView[];
  report?: CaseRunReport;
  error?: string;
  /** Live series by `liveSeriesKey(falsificationId, checkId, series)` (absent before the first point). */
  series?: Readonly<Record<string, LiveSeries>>;
  seriesVersion?: number;
}

export type Runs = Readonly<Record<string, RunState>>;

/** How many log lines a run keeps for display. */
export const MAX_LOG_LINES = 500;

/** How many live series a run keeps (points of further series are dropped). */
export const MAX_LIVE_SERIES = 16;

/** The key of a live series in RunState.series. */
export function liveSeriesKey(falsificationId: string, checkId: string, series: string): string {
  return JSON.stringify([falsificationId, checkId, series]);
}

function blank(runId: string): RunState {
  return { runId, status: 'running', logs: [], results: [] };
}

/** The state after a series point: the point goes into its live series (created when there is room). */
function addPoint(prev: RunState, e: Extract<RunEvent, { type: 'series-point' }>): RunState {
  const key = liveSeriesKey(e.falsificationId, e.checkId, e.series);
  let series = prev.series ?? {};
  let live = series[key];
  if (live === undefined) {
    if (Object.keys(series).length >= MAX_LIVE_SERIES) return prev;
    live = new LiveSeries(e.series, e.xLabel);
    series = { ...series, [key]: live };
  }
  if (!live.add(e.x, e.y, e) && series === prev.series) return prev;
  return { ...prev, series, seriesVersion: (prev.seriesVersion ?? 0) + 1 };
}

/** The next state after one event (a new object; the input is not modified). */
export function applyRunEvent(runs: Runs, e: RunEvent): Runs {
  const prev = runs[e.runId] ?? blank(e.runId);
  let next: RunState;
  switch (e.type) {
    case 'started':
      next = { ...prev, caseId: e.caseId, checks: e.checks, falsificationId: e.falsificationId ?? null };
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
    case 'series-point':
      next = addPoint(prev, e);
      if (next === prev) return runs;
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
