// A review image reaches the page as a data: URL only for the raster types the core decodes; anything else
// (SVG, HTML, a malformed payload) is refused with a one-line message.
import { describe, expect, it } from 'vitest';
import { imageDataUrl, ReviewImageError } from '../../../renderer/perceptual/image-url';

describe('imageDataUrl', () => {
  it('makes a data: URL of a PNG, JPEG or WebP', () => {
    expect(imageDataUrl({ mediaType: 'image/png', base64: 'iVBORw0KGgo=' })).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(imageDataUrl({ mediaType: 'image/jpeg', base64: '/9j/4A==' })).toBe('data:image/jpeg;base64,/9j/4A==');
    expect(imageDataUrl({ mediaType: 'image/webp', base64: 'UklGRg==' })).toMatch(/^data:image\/webp;base64,/);
  });

  it('refuses other media types and payloads that are not base64', () => {
    expect(() => imageDataUrl({ mediaType: 'image/svg+xml', base64: 'PHN2Zz4=' })).toThrow(ReviewImageError);
    expect(() => imageDataUrl({ mediaType: 'text/html', base64: 'PGI+' })).toThrow(/image\/png, image\/jpeg or image\/webp/);
    expect(() => imageDataUrl({ mediaType: 'image/png', base64: 'abc"><script>' })).toThrow(/not base64/);
    expect(() => imageDataUrl({ mediaType: 'image/png', base64: '' })).toThrow(/empty/);
  });
});
