/**
 * Drafts the letter to a paper's authors from a case: the claims whose falsification was re-checked, the
 * computed decision with its evidence, and the reviewer's recorded verdict and rationale. The draft states
 * only what the checks computed and what the reviewer recorded; where the checks were never run it says so
 * instead of implying a verdict.
 */
import type { AuditEntry, CaseRunReport } from '../api/contract';
import type { CaseFile } from '../cases/model';

export function draftLetter(c: CaseFile, lastRun: CaseRunReport | undefined, audit: readonly AuditEntry[]): string {
  const lines: string[] = [];
  lines.push(`# Re-check of claimed falsifications: ${c.paper.title}`, '');
  lines.push(`Paper: ${c.paper.title} (${c.paper.venueId})`, '');
  lines.push('Dear authors,', '');
  lines.push(
    'A community reproduction effort reported that some claims of your paper do not hold. Before writing to you we re-checked each reported falsification independently. This letter summarises what the re-check computed.',
    '',
  );
  if (!lastRun) {
    lines.push('> The declared checks of this case have not been run yet; no finding is reported.', '');
  } else if (!c.falsifications.some((f) => stands(f.id, lastRun, audit))) {
    // Nothing to tell the authors: say so at the top instead of implying that a claim failed.
    lines.push('> No claimed falsification of this paper stands after the re-check (by the computed decisions and the reviewer verdicts recorded so far). This draft is for the record, not for sending.', '');
  }
  for (const f of c.falsifications) {
    const claim = c.paper.claims.find((x) => x.id === f.claim);
    const report = lastRun?.falsifications.find((r) => r.falsificationId === f.id);
    const verdict = [...audit].reverse().find((e) => e.action === 'decision' && e.falsificationId === f.id);
    const logbook = c.logbooks.find((l) => l.id === f.logbook);
    lines.push(`## Claim ${f.claim}${claim ? `: ${claim.text}` : ''}`, '');
    lines.push(`Reported falsification (${logbook?.title ?? f.logbook}): ${f.assertion}`, '');
    if (report) {
      lines.push(`Re-check result: **${describe(report.decision)}** (${report.reason}).`, '');
      for (const check of report.checks) lines.push(`- ${check.title}: ${check.summary}`);
      lines.push('');
    }
    if (verdict) {
      lines.push(`Reviewer's verdict (${verdict.who}, ${verdict.at.slice(0, 10)}): **${verdict.verdict}**. ${verdict.rationale ?? ''}`.trim(), '');
    } else {
      lines.push('Reviewer\'s verdict: not recorded yet.', '');
    }
  }
  lines.push('We would be grateful for your view on these findings, and glad to share the re-check code and data.', '');
  lines.push('Kind regards,', '', '(reviewer)');
  return `${lines.join('\n')}\n`;
}

/** A falsification stands when the reviewer confirmed it, or (no verdict yet) the computed decision confirms it. */
function stands(id: string, lastRun: CaseRunReport, audit: readonly AuditEntry[]): boolean {
  const verdict = [...audit].reverse().find((e) => e.action === 'decision' && e.falsificationId === id);
  if (verdict) return verdict.verdict === 'confirmed';
  return lastRun.falsifications.find((r) => r.falsificationId === id)?.decision === 'confirmed';
}

function describe(decision: string): string {
  switch (decision) {
    case 'confirmed':
      return 'the falsification stands';
    case 'refuted':
      return 'the falsification is itself wrong; the claim was not shown to fail';
    case 'contested':
      return 'the checks disagree';
    default:
      return 'inconclusive';
  }
}
