/**
 * How far a review is, in words and as a share, the same on the list of reviews and the review screen.
 *
 * Example: `progressWords({ answered: 10, total: 141 })` is '10 of 141 answered (7%)';
 * `progressWords({ answered: 141, total: 141 })` is 'complete: 141 of 141 answered'.
 */

export interface Progress {
  readonly answered: number;
  readonly total: number;
}

/** Share answered in [0, 1] (0 for an empty review). */
export function progressShare(p: Progress): number {
  return p.total <= 0 ? 0 : Math.min(1, Math.max(0, p.answered / p.total));
}

export function isComplete(p: Progress): boolean {
  return p.total > 0 && p.answered >= p.total;
}

export function progressWords(p: Progress): string {
  if (isComplete(p)) return `complete: ${p.answered} of ${p.total} answered`;
  // Floor, so that an unfinished review never reads 100%.
  return `${p.answered} of ${p.total} answered (${Math.floor(progressShare(p) * 100)}%)`;
}
