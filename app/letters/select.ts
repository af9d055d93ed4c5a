/**
 * Which findings a letter is about, and whether it may be sent. A letter to the paper's authors reports
 * findings under which the claim fails: a falsification confirmed, a verification overturned (by the checks and
 * by the reviewer's verdict). A letter to a logbook's author is about a finding that is itself wrong or that its
 * evidence cannot carry: a falsification refuted, a verification overturned or premature. A letter is ready to
 * send only when each of its findings has a computed decision of that kind whose gate was passed, a reviewer's
 * verdict agreeing with it (on the finding's side: `decisionSide`), made against the current computed
 * decision, and every question of the adversarial checklist answered or marked not applicable.
 */
import type {
  AuditEntry,
  DraftLetterOptions,
  FalsificationDecision,
  FindingSays,
  LatestFalsificationReport,
  LetterKind,
} from '../../common/api/contract';
import { decisionSide, decisionWords, gateLine, verdictDisagreesWith, verdictWords } from '../../common/words/outcomes';
import { CHECKLIST, checklistStatus } from '../cases/checklist';
import { isActive, type CaseFile, type Falsification } from '../cases/model';
import { BadInputError } from '../errors';
import { latestVerdicts, verdictState } from '../verdicts/latest';
import { withCheckTitles } from './check-titles';

export interface LetterSelection {
  readonly kind: LetterKind;
  readonly falsifications: readonly Falsification[];
  /** The logbook a `logbook` letter is to. */
  readonly logbook?: string;
  readonly ready: boolean;
  readonly missing: readonly string[];
}

/**
 * The computed decisions a finding must have to go into a letter of this kind: to the authors when the claim
 * fails, to a logbook's author when the finding does not stand (refuted, overturned, premature).
 */
export const WANTED: Readonly<Record<LetterKind, readonly FalsificationDecision[]>> = {
  authors: ['confirmed', 'overturned'],
  logbook: ['refuted', 'overturned', 'premature'],
};

/** Whether a reviewer's verdict on this finding puts it in a letter of this kind (the verdict is on the finding's side). */
function verdictBelongs(f: Falsification, verdict: 'confirmed' | 'refuted', kind: LetterKind): boolean {
  const says = f.says ?? 'falsified';
  if (says === 'verified') return verdict === 'refuted' && kind === 'logbook';
  return kind === 'authors' ? verdict === 'confirmed' : verdict === 'refuted';
}

/**
 * Chooses the kind and findings of a letter. Without a kind: to the authors when some finding belongs there (by
 * its verdict, else its computed decision), else to a logbook's author. `where` names the case in a refusal.
 * Example: a case whose only finding is a falsification refuted and agreed gives kind `logbook`, ready.
 */
export function selectLetter(
  c: CaseFile,
  latest: readonly LatestFalsificationReport[],
  audit: readonly AuditEntry[],
  options: DraftLetterOptions,
  where: string,
): LetterSelection {
  const verdicts = latestVerdicts(audit);
  const belongs = (f: Falsification, kind: LetterKind): boolean => {
    const v = verdicts.get(f.id)?.verdict;
    if (v === 'confirmed' || v === 'refuted') return verdictBelongs(f, v, kind);
    const d = latest.find((r) => r.falsificationId === f.id)?.decision;
    return d !== undefined && WANTED[kind].includes(d);
  };
  let chosen: Falsification[];
  let kind: LetterKind;
  if (options.falsificationId !== undefined) {
    const f = c.falsifications.find((x) => x.id === options.falsificationId);
    if (f === undefined)
      throw new BadInputError(
        where,
        `no falsification "${options.falsificationId}" (falsifications: ${c.falsifications.map((x) => x.id).join(', ') || 'none'})`,
      );
    if (!isActive(f))
      throw new BadInputError(
        where,
        `falsification "${f.id}" is withdrawn (${f.withdrawn?.reason ?? ''}): a letter speaks only of findings in force`,
      );
    chosen = [f];
    kind = options.kind ?? (belongs(f, 'authors') || !belongs(f, 'logbook') ? 'authors' : 'logbook');
  } else {
    // Withdrawn findings are history: out of every letter.
    const of = (k: LetterKind) => c.falsifications.filter(isActive).filter((f) => belongs(f, k));
    kind = options.kind ?? (of('authors').length > 0 || of('logbook').length === 0 ? 'authors' : 'logbook');
    chosen = of(kind);
    // A letter to a logbook's author is about that logbook only: the first one with such a finding.
    if (kind === 'logbook' && chosen.length > 0) chosen = chosen.filter((f) => f.logbook === chosen[0]!.logbook);
  }
  const logbook = kind === 'logbook' ? chosen[0]?.logbook : undefined;
  const missing =
    chosen.length === 0 ? [nothingToSay(kind, latest.length === 0)] : chosen.flatMap((f) => missingFor(f, kind, latest, verdicts));
  return { kind, falsifications: chosen, ...(logbook !== undefined ? { logbook } : {}), ready: missing.length === 0, missing };
}

function nothingToSay(kind: LetterKind, neverRun: boolean): string {
  if (neverRun) return 'the checks of this case have not been run: there is nothing to report yet';
  return kind === 'authors'
    ? "no claimed falsification stands (confirmed by the checks and by the reviewer's verdict): there is nothing to tell the authors"
    : "no finding is refuted, overturned or premature by the checks and the reviewer's verdict: there is nothing to explain to a logbook's author";
}

/** The decisions a finding of this polarity may have in a letter of this kind, in words: "falsification refuted: the claim stands". */
function wantedWords(kind: LetterKind, says: FindingSays): string {
  const possible: readonly FalsificationDecision[] = says === 'verified' ? ['upheld', 'overturned', 'premature'] : ['confirmed', 'refuted'];
  return WANTED[kind]
    .filter((d) => possible.includes(d))
    .map((d) => `"${decisionWords(d, says).full}"`)
    .join(' or ');
}

/** What keeps one finding out of a sendable letter of this kind, one line each. */
function missingFor(
  f: Falsification,
  kind: LetterKind,
  latest: readonly LatestFalsificationReport[],
  verdicts: Map<string, AuditEntry>,
): string[] {
  const out: string[] = [];
  const says = f.says ?? 'falsified';
  const report = latest.find((r) => r.falsificationId === f.id);
  const verdict = verdicts.get(f.id);
  if (report === undefined) out.push(`${f.id}: its checks have not been run`);
  else if (report.stale !== undefined) out.push(`${f.id}: ${report.stale}`);
  else if (!WANTED[kind].includes(report.decision)) {
    const other: LetterKind = kind === 'authors' ? 'logbook' : 'authors';
    out.push(
      decisionSide(report.decision) === null
        ? `${f.id}: the computed decision is "${decisionWords(report.decision, says).full}": the checks must decide it first`
        : `${f.id}: the checks computed "${decisionWords(report.decision, says).full}", not ${wantedWords(kind, says)}${WANTED[other].includes(report.decision) ? `: it belongs in a letter to ${other === 'authors' ? 'the authors' : "the logbook's author"}` : ''}`,
    );
  }
  // A deciding gate missed: the decision cannot be sent on (docs/decisions.md); the gate names what is missing.
  if (report?.gate !== undefined && !report.gate.passed)
    out.push(`${f.id}: the decision misses its gate: ${withCheckTitles(gateLine(report.gate).replace(/^gate missed: /, ''), f)}`);
  if (verdict === undefined || verdict.verdict === undefined) out.push(`${f.id}: no reviewer's verdict has been recorded`);
  else if (verdict.verdict === 'needs-more-work')
    out.push(`${f.id}: the reviewer's verdict is "${verdictWords('needs-more-work', says).full}"`);
  else if (report !== undefined && verdictDisagreesWith(verdict.verdict, report.decision)) {
    out.push(
      `${f.id}: the reviewer's verdict is "${verdictWords(verdict.verdict, says).full}", the computed decision "${decisionWords(report.decision, says).full}": they must agree`,
    );
  } else if (report !== undefined && verdictState(report, verdict, false) === 'awaiting-verdict')
    out.push(`${f.id}: the reviewer's verdict was recorded before a later run changed the computed decision: record it again`);
  for (const id of checklistStatus(f).open)
    out.push(`${f.id}: checklist question open: ${CHECKLIST.find((x) => x.id === id)?.question ?? id}`);
  return out;
}
