/**
 * The zoom and pan shared by the two images of a pair (they are locked: one transform moves both). The images
 * are fitted into boxes of one size; the transform maps a point (u, v) of the fitted image to (x + s·u, y + s·v)
 * in its box. It is kept so that the image always covers its box (no panning it out of sight), with the scale
 * in [1, MAX_SCALE]. Immutable values; plain arithmetic (no DOM).
 *
 * Example: `zoomAt(IDENTITY, 2, 100, 50, { width: 400, height: 300 })` is `{ scale: 2, x: -100, y: -50 }`: the
 * image point under (100, 50) stays there.
 */

export interface ViewTransform {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export interface BoxSize {
  readonly width: number;
  readonly height: number;
}

export const IDENTITY: ViewTransform = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 32;
/** The factor of one zoom step (a key press, a button). */
export const ZOOM_STEP = 1.25;

function clampAxis(offset: number, scale: number, size: number): number {
  // The image spans [offset, offset + scale·size]; it covers [0, size] when offset is in [size - scale·size, 0].
  const low = size - scale * size;
  if (offset > 0) return 0;
  if (offset < low) return low;
  return offset;
}

function clamp(t: ViewTransform, box: BoxSize): ViewTransform {
  const scale = Math.min(MAX_SCALE, Math.max(1, t.scale));
  if (scale === 1) return IDENTITY;
  return { scale, x: clampAxis(t.x, scale, box.width), y: clampAxis(t.y, scale, box.height) };
}

/** Zooms by `factor` about the box point (px, py): the image point under it stays under it (unless clamped). */
export function zoomAt(t: ViewTransform, factor: number, px: number, py: number, box: BoxSize): ViewTransform {
  const scale = Math.min(MAX_SCALE, Math.max(1, t.scale * factor));
  const r = scale / t.scale;
  return clamp({ scale, x: px - (px - t.x) * r, y: py - (py - t.y) * r }, box);
}

/** One zoom step in (+1) or out (-1) about the centre of the box. */
export function zoomStep(t: ViewTransform, direction: 1 | -1, box: BoxSize): ViewTransform {
  return zoomAt(t, direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, box.width / 2, box.height / 2, box);
}

/** Moves the images by (dx, dy) box pixels, as far as they still cover the box. */
export function panBy(t: ViewTransform, dx: number, dy: number, box: BoxSize): ViewTransform {
  return clamp({ scale: t.scale, x: t.x + dx, y: t.y + dy }, box);
}
