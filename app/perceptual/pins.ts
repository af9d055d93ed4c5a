/**
 * The images a review is pinned to: when a review starts, the sha256 of every image file of its pairs table is
 * written to `reviews/<id>/images.json` (atomically, once). From then on an image is sent to the page, and an
 * answer is taken, only while the file still has its pinned hash; each answer records the hashes of the two
 * images it was given. So an image swapped during a review is refused with one line (never shown, never
 * answered), and one swapped after it is noticed by the checks (pinProblem), which then leave the review out.
 *
 *   { "format": "recheck.review-images/1", "reviewId": "review-...", "images": { "images/fp/s00.png": "9f2c..." } }
 *
 * A review started before pins existed has no images.json: it is pinned to the files as they are when it is next
 * opened or answered (trust on first use), and says so in its file (`pinnedLate`).
 */
import { BadInputError } from '../errors';
import { writeJsonAtomic } from '../fs/atomic';
import { readInside, resolveInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { MAX_IMAGE_BYTES } from '../images/read-case-image';
import { readJsonFile } from '../tables/json-file';
import { shown } from '../text/display';
import type { ImagePair } from '../cases/pair-set';
import { reviewPath } from './store';

export const PINS_FILE = 'images.json';
export const PINS_FORMAT = 'recheck.review-images/1';

const HEX64 = /^[0-9a-f]{64}$/;

export interface ImagePins {
  readonly format: typeof PINS_FORMAT;
  readonly reviewId: string;
  /** sha256 of each image file, by its path relative to the case folder. */
  readonly images: Readonly<Record<string, string>>;
  /** Set when the review was started before pins existed and was pinned at a later open. */
  readonly pinnedLate?: string;
}

/** An image file of a pair, its bytes and their sha256. Errors name the file (callers decide who may see it). */
export async function readPinnable(caseDir: string, rel: string): Promise<{ bytes: Buffer; sha256: string }> {
  const bytes = await readInside(caseDir, rel, { maxBytes: MAX_IMAGE_BYTES, shownAs: shown(rel) });
  return { bytes, sha256: sha256(bytes) };
}

function pinsPath(caseDir: string, reviewId: string): string {
  const rel = `${reviewPath(reviewId)}/${PINS_FILE}`;
  return resolveInside(caseDir, rel, rel);
}

/** The distinct image paths of a pairs table, in table order. */
export function imagePaths(pairs: readonly ImagePair[]): string[] {
  return [...new Set(pairs.flatMap((p) => [p.imageA, p.imageB]))];
}

/** Hashes every image of `pairs` and writes the review's images.json. Errors name the file (for the log, not the page). */
export async function pinImages(caseDir: string, reviewId: string, pairs: readonly ImagePair[], late?: string): Promise<ImagePins> {
  const images: Record<string, string> = {};
  for (const rel of imagePaths(pairs)) images[rel] = (await readPinnable(caseDir, rel)).sha256;
  return writePins(caseDir, reviewId, images, late);
}

/** Writes the review's images.json with the hashes given (path relative to the case -> sha256). */
export async function writePins(
  caseDir: string,
  reviewId: string,
  images: Readonly<Record<string, string>>,
  late?: string,
): Promise<ImagePins> {
  const pins: ImagePins = { format: PINS_FORMAT, reviewId, images, ...(late !== undefined ? { pinnedLate: late } : {}) };
  await writeJsonAtomic(pinsPath(caseDir, reviewId), pins);
  return pins;
}

/** The review's pins, or null when it has no images.json; BadInputError naming the file when it is not pins. */
export async function readPins(caseDir: string, reviewId: string): Promise<ImagePins | null> {
  const shownAs = `${reviewPath(reviewId)}/${PINS_FILE}`;
  let v: unknown;
  try {
    v = await readJsonFile(pinsPath(caseDir, reviewId), shownAs);
  } catch (err) {
    if (err instanceof BadInputError && /no such file/.test(err.problem)) return null;
    throw err;
  }
  const p = v as Partial<ImagePins> | null;
  const ok =
    typeof p === 'object' &&
    p !== null &&
    p.format === PINS_FORMAT &&
    p.reviewId === reviewId &&
    typeof p.images === 'object' &&
    p.images !== null &&
    Object.values(p.images).every((h) => typeof h === 'string' && HEX64.test(h));
  if (!ok) throw new BadInputError(shownAs, `not the image pins of review "${reviewId}" (format ${PINS_FORMAT}, sha256 per image)`);
  return p as ImagePins;
}

/** The review's pins, pinning the files as they are now when the review has none yet (a review from before pins). */
export async function pinsOf(caseDir: string, reviewId: string, pairs: readonly ImagePair[]): Promise<ImagePins> {
  return (await readPins(caseDir, reviewId)) ?? pinImages(caseDir, reviewId, pairs, new Date().toISOString());
}

/**
 * The first image of the review whose file no longer has its pinned sha256 (or cannot be read), as one line
 * naming it, or null. For the checks, which must not count judgments of images that are no longer the case's.
 */
export async function pinProblem(caseDir: string, pins: ImagePins): Promise<string | null> {
  for (const [rel, pinned] of Object.entries(pins.images)) {
    let now: string;
    try {
      now = (await readPinnable(caseDir, rel)).sha256;
    } catch (err) {
      if (!(err instanceof BadInputError)) throw err;
      return `${shown(rel)} of review ${pins.reviewId} cannot be read (${err.problem})`;
    }
    if (now !== pinned)
      return `${shown(rel)} changed since review ${pins.reviewId} started (sha256 ${now.slice(0, 12)}…, pinned ${pinned.slice(0, 12)}…): its judgments are of another image`;
  }
  return null;
}
