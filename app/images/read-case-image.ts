/**
 * An image file of a case, read and decoded: confined to the case folder (no path out, no symlink out,
 * regular files only) and under a size cap, then decoded to RGBA. What goes wrong is a BadInputError or an
 * ImageFormatError whose `problem` is one line without the file name (callers name the file and the pair).
 *
 *   const image = await readCaseImage(caseDir, 'images/fp/s00.png'); // { width: 96, height: 96, data }
 */
import { BadInputError } from '../errors';
import { readInside } from '../fs/confine';
import { shown } from '../text/display';
import { decodeImage, ImageFormatError, type DecodedImage } from './decode';

/** Largest image file read (review images are a few hundred kilobytes at most). */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

export async function readCaseImage(caseDir: string, rel: string): Promise<DecodedImage> {
  const bytes = await readInside(caseDir, rel, { maxBytes: MAX_IMAGE_BYTES, shownAs: shown(rel) });
  return decodeImage(bytes);
}

/** The one-line problem of an error from readCaseImage, or undefined for an error that is not about the file. */
export function imageProblem(err: unknown): string | undefined {
  return err instanceof BadInputError || err instanceof ImageFormatError ? err.problem : undefined;
}
