/**
 * A review image as the page shows it: a data: URL, only for the raster types the core checks against the bytes
 * (PNG, JPEG, WebP). Never SVG or anything that could carry script; the payload must be plain base64.
 *
 * Example: `imageDataUrl({ mediaType: 'image/png', base64: 'iVBORw0KGgo=' })` is 'data:image/png;base64,iVBORw0KGgo='.
 */
import type { ReviewImageView } from '../../common/api/contract';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export class ReviewImageError extends Error {
  constructor(message: string) {
    super(`review image: ${message}`);
    this.name = 'ReviewImageError';
  }
}

export function imageDataUrl(image: ReviewImageView): string {
  if (!TYPES.includes(image.mediaType))
    throw new ReviewImageError(`media type ${JSON.stringify(image.mediaType.slice(0, 60))} is not image/png, image/jpeg or image/webp`);
  if (image.base64 === '') throw new ReviewImageError('the image is empty');
  if (!BASE64.test(image.base64)) throw new ReviewImageError('the payload is not base64');
  return `data:${image.mediaType};base64,${image.base64}`;
}
