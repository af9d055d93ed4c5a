/**
 * An image of a review item as the page may receive it: the file shown on that side, read confined to the case,
 * checked against the review's pin (its sha256 when the review started), decoded in the core and re-encoded as a
 * blind PNG (blind-image.ts: pixels only, a size that depends on width and height only). Errors go to the review
 * screen, so they name the item and the side, never the file (whose name may name its condition); `recheck
 * validate` names it.
 *
 *   const { png, width, height, sha256 } = await blindItemImage(caseDir, pins, item, 'left');
 */
import { BadInputError } from '../errors';
import { decodeImage, imageSize, ImageFormatError } from '../images/decode';
import { blindPng } from './blind-image';
import { readPinnable, type ImagePins } from './pins';
import type { PlannedItem } from './review-state';

/** Largest image a review shows (16 megapixels: 64 MB of RGBA, sent uncompressed); larger ones are refused. */
export const MAX_REVIEW_PIXELS = 16 * 1024 * 1024;

export type Side = 'left' | 'right';

function where(item: PlannedItem): string {
  return `item ${item.index + 1}`;
}

/** The file of `side` of `item`, with its bytes, after checking them against the pin. */
async function pinnedBytes(caseDir: string, pins: ImagePins, item: PlannedItem, side: Side): Promise<{ bytes: Buffer; sha256: string }> {
  const rel = side === 'left' ? item.leftImage : item.rightImage;
  let file;
  try {
    file = await readPinnable(caseDir, rel);
  } catch (err) {
    if (err instanceof BadInputError)
      throw new BadInputError(where(item), `the ${side} image cannot be read (run recheck validate on the case to see which file and why)`);
    throw err;
  }
  const pinned = pins.images[rel];
  if (pinned === undefined || pinned !== file.sha256) {
    throw new BadInputError(
      where(item),
      `the ${side} image changed since this review started (its sha256 is not the one recorded at the start): it is not shown; start a new review`,
    );
  }
  return file;
}

/** The sha256 of both images of `item`, each checked against the pin (for an answer to record). */
export async function pinnedHashes(
  caseDir: string,
  pins: ImagePins,
  item: PlannedItem,
): Promise<{ leftSha256: string; rightSha256: string }> {
  const left = await pinnedBytes(caseDir, pins, item, 'left');
  const right = await pinnedBytes(caseDir, pins, item, 'right');
  return { leftSha256: left.sha256, rightSha256: right.sha256 };
}

/** The size of the image on `side` of `item`, from its header (nothing decoded), after the pin check. */
export async function blindItemSize(
  caseDir: string,
  pins: ImagePins,
  item: PlannedItem,
  side: Side,
): Promise<{ width: number; height: number }> {
  const { bytes } = await pinnedBytes(caseDir, pins, item, side);
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch (err) {
    if (err instanceof ImageFormatError)
      throw new BadInputError(
        where(item),
        `the ${side} image cannot be shown (run recheck validate on the case to see which file and why)`,
      );
    throw err;
  }
}

/** The pixels of the image on `side` of `item` as a blind PNG, and the pinned sha256 of the file they come from. */
export async function blindItemImage(
  caseDir: string,
  pins: ImagePins,
  item: PlannedItem,
  side: Side,
): Promise<{ png: Uint8Array; width: number; height: number; sha256: string }> {
  const { bytes, sha256 } = await pinnedBytes(caseDir, pins, item, side);
  let image;
  try {
    const size = imageSize(bytes);
    if (size.width * size.height > MAX_REVIEW_PIXELS) throw new ImageFormatError(`is ${size.width}x${size.height}`);
    image = await decodeImage(bytes);
  } catch (err) {
    if (err instanceof ImageFormatError)
      throw new BadInputError(
        where(item),
        `the ${side} image cannot be shown: it does not decode or is larger than ${MAX_REVIEW_PIXELS / (1024 * 1024)} megapixels (run recheck validate on the case to see which file and why)`,
      );
    throw err;
  }
  return { png: blindPng(image), width: image.width, height: image.height, sha256 };
}
