/** Small pure helpers the SVG figures share: the convex hull of points, nice axis ticks, value-to-pixel maps. */

/**
 * Convex hull of 2-D points (Andrew's monotone chain), counter-clockwise, collinear points dropped.
 * Example: `convexHull([[0,0],[2,0],[2,2],[1,0.5],[0,2]])` is `[[0,0],[2,0],[2,2],[0,2]]`.
 */
export function convexHull(points: readonly (readonly number[])[]): [number, number][] {
  const p = points.map((q) => [q[0]!, q[1]!] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length <= 2) return p;
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** About `count` round tick values covering [lo, hi]. Example: `niceTicks(0, 1, 5)` is [0, 0.2, 0.4, 0.6, 0.8, 1]. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  // Divided before subtracting: the range of [-1e308, 1e308] overflows, its tenth does not.
  const raw = hi / count - lo / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  // A range below the smallest float's resolution (or one that overflows) has no round ticks: its ends are shown.
  if (!(step > 0) || !Number.isFinite(step) || !Number.isFinite(lo / step) || Math.abs(lo / step) > 2 ** 52) return [lo, hi];
  const out: number[] = [];
  const end = Number.isFinite(hi + step * 1e-9) ? hi + step * 1e-9 : hi;
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= end && Number.isFinite(v) && out.length <= 4 * count + 4; v += step)
    out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  return out;
}

/** Powers of ten covering [lo, hi] (both positive), for a log axis. Example: `logTicks(3e-13, 20)` is 1e-13 .. 100. */
export function logTicks(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

/** A map from [d0, d1] to [r0, r1], linear or logarithmic. */
export function scale(d0: number, d1: number, r0: number, r1: number, log = false): (v: number) => number {
  // Halved before subtracting, so a domain as wide as the doubles does not overflow.
  const f = log ? Math.log10 : (v: number) => v / 2;
  const a = f(d0);
  const b = f(d1);
  return (v) => r0 + ((f(v) - a) / (b - a || 1)) * (r1 - r0);
}
