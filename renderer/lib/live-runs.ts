/**
 * Re-attaching to the core's live runs (listRuns) after a reload or a reconnect: each becomes a running
 * RunState holding what the core kept (its progress, finished checks, last log lines and sweep points), merged with what the
 * page may already hold from events that arrived meanwhile (checks are never counted twice).
 */
import type { LiveRunView, RunEvent } from '../../common/api/contract';
import { applyRunEvent, type Runs, type RunState } from './run-state';

/** The live series of a run, rebuilt from the points the core kept (folded as their events would have been). */
function seriesOf(v: LiveRunView): Pick<RunState, 'series' | 'seriesVersion'> {
  let state: RunState = { runId: v.runId, status: 'running', logs: [], results: [], series: {}, seriesVersion: 0 };
  for (const p of v.points) state = applyRunEvent({ [v.runId]: state }, { runId: v.runId, type: 'series-point', ...p })[v.runId]!;
  return { series: state.series ?? {}, seriesVersion: state.seriesVersion ?? 0 };
}

function fromLive(v: LiveRunView): RunState {
  return {
    runId: v.runId,
    caseId: v.caseId,
    falsificationId: v.falsificationId,
    status: 'running',
    checks: v.checks,
    ...(v.progress !== undefined ? { progress: v.progress } : {}),
    logs: v.logs,
    results: v.results,
    // The points sent before the reload, from the core; later ones arrive as events.
    ...seriesOf(v),
  };
}

/** Runs with the live runs attached; a run the page already knows keeps its state and gains missing checks. */
export function attachLiveRuns(runs: Runs, live: readonly LiveRunView[]): Runs {
  const next: Record<string, RunState> = { ...runs };
  for (const v of live) {
    const known = runs[v.runId];
    if (known === undefined) {
      next[v.runId] = fromLive(v);
      continue;
    }
    if (known.status !== 'running') continue; // it ended meanwhile: its end event is newer than this listing
    const seen = new Set(known.results.map((r) => `${r.falsificationId}/${r.checkId}`));
    const missing = v.results.filter((r) => !seen.has(`${r.falsificationId}/${r.checkId}`));
    next[v.runId] = {
      ...known,
      caseId: v.caseId,
      falsificationId: v.falsificationId,
      checks: v.checks,
      results: [...v.results.filter((r) => missing.includes(r)), ...known.results],
      logs: known.logs.length >= v.logs.length ? known.logs : v.logs,
      // A page that has drawn nothing yet (it attached before any event) takes the core's points.
      ...(Object.keys(known.series ?? {}).length === 0 && v.points.length > 0 ? seriesOf(v) : {}),
      ...(known.progress === undefined && v.progress !== undefined ? { progress: v.progress } : {}),
    };
  }
  return next;
}

/** The run each case is running now, by case id (the newest when, unexpectedly, there are two). */
export function runningByCase(runs: Runs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of Object.values(runs)) if (r.status === 'running' && r.caseId !== undefined) out[r.caseId] = r.runId;
  return out;
}

/** What the page's run state reducer takes: a core event, or the core's live runs to attach. */
export type RunAction = RunEvent | { type: 'attach'; live: readonly LiveRunView[] };

/** The page's run state reducer. */
export function runsReducer(runs: Runs, a: RunAction): Runs {
  return a.type === 'attach' ? attachLiveRuns(runs, a.live) : applyRunEvent(runs, a);
}
