/**
 * What the review screen may see. Blindness is enforced here: a session or item view carries positions,
 * counts, the question, the answers given and the pair's prompt, never a condition, a pair id or an image file
 * name. Images go out by item and side only (reviewImage), read through the shared case-file reader (confined,
 * magic bytes checked) and sized from their header.
 */
import type { ImagePairSetView, ReviewImageView, ReviewItemView, ReviewSessionView, ReviewSummaryView } from '../api/contract-perceptual';
import { readCaseFile } from '../cases/read-file';
import { BadInputError } from '../errors';
import { imageSize, ImageFormatError } from '../images/decode';
import type { PlannedItem, ReviewState } from './review-state';
import type { ReviewSettings } from './settings';

/** Largest image of a pair sent to the page. */
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

export function pairSetView(s: ReviewSettings, count: number): ImagePairSetView {
  return { pairs: s.pairs, count, question: s.question, mode: s.mode, answers: s.answers.map((a) => ({ ...a })), repeatShare: s.repeatShare, fastMs: s.fastMs };
}

export function summaryView(state: ReviewState, exported: string | undefined): ReviewSummaryView {
  const m = state.manifest;
  return {
    reviewId: m.reviewId,
    reviewer: m.reviewer,
    seed: m.seed,
    repeatShare: m.settings.repeatShare,
    createdAt: m.createdAt,
    total: m.total,
    answered: state.replay.answers.length,
    ...(exported !== undefined ? { exported } : {}),
  };
}

export async function sessionView(caseDir: string, caseId: string, state: ReviewState, exported: string | undefined): Promise<ReviewSessionView> {
  const answers = state.replay.answers;
  const next = state.items[answers.length];
  const last = answers[answers.length - 1];
  return {
    ...summaryView(state, exported),
    caseId,
    set: pairSetView(state.manifest.settings, state.manifest.pairCount),
    next: next === undefined ? null : await itemView(caseDir, next),
    last: last === undefined ? null : { index: last.index, answer: last.answer, ...(last.note !== undefined ? { note: last.note } : {}) },
  };
}

/** The blind view of one item: its position, the pair's prompt (or seed) and the size of its images. */
async function itemView(caseDir: string, item: PlannedItem): Promise<ReviewItemView> {
  const { width, height } = (await blindRead(caseDir, item, 'left')).size;
  const prompt = item.pairRow.prompt ?? (item.pairRow.seed !== undefined ? `seed ${item.pairRow.seed}` : undefined);
  return { index: item.index, width, height, ...(prompt !== undefined ? { prompt } : {}) };
}

/** The image shown on `side` of an item. */
export async function imageView(caseDir: string, item: PlannedItem, side: 'left' | 'right'): Promise<ReviewImageView> {
  const { mediaType, base64 } = await blindRead(caseDir, item, side);
  return { mediaType, base64 };
}

/**
 * readPairImage with a blind error: the file's name (which may name its condition) is left out of a message that
 * goes to the review screen; `recheck validate` names it.
 */
async function blindRead(caseDir: string, item: PlannedItem, side: 'left' | 'right'): Promise<Awaited<ReturnType<typeof readPairImage>>> {
  try {
    return await readPairImage(caseDir, side === 'left' ? item.leftImage : item.rightImage);
  } catch (err) {
    if (err instanceof BadInputError) throw new BadInputError(`item ${item.index + 1}`, `the ${side} image cannot be shown (run recheck validate on the case to see which file and why)`);
    throw err;
  }
}

/**
 * An image of a pair: a PNG, JPEG or WebP file of the case whose header gives its size. Errors name the file.
 */
async function readPairImage(caseDir: string, rel: string): Promise<{ mediaType: string; base64: string; size: { width: number; height: number } }> {
  const file = await readCaseFile(caseDir, rel, { maxBytes: MAX_IMAGE_BYTES });
  if (file.kind !== 'image') throw new BadInputError(rel, 'is not an image (PNG, JPEG or WebP)');
  let size;
  try {
    size = imageSize(Buffer.from(file.base64, 'base64'));
  } catch (err) {
    if (err instanceof ImageFormatError) throw new BadInputError(rel, err.problem);
    throw err;
  }
  if (size.mediaType !== file.mediaType) throw new BadInputError(rel, `is named as ${file.mediaType} but holds ${size.mediaType}`);
  return { mediaType: size.mediaType, base64: file.base64, size };
}
