// A check result as a report shows it, and the problems of the lines a letter would print for it (its finding and
// its diagnosis, test/app/letters/claim-check.ts): shared by the kinds' letter-words tests.
import type { CheckResult } from '../../app/checks/kind';
import { diagnosisSentence, findingSentence } from '../../app/letters/kind-words';
import type { CheckResultView, LatestFalsificationReport } from '../../common/api/contract';
import { claimProblems } from '../app/letters/claim-check';

/** The result `r` of check `c-1` of finding F1, of kind `kind` titled `title`, as a report carries it. */
export function resultView(kind: string, title: string, r: CheckResult): CheckResultView {
  return {
    falsificationId: 'F1',
    checkId: 'c-1',
    kind,
    title,
    outcome: r.outcome,
    summary: r.summary,
    evidence: r.evidence,
    artifacts: [],
    durationMs: 1,
    basis: 'logbook',
    ...(r.guarantee !== undefined ? { guarantee: r.guarantee } : {}),
    ...(r.insufficient !== undefined ? { insufficient: r.insufficient } : {}),
  };
}

/** The latest report of F1 holding only `r`. */
export function reportOf(r: CheckResultView): LatestFalsificationReport {
  return {
    falsificationId: 'F1',
    claim: 'C1',
    assertion: '',
    decision: 'inconclusive',
    reason: '',
    runId: 'r',
    finishedAt: '',
    checks: [r],
  };
}

/** The problems of the numbered lines a letter prints for `r` (default: its finding and diagnosis for a falsified finding). */
export function letterProblems(r: CheckResultView, lines?: readonly string[]): string[] {
  const all = lines ?? [findingSentence(r, 'falsified'), diagnosisSentence(r, 'falsified')].filter((x): x is string => x !== null);
  return claimProblems(all.map((l, i) => `${i + 1}. **${r.title}** ${l}`).join('\n'), [reportOf(r)], ['c-1']);
}
