/**
 * A letter's title, opening and closing question, from the findings' polarity (what the logbook says) and the
 * computed decisions: never "we believe they stand" before the checks say so, never "the failure you reported"
 * to the author of a verification, and before any run only that nothing has been computed yet.
 * Example: to the author of a premature verification the opening says "Your logbook reports that the claim
 * “...” holds at this scale; we re-checked it, and the evidence cannot yet carry that (verification premature:
 * the evidence cannot carry it)."
 */
import type { FindingSays, LatestFalsificationReport, LetterKind } from '../../common/api/contract';
import { decisionWords } from '../../common/words/outcomes';
import type { CaseFile, Falsification } from '../cases/model';

/** What a letter is about: its findings with their latest reports (absent: not run). */
export interface Subject {
  readonly f: Falsification;
  readonly report?: LatestFalsificationReport;
}

const says = (s: Subject): FindingSays => s.f.says ?? 'falsified';

/** "falsification", "verification", "toy-scale finding", "finding". */
const NOUN: Readonly<Record<FindingSays, string>> = {
  falsified: 'falsification',
  verified: 'verification',
  toy: 'toy-scale finding',
  inconclusive: 'finding',
};

/** "# Your reported verification of “T”: our re-check", or the authors' title. */
export function letterTitle(c: CaseFile, kind: LetterKind, subjects: readonly Subject[]): string {
  if (kind === 'authors') return `# Re-check of claims of “${c.paper.title}”`;
  const nouns = [...new Set(subjects.map((s) => NOUN[says(s)]))];
  return `# Your reported ${nouns.length === 1 ? nouns[0] : 'findings'} of “${c.paper.title}”: our re-check`;
}

/**
 * The opening paragraph after the salutation. For a letter about no finding: `neverRun` (no check of the case has
 * run: only that nothing has been computed yet), else `nothing`, why there is nothing to say (app/letters/select.ts).
 */
export function opening(
  c: CaseFile,
  kind: LetterKind,
  subjects: readonly Subject[],
  empty: { neverRun: boolean; nothing: string } = { neverRun: false, nothing: '' },
): string {
  const paper = `“${c.paper.title}” (${c.paper.venueId})`;
  if (subjects.length === 0) {
    if (empty.neverRun) return 'Nothing has been computed yet: the checks of this case have not been run, so this draft states no finding.';
    return `${empty.nothing.charAt(0).toUpperCase()}${empty.nothing.slice(1)}.`;
  }
  const ran = subjects.filter((s) => s.report !== undefined);
  const n = subjects.length;
  if (kind === 'authors') {
    const reported = `A community reproduction effort reported on ${n === 1 ? 'a claim' : 'claims'} of your paper ${paper}.`;
    if (ran.length === 0)
      return `${reported} Nothing has been computed yet: the checks of ${n === 1 ? 'this report' : 'these reports'} have not been run, so this draft states no finding.`;
    return `${reported} Before writing to you we re-checked ${n === 1 ? 'the report' : 'each report'} independently. ${results(ran)} Below is what we computed, with every number traceable to a file and a command, so that you can check our work.`;
  }
  const thanks = `Thank you for your careful reproduction work on ${paper}.`;
  if (ran.length === 0)
    return `${thanks} Nothing has been computed yet: the checks of your reported ${n === 1 ? NOUN[says(subjects[0]!)] : 'findings'} have not been run, so this draft states no finding.`;
  const parts = ran.map((s) => findingOpening(c, s));
  return `${thanks} ${parts.join(' ')} We set out below what we computed, with every number traceable to a file and a command, so that you can check our work: we may well be the ones who are wrong.`;
}

/** "The re-check's result: falsification confirmed: the claim fails." or, when they differ, where each is stated. */
function results(ran: readonly Subject[]): string {
  const all = [...new Set(ran.map((s) => decisionWords(s.report!.decision, says(s)).full))];
  return all.length === 1
    ? `The re-check's result: ${all[0]}.`
    : 'The re-check reaches different results for different reports; each is stated under its claim below.';
}

/** One finding's sentence to its logbook's author, by what it says and what the checks decided. */
function findingOpening(c: CaseFile, s: Subject): string {
  const d = s.report!.decision;
  const words = decisionWords(d, says(s)).full;
  const claim = c.paper.claims.find((x) => x.id === s.f.claim)?.text ?? s.f.claim;
  if (d === 'contested' || d === 'inconclusive')
    return `We re-checked your reported ${NOUN[says(s)]} independently, and our checks do not decide it yet (${words}).`;
  switch (says(s)) {
    case 'verified':
      if (d === 'premature')
        return `Your logbook reports that the claim “${claim}” holds at this scale; we re-checked it, and the evidence cannot yet carry that (${words}).`;
      if (d === 'upheld')
        return `Your logbook reports that the claim “${claim}” holds at this scale; we re-checked it independently, and our checks agree (${words}).`;
      return `Your logbook reports that the claim “${claim}” holds at this scale; we re-checked it, and our checks find that it fails (${words}).`;
    case 'falsified':
      if (d === 'confirmed')
        return `Before passing your finding on to the paper's authors we re-checked the failure you reported independently, and our checks confirm it (${words}).`;
      return `Before passing your finding on to the paper's authors we re-checked it independently, and our checks do not bear out the failure you reported (${words}).`;
    default:
      return `We re-checked your reported ${NOUN[says(s)]} independently: ${words}.`;
  }
}

/** The closing question, by whether the letter tells its reader they slipped. */
export function closingQuestion(c: CaseFile, kind: LetterKind, subjects: readonly Subject[]): string {
  const recompute = `Every number above can be recomputed with the commands given, run from the folder holding the case's published data (\`${c.id}/\`).`;
  if (kind === 'authors')
    return `Do you agree with this analysis? If you think it is wrong (a setting we misread, a version of the code or of the paper we did not use, a step we got wrong), please tell us where. ${recompute}`;
  const questioned = subjects.some((s) => s.report !== undefined && ['refuted', 'overturned', 'premature'].includes(s.report.decision));
  return questioned
    ? `Do you agree with this reading? If you think our analysis is the one that slipped, please tell us where. ${recompute}`
    : `Do you agree with this reading? If you see something our checks missed, please tell us where. ${recompute}`;
}
