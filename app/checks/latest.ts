/**
 * Each falsification's decision comes from its own latest run, whichever run that was: re-running one
 * falsification must not erase the others' decisions. Reads the `run` entries of the audit log newest first and
 * takes, for each falsification of the case, the first report that holds it. A report that was removed, is not a
 * regular file inside the case, or is malformed is skipped (an older run then speaks for its falsifications).
 */
import type { CaseRunReport, FalsificationReport, LatestFalsificationReport } from '../../common/api/contract';
import { readAudit } from '../cases/audit';
import { isActive, type CaseFile, type Falsification } from '../cases/model';
import { readInside } from '../fs/confine';
import { parseJsonBounded } from '../../common/json/bounded';

const MAX_REPORT_BYTES = 64 * 1024 * 1024;
const RUN_ID = /^[A-Za-z0-9._-]+$/;

export interface LatestReports {
  /** Per falsification of the case (in the case's order), its report from its own latest run; absent when never run. */
  readonly reports: LatestFalsificationReport[];
  /** The newest run of the case (of any falsification), when there is one. */
  readonly newestRun?: CaseRunReport;
}

async function readReport(dir: string, runId: string): Promise<CaseRunReport | null> {
  try {
    const text = (await readInside(dir, `runs/${runId}/report.json`, { maxBytes: MAX_REPORT_BYTES })).toString('utf8');
    const report = parseJsonBounded(text) as CaseRunReport;
    return Array.isArray(report.falsifications) ? report : null;
  } catch {
    return null;
  }
}

/**
 * The latest report of each falsification in `falsificationIds` (the case's current falsifications).
 * Example: after a run of F1 and F2, then a re-run of F2 only, F1's report comes from the first run and F2's
 * from the second.
 */
export async function latestReports(dir: string, falsificationIds: readonly string[]): Promise<LatestReports> {
  const runs = (await readAudit(dir)).filter((e) => e.action === 'run' && typeof e.runId === 'string' && RUN_ID.test(e.runId)).reverse();
  const wanted = new Set(falsificationIds);
  const found = new Map<string, LatestFalsificationReport>();
  let newestRun: CaseRunReport | undefined;
  for (const e of runs) {
    if (found.size === wanted.size && newestRun !== undefined) break;
    const report = await readReport(dir, e.runId as string);
    if (report === null) continue;
    newestRun ??= report;
    for (const f of report.falsifications) {
      if (wanted.has(f.falsificationId) && !found.has(f.falsificationId))
        found.set(f.falsificationId, { ...f, runId: report.runId, finishedAt: report.finishedAt });
    }
  }
  const reports = falsificationIds.flatMap((id) => {
    const r = found.get(id);
    return r === undefined ? [] : [r];
  });
  return newestRun === undefined ? { reports } : { reports, newestRun };
}

/**
 * Why a report no longer speaks for its finding: the finding's checks in force differ from the checks the run
 * ran (one withdrawn, added or removed since), else null. Example: a run of F1 with checks a and b, after b is
 * withdrawn, gives `the checks changed since this run (check b withdrawn): run again`.
 */
export function staleness(f: Pick<Falsification, 'checks'>, report: Pick<FalsificationReport, 'checks'>): string | null {
  const ran = new Set(report.checks.map((c) => c.checkId));
  const active = new Set(f.checks.filter(isActive).map((c) => c.id));
  const changes: string[] = [];
  for (const id of ran) {
    if (active.has(id)) continue;
    changes.push(f.checks.some((c) => c.id === id) ? `check ${id} withdrawn` : `check ${id} removed`);
  }
  for (const id of active) if (!ran.has(id)) changes.push(`check ${id} added`);
  return changes.length === 0 ? null : `the checks changed since this run (${changes.join(', ')}): run again`;
}

/**
 * The latest reports of a case's findings in force (withdrawn findings left out), each marked `stale` when its
 * checks changed since its run. What decisions, badges, the review queue, verdicts and letters read: a report
 * with `stale` set is not a current decision. Example: `(await latestCaseReports(dir, file)).reports`.
 */
export async function latestCaseReports(dir: string, file: Pick<CaseFile, 'falsifications'>): Promise<LatestReports> {
  const active = file.falsifications.filter(isActive);
  const latest = await latestReports(
    dir,
    active.map((f) => f.id),
  );
  const reports = latest.reports.map((r) => {
    const f = active.find((x) => x.id === r.falsificationId);
    const why = f === undefined ? null : staleness(f, r);
    return why === null ? r : { ...r, stale: why };
  });
  return latest.newestRun === undefined ? { reports } : { reports, newestRun: latest.newestRun };
}

/** Whether a report is a current decision (present and not stale). */
export function isCurrent(r: LatestFalsificationReport | undefined): r is LatestFalsificationReport {
  return r !== undefined && r.stale === undefined;
}
