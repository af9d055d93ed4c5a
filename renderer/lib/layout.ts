/** Pane sizes as fractions of the available width; pure arithmetic for the splitters. */

/** The smallest fraction of the width a pane may be dragged down to. */
export const MIN_PANE_FRACTION = 0.12;

/**
 * Moves the boundary after pane `i` by `delta` (a fraction of the width), clamped so both neighbours stay at
 * or above `min`; the sum of the sizes is unchanged. Example: `moveBoundary([0.3, 0.4, 0.3], 0, 0.1)` ->
 * `[0.4, 0.3, 0.3]` (up to rounding).
 */
export function moveBoundary(sizes: readonly number[], i: number, delta: number, min = MIN_PANE_FRACTION): number[] {
  const a = sizes[i];
  const b = sizes[i + 1];
  if (a === undefined || b === undefined || !Number.isFinite(delta)) return [...sizes];
  const d = Math.max(min - a, Math.min(b - min, delta));
  const next = [...sizes];
  next[i] = a + d;
  next[i + 1] = b - d;
  return next;
}
