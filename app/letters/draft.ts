/**
 * Drafts a letter from a case: to the paper's authors about the falsifications that stand, or to a logbook's
 * author about a falsification that is itself wrong (explaining the slip kindly and precisely). One section
 * per claim, each falsification under it once; what the re-check computed, in the checks' own words and
 * numbers; for each piece of evidence its SHA-256 and the command that recomputes it; the question whether
 * they agree or where our analysis is wrong; signed with the reviewers' names. The draft states only what the
 * checks computed and the reviewers recorded, and names no run, check id or workspace path. A letter that may
 * not be sent yet opens with a "not ready to send" banner listing what is missing (app/letters/select.ts).
 */
import type { AuditEntry, DraftLetterOptions, LatestFalsificationReport, LetterDraft, LetterKind } from '../api/contract';
import { decisionWords } from '../api/contract-words';
import { CHECKLIST, checklistStatus } from '../cases/checklist';
import type { CaseFile, Falsification } from '../cases/model';
import { latestVerdicts } from '../reviews/queue';
import { evidenceKey, runCommand, type LetterEvidence } from './evidence';
import { figureRange, gallerySection } from './gallery-section';
import { selectLetter } from './select';

/** The kind of slip a refuting check of each kind exposes, and the checklist question about it. */
const SLIP_BY_KIND: Readonly<Record<string, { words: string; question: string }>> = {
  'units-audit': { words: 'a difference of units or normalisation between the two numbers compared', question: 'units' },
  'padding-audit': { words: 'padding positions counted in an average', question: 'padding' },
  'fw-certificate': { words: 'floating-point rounding taken for a real effect', question: 'precision' },
  'fw-float-vs-exact': { words: 'floating-point rounding taken for a real effect', question: 'precision' },
  'fw-horizon-trap': { words: 'a horizon too short to see the effect', question: 'horizon' },
  'growth-fit': { words: 'a sweep that stops at too small a scale', question: 'horizon' },
  'divergence-audit': { words: 'a code path that computes something other than what the theory analyses', question: 'code-vs-theory' },
};

/**
 * The draft. `dirName` names the case folder in the commands (the case's id, as published).
 * Example: for timing-normalization with F1 refuted and agreed, `draftLetter(...).kind` is `logbook`.
 */
export function draftLetter(c: CaseFile, latest: readonly LatestFalsificationReport[], audit: readonly AuditEntry[], evidence: LetterEvidence, options: DraftLetterOptions = {}, where = `${c.id}/case.json`): LetterDraft {
  const sel = selectLetter(c, latest, audit, options, where);
  const verdicts = latestVerdicts(audit);
  const signedBy = [...new Set(sel.falsifications.flatMap((f) => verdicts.get(f.id)?.who ?? []))];
  const logbook = c.logbooks.find((l) => l.id === sel.logbook);
  const lines: string[] = [];
  const to = sel.kind === 'authors' ? 'the authors' : "the logbook's author";
  lines.push(sel.kind === 'authors' ? `# Re-check of claims of “${c.paper.title}”` : `# Your reported falsification of “${c.paper.title}”: our re-check`, '');
  if (!sel.ready) {
    lines.push(`> **Not ready to send.** Before this letter to ${to} can be sent:`, '>');
    for (const m of sel.missing) lines.push(`> - ${m}`);
    lines.push('');
  }
  const n = sel.falsifications.length;
  if (sel.kind === 'authors') {
    lines.push(c.paper.authors !== undefined && c.paper.authors.length > 0 ? `Dear ${joinNames(c.paper.authors)},` : 'Dear authors,', '');
    lines.push(
      `A community reproduction effort reported that ${n === 1 ? 'a claim' : 'claims'} of your paper “${c.paper.title}” (${c.paper.venueId}) ${n === 1 ? 'does' : 'do'} not hold. Before writing to you we re-checked ${n === 1 ? 'the report' : 'each report'} independently, and we believe ${n === 1 ? 'it stands' : 'they stand'}. Below is what we computed, with every number traceable to a file and a command, so that you can check our work.`,
      '',
    );
  } else {
    lines.push(`Dear author of the logbook “${logbook?.title ?? sel.logbook ?? ''}”,`, '');
    lines.push(
      `Thank you for your careful reproduction work on “${c.paper.title}” (${c.paper.venueId}). Before passing your finding on to the paper's authors we re-checked it independently, and we believe the failure you reported comes from a slip in the analysis rather than from the paper. We set out below where we think it happened, with every number traceable to a file and a command, so that you can check our work: we may well be the ones who are wrong.`,
      '',
    );
  }
  const claims = c.paper.claims.filter((cl) => sel.falsifications.some((f) => f.claim === cl.id));
  claims.forEach((claim, i) => {
    lines.push(`## ${claims.length > 1 ? `Claim ${i + 1}` : 'The claim'}: “${claim.text}”`, '');
    for (const f of sel.falsifications.filter((x) => x.claim === claim.id)) lines.push(...falsificationSection(c, f, sel.kind, latest, verdicts.get(f.id), evidence));
  });
  lines.push('## Our question to you', '');
  lines.push(
    sel.kind === 'authors'
      ? `Do you agree with this analysis? If you think it is wrong (a setting we misread, a version of the code or of the paper we did not use, a step we got wrong), please tell us where. Every number above can be recomputed with the commands given, run from the folder holding the case's published data (\`${c.id}/\`).`
      : `Do you agree with this reading? If you think our analysis is the one that slipped, please tell us where. Every number above can be recomputed with the commands given, run from the folder holding the case's published data (\`${c.id}/\`).`,
    '',
  );
  lines.push('Kind regards,', '', signedBy.length > 0 ? joinNames(signedBy) : '(no reviewer has recorded a verdict yet)');
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

function falsificationSection(c: CaseFile, f: Falsification, kind: LetterKind, latest: readonly LatestFalsificationReport[], verdict: AuditEntry | undefined, evidence: LetterEvidence): string[] {
  const out: string[] = [];
  const logbook = c.logbooks.find((l) => l.id === f.logbook);
  const report = latest.find((r) => r.falsificationId === f.id);
  out.push(kind === 'authors' ? '### What was reported' : '### What you reported', '');
  out.push(kind === 'authors' ? `The reproduction logbook “${logbook?.title ?? f.logbook}” states:` : 'Your logbook states:', '', `> ${f.assertion}`, '');
  if (report === undefined) {
    out.push('### What we computed', '', 'Nothing yet: the checks of this report have not been run.', '');
    return out;
  }
  if (kind === 'logbook') out.push(...slipSection(f, report));
  out.push('### What we computed', '');
  const supports = report.checks.filter((x) => x.outcome === 'supports').length;
  const refutes = report.checks.filter((x) => x.outcome === 'refutes').length;
  out.push(`Re-check result: **${decisionWords(report.decision, report.says).full}**. ${tally(supports, refutes, report.checks.length - supports - refutes)}`, '');
  const quoted = new Set<string>(); // a small file is quoted once, where it is first cited
  report.checks.forEach((check, i) => {
    out.push(`${i + 1}. **${check.title}.** ${check.outcome === 'error' ? `This computation failed: ${check.summary}` : check.summary}`);
    const ev = evidence.get(evidenceKey(f.id, check.checkId));
    if (ev !== undefined) {
      for (const input of ev.inputs) {
        out.push(`   - Data: \`${c.id}/${input.path}\`, SHA-256 \`${input.sha256}\``);
        if (input.inline !== undefined && !quoted.has(input.path)) out.push('', '     ```json', ...input.inline.split('\n').map((l) => `     ${l}`), '     ```', '');
        quoted.add(input.path);
      }
      for (const fig of ev.figures) out.push(`   - Figure ${fig.number} (attached), SHA-256 \`${fig.sha256}\``);
      if (ev.gallery !== undefined && ev.gallery.numbers.length > 0) out.push(`   - ${figureRange(ev.gallery.numbers)} (attached): pairs from the blind review, listed below`);
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
      const text = item.status === 'answered' ? (item.note ?? 'Answered by the computations above.') : `Not applicable: ${item.reason ?? ''}`;
      out.push(`- *${item.question.question}* ${withoutCheckIds(text, f)}`);
    }
    for (const id of checklist.open) out.push(`- *${CHECKLIST.find((q) => q.id === id)?.question ?? id}* Not settled yet.`);
    out.push('');
  }
  if (verdict?.rationale !== undefined && verdict.rationale.trim() !== '') {
    out.push(`### The reviewer's assessment`, '', `${verdict.who}: ${verdict.rationale.trim()}`, '');
  }
  return out;
}

/** For a logbook's author: where the slip is, named by the refuting checks and the checklist's answers. */
function slipSection(f: Falsification, report: LatestFalsificationReport): string[] {
  const slips = [...new Map(report.checks.filter((x) => x.outcome === 'refutes').flatMap((x) => (SLIP_BY_KIND[x.kind] ? [[SLIP_BY_KIND[x.kind]!.question, SLIP_BY_KIND[x.kind]!]] : []))).values()];
  if (slips.length === 0) return [];
  const out = ['### Where we think the slip is', ''];
  const checklist = checklistStatus(f);
  for (const slip of slips) {
    const item = checklist.items.find((i) => i.question.id === slip.question);
    out.push(`We believe the difference comes from ${slip.words}.${item?.status === 'answered' && item.note !== undefined ? ` ${item.note}` : ''}`);
  }
  out.push('', 'It is an easy slip to make; we write so that the record can be corrected before anyone relies on it.', '');
  return out;
}

/**
 * A reviewer's note with the falsification's check ids (internal names such as `logbook-fit`) replaced by the
 * checks' titles. Ids that are plain words (`units`) are left alone: they read as the word.
 */
function withoutCheckIds(text: string, f: Falsification): string {
  let out = text;
  for (const check of f.checks) {
    if (!/[-_.0-9]/.test(check.id)) continue;
    const title = check.title.charAt(0).toLowerCase() + check.title.slice(1);
    out = out.replace(new RegExp(`(?<![\\w-])${check.id.replace(/[.]/g, '\\.')}(?![\\w-])`, 'g'), `“${title}”`);
  }
  return out;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "Two computations support the report and none contradicts it; ..." */
function tally(supports: number, refutes: number, neutral: number): string {
  const n = (k: number) => NUMBER_WORDS[k] ?? String(k);
  const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  const s = supports === 0 ? 'no computation supports the report' : `${n(supports)} computation${supports === 1 ? ' supports' : 's support'} the report`;
  const r = refutes === 0 ? 'none contradicts it' : `${n(refutes)} contradict${refutes === 1 ? 's' : ''} it`;
  const rest = neutral === 0 ? '' : `; ${n(neutral)} more decide${neutral === 1 ? 's' : ''} nothing on ${neutral === 1 ? 'its' : 'their'} own and ${neutral === 1 ? 'is' : 'are'} reported for what ${neutral === 1 ? 'it shows' : 'they show'}`;
  return `${cap(supports === 0 && refutes > 0 ? `${n(refutes)} computation${refutes === 1 ? ' contradicts' : 's contradict'} the report and none supports it` : `${s} and ${r}`)}${rest}.`;
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
