/**
 * Where a review lives in the case folder: `reviews/<reviewId>/` with
 * - `review.json`: who reviews, the seed, the settings fixed at the start and the pairs table's hash, written
 *   once, atomically (app/fs/atomic.ts);
 * - `answers.jsonl`: the answers and undos, append-only, one durable line each, a torn tail moved aside to
 *   `answers.jsonl.torn` before the next append (app/fs/log.ts, the mechanism of audit.jsonl).
 * Folders are created confined to the case (mkdirInside); nothing is written through a symlink.
 * A review is only created when every image of its pairs table decodes (refuseUndecodableImages): an image that
 * does not would otherwise stall the review at its item.
 */
import { join } from 'node:path';
import { BadInputError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { listInside, mkdirInside, resolveInside } from '../fs/confine';
import { appendLineDurable, readLogLines, repairLogTail, serialisedOn, type TornTail } from '../fs/log';
import { DEFAULT_JSON_LIMITS, parseJsonBounded } from '../../common/json/bounded';
import { readCaseImage } from '../images/read-case-image';
import { readJsonFile } from '../tables/json-file';
import { shown } from '../text/display';
import { readPairSet } from '../cases/pair-set';
import { asRecord, type ReviewRecord } from './records';
import type { ReviewSettings } from '../cases/perceptual-settings';
import type { PerceptualAnswerOption } from '../../common/api/contract-perceptual';

export const REVIEWS_DIR = 'reviews';
export const REVIEW_FILE = 'review.json';
export const ANSWERS_FILE = 'answers.jsonl';
export const REVIEW_FORMAT = 'recheck.review/1';

const REVIEW_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Largest answers.jsonl read (a line is about 200 bytes: 10,000 pairs with every answer undone ten times fit). */
const MAX_ANSWERS_BYTES = 64 * 1024 * 1024;

/** The contents of review.json. */
export interface ReviewManifest {
  readonly format: typeof REVIEW_FORMAT;
  readonly reviewId: string;
  readonly reviewer: string;
  readonly seed: number;
  readonly createdAt: string;
  readonly settings: ReviewSettings;
  /** sha256 of the pairs table when the review started: the plan is of that table. */
  readonly pairsSha256: string;
  readonly pairCount: number;
  /** Items of the review, repeats included. */
  readonly total: number;
}

/** The review's folder relative to the case folder. Example: `reviewPath('r1')` is `reviews/r1`. */
export function reviewPath(reviewId: string): string {
  return `${REVIEWS_DIR}/${reviewId}`;
}

function checkId(reviewId: string): void {
  if (!REVIEW_ID.test(reviewId)) throw new BadInputError(REVIEWS_DIR, `"${reviewId.slice(0, 40)}" is not a review id`);
}

/**
 * Throws BadInputError, one line, when an image of the pairs table `pairsRel` does not decode (or is over the
 * per-image pixel budget, app/images/budget.ts). Images are decoded one at a time and dropped at once. The
 * message goes to the review page, so it names the table's line and the problem but neither the pair id nor the
 * file (their names carry the conditions: blind review); `recheck validate` names the file. Example:
 * `images/pairs.csv: line 5: an image of this pair does not decode (is a PNG that does not decode: ...): no review is started ...`.
 */
export async function refuseUndecodableImages(caseDir: string, pairsRel: string): Promise<void> {
  const set = await readPairSet(caseDir, pairsRel);
  const checked = new Set<string>();
  for (const pair of set.pairs) {
    for (const rel of [pair.imageA, pair.imageB]) {
      if (checked.has(rel)) continue;
      checked.add(rel);
      try {
        await readCaseImage(caseDir, rel);
      } catch (err) {
        if (!(err instanceof BadInputError)) throw err;
        const problem = `an image of this pair does not decode (${err.problem}): no review is started (run recheck validate on the case to see which file and why)`;
        throw new BadInputError(shown(pairsRel), problem, `line ${pair.line}`);
      }
    }
  }
}

/** Writes the review.json of a new review (its folder must not hold one yet), once every image decodes. */
export async function createReviewFolder(caseDir: string, m: ReviewManifest): Promise<void> {
  checkId(m.reviewId);
  await refuseUndecodableImages(caseDir, m.settings.pairs);
  const dir = await mkdirInside(caseDir, reviewPath(m.reviewId));
  const existing = await listInside(caseDir, reviewPath(m.reviewId));
  if (existing.files.length > 0) throw new BadInputError(reviewPath(m.reviewId), 'already exists');
  await writeJsonAtomic(join(dir, REVIEW_FILE), m);
}

/** The real path of a file of a review, confined to the case. */
function fileOf(caseDir: string, reviewId: string, name: string): string {
  checkId(reviewId);
  return resolveInside(caseDir, `${reviewPath(reviewId)}/${name}`, `${reviewPath(reviewId)}/${name}`);
}

/** Reads and checks review.json; BadInputError naming it when it is absent or not a review. */
export async function readManifest(caseDir: string, reviewId: string): Promise<ReviewManifest> {
  const shownAs = `${reviewPath(reviewId)}/${REVIEW_FILE}`;
  const path = fileOf(caseDir, reviewId, REVIEW_FILE);
  let v: unknown;
  try {
    v = await readJsonFile(path, shownAs);
  } catch (err) {
    if (err instanceof BadInputError && /no such file/.test(err.problem))
      throw new BadInputError(shownAs, `no review "${reviewId}" in this case`);
    throw err;
  }
  const problem = manifestProblem(v, reviewId);
  if (problem !== null) throw new BadInputError(shownAs, problem);
  return v as ReviewManifest;
}

function manifestProblem(v: unknown, reviewId: string): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not a review (expected a JSON object)';
  const m = v as Record<string, unknown>;
  if (m.format !== REVIEW_FORMAT) return `not a review (format must be ${REVIEW_FORMAT})`;
  if (m.reviewId !== reviewId) return `names review "${String(m.reviewId).slice(0, 40)}", not the folder's "${reviewId}"`;
  if (typeof m.reviewer !== 'string' || m.reviewer.trim() === '') return 'reviewer missing';
  if (!Number.isInteger(m.seed) || (m.seed as number) < 0 || (m.seed as number) > 0xffffffff)
    return 'seed must be an integer in [0, 4294967295]';
  if (typeof m.createdAt !== 'string') return 'createdAt missing';
  if (typeof m.pairsSha256 !== 'string') return 'pairsSha256 missing';
  if (!Number.isInteger(m.pairCount) || (m.pairCount as number) < 1) return 'pairCount must be a whole number from 1';
  if (!Number.isInteger(m.total) || (m.total as number) < (m.pairCount as number)) return 'total must be a whole number from pairCount';
  const s = m.settings as Record<string, unknown> | null;
  if (typeof s !== 'object' || s === null) return 'settings missing';
  if (typeof s.pairs !== 'string' || typeof s.question !== 'string') return 'settings.pairs and settings.question must be strings';
  if (s.mode !== 'rate-right' && s.mode !== 'compare') return 'settings.mode must be rate-right or compare';
  if (typeof s.repeatShare !== 'number' || !(s.repeatShare >= 0 && s.repeatShare <= 0.5)) return 'settings.repeatShare must be in [0, 0.5]';
  if (typeof s.fastMs !== 'number' || !(s.fastMs >= 0)) return 'settings.fastMs must be a number from 0';
  if (!Array.isArray(s.answers) || s.answers.length < 2 || !s.answers.every(isOption))
    return 'settings.answers must list at least two answers';
  return null;
}

function isOption(a: unknown): a is PerceptualAnswerOption {
  if (typeof a !== 'object' || a === null) return false;
  const o = a as Record<string, unknown>;
  return typeof o.value === 'string' && typeof o.key === 'string' && typeof o.label === 'string';
}

/** The ids of the case's reviews (folders of reviews/ holding a review.json), in name order. */
export async function listReviewIds(caseDir: string): Promise<string[]> {
  const { files } = await listInside(caseDir, REVIEWS_DIR, { maxEntries: 100_000 });
  return files
    .map((f) => f.path.split('/'))
    .filter((p) => p.length === 2 && p[1] === REVIEW_FILE && REVIEW_ID.test(p[0] as string))
    .map((p) => p[0] as string);
}

/** Appends one record durably (repairing a torn tail first); returns the repair it made, if any. */
export async function appendRecord(caseDir: string, reviewId: string, r: ReviewRecord): Promise<TornTail | null> {
  return appendLineDurable(fileOf(caseDir, reviewId, ANSWERS_FILE), JSON.stringify(r));
}

/** Moves a torn last line of answers.jsonl aside now (a writer reopening the review). */
export async function repairAnswers(caseDir: string, reviewId: string): Promise<TornTail | null> {
  return repairLogTail(fileOf(caseDir, reviewId, ANSWERS_FILE));
}

/**
 * The records of answers.jsonl in order, null for a line that is not a record. A last line without its newline
 * is torn (a crash mid-append) and left out even when it parses: the next append moves it aside.
 */
export async function readRecords(caseDir: string, reviewId: string): Promise<(ReviewRecord | null)[]> {
  const out: (ReviewRecord | null)[] = [];
  await readLogLines(
    fileOf(caseDir, reviewId, ANSWERS_FILE),
    (line, complete) => {
      if (!complete) return;
      try {
        out.push(asRecord(parseJsonBounded(line, DEFAULT_JSON_LIMITS)));
      } catch {
        out.push(null);
      }
    },
    { maxBytes: MAX_ANSWERS_BYTES },
  );
  return out;
}

/**
 * Runs `task` after the other tasks on the same review in this process: an answer's "is it the next item?"
 * test and its append must not interleave with another answer to the same review.
 */
export function serialisedReview<T>(caseDir: string, reviewId: string, task: () => Promise<T>): Promise<T> {
  return serialisedOn(`review\0${caseDir}\0${reviewId}`, task);
}
