/**
 * Temporaries at a working precision for the interval functions that evaluate one end as a chain of rounded
 * MPFR steps (softmax-corners.ts, divergence-terms.ts): floats that live for one call, the rounding direction
 * and its opposite, and a correctly rounded sum of many floats. Example:
 * `withFloats(mpfr, 128, 2, ([a, b]) => ...)` allocates two 128-bit floats and frees them after the callback.
 */
import { freeFloat, newFloat, RND, type Mpfr, type MpfrPtr } from '../precise/mpfr';

/** Round toward -infinity (a lower bound) or +infinity (an upper bound). */
export type Direction = typeof RND.down | typeof RND.up;

/** The other direction. */
export const flip = (d: Direction): Direction => (d === RND.down ? RND.up : RND.down);

/** Runs `fn` with `count` fresh floats of `bits` bits and frees them afterwards (also on error). */
export function withFloats<T>(m: Mpfr, bits: number, count: number, fn: (fs: MpfrPtr[]) => T): T {
  const fs = Array.from({ length: count }, () => newFloat(m, bits));
  try {
    return fn(fs);
  } finally {
    fs.forEach((f) => freeFloat(m, f));
  }
}

/** out = sum of `xs`, correctly rounded in direction `dir` (one rounding: MPFR's mpfr_sum); 0 for none. */
export function sumInto(m: Mpfr, out: MpfrPtr, xs: readonly MpfrPtr[], dir: Direction): void {
  const b = m.binding;
  if (xs.length === 0) {
    b.mpfr_set_si(out, 0, dir);
    return;
  }
  const table = b.malloc(4 * xs.length);
  try {
    const view = b.memView; // read after malloc: the wasm memory may have grown
    xs.forEach((x, i) => view.setUint32(table + 4 * i, x, true));
    b.mpfr_sum(out, table, xs.length, dir);
  } finally {
    b.free(table);
  }
}
