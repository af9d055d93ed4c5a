/**
 * The perceptual-review methods of the RecheckApi over one case folder (the service's perceptual slice,
 * app/api/slices/perceptual.ts, finds the folder and loads case.json, then calls these). Every answer and undo
 * is appended before the call returns; the session returned is the replay of what is on disk, so a closed page
 * resumes where it stopped.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import type {
  AnswerReviewInput,
  ImagePairSetView,
  ReviewExportView,
  ReviewImageView,
  ReviewSessionView,
  ReviewSummaryView,
  StartReviewInput,
} from '../../common/api/contract-perceptual';
import { appendAudit } from '../cases/audit';
import type { CaseFile } from '../cases/model';
import { BadInputError } from '../errors';
import { listInside } from '../fs/confine';
import { EXPORT_FILE, exportReviewCsv } from './export';
import { readPairSet } from '../cases/pair-set';
import { reviewPlan } from './plan';
import { loadReviewState, type ReviewState } from './review-state';
import { perceptualProblem, perceptualSettings, type ReviewSettings } from '../cases/perceptual-settings';
import { pinnedHashes } from './blind-read';
import { imagePaths, pinsOf, readPinnable, writePins } from './pins';
import {
  appendRecord,
  createReviewFolder,
  listReviewIds,
  readManifest,
  repairAnswers,
  reviewPath,
  REVIEW_FORMAT,
  serialisedReview,
  type ReviewManifest,
} from './store';
import { imageView, pairSetView, sessionView, summaryView } from './views';

/** The case's settings, or BadInputError naming case.json when it has no perceptual block or a bad one. */
function settingsOf(caseDir: string, file: CaseFile): ReviewSettings {
  const shownAs = join(caseDir, 'case.json');
  if (file.perceptual === undefined) throw new BadInputError(shownAs, 'the case has no image-pair set (no "perceptual" block)');
  const problem = perceptualProblem(file.perceptual);
  if (problem !== null) throw new BadInputError(shownAs, problem.problem, problem.pointer);
  return perceptualSettings(file.perceptual);
}

export async function imagePairSetOf(caseDir: string, file: CaseFile): Promise<ImagePairSetView | null> {
  if (file.perceptual === undefined) return null;
  const settings = settingsOf(caseDir, file);
  return pairSetView(settings, (await readPairSet(caseDir, settings.pairs)).pairs.length);
}

/** A new review id: `review-<UTC time>-<6 hex>`, e.g. `review-20261129T160000Z-a1b2c3`. */
export function newReviewId(now: Date): string {
  return `review-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

export async function startReview(caseDir: string, file: CaseFile, input: StartReviewInput, who: string): Promise<ReviewSessionView> {
  const base = settingsOf(caseDir, file);
  const settings = { ...base, repeatShare: input.repeatShare ?? base.repeatShare };
  const set = await readPairSet(caseDir, settings.pairs);
  const seed = input.seed ?? randomInt(0, 0x100000000);
  const now = new Date();
  const total = reviewPlan({ pairCount: set.pairs.length, seed, repeatShare: settings.repeatShare, mode: settings.mode }).length;
  const manifest: ReviewManifest = {
    format: REVIEW_FORMAT,
    reviewId: newReviewId(now),
    reviewer: input.reviewer,
    seed,
    createdAt: now.toISOString(),
    settings,
    pairsSha256: set.sha256,
    pairCount: set.pairs.length,
    total,
  };
  // Every image is hashed before the review exists: one that cannot be read refuses the start, without its name
  // (the message goes to the page; `recheck validate` names it).
  const hashes: Record<string, string> = {};
  for (const rel of imagePaths(set.pairs)) {
    try {
      hashes[rel] = (await readPinnable(caseDir, rel)).sha256;
    } catch (err) {
      if (err instanceof BadInputError)
        throw new BadInputError(
          `case ${input.caseId}`,
          'an image of the pairs table cannot be read: no review is started (run recheck validate on the case to see which file and why)',
        );
      throw err;
    }
  }
  await createReviewFolder(caseDir, manifest);
  await writePins(caseDir, manifest.reviewId, hashes);
  await appendAudit(caseDir, {
    at: manifest.createdAt,
    who,
    action: 'edit',
    caseId: input.caseId,
    hashes: { [settings.pairs]: set.sha256, ...hashes },
    details: {
      edit: 'start-review',
      reviewId: manifest.reviewId,
      reviewer: manifest.reviewer,
      seed,
      repeatShare: settings.repeatShare,
      total,
    },
  });
  return openReview(caseDir, input.caseId, manifest.reviewId);
}

/** The path of the review's exported CSV when there is one. */
async function exportedPath(caseDir: string, reviewId: string): Promise<string | undefined> {
  const { files } = await listInside(caseDir, reviewPath(reviewId));
  return files.some((f) => f.path === EXPORT_FILE) ? `${reviewPath(reviewId)}/${EXPORT_FILE}` : undefined;
}

export async function openReview(caseDir: string, caseId: string, reviewId: string): Promise<ReviewSessionView> {
  // A writer reopening the review moves a torn last line (a crash mid-append) aside first; read-only: skipped.
  await repairAnswers(caseDir, reviewId).catch(() => null);
  const state = await loadReviewState(caseDir, reviewId);
  const pins = await pinsOf(caseDir, reviewId, state.pairs);
  return sessionView(caseDir, caseId, state, pins, await exportedPath(caseDir, reviewId));
}

/**
 * The case's reviews, newest first. The seed of an incomplete review is left out (the app's listing) unless
 * `seeds` is 'always' (the CLI's, for whoever holds the case folder).
 */
export async function listReviews(caseDir: string, seeds: 'when-complete' | 'always' = 'always'): Promise<ReviewSummaryView[]> {
  const out: ReviewSummaryView[] = [];
  for (const id of await listReviewIds(caseDir)) {
    let state: ReviewState;
    try {
      state = await loadReviewState(caseDir, id);
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      // A review whose pairs table changed is still listed, with what it had (its answers no longer replay).
      const m = await readManifest(caseDir, id).catch(() => null);
      if (m === null) continue;
      out.push({
        reviewId: m.reviewId,
        reviewer: m.reviewer,
        ...(seeds === 'always' ? { seed: m.seed } : {}),
        repeatShare: m.settings.repeatShare,
        createdAt: m.createdAt,
        total: m.total,
        answered: 0,
      });
      continue;
    }
    out.push(summaryView(state, await exportedPath(caseDir, id), seeds));
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.reviewId < b.reviewId ? 1 : -1));
}

export async function answerReview(caseDir: string, input: AnswerReviewInput): Promise<ReviewSessionView> {
  return serialisedReview(caseDir, input.reviewId, async () => {
    const state = await loadReviewState(caseDir, input.reviewId);
    const where = `review ${input.reviewId}`;
    const nextIndex = state.replay.answers.length;
    const item = state.items[nextIndex];
    if (item === undefined)
      throw new BadInputError(where, 'the review is complete: nothing left to answer (undo the last answer to change it)');
    if (input.index !== nextIndex)
      throw new BadInputError(where, `item ${input.index + 1} is not the next item (item ${nextIndex + 1}): reload the review`);
    const values = state.manifest.settings.answers.map((a) => a.value);
    if (!values.includes(input.answer))
      throw new BadInputError(where, `"${input.answer.slice(0, 40)}" is not an answer of this review (${values.join(', ')})`);
    const note = input.note?.trim();
    // The answer pins the two images it was given: both files must still have the hashes pinned at the start.
    const pins = await pinsOf(caseDir, input.reviewId, state.pairs);
    const record = {
      index: nextIndex,
      pair: item.pair,
      shownLeft: item.shownLeft,
      shownRight: item.shownRight,
      ...(await pinnedHashes(caseDir, pins, item)),
      answer: input.answer,
      ...(note ? { note } : {}),
      elapsedMs: Math.round(input.elapsedMs),
      at: new Date().toISOString(),
    };
    await appendRecord(caseDir, input.reviewId, record);
    // What a replay of the file now gives: the answers in force and this one.
    const after: ReviewState = { ...state, replay: { ...state.replay, answers: [...state.replay.answers, record] } };
    return sessionView(caseDir, input.caseId, after, pins, await exportedPath(caseDir, input.reviewId));
  });
}

export async function undoReviewAnswer(caseDir: string, caseId: string, reviewId: string): Promise<ReviewSessionView> {
  return serialisedReview(caseDir, reviewId, async () => {
    const state = await loadReviewState(caseDir, reviewId);
    const last = state.replay.answers[state.replay.answers.length - 1];
    if (last === undefined) throw new BadInputError(`review ${reviewId}`, 'no answer to undo');
    await appendRecord(caseDir, reviewId, { undo: last.index, at: new Date().toISOString() });
    const after: ReviewState = {
      ...state,
      replay: { ...state.replay, answers: state.replay.answers.slice(0, -1), undos: state.replay.undos + 1 },
    };
    return sessionView(caseDir, caseId, after, await pinsOf(caseDir, reviewId, state.pairs), await exportedPath(caseDir, reviewId));
  });
}

export async function reviewImage(caseDir: string, reviewId: string, index: number, side: 'left' | 'right'): Promise<ReviewImageView> {
  const state = await loadReviewState(caseDir, reviewId);
  const item = state.items[index];
  if (item === undefined) throw new BadInputError(`review ${reviewId}`, `no item ${index + 1} (the review has ${state.items.length})`);
  return imageView(caseDir, await pinsOf(caseDir, reviewId, state.pairs), item, side);
}

export async function exportReview(caseDir: string, caseId: string, reviewId: string, who: string): Promise<ReviewExportView> {
  return serialisedReview(caseDir, reviewId, async () => exportReviewCsv(caseDir, caseId, await loadReviewState(caseDir, reviewId), who));
}
