/**
 * The review queue: every claimed falsification of every case of the workspace with where it stands in review
 * (running, not run, computed and awaiting a verdict, verdict agreeing or disagreeing with the computed
 * decision, needs more work) and its open checklist questions, most urgent first. The computed decision is
 * the falsification's own latest run (app/checks/latest.ts); the verdict is the latest `decision` entry of the
 * case's audit log for it.
 */
import { basename } from 'node:path';
import type {
  AuditEntry,
  LatestFalsificationReport,
  LetterSummaryView,
  VerdictQueueRow,
  VerdictQueueView,
  VerdictState,
} from '../../common/api/contract';
import { readAudit } from '../cases/audit';
import { CHECKLIST, checklistStatus } from '../cases/checklist';
import { loadCase } from '../cases/load';
import { isActive, type Falsification } from '../cases/model';
import { listCaseDirs } from '../cases/workspace';
import type { CheckRegistry } from '../checks/registry';
import { latestCaseReports } from '../checks/latest';
import { letterSummaries, listLetters } from '../letters/store';
import { confineCaseFailure } from '../cases/case-failure';
import { latestVerdicts, verdictState } from '../verdicts/latest';

/** A run the core is executing now: its case, and its falsification (null: all of the case's). */
export interface RunningCheck {
  readonly caseId: string;
  readonly falsificationId: string | null;
}

/** Order of the queue: what wants the reviewer first. */
const URGENCY: readonly VerdictState[] = ['awaiting-verdict', 'disagreed', 'needs-more-work', 'running', 'not-run', 'agreed'];

/** The rows of one case, in the case's order. */
export function caseRows(
  c: { id: string; title: string; falsifications: readonly Falsification[] },
  latest: readonly LatestFalsificationReport[],
  audit: readonly AuditEntry[],
  running: readonly RunningCheck[],
): VerdictQueueRow[] {
  const verdicts = latestVerdicts(audit);
  // Withdrawn findings stay in case.json for the history, never in the queue.
  return c.falsifications.filter(isActive).map((f) => {
    const computed = latest.find((r) => r.falsificationId === f.id);
    const verdict = verdicts.get(f.id);
    const isRunning = running.some((r) => r.caseId === c.id && (r.falsificationId === null || r.falsificationId === f.id));
    const computedDecision = verdict?.details?.computedDecision;
    return {
      caseId: c.id,
      caseTitle: c.title,
      falsificationId: f.id,
      ...(f.says !== undefined ? { says: f.says } : {}),
      assertion: f.assertion,
      state: verdictState(computed, verdict, isRunning),
      ...(computed !== undefined && computed.stale === undefined
        ? { computed: { decision: computed.decision, runId: computed.runId, finishedAt: computed.finishedAt } }
        : {}),
      ...(verdict?.verdict !== undefined
        ? {
            verdict: {
              verdict: verdict.verdict,
              who: verdict.who,
              at: verdict.at,
              ...(verdict.runId !== undefined ? { runId: verdict.runId } : {}),
              ...(typeof computedDecision === 'string'
                ? { computedDecision: computedDecision as NonNullable<VerdictQueueRow['computed']>['decision'] }
                : {}),
            },
          }
        : {}),
      verdictPredatesRun: computed !== undefined && verdict !== undefined && verdict.runId !== computed.runId,
      openQuestions: [...checklistStatus(f).open],
      questionCount: CHECKLIST.length,
    };
  });
}

/** The row with the newest letter that includes its falsification, when there is one. */
function withLetter(row: VerdictQueueRow, letters: readonly LetterSummaryView[]): VerdictQueueRow {
  const letter = [...letters].reverse().find((l) => l.falsificationIds.includes(row.falsificationId));
  return letter === undefined ? row : { ...row, letter };
}

/** Rows sorted by urgency, the workspace's order kept within a state. */
export function byUrgency(rows: readonly VerdictQueueRow[]): VerdictQueueRow[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => URGENCY.indexOf(a.row.state) - URGENCY.indexOf(b.row.state) || a.i - b.i)
    .map((x) => x.row);
}

/**
 * The queue over every case of the workspace. A case that does not load is listed under `problems` with its
 * one-line error; the others are unaffected.
 */
export async function verdictQueue(
  workspaceDir: string,
  registry: CheckRegistry,
  running: readonly RunningCheck[],
): Promise<VerdictQueueView> {
  const rows: VerdictQueueRow[] = [];
  const problems: VerdictQueueView['problems'] = [];
  for (const dir of await listCaseDirs(workspaceDir)) {
    // One case's bad input or file-system error (a hostile audit.jsonl, a broken case.json) stays in its own row.
    const r = await confineCaseFailure(workspaceDir, dir, async () => {
      const { file } = await loadCase(dir, registry);
      const { reports } = await latestCaseReports(dir, file);
      const letters = letterSummaries(await listLetters(dir));
      return caseRows(
        { id: basename(dir), title: file.title, falsifications: file.falsifications },
        reports,
        await readAudit(dir),
        running,
      ).map((row) => withLetter(row, letters));
    });
    if ('problem' in r) problems.push({ caseId: basename(dir), error: r.problem });
    else rows.push(...r.value);
  }
  const counts = Object.fromEntries(URGENCY.map((s) => [s, rows.filter((r) => r.state === s).length])) as Record<VerdictState, number>;
  return { rows: byUrgency(rows), counts, problems };
}
