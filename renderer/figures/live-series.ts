/**
 * A series that grows while a run goes (a sweep's points, one `series-point` event each), kept sorted by x in
 * typed arrays so that a plot takes views of them without copying: appending in x order is O(1), a point
 * that arrives out of order is inserted (a move of the points after it).
 *
 * Bounded: at most MAX_SERIES_POINTS points. When full, every second point is dropped and from then on only
 * every second arriving point is kept (then every fourth, ...), so the whole range stays drawn.
 *
 * This is the one mutable value in the run state, for speed (a million points cannot be copied per event).
 * The same event folded twice (React's StrictMode runs reducers twice) is added once.
 */

export const MAX_SERIES_POINTS = 1_000_000;

export class LiveSeries {
  private xs: Float64Array;
  private ys: Float64Array;
  private n = 0;
  /** Keep one arriving point in `stride`; `seen` counts arrivals. */
  private stride = 1;
  private seen = 0;
  private readonly folded = new WeakSet<object>();
  /** Bumped by every change: a plot redraws when it differs from the one it drew. */
  version = 0;

  constructor(
    readonly series: string,
    readonly xLabel: string,
    private readonly max = MAX_SERIES_POINTS,
    capacity = 64,
  ) {
    this.xs = new Float64Array(Math.min(capacity, max));
    this.ys = new Float64Array(Math.min(capacity, max));
  }

  get length(): number {
    return this.n;
  }

  /** Points that arrived, kept or not. */
  get arrived(): number {
    return this.seen;
  }

  /** Views of the kept points, sorted by x (valid until the next change). */
  data(): [Float64Array, Float64Array] {
    return [this.xs.subarray(0, this.n), this.ys.subarray(0, this.n)];
  }

  /** Adds a point; `event` (the event that carried it) makes a repeated fold a no-op. Returns whether it changed. */
  add(x: number, y: number, event?: object): boolean {
    if (event !== undefined) {
      if (this.folded.has(event)) return false;
      this.folded.add(event);
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    if (this.seen++ % this.stride !== 0) return false;
    if (this.n === this.max) this.halve();
    if (this.n === this.xs.length) this.grow();
    this.insert(x, y);
    this.version++;
    return true;
  }

  /** Adds many points at once (x and y of equal length), one version bump. */
  addMany(xs: ArrayLike<number>, ys: ArrayLike<number>): void {
    for (let i = 0; i < xs.length; i++) {
      if (this.seen++ % this.stride !== 0) continue;
      if (this.n === this.max) this.halve();
      if (this.n === this.xs.length) this.grow();
      this.insert(xs[i]!, ys[i]!);
    }
    this.version++;
  }

  private insert(x: number, y: number): void {
    let i = this.n;
    if (i > 0 && x < this.xs[i - 1]!) {
      // Binary search for the first x greater than this one, then move the tail one place right.
      let lo = 0;
      let hi = i;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.xs[mid]! <= x) lo = mid + 1;
        else hi = mid;
      }
      this.xs.copyWithin(lo + 1, lo, i);
      this.ys.copyWithin(lo + 1, lo, i);
      i = lo;
    }
    this.xs[i] = x;
    this.ys[i] = y;
    this.n++;
  }

  private grow(): void {
    const cap = Math.min(this.max, Math.max(64, this.xs.length * 2));
    const xs = new Float64Array(cap);
    const ys = new Float64Array(cap);
    xs.set(this.xs.subarray(0, this.n));
    ys.set(this.ys.subarray(0, this.n));
    this.xs = xs;
    this.ys = ys;
  }

  /** Keeps every second point (the first included) and halves the share of arriving points kept. */
  private halve(): void {
    let k = 0;
    for (let i = 0; i < this.n; i += 2) {
      this.xs[k] = this.xs[i]!;
      this.ys[k] = this.ys[i]!;
      k++;
    }
    this.n = k;
    this.stride *= 2;
  }
}
