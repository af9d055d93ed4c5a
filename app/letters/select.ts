/**
 * Which falsifications a letter is about, and whether it may be sent. A letter to the paper's authors reports
 * falsifications that stand: confirmed by the checks and by the reviewer's verdict. A letter to a logbook's
 * author explains a falsification that is itself wrong: refuted by the checks and by the verdict. A letter is
 * ready to send only when each of its falsifications has such a verdict, made against the current computed
 * decision, and every question of the adversarial checklist is answered or marked not applicable.
 */
import type { AuditEntry, DraftLetterOptions, LatestFalsificationReport, LetterKind } from '../api/contract';
import { DECISION_WORDS, VERDICT_WORDS } from '../api/contract-words';
import { CHECKLIST, checklistStatus } from '../cases/checklist';
import type { CaseFile, Falsification } from '../cases/model';
import { BadInputError } from '../errors';
import { latestVerdicts, reviewState } from '../reviews/queue';

export interface LetterSelection {
  readonly kind: LetterKind;
  readonly falsifications: readonly Falsification[];
  /** The logbook a `logbook` letter is to. */
  readonly logbook?: string;
  readonly ready: boolean;
  readonly missing: readonly string[];
}

/** The decision a falsification must have, in checks and verdict, to go into a letter of this kind. */
export const WANTED: Readonly<Record<LetterKind, 'confirmed' | 'refuted'>> = { authors: 'confirmed', logbook: 'refuted' };

/**
 * Chooses the kind and falsifications of a letter. Without a kind: to the authors when some falsification is
 * confirmed (by checks or verdict), else to a logbook's author when some is refuted. `where` names the case
 * in a refusal. Example: a case whose only falsification is refuted and agreed gives kind `logbook`, ready.
 */
export function selectLetter(c: CaseFile, latest: readonly LatestFalsificationReport[], audit: readonly AuditEntry[], options: DraftLetterOptions, where: string): LetterSelection {
  const verdicts = latestVerdicts(audit);
  const leaning = (f: Falsification): 'confirmed' | 'refuted' | null => {
    const v = verdicts.get(f.id)?.verdict;
    if (v === 'confirmed' || v === 'refuted') return v;
    const d = latest.find((r) => r.falsificationId === f.id)?.decision;
    return d === 'confirmed' || d === 'refuted' ? d : null;
  };
  let chosen: Falsification[];
  let kind: LetterKind;
  if (options.falsificationId !== undefined) {
    const f = c.falsifications.find((x) => x.id === options.falsificationId);
    if (f === undefined) throw new BadInputError(where, `no falsification "${options.falsificationId}" (falsifications: ${c.falsifications.map((x) => x.id).join(', ') || 'none'})`);
    chosen = [f];
    kind = options.kind ?? (leaning(f) === 'refuted' ? 'logbook' : 'authors');
  } else {
    const of = (k: LetterKind) => c.falsifications.filter((f) => leaning(f) === WANTED[k]);
    kind = options.kind ?? (of('authors').length > 0 || of('logbook').length === 0 ? 'authors' : 'logbook');
    chosen = of(kind);
    // A letter to a logbook's author is about that logbook only: the first one with a wrong falsification.
    if (kind === 'logbook' && chosen.length > 0) chosen = chosen.filter((f) => f.logbook === chosen[0]!.logbook);
  }
  const logbook = kind === 'logbook' ? chosen[0]?.logbook : undefined;
  const missing = chosen.length === 0 ? [nothingToSay(kind, latest.length === 0)] : chosen.flatMap((f) => missingFor(f, kind, latest, verdicts));
  return { kind, falsifications: chosen, ...(logbook !== undefined ? { logbook } : {}), ready: missing.length === 0, missing };
}

function nothingToSay(kind: LetterKind, neverRun: boolean): string {
  if (neverRun) return 'the checks of this case have not been run: there is nothing to report yet';
  return kind === 'authors'
    ? 'no claimed falsification stands (confirmed by the checks and by the reviewer\'s verdict): there is nothing to tell the authors'
    : 'no claimed falsification is refuted by the checks and the reviewer\'s verdict: there is no slip to explain to a logbook\'s author';
}

/** What keeps one falsification out of a sendable letter of this kind, one line each. */
function missingFor(f: Falsification, kind: LetterKind, latest: readonly LatestFalsificationReport[], verdicts: Map<string, AuditEntry>): string[] {
  const out: string[] = [];
  const want = WANTED[kind];
  const report = latest.find((r) => r.falsificationId === f.id);
  const verdict = verdicts.get(f.id);
  if (report === undefined) out.push(`${f.id}: its checks have not been run`);
  else if (report.decision !== want) {
    out.push(
      report.decision === 'contested' || report.decision === 'inconclusive'
        ? `${f.id}: the computed decision is "${DECISION_WORDS[report.decision].full}": the checks must decide it first`
        : `${f.id}: the checks computed "${DECISION_WORDS[report.decision].full}", not "${DECISION_WORDS[want].full}": it belongs in a letter to ${kind === 'authors' ? "the logbook's author" : 'the authors'}`,
    );
  }
  if (verdict === undefined || verdict.verdict === undefined) out.push(`${f.id}: no reviewer's verdict has been recorded`);
  else if (verdict.verdict === 'needs-more-work') out.push(`${f.id}: the reviewer's verdict is "${VERDICT_WORDS['needs-more-work'].full}"`);
  else if (verdict.verdict !== want) out.push(`${f.id}: the reviewer's verdict is "${VERDICT_WORDS[verdict.verdict].full}", not "${VERDICT_WORDS[want].full}"`);
  else if (report !== undefined && reviewState(report, verdict, false) === 'awaiting-verdict') out.push(`${f.id}: the reviewer's verdict was recorded before a later run changed the computed decision: record it again`);
  const open = checklistStatus(f).open;
  for (const id of open) {
    const q = CHECKLIST.find((x) => x.id === id);
    out.push(`${f.id}: checklist question open: ${q?.question ?? id}`);
  }
  return out;
}
