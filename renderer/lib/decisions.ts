/**
 * What the workbench shows for each claimed falsification: the report of its own latest run (a re-run of one
 * falsification never hides the others' decisions), overlaid with the run the page is following — its report
 * when it finished, its checks so far (and no decision) while it goes or when it ended early.
 */
import type { CaseDetail, CheckResultView, FalsificationDecision, LatestFalsificationReport } from '../../common/api/contract';
import type { RunState } from './run-state';

export interface ShownFalsification {
  /** The decided report (from the latest run of this falsification), when there is one and no run hides it. */
  readonly report?: LatestFalsificationReport;
  /** The checks to show: the report's, or the followed run's so far. */
  readonly checks: readonly CheckResultView[];
  /** The followed run covers this falsification and is still going. */
  readonly live: boolean;
  /** The followed run covered it and ended without a decision (cancelled or failed): its checks are partial. */
  readonly partial: boolean;
}

/** Whether a run covers a falsification (a run of the whole case covers all of them). */
export function covers(run: RunState, falsificationId: string): boolean {
  return run.falsificationId === undefined || run.falsificationId === null || run.falsificationId === falsificationId;
}

/** Per falsification id, what to show. Example: a live re-run of F2 leaves F1 on its own latest report. */
export function shownFalsifications(detail: CaseDetail, run: RunState | undefined): Record<string, ShownFalsification> {
  const out: Record<string, ShownFalsification> = {};
  const followed = run !== undefined && (run.caseId === undefined || run.caseId === detail.id) ? run : undefined;
  for (const f of detail.falsifications) {
    const latest = detail.latest.find((r) => r.falsificationId === f.id);
    const base: ShownFalsification =
      latest !== undefined
        ? { report: latest, checks: latest.checks, live: false, partial: false }
        : { checks: [], live: false, partial: false };
    if (followed === undefined || !covers(followed, f.id)) {
      out[f.id] = base;
      continue;
    }
    const own = followed.results.filter((c) => c.falsificationId === f.id);
    if (followed.status === 'finished' && followed.report !== undefined) {
      const r = followed.report.falsifications.find((x) => x.falsificationId === f.id);
      // The case's own copy of that report, when reopened since, carries whether it went stale (a check withdrawn after it).
      const reopened = latest !== undefined && latest.runId === followed.report.runId ? latest : undefined;
      out[f.id] =
        reopened !== undefined
          ? { ...base, report: reopened }
          : r !== undefined
            ? {
                report: { ...r, runId: followed.report.runId, finishedAt: followed.report.finishedAt },
                checks: r.checks,
                live: false,
                partial: false,
              }
            : base;
    } else if (followed.status === 'running') {
      out[f.id] = { checks: own, live: true, partial: false };
    } else if (own.length > 0) {
      out[f.id] = { checks: own, live: false, partial: true };
    } else {
      out[f.id] = base;
    }
  }
  return out;
}

/** The decision badge of each falsification that has one now (for the paper pane, the decision form). */
export function shownDecisions(shown: Record<string, ShownFalsification>): Record<string, FalsificationDecision> {
  const out: Record<string, FalsificationDecision> = {};
  // A stale report (its checks changed since the run) decides nothing now: no badge, the paper pane says "stale".
  for (const [id, s] of Object.entries(shown)) if (s.report !== undefined && s.report.stale === undefined) out[id] = s.report.decision;
  return out;
}
