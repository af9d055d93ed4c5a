/**
 * Self-agreement of one reviewer on pairs shown twice. An answer that names a side ("left is better") is mapped
 * back to the condition shown on that side before comparing, so that a repeat shown with the sides swapped
 * agrees when the reviewer prefers the same image, and disagrees when they answered by position. Answers that
 * name no side ("usable", "same") are compared as they are.
 *
 * Guarantee: exact (counting).
 */

/** One showing of a pair: the answer and the conditions shown on each side. */
export interface Showing {
  readonly answer: string;
  readonly left: string;
  readonly right: string;
}

export interface RepeatedPair {
  readonly pair: string;
  readonly first: Showing;
  readonly repeat: Showing;
}

/** The answer values that name the side judged better (compare mode), or null when no answer names a side. */
export type SideAnswers = { readonly left: string; readonly right: string } | null;

export interface RepeatAgreement {
  readonly repeats: number;
  readonly agreements: number;
  /** agreements / repeats, null without repeats. */
  readonly share: number | null;
  /** Repeats shown with the sides swapped, and the agreements among them. */
  readonly swapped: number;
  readonly swappedAgreements: number;
  /** The pairs answered differently, with both answers mapped to conditions. */
  readonly disagreements: readonly { pair: string; first: string; repeat: string; swapped: boolean }[];
}

/**
 * What an answer says about the conditions: `better:<condition>` for a side answer, the answer itself otherwise.
 * Example: `canonicalAnswer({ answer: 'left', left: 'q2', right: 'fp32' }, { left: 'left', right: 'right' })` is `better:q2`.
 */
export function canonicalAnswer(s: Showing, sides: SideAnswers): string {
  if (sides !== null && s.answer === sides.left) return `better:${s.left}`;
  if (sides !== null && s.answer === sides.right) return `better:${s.right}`;
  return s.answer;
}

/** Agreement over the repeated pairs. Example: one repeat answered "left" both times with the sides swapped disagrees. */
export function repeatAgreement(pairs: readonly RepeatedPair[], sides: SideAnswers): RepeatAgreement {
  let agreements = 0;
  let swapped = 0;
  let swappedAgreements = 0;
  const disagreements: { pair: string; first: string; repeat: string; swapped: boolean }[] = [];
  for (const r of pairs) {
    const isSwapped = r.first.left !== r.repeat.left || r.first.right !== r.repeat.right;
    const a = canonicalAnswer(r.first, sides);
    const b = canonicalAnswer(r.repeat, sides);
    if (isSwapped) swapped++;
    if (a === b) {
      agreements++;
      if (isSwapped) swappedAgreements++;
    } else disagreements.push({ pair: r.pair, first: a, repeat: b, swapped: isSwapped });
  }
  return {
    repeats: pairs.length,
    agreements,
    share: pairs.length > 0 ? agreements / pairs.length : null,
    swapped,
    swappedAgreements,
    disagreements,
  };
}
