/**
 * The perceptual capability: a case's image-pair set, judged blind one pair at a time by a person, and the
 * review's answers; its view and input types and its methods (implemented by app/api/slices/perceptual.ts).
 *
 * Blindness is enforced by the core, not by the UI: a ReviewItemView never says which condition (or which
 * image file) is on which side; the images of an item are fetched by the item's index and the side it is
 * shown on (reviewImage), as pixels re-encoded in the core (no metadata, a byte size that depends on the width
 * and height only), so neither the file names, their bytes nor the conditions reach the page during the
 * review; the seed is withheld until every item is answered.
 * The mapping (pair, condition on the left, condition on the right) is written with every answer and is
 * revealed only by the review's export and by the checks that read it.
 */
import { method, returns } from './method';
import { ApiArgumentError, arity, id, itemIndex, name, optional, record, text } from './validate';

/** How the case asks its question: about the image shown on the right, or comparing the two. */
export type PerceptualMode = 'rate-right' | 'compare';

/** One answer a reviewer can give, with the key that gives it (shown in the legend). */
export interface PerceptualAnswerOption {
  /** The value written to the answers file and read by the checks, e.g. "usable", "left", "same". */
  value: string;
  /** One keyboard key, e.g. "1", "a", "=". */
  key: string;
  label: string;
}

/** The case's image-pair set, as the review screen needs it (from case.json's `perceptual` block). */
export interface ImagePairSetView {
  /** The pairs table, relative to the case folder (e.g. "images/pairs.csv"). */
  pairs: string;
  /** Number of pairs in the table. */
  count: number;
  question: string;
  mode: PerceptualMode;
  answers: PerceptualAnswerOption[];
  /** Share of pairs shown a second time later in the review (0..0.5), half of them with the sides swapped. */
  repeatShare: number;
  /** Answers faster than this are counted as too fast by the consistency check. */
  fastMs: number;
}

/** A review of a case's image-pair set by one reviewer: its seed and settings fix the order and the sides. */
export interface ReviewSummaryView {
  reviewId: string;
  reviewer: string;
  /**
   * The seed of the order and the sides, once every item is answered (absent before: with the pairs table it
   * would give every item's pair and sides). The CLI's listing gives it always.
   */
  seed?: number;
  repeatShare: number;
  createdAt: string;
  /** Items in the review, repeats included. */
  total: number;
  /** Items answered (undone answers do not count). */
  answered: number;
  /** Path of the exported CSV relative to the case folder, once exported. */
  exported?: string;
}

/** One item to judge: nothing in it says which condition is on which side. */
export interface ReviewItemView {
  /** Position in the review, 0-based; the images are fetched by it (reviewImage). */
  index: number;
  /** What the reviewer may see of the pair: its prompt when the table gives one. */
  prompt?: string;
  width: number;
  height: number;
}

export interface ReviewSessionView extends ReviewSummaryView {
  caseId: string;
  set: ImagePairSetView;
  /** The next unanswered item, or null when the review is complete. */
  next: ReviewItemView | null;
  /** The last answer given (the one "undo" removes), or null. */
  last: { index: number; answer: string; note?: string } | null;
}

export interface StartReviewInput {
  caseId: string;
  reviewer: string;
  /** The seed of the order and the sides; default: a fresh one, stored with the review. */
  seed?: number;
  /** Default: the case's repeatShare. */
  repeatShare?: number;
}

export interface AnswerReviewInput {
  caseId: string;
  reviewId: string;
  /** The item answered: must be the session's `next.index` (an answer to any other item is refused). */
  index: number;
  answer: string;
  note?: string;
  /** Time from the item being shown to the answer, measured by the page. */
  elapsedMs: number;
}

/**
 * The image of one item on one side: the file's pixels as decoded in the core, re-encoded as an uncompressed PNG
 * (app/perceptual/blind-image.ts), never the file's own bytes.
 */
export interface ReviewImageView {
  mediaType: string;
  base64: string;
}

export interface ReviewExportView {
  /** The CSV written in the case, relative to the case folder. */
  path: string;
  rows: number;
  sha256: string;
}

/** Validates `[caseId, reviewId]`. */
function reviewRef(a: unknown[], m: string): [caseId: string, reviewId: string] {
  arity(m, a, 2);
  return [id(m, 'caseId', a[0]), id(m, 'reviewId', a[1])];
}

/** The methods of perceptual review. */
export const PERCEPTUAL = {
  /** The case's image-pair set for perceptual review, or null when the case has none. */
  imagePairSet: method({
    validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]),
    result: returns<ImagePairSetView | null>(),
  }),
  /** The perceptual reviews of a case (one per reviewer and seed), newest first. */
  listReviews: method({
    validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]),
    result: returns<ReviewSummaryView[]>(),
  }),
  /** Starts a blind review of the case's image pairs (order, sides and repeats fixed by its seed); logged. */
  startReview: method({
    validate: (a, m): [input: StartReviewInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'reviewer', 'seed', 'repeatShare']);
      const who = name(m, 'reviewer', r.reviewer, 200).trim();
      if (who === '') throw new ApiArgumentError(m, 'reviewer must not be empty');
      const seed = optional(r.seed, (x) => {
        if (!Number.isInteger(x) || (x as number) < 0 || (x as number) > 0xffffffff)
          throw new ApiArgumentError(m, 'seed must be an integer in [0, 4294967295]');
        return x as number;
      });
      const repeatShare = optional(r.repeatShare, (x) => {
        if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 0.5)
          throw new ApiArgumentError(m, 'repeatShare must be a number in [0, 0.5]');
        return x;
      });
      const input: StartReviewInput = {
        caseId: id(m, 'caseId', r.caseId),
        reviewer: who,
        ...(seed !== undefined ? { seed } : {}),
        ...(repeatShare !== undefined ? { repeatShare } : {}),
      };
      return [input];
    },
    result: returns<ReviewSessionView>(),
  }),
  /** Reopens a review where it stopped (resume after closing). */
  openReview: method({ validate: reviewRef, result: returns<ReviewSessionView>() }),
  /** Records the answer to the review's next item (appended at once, torn-tail safe). */
  answerReview: method({
    validate: (a, m): [input: AnswerReviewInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'reviewId', 'index', 'answer', 'note', 'elapsedMs']);
      const e = r.elapsedMs;
      if (typeof e !== 'number' || !Number.isFinite(e) || e < 0 || e > 7 * 24 * 3600 * 1000)
        throw new ApiArgumentError(m, 'elapsedMs must be a number of milliseconds from 0 to a week');
      const note = optional(r.note, (x) => text(m, 'note', x, 5_000));
      const input: AnswerReviewInput = {
        caseId: id(m, 'caseId', r.caseId),
        reviewId: id(m, 'reviewId', r.reviewId),
        index: itemIndex(m, r.index),
        answer: name(m, 'answer', r.answer, 100),
        elapsedMs: e,
        ...(note !== undefined ? { note } : {}),
      };
      return [input];
    },
    result: returns<ReviewSessionView>(),
  }),
  /** Takes back the review's last answer (an undo record is appended; nothing is rewritten). */
  undoReviewAnswer: method({ validate: reviewRef, result: returns<ReviewSessionView>() }),
  /** One image of a review item, by the side it is shown on; never by its file name. */
  reviewImage: method({
    validate: (a, m): [caseId: string, reviewId: string, index: number, side: 'left' | 'right'] => {
      arity(m, a, 4);
      if (a[3] !== 'left' && a[3] !== 'right') throw new ApiArgumentError(m, 'side must be left or right');
      return [id(m, 'caseId', a[0]), id(m, 'reviewId', a[1]), itemIndex(m, a[2]), a[3]];
    },
    result: returns<ReviewImageView>(),
  }),
  /** Writes the review's answers as a CSV in the case (with its seed and settings); logged. */
  exportReview: method({ validate: reviewRef, result: returns<ReviewExportView>() }),
};
