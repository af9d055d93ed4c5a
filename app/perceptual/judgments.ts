/**
 * The reviews of a case as the perceptual checks read them: the judgments of every complete review (every item
 * answered), revealed (pair, condition on each side, answer, time), and what was left out and why.
 *
 * Which reviews count: a review counts once all its items are answered (its answers.jsonl, replayed; an export
 * is not needed, and a half-done review never counts). When one reviewer completed several reviews, the newest
 * counts and the earlier ones are listed as superseded, so that nobody's judgment counts twice.
 */
import { BadInputError } from '../errors';
import type { ReviewSettings } from '../cases/perceptual-settings';
import { loadReviewState } from './review-state';
import { listReviewIds } from './store';
import { pinProblem, readPins } from './pins';

export interface Judgment {
  readonly index: number;
  readonly pair: string;
  readonly shownLeft: string;
  readonly shownRight: string;
  readonly answer: string;
  readonly elapsedMs: number;
  /** For a repeat: the position of the pair's first showing. */
  readonly repeatOf?: number;
}

export interface CompletedReview {
  readonly reviewId: string;
  readonly reviewer: string;
  readonly seed: number;
  readonly createdAt: string;
  readonly settings: ReviewSettings;
  readonly pairCount: number;
  readonly judgments: readonly Judgment[];
}

export interface CaseReviews {
  /** Complete reviews that count (the newest of each reviewer), oldest first. */
  readonly complete: readonly CompletedReview[];
  /** Complete reviews replaced by a newer one of the same reviewer. */
  readonly superseded: readonly { reviewId: string; reviewer: string }[];
  readonly inProgress: readonly { reviewId: string; reviewer: string; answered: number; total: number }[];
  /** Reviews that cannot be read (a changed pairs table, a broken review.json), with the one-line reason. */
  readonly unreadable: readonly { reviewId: string; problem: string }[];
}

/** The reviews of the case folder's pairs table `pairs` (a review of another table is listed as unreadable for this one). */
export async function readCaseReviews(caseDir: string, pairs: string): Promise<CaseReviews> {
  const all: CompletedReview[] = [];
  const inProgress: { reviewId: string; reviewer: string; answered: number; total: number }[] = [];
  const unreadable: { reviewId: string; problem: string }[] = [];
  for (const reviewId of await listReviewIds(caseDir)) {
    let state;
    try {
      state = await loadReviewState(caseDir, reviewId);
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      unreadable.push({ reviewId, problem: err.message });
      continue;
    }
    const m = state.manifest;
    if (m.settings.pairs !== pairs) {
      unreadable.push({ reviewId, problem: `reviews the pairs table ${m.settings.pairs}, not ${pairs}` });
      continue;
    }
    const answers = state.replay.answers;
    if (answers.length < m.total) {
      inProgress.push({ reviewId, reviewer: m.reviewer, answered: answers.length, total: m.total });
      continue;
    }
    // A complete review counts only while every image it judged is still the file pinned at its start.
    const swapped = await pinnedImagesProblem(caseDir, reviewId);
    if (swapped !== null) {
      unreadable.push({ reviewId, problem: swapped });
      continue;
    }
    const judgments = answers.map((a) => {
      const repeatOf = state.items[a.index]?.item.repeatOf;
      return {
        index: a.index,
        pair: a.pair,
        shownLeft: a.shownLeft,
        shownRight: a.shownRight,
        answer: a.answer,
        elapsedMs: a.elapsedMs,
        ...(repeatOf !== undefined ? { repeatOf } : {}),
      };
    });
    all.push({
      reviewId,
      reviewer: m.reviewer,
      seed: m.seed,
      createdAt: m.createdAt,
      settings: m.settings,
      pairCount: m.pairCount,
      judgments,
    });
  }
  all.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.reviewId < b.reviewId ? -1 : 1));
  const newest = new Map<string, CompletedReview>();
  for (const r of all) newest.set(r.reviewer, r);
  const complete = all.filter((r) => newest.get(r.reviewer) === r);
  const superseded = all.filter((r) => newest.get(r.reviewer) !== r).map((r) => ({ reviewId: r.reviewId, reviewer: r.reviewer }));
  return { complete, superseded, inProgress, unreadable };
}

/** One line when an image of the review is no longer the file pinned at its start (or its pins are broken), else null. */
async function pinnedImagesProblem(caseDir: string, reviewId: string): Promise<string | null> {
  try {
    const pins = await readPins(caseDir, reviewId);
    return pins === null ? null : await pinProblem(caseDir, pins);
  } catch (err) {
    if (err instanceof BadInputError) return err.message;
    throw err;
  }
}

/** What a perceptual check waits for while no review is complete (the decision's reason names it). */
export const WAITING_FOR_REVIEW = 'a complete blind review of the image pairs';

export function waitingForReview(r: CaseReviews): string | null {
  if (r.complete.length > 0) return null;
  const going = r.inProgress.map((x) => `${x.reviewer}: ${x.answered} of ${x.total} answered`);
  const broken = r.unreadable.length > 0 ? ` ${r.unreadable.length} review(s) cannot be read (${r.unreadable[0]?.problem}).` : '';
  return `Waiting for review: no complete review of the image pairs yet${going.length > 0 ? ` (in progress: ${going.join('; ')})` : ''}; a person must review them blind in the app ("Review image pairs" on the case).${broken}`;
}
