/**
 * Decoded images of one run, kept while they fit: bounded in bytes of pixels (not in a count of images, which
 * let eight 64-megapixel images take 2 GB), least recently used first out. Every decode goes through the
 * run's pixel budget (budget.ts) before any pixel is decoded; a hit costs nothing.
 *
 *   const cache = new DecodedImageCache(caseDir);            // IMAGE_BUDGET: 256 MiB held, 1 GP per run
 *   const a = await cache.get('images/ref/p001.png');        // read, size checked, decoded, kept
 *   const b = await cache.get('images/ref/p001.png');        // the same object, no decode
 */
import { IMAGE_BUDGET, RunPixelBudget, type ImageBudget } from './budget';
import type { DecodedImage } from './decode';
import { readCaseImage } from './read-case-image';

export class DecodedImageCache {
  private readonly images = new Map<string, DecodedImage>();
  private held = 0;
  private readonly run: RunPixelBudget;

  constructor(
    private readonly caseDir: string,
    private readonly budget: ImageBudget = IMAGE_BUDGET,
  ) {
    this.run = new RunPixelBudget(budget);
  }

  /** Bytes of pixels held now (at most budget.maxCacheBytes). */
  get bytesHeld(): number {
    return this.held;
  }

  /** Pixels decoded so far in this run (charged to its budget). */
  get pixelsDecoded(): number {
    return this.run.pixels;
  }

  /** The decoded image at `rel` (see readCaseImage for what is refused, and how). */
  async get(rel: string): Promise<DecodedImage> {
    const hit = this.images.get(rel);
    if (hit !== undefined) {
      this.images.delete(rel);
      this.images.set(rel, hit);
      return hit;
    }
    const image = await readCaseImage(this.caseDir, rel, this.run);
    const bytes = image.data.byteLength;
    if (bytes > this.budget.maxCacheBytes) return image; // used once, never held
    while (this.held + bytes > this.budget.maxCacheBytes) this.evictOldest();
    this.images.set(rel, image);
    this.held += bytes;
    return image;
  }

  private evictOldest(): void {
    const oldest = this.images.keys().next();
    if (oldest.done === true) return;
    const image = this.images.get(oldest.value) as DecodedImage;
    this.images.delete(oldest.value);
    this.held -= image.data.byteLength;
  }
}
