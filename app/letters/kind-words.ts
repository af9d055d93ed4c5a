/**
 * The sentences a letter states about a check result: its finding, its diagnosis, its worth, from the words
 * each kind carries (`words` in its module, written in `<kind>.words.ts` beside it; no list here to extend); a
 * kind without words is cited by its own summary (the check's own sentence, computed from the same evidence).
 * Example: `findingSentence(result, 'verified')` for a growth-fit on the logbook's 4 rows is "The 4 rows of the
 * logbook's own table (`k` = 2..16) are below the minimums (6 distinct `k` over a decade): they cannot tell
 * growth from a bound."
 */
import type { CheckResultView, FindingSays } from '../../common/api/contract';
import { BASIS_WORDS, guaranteeWords } from '../../common/words/outcomes';
import { builtinCheckKinds } from '../checks/kinds';
import type { KindLetterWords } from '../checks/kind-words';

/** Words for letters by check kind: each kind's own (`words` in its module, from `<kind>.words.ts`). */
export const KIND_LETTER_WORDS: Readonly<Record<string, KindLetterWords>> = Object.fromEntries(
  builtinCheckKinds.flatMap((k) => (k.words !== undefined ? [[k.kind, k.words] as const] : [])),
);

/** What the check found: its kind's words from its evidence, else its summary; a failed check says it failed. */
export function findingSentence(result: CheckResultView, says: FindingSays): string {
  if (result.outcome === 'error') return `This computation failed: ${result.summary}`;
  return KIND_LETTER_WORDS[result.kind]?.finding(result, says) ?? result.summary;
}

/**
 * Where the finding's evidence went wrong, as this result shows it: its kind's diagnosis from its evidence;
 * for a result saying the evidence is insufficient and no words for it, that reason as the check wrote it;
 * else null (no diagnosis is ever chosen by kind alone).
 */
export function diagnosisSentence(result: CheckResultView, says: FindingSays): string | null {
  if (result.outcome !== 'refutes' && result.insufficient === undefined) return null;
  const words = KIND_LETTER_WORDS[result.kind]?.diagnosis?.(result, says) ?? null;
  if (words !== null) return words;
  if (result.insufficient !== undefined) return `${result.insufficient.charAt(0).toUpperCase()}${result.insufficient.slice(1)}.`;
  return null;
}

/** "Worth: statistical (t-test, p = 0.036, dof 2); basis: the logbook's own numbers." */
export function worthSentence(result: CheckResultView): string {
  if (result.outcome === 'error') return '';
  return `Worth: ${guaranteeWords(result.guarantee)}; basis: ${BASIS_WORDS[result.basis ?? 'logbook']}.`;
}
