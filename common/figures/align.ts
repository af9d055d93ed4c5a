/**
 * uPlot draws series that share one x array: the layers of an x-y figure (each with its own x) are joined on
 * the union of their x values, with null where a layer has no point (lines span the gaps).
 */
import type { XYLayer } from './spec';

export interface Aligned {
  x: number[];
  /** Per layer, its y at each x (null where it has none). */
  ys: (number | null)[][];
  /** Per layer, its error bar half-lengths at each x, or null for a layer without them. */
  errs: ((number | null)[] | null)[];
}

/** Example: layers with x [1, 3] and [2, 3] align on x [1, 2, 3], the first with y [a, null, b]. */
export function alignLayers(layers: readonly XYLayer[]): Aligned {
  const x = [...new Set(layers.flatMap((l) => l.x))].sort((a, b) => a - b);
  const at = new Map(x.map((v, i) => [v, i]));
  const ys = layers.map((l) => {
    const col: (number | null)[] = new Array<number | null>(x.length).fill(null);
    l.x.forEach((v, i) => (col[at.get(v)!] = l.y[i] ?? null));
    return col;
  });
  const errs = layers.map((l) => {
    if (l.err === undefined) return null;
    const col: (number | null)[] = new Array<number | null>(x.length).fill(null);
    l.x.forEach((v, i) => (col[at.get(v)!] = l.err![i] ?? null));
    return col;
  });
  return { x, ys, errs };
}
