/**
 * What the review screen may see. Blindness is enforced here: a session or item view carries positions,
 * counts, the question, the answers given and the pair's prompt, never a condition, a pair id, an image file
 * name or (until the review is complete) the seed. Images go out by item and side only (reviewImage), checked
 * against the review's pins and re-encoded from their pixels (blind-read.ts), never as the files' bytes.
 */
import type {
  ImagePairSetView,
  ReviewImageView,
  ReviewItemView,
  ReviewSessionView,
  ReviewSummaryView,
} from '../../common/api/contract-perceptual';
import { blindItemImage, blindItemSize } from './blind-read';
import type { ImagePins } from './pins';
import type { PlannedItem, ReviewState } from './review-state';
import type { ReviewSettings } from '../cases/perceptual-settings';

export function pairSetView(s: ReviewSettings, count: number): ImagePairSetView {
  return {
    pairs: s.pairs,
    count,
    question: s.question,
    mode: s.mode,
    answers: s.answers.map((a) => ({ ...a })),
    repeatShare: s.repeatShare,
    fastMs: s.fastMs,
  };
}

/**
 * A review's summary. Its seed (which, with the pairs table, gives every item's pair and sides) is left out until
 * every item is answered, unless `seeds` is 'always' (the CLI's listing, for whoever holds the case folder).
 */
export function summaryView(
  state: ReviewState,
  exported: string | undefined,
  seeds: 'when-complete' | 'always' = 'when-complete',
): ReviewSummaryView {
  const m = state.manifest;
  const complete = state.replay.answers.length >= m.total;
  return {
    reviewId: m.reviewId,
    reviewer: m.reviewer,
    ...(complete || seeds === 'always' ? { seed: m.seed } : {}),
    repeatShare: m.settings.repeatShare,
    createdAt: m.createdAt,
    total: m.total,
    answered: state.replay.answers.length,
    ...(exported !== undefined ? { exported } : {}),
  };
}

export async function sessionView(
  caseDir: string,
  caseId: string,
  state: ReviewState,
  pins: ImagePins,
  exported: string | undefined,
): Promise<ReviewSessionView> {
  const answers = state.replay.answers;
  const next = state.items[answers.length];
  const last = answers[answers.length - 1];
  return {
    ...summaryView(state, exported),
    caseId,
    set: pairSetView(state.manifest.settings, state.manifest.pairCount),
    next: next === undefined ? null : await itemView(caseDir, pins, next),
    last: last === undefined ? null : { index: last.index, answer: last.answer, ...(last.note !== undefined ? { note: last.note } : {}) },
  };
}

/**
 * The blind view of one item: its position, the pair's prompt and the size of its left image. The pair's
 * generation seed is not shown: it would name the pairs table's row (as good as the pair id).
 */
async function itemView(caseDir: string, pins: ImagePins, item: PlannedItem): Promise<ReviewItemView> {
  const { width, height } = await blindItemSize(caseDir, pins, item, 'left');
  const prompt = item.pairRow.prompt;
  return { index: item.index, width, height, ...(prompt !== undefined ? { prompt } : {}) };
}

/** The image shown on `side` of an item: its pixels re-encoded (blind-image.ts), never the file's bytes. */
export async function imageView(caseDir: string, pins: ImagePins, item: PlannedItem, side: 'left' | 'right'): Promise<ReviewImageView> {
  const { png } = await blindItemImage(caseDir, pins, item, side);
  return { mediaType: 'image/png', base64: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64') };
}
