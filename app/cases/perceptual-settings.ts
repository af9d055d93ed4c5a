/**
 * A case's perceptual block (case.json `perceptual`) with its defaults filled in, and the checks the schema
 * cannot express: answer values and keys unique, and "left" and "right" among the answers of a compare-mode set
 * (the consistency check maps them back to conditions).
 */
import type { PerceptualAnswerOption, PerceptualMode } from '../../common/api/contract-perceptual';
import type { PerceptualDecl } from './model';

export const DEFAULT_REPEAT_SHARE = 0.1;
export const DEFAULT_FAST_MS = 600;

/** In compare mode, the answer values that name the side judged better. */
export const LEFT_ANSWER = 'left';
export const RIGHT_ANSWER = 'right';

/** What a review fixes when it starts (stored in its review.json, so a later edit of case.json cannot change it). */
export interface ReviewSettings {
  readonly pairs: string;
  readonly question: string;
  readonly mode: PerceptualMode;
  readonly answers: readonly PerceptualAnswerOption[];
  readonly repeatShare: number;
  readonly fastMs: number;
}

/** The block with defaults. Example: `perceptualSettings({ ..., fastMs: undefined }).fastMs` is 600. */
export function perceptualSettings(d: PerceptualDecl): ReviewSettings {
  return {
    pairs: d.pairs,
    question: d.question,
    mode: d.mode,
    answers: d.answers.map((a) => ({ value: a.value, key: a.key, label: a.label })),
    repeatShare: d.repeatShare ?? DEFAULT_REPEAT_SHARE,
    fastMs: d.fastMs ?? DEFAULT_FAST_MS,
  };
}

/**
 * The first problem of a perceptual block the schema lets through, with its JSON pointer, or null.
 * Example: two answers with key "1" give `{ pointer: '/perceptual/answers/1/key', problem: 'key "1" is used twice' }`.
 */
export function perceptualProblem(d: PerceptualDecl): { pointer: string; problem: string } | null {
  const values = new Set<string>();
  const keys = new Set<string>();
  for (const [i, a] of d.answers.entries()) {
    if (values.has(a.value)) return { pointer: `/perceptual/answers/${i}/value`, problem: `answer value "${a.value}" is used twice` };
    if (keys.has(a.key.toLowerCase())) return { pointer: `/perceptual/answers/${i}/key`, problem: `key "${a.key}" is used twice` };
    values.add(a.value);
    keys.add(a.key.toLowerCase());
  }
  if (d.mode === 'compare' && (!values.has(LEFT_ANSWER) || !values.has(RIGHT_ANSWER))) {
    return { pointer: '/perceptual/answers', problem: `a compare-mode review needs the answer values "${LEFT_ANSWER}" and "${RIGHT_ANSWER}" (the side judged better)` };
  }
  return null;
}
