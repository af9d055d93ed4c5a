/**
 * The check runs the core is executing now, folded from their RunEvents: what each runs, who started it, its
 * latest progress, the checks finished so far, its last log lines and the sweep points sent so far. A page reloaded during a run asks for
 * these (listRuns) and re-attaches instead of showing Idle beside a run that goes on; a second run of a case
 * that is already running is refused.
 */
import type { LiveRunView, RunEvent } from '../../common/api/contract';

/** Log lines kept per live run (the page keeps more once attached). */
export const LIVE_LOG_LINES = 200;

/** Sweep points kept per live run (about 100 bytes each); later points are counted in `pointsDropped`. */
export const LIVE_POINTS = 100_000;

export class LiveRuns {
  private readonly runs = new Map<string, LiveRunView>();

  /**
   * Holds the case for a run about to start (before its `started` event), so that two requests arriving
   * together cannot both start a run of the same case.
   */
  reserve(runId: string, caseId: string, falsificationId: string | null, who: string): void {
    this.runs.set(runId, {
      runId,
      caseId,
      falsificationId,
      startedAt: new Date().toISOString(),
      who,
      checks: 0,
      results: [],
      logs: [],
      points: [],
    });
  }

  /** Folds one event of a check run (sandbox runs are not tracked here); an ended run is forgotten. */
  observe(e: RunEvent): void {
    if (e.type === 'started') {
      const held = this.runs.get(e.runId);
      this.runs.set(e.runId, {
        ...held,
        runId: e.runId,
        caseId: e.caseId,
        falsificationId: e.falsificationId ?? null,
        startedAt: e.startedAt ?? held?.startedAt ?? new Date().toISOString(),
        who: e.who ?? held?.who ?? 'recheck',
        checks: e.checks,
        results: [],
        logs: [],
        points: [],
      });
      return;
    }
    const run = this.runs.get(e.runId);
    if (run === undefined) return;
    switch (e.type) {
      case 'progress':
        run.progress = {
          checkId: e.checkId,
          done: e.done,
          ...(e.total !== undefined ? { total: e.total } : {}),
          ...(e.message !== undefined ? { message: e.message } : {}),
          ...(e.rate !== undefined ? { rate: e.rate } : {}),
          ...(e.etaS !== undefined ? { etaS: e.etaS } : {}),
        };
        break;
      case 'log':
        run.logs.push(`[${e.checkId}] ${e.line}`);
        if (run.logs.length > LIVE_LOG_LINES) run.logs.splice(0, run.logs.length - LIVE_LOG_LINES);
        break;
      case 'check':
        run.results.push(e.result);
        break;
      case 'series-point':
        if (run.points.length < LIVE_POINTS)
          run.points.push({ falsificationId: e.falsificationId, checkId: e.checkId, series: e.series, xLabel: e.xLabel, x: e.x, y: e.y });
        else run.pointsDropped = (run.pointsDropped ?? 0) + 1;
        break;
      case 'finished':
      case 'failed':
      case 'cancelled':
        this.runs.delete(e.runId);
        break;
      default:
        break;
    }
  }

  /** The live runs, oldest first, as copies (the caller may keep them). */
  list(): LiveRunView[] {
    return [...this.runs.values()].map((r) => ({
      ...r,
      results: [...r.results],
      logs: [...r.logs],
      points: [...r.points],
      ...(r.progress ? { progress: { ...r.progress } } : {}),
    }));
  }

  /** The live run of a case, if one goes. */
  ofCase(caseId: string): LiveRunView | undefined {
    for (const r of this.runs.values()) if (r.caseId === caseId) return r;
    return undefined;
  }
}
