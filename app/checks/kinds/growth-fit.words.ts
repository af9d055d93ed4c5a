/**
 * Letter words of `growth-fit`, from its evidence alone: the conclusion (grows / bounded / cannot tell) over the
 * range the table covers, with the deciding test's p and dof, the minimums when the table is below them, and
 * the conclusion at the x where the logbook's own sweep stopped when that differs. Never "too small a scale"
 * unless the evidence shows a prefix concluding otherwise than the whole.
 * Example: on the logbook's 4-row paging table, `growthFitWords.finding(result, 'verified')` is "The 4 rows of
 * the logbook's own table (`k` = 2..16) are below the minimums (6 distinct `k` over a decade): they cannot tell
 * growth from a bound."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, joinWords, num, numberAt, objectAt, pval, rangeWords, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

const CONCLUSION_WORDS: Readonly<Record<string, string>> = { grows: 'grows', bounded: 'bounded', 'cannot-tell': 'cannot tell' };

function parts(r: CheckResultView) {
  const ev = r.evidence;
  const c = objectAt(ev, 'conclusion');
  const value = stringAt(c, 'value');
  const xs = arrayAt(ev, 'points').flatMap((p) => (numberAt(p, 'x') !== null ? [numberAt(p, 'x') as number] : []));
  if (c === null || value === null || xs.length === 0) return null;
  const x = `\`${stringAt(ev, 'x') ?? 'x'}\``;
  const y = `\`${stringAt(ev, 'y') ?? 'y'}\``;
  const span = `${x} = ${num(Math.min(...xs))}..${num(Math.max(...xs))}`;
  const p = numberAt(c, 'p');
  const dof = numberAt(c, 'dof');
  const law = stringAt(c, 'law');
  const test =
    p !== null
      ? `${value === 'cannot-tell' ? 'p' : 'largest p'} = ${pval(p)}${dof !== null ? `, ${dof} dof` : ''}${law !== null ? `, ${law}` : ''}`
      : null;
  return { ev, c, value, x, y, span, level: numberAt(c, 'level') ?? 0.05, test, n: numberAt(ev, 'n') };
}

/** The conclusion as one sentence. */
function conclusionSentence(r: CheckResultView): string | null {
  const p = parts(r);
  if (p === null) return null;
  const whose = r.basis === 'logbook' ? "the logbook's own table" : 'the table';
  const minimums = objectAt(p.c, 'minimums');
  if (p.value === 'cannot-tell' && minimums !== null && minimums.met === false) {
    const req = objectAt(minimums, 'required');
    const need =
      req !== null && numberAt(req, 'points') !== null && numberAt(req, 'xRange') !== null
        ? ` (${numberAt(req, 'points')} distinct ${p.x} over ${rangeWords(numberAt(req, 'xRange') as number)})`
        : '';
    return `The ${p.n !== null ? `${p.n} rows` : 'rows'} of ${whose} (${p.span}) are below the minimums${need}: they cannot tell growth from a bound.`;
  }
  if (p.value === 'grows') {
    const dir = stringAt(p.c, 'direction') === 'decreasing' ? 'decreases without bound' : 'grows';
    return `Over ${p.span} every bounded law is rejected at level ${p.level}${p.test !== null ? ` (${p.test})` : ''}: ${p.y} ${dir}.${logLaw(p.ev)}`;
  }
  if (p.value === 'bounded')
    return `Over ${p.span} a bounded law fits and every growing law is rejected at level ${p.level}${p.test !== null ? ` (${p.test})` : ''}: ${p.y} stays bounded.`;
  const decide = arrayAt(p.c, 'wouldDecide').filter((s): s is string => typeof s === 'string');
  return `Over ${p.span} neither every bounded nor every growing law is rejected at level ${p.level}${p.test !== null ? ` (${p.test})` : ''}: it cannot tell growth from a bound${decide.length > 0 ? `; it would take ${joinWords(decide)}` : ''}.`;
}

/** " The log law's slope is b = 0.614 ± 0.0341 (two-sided p = 9.4e-8, 8 dof)." when the evidence has it. */
function logLaw(ev: Record<string, unknown>): string {
  const log = arrayAt(ev, 'models').find((m) => stringAt(m, 'name') === 'log');
  const b = numberAt(objectAt(log, 'params'), 'b');
  const se = numberAt(objectAt(log, 'se'), 'b');
  const p = numberAt(ev, 'growthP');
  const dof = numberAt(ev, 'growthDof');
  if (b === null || se === null || p === null || dof === null) return '';
  return ` The log law's slope is b = ${num(b)} ± ${num(se)} (two-sided p = ${pval(p)}, ${dof} dof).`;
}

/** " Stopped at `k` = 16, where the logbook's sweep ended, the same analysis concludes cannot tell." when it differs. */
function stopSentence(r: CheckResultView): string {
  const p = parts(r);
  const stopped = objectAt(r.evidence, 'stoppedAt');
  const atStop = stringAt(r.evidence, 'stoppedAtConclusion');
  const maxX = numberAt(stopped, 'maxX');
  if (p === null || atStop === null || maxX === null || atStop === p.value) return '';
  return ` Stopped at ${p.x} = ${num(maxX)}, where the logbook's sweep ended, the same analysis concludes ${CONCLUSION_WORDS[atStop] ?? atStop}.`;
}

export const growthFitWords: KindLetterWords = {
  // A derived column's expression is not a plain word on a command line: the letter then gives `recheck run`.
  rerun: (params, at) =>
    params.derive === undefined && at.file('table') !== null && at.arg(params.x) !== null && at.arg(params.y) !== null
      ? `npx recheck fit ${at.file('table')} --x ${at.arg(params.x)} --y ${at.arg(params.y)}${at.arg(params.se) !== null && params.weighting !== 'none' ? ` --se ${at.arg(params.se)}` : ''}`
      : null,
  finding(r) {
    const s = conclusionSentence(r);
    return s === null ? null : `${s}${stopSentence(r)}`;
  },
  diagnosis(r) {
    const s = conclusionSentence(r);
    if (s === null) return null;
    const stop = stopSentence(r);
    // A sweep that stopped too early, only when the evidence shows the prefix concluding otherwise than the whole.
    return stop !== '' ? `${stop.trim()} ${s}` : s;
  },
};
