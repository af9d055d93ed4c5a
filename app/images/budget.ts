/**
 * What decoding images may cost, decided before any pixel is decoded (the size is read from the header first,
 * size.ts). A 261 KB PNG can claim 8192x8192; decoded, measured and cached eight at a time, such files once
 * took 148 s and 9.5 GB in one `recheck run` (in browser mode, inside the server process).
 *
 * The budget, and why:
 * - per image: at most IMAGE_BUDGET.maxPixelsPerImage = 16 megapixels (4096x4096: 64 MB of RGBA, about
 *   130 MB while pngjs inflates it). Review images are generated images (512 to 2048 pixels a side); the
 *   largest common upscale, 4096x4096, fits.
 * - per run: at most IMAGE_BUDGET.maxPixelsPerRun = 1 gigapixel decoded in total (cache hits are free): about
 *   500 pairs of 1024x1024 images. This bounds a run's time, not its memory (SSIM is streamed, the cache is
 *   bounded in bytes): a case of thousands of 16-megapixel images is refused in one line instead of running
 *   for an hour.
 * - cache: at most IMAGE_BUDGET.maxCacheBytes = 256 MiB of decoded pixels held (image-cache.ts), counted in
 *   bytes, not images.
 *
 *   const budget = new RunPixelBudget();
 *   budget.charge('images/a.png', { width: 1024, height: 1024 }); // fine; throws ImageBudgetError when over
 */
import { ImageFormatError } from './size';

/** The limits above. */
export interface ImageBudget {
  readonly maxPixelsPerImage: number;
  readonly maxPixelsPerRun: number;
  readonly maxCacheBytes: number;
}

const MP = 1024 * 1024;

export const IMAGE_BUDGET: ImageBudget = { maxPixelsPerImage: 16 * MP, maxPixelsPerRun: 1024 * MP, maxCacheBytes: 256 * MP };

/** An image over a pixel budget; `problem` is one line without the file name (callers name the file). */
export class ImageBudgetError extends ImageFormatError {
  constructor(problem: string) {
    super(problem);
    this.name = 'ImageBudgetError';
  }
}

/** Megapixels for messages: `16`, `0.5`. */
export function megapixels(pixels: number): string {
  return String(Number((pixels / MP).toPrecision(3)));
}

/** Throws ImageBudgetError when `size` is over the per-image budget. Example: `checkImagePixels({ width: 8192, height: 8192 })` throws. */
export function checkImagePixels(size: { width: number; height: number }, budget: ImageBudget = IMAGE_BUDGET): void {
  const pixels = size.width * size.height;
  if (pixels > budget.maxPixelsPerImage) {
    throw new ImageBudgetError(
      `is ${size.width}x${size.height} (${megapixels(pixels)} megapixels), over the ${megapixels(budget.maxPixelsPerImage)} megapixels decoded per image`,
    );
  }
}

/** The pixels one run may still decode: charged once per decode, before decoding. Not shared between runs. */
export class RunPixelBudget {
  private used = 0;
  constructor(readonly budget: ImageBudget = IMAGE_BUDGET) {}

  /** Pixels charged so far. */
  get pixels(): number {
    return this.used;
  }

  /** Checks `size` against the per-image and per-run budgets and charges it; throws ImageBudgetError when over. */
  charge(size: { width: number; height: number }): void {
    checkImagePixels(size, this.budget);
    const pixels = size.width * size.height;
    if (this.used + pixels > this.budget.maxPixelsPerRun) {
      throw new ImageBudgetError(
        `is ${size.width}x${size.height}, and decoding it would take this run's images to ${megapixels(this.used + pixels)} megapixels, over the ${megapixels(this.budget.maxPixelsPerRun)} decoded per run`,
      );
    }
    this.used += pixels;
  }
}
