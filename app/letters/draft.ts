/**
 * Drafts a letter from a case: to the paper's authors about the findings under which the claim fails, or to a
 * logbook's author about a finding that is itself wrong or that its evidence cannot carry. One section per
 * claim, each finding under it once; the opening and thanks by the finding's polarity and decision
 * (app/letters/opening.ts); every sentence stating a finding or a diagnosis made from one check's evidence and
 * naming that check by its title (app/letters/kind-words.ts); the decision's gate; for each piece of evidence
 * its SHA-256 and the command that recomputes it; the question whether they agree; signed with the reviewers'
 * names. It names no run, check id or workspace path. A letter that may not be sent yet opens with a "not
 * ready to send" banner listing what is missing (app/letters/select.ts).
 */
import type {
  AuditEntry,
  CheckOutcome,
  DraftLetterOptions,
  FindingSays,
  LatestFalsificationReport,
  LetterDraft,
  LetterKind,
} from '../../common/api/contract';
import { decisionWords } from '../../common/words/outcomes';
import { CHECKLIST, checklistStatus } from '../cases/checklist';
import type { CaseFile } from '../cases/model';
import { latestVerdicts } from '../verdicts/latest';
import { evidenceKey, runCommand, type LetterEvidence } from './evidence';
import { figureRange, gallerySection } from './gallery-section';
import { selectLetter } from './select';
import { withCheckTitles } from './check-titles';
import { diagnosisSentence, findingSentence, worthSentence } from './kind-words';
import { joinWords } from '../text/prose-numbers';
import { closingQuestion, letterTitle, opening, type Subject } from './opening';

/**
 * The draft. `where` names the case in a refusal.
 * Example: for timing-normalization with F1 refuted and agreed, `draftLetter(...).kind` is `logbook`.
 */
export function draftLetter(
  c: CaseFile,
  latest: readonly LatestFalsificationReport[],
  audit: readonly AuditEntry[],
  evidence: LetterEvidence,
  options: DraftLetterOptions = {},
  where = `${c.id}/case.json`,
): LetterDraft {
  const sel = selectLetter(c, latest, audit, options, where);
  const verdicts = latestVerdicts(audit);
  const signedBy = [...new Set(sel.falsifications.flatMap((f) => verdicts.get(f.id)?.who ?? []))];
  // A letter about no finding is to the case's only logbook, when it has one.
  const logbook = c.logbooks.find((l) => l.id === sel.logbook) ?? (c.logbooks.length === 1 ? c.logbooks[0] : undefined);
  const subjects: Subject[] = sel.falsifications.map((f) => {
    const report = latest.find((r) => r.falsificationId === f.id);
    return report !== undefined ? { f, report } : { f };
  });
  const lines: string[] = [letterTitle(c, sel.kind, subjects), ''];
  const to = sel.kind === 'authors' ? 'the authors' : "the logbook's author";
  if (!sel.ready) {
    lines.push(`> **Not ready to send.** Before this letter to ${to} can be sent:`, '>');
    for (const m of sel.missing) lines.push(`> - ${m}`);
    lines.push('');
  }
  if (sel.kind === 'authors')
    lines.push(c.paper.authors !== undefined && c.paper.authors.length > 0 ? `Dear ${joinWords(c.paper.authors)},` : 'Dear authors,', '');
  else
    lines.push(logbook !== undefined ? `Dear author of the logbook “${logbook.title ?? logbook.id}”,` : 'Dear author of the logbook,', '');
  lines.push(opening(c, sel.kind, subjects, { neverRun: latest.length === 0, nothing: sel.missing[0] ?? '' }), '');
  const claims = c.paper.claims.filter((cl) => sel.falsifications.some((f) => f.claim === cl.id));
  claims.forEach((claim, i) => {
    lines.push(`## ${claims.length > 1 ? `Claim ${i + 1}` : 'The claim'}: “${claim.text}”`, '');
    for (const s of subjects.filter((x) => x.f.claim === claim.id))
      lines.push(...findingSection(c, s, sel.kind, verdicts.get(s.f.id), evidence));
  });
  if (subjects.length > 0) lines.push('## Our question to you', '', closingQuestion(c, sel.kind, subjects), '');
  lines.push('Kind regards,', '', signedBy.length > 0 ? joinWords(signedBy) : '(no reviewer has recorded a verdict yet)');
  return {
    kind: sel.kind,
    falsificationIds: sel.falsifications.map((f) => f.id),
    ...(sel.logbook !== undefined ? { logbook: sel.logbook } : {}),
    markdown: `${lines.join('\n')}\n`,
    ready: sel.ready,
    missing: [...sel.missing],
    signedBy,
  };
}

/** A check's title as a letter cites it: in bold, ending in one stop. */
const cited = (title: string) => `**${/[.?!]$/.test(title) ? title : `${title}.`}**`;

function findingSection(c: CaseFile, s: Subject, kind: LetterKind, verdict: AuditEntry | undefined, evidence: LetterEvidence): string[] {
  const { f, report } = s;
  const says = f.says ?? 'falsified';
  const out: string[] = [];
  const logbook = c.logbooks.find((l) => l.id === f.logbook);
  out.push(kind === 'authors' ? '### What was reported' : '### What you reported', '');
  out.push(
    kind === 'authors' ? `The reproduction logbook “${logbook?.title ?? f.logbook}” states:` : 'Your logbook states:',
    '',
    `> ${f.assertion}`,
    '',
  );
  if (report === undefined) {
    out.push('### What we computed', '', 'Nothing yet: the checks of this report have not been run.', '');
    return out;
  }
  if (kind === 'logbook') out.push(...diagnosisSection(report, says));
  out.push('### What we computed', '');
  const gate =
    report.gate === undefined
      ? 'No gate was recorded for it (a run from before gates).'
      : report.gate.passed
        ? `It passed its gate: ${withCheckTitles(report.gate.rule, f)}.`
        : `It misses its gate: ${withCheckTitles(report.gate.rule, f)}${report.gate.missing !== undefined ? ` (missing: ${withCheckTitles(report.gate.missing, f)})` : ''}.`;
  out.push(`Re-check result: **${decisionWords(report.decision, says).full}**. ${gate} ${tally(report, says)}`, '');
  const quoted = new Set<string>(); // a small file is quoted once, where it is first cited
  report.checks.forEach((check, i) => {
    out.push(`${i + 1}. ${cited(check.title)} ${findingSentence(check, says)} ${worthSentence(check)}`.trimEnd());
    const ev = evidence.get(evidenceKey(f.id, check.checkId));
    if (ev !== undefined) {
      for (const input of ev.inputs) {
        out.push(`   - Data: \`${c.id}/${input.path}\`, SHA-256 \`${input.sha256}\``);
        if (input.inline !== undefined && !quoted.has(input.path))
          out.push('', '     ```json', ...input.inline.split('\n').map((l) => `     ${l}`), '     ```', '');
        quoted.add(input.path);
      }
      for (const fig of ev.figures) out.push(`   - Figure ${fig.number} (attached), SHA-256 \`${fig.sha256}\``);
      if (ev.gallery !== undefined && ev.gallery.numbers.length > 0)
        out.push(`   - ${figureRange(ev.gallery.numbers)} (attached): pairs from the blind review, listed below`);
      out.push(`   - Recompute: \`${ev.command}\``);
    }
  });
  out.push('', `All of these computations at once: \`${runCommand(c.id, f.id)}\`.`, '');
  for (const check of report.checks) {
    const g = evidence.get(evidenceKey(f.id, check.checkId))?.gallery;
    if (g !== undefined) out.push(...gallerySection(c.id, g.gallery, g.numbers));
  }
  const checklist = checklistStatus(f);
  const settled = checklist.items.filter((i) => i.status !== 'open');
  if (settled.length > 0) {
    out.push('### What we made sure of', '');
    for (const item of settled) {
      const text =
        item.status === 'answered' ? (item.note ?? 'Answered by the computations above.') : `Not applicable: ${item.reason ?? ''}`;
      out.push(`- *${item.question.question}* ${withCheckTitles(text, f)}`);
    }
    for (const id of checklist.open) out.push(`- *${CHECKLIST.find((q) => q.id === id)?.question ?? id}* Not settled yet.`);
    out.push('');
  }
  if (verdict?.rationale !== undefined && verdict.rationale.trim() !== '') {
    out.push(`### The reviewer's assessment`, '', `${verdict.who}: ${withCheckTitles(verdict.rationale.trim(), f)}`, '');
  }
  return out;
}

/**
 * For a logbook's author whose finding does not stand: what each check that refutes it, or that shows its
 * evidence insufficient, found, in that check's words from its evidence. Nothing when no check's evidence
 * shows where it went wrong.
 */
function diagnosisSection(report: LatestFalsificationReport, says: FindingSays): string[] {
  if (!['refuted', 'overturned', 'premature'].includes(report.decision)) return [];
  const lines = report.checks.flatMap((x) => {
    const d = diagnosisSentence(x, says);
    return d === null ? [] : [`- ${cited(x.title)} ${d}`];
  });
  if (lines.length === 0) return [];
  const premature = report.decision === 'premature';
  return [
    premature ? '### Why the evidence cannot carry it yet' : '### Where we think the slip is',
    '',
    ...lines,
    '',
    premature
      ? 'The claim may still hold at this scale; what the checks question is whether the evidence shown can carry the verification yet.'
      : 'It is an easy slip to make; we write so that the record can be corrected before anyone relies on it.',
    '',
  ];
}

/** The polarity's words for each outcome group: "Supporting the verification: “A”." ... (an unsided finding: what the check shows). */
function lead(outcome: CheckOutcome | 'error', says: FindingSays): string {
  const sided = says === 'falsified' || says === 'verified';
  const noun = says === 'verified' ? 'verification' : 'falsification';
  if (outcome === 'supports') return sided ? `Supporting the ${noun}` : 'Showing the claim fails';
  if (outcome === 'refutes') return sided ? `Contradicting the ${noun}` : 'Showing the claim stands';
  return outcome === 'neutral' ? 'Deciding nothing on its own' : 'Failed to compute';
}
const OUTCOMES: readonly (CheckOutcome | 'error')[] = ['supports', 'refutes', 'neutral', 'error'];

/** One sentence per outcome that some check has, naming the checks: "Supporting the falsification: “A” and “B”." */
function tally(report: LatestFalsificationReport, says: FindingSays): string {
  const out: string[] = [];
  for (const outcome of OUTCOMES) {
    const titles = report.checks.filter((x) => x.outcome === outcome).map((x) => `“${x.title.replace(/[.]$/, '')}”`);
    if (titles.length > 0) out.push(`${lead(outcome, says)}: ${joinWords(titles)}.`);
  }
  return out.join(' ');
}
