/**
 * An image file of a case, read and decoded: confined to the case folder (no path out, no symlink out,
 * regular files only) and under a size cap, its size read from the header and checked against the pixel
 * budgets (budget.ts: per image, and per run when a RunPixelBudget is given) before anything is decoded, then
 * decoded to RGBA. Whatever goes wrong with the file is a BadInputError naming it, in one line, whose `problem`
 * is that line without the file name (callers that name the pair as well use `imageProblem`).
 *
 *   const image = await readCaseImage(caseDir, 'images/fp/s00.png'); // { width: 96, height: 96, data }
 *   // images/huge.png: is 8192x8192 (64 megapixels), over the 16 megapixels decoded per image
 */
import { BadInputError, BudgetExceededError } from '../errors';
import { readInside } from '../fs/confine';
import { shown } from '../text/display';
import { ImageBudgetError, type RunPixelBudget } from './budget';
import { decodeImage, ImageFormatError, imageSize, type DecodedImage } from './decode';

/** Largest image file read (review images are a few hundred kilobytes at most). */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

export async function readCaseImage(caseDir: string, rel: string, budget?: RunPixelBudget): Promise<DecodedImage> {
  const bytes = await readInside(caseDir, rel, { maxBytes: MAX_IMAGE_BYTES, shownAs: shown(rel) });
  try {
    budget?.charge(imageSize(bytes));
    return await decodeImage(bytes);
  } catch (err) {
    // Over the pixel budget: the run ends (BudgetExceededError, exit 2); any other format problem names the file.
    if (err instanceof ImageBudgetError) throw new BudgetExceededError(shown(rel), err.problem);
    if (err instanceof ImageFormatError) throw new BadInputError(shown(rel), err.problem);
    throw err;
  }
}

/** The one-line problem of an error from readCaseImage, or undefined for an error that is not about the file. */
export function imageProblem(err: unknown): string | undefined {
  return err instanceof BadInputError || err instanceof ImageFormatError ? err.problem : undefined;
}
