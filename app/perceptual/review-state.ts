/**
 * A review as it stands: its manifest, the pairs table it was planned on, its plan (recomputed from the seed)
 * and the answers in force (the replay of answers.jsonl). Resume is this: nothing else is kept.
 */
import { BadInputError } from '../errors';
import { readPairSet, type ImagePair } from '../cases/pair-set';
import { reviewPlan, type PlanItem } from './plan';
import { replay, type ExpectedItem, type Replay } from './records';
import { readManifest, readRecords, reviewPath, REVIEW_FILE, type ReviewManifest } from './store';

/** One position of the plan with its pair, its images and the conditions on each side. */
export interface PlannedItem extends ExpectedItem {
  readonly index: number;
  readonly item: PlanItem;
  readonly pairRow: ImagePair;
  readonly leftImage: string;
  readonly rightImage: string;
}

export interface ReviewState {
  readonly manifest: ReviewManifest;
  /** The pairs table's rows (the one the review was planned on: its hash is checked). */
  readonly pairs: readonly ImagePair[];
  readonly items: readonly PlannedItem[];
  readonly replay: Replay;
}

/** The items of a plan over `pairs`. */
export function plannedItems(pairs: readonly ImagePair[], plan: readonly PlanItem[]): PlannedItem[] {
  return plan.map((item, index) => {
    const p = pairs[item.pair] as ImagePair;
    const [shownLeft, shownRight] = item.aOnLeft ? [p.conditionA, p.conditionB] : [p.conditionB, p.conditionA];
    const [leftImage, rightImage] = item.aOnLeft ? [p.imageA, p.imageB] : [p.imageB, p.imageA];
    return { index, item, pairRow: p, pair: p.id, shownLeft, shownRight, leftImage, rightImage };
  });
}

/**
 * Loads review `reviewId` of the case folder. BadInputError when the pairs table changed since the review
 * started (its plan would no longer be the one answered).
 */
export async function loadReviewState(caseDir: string, reviewId: string): Promise<ReviewState> {
  const manifest = await readManifest(caseDir, reviewId);
  const set = await readPairSet(caseDir, manifest.settings.pairs);
  if (set.sha256 !== manifest.pairsSha256 || set.pairs.length !== manifest.pairCount) {
    throw new BadInputError(
      `${reviewPath(reviewId)}/${REVIEW_FILE}`,
      `the pairs table ${manifest.settings.pairs} changed since this review started: start a new review`,
    );
  }
  const plan = reviewPlan({
    pairCount: set.pairs.length,
    seed: manifest.seed,
    repeatShare: manifest.settings.repeatShare,
    mode: manifest.settings.mode,
  });
  if (plan.length !== manifest.total)
    throw new BadInputError(`${reviewPath(reviewId)}/${REVIEW_FILE}`, `total ${manifest.total} is not the plan's ${plan.length} items`);
  const items = plannedItems(set.pairs, plan);
  const values = new Set(manifest.settings.answers.map((a) => a.value));
  return { manifest, pairs: set.pairs, items, replay: replay(await readRecords(caseDir, reviewId), items, values) };
}
