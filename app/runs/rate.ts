/**
 * Rate and ETA of a progressing check, smoothed over the whole run so far. The ETA is given only once the run
 * has shown its pace: at least MIN_ETA_DONE units done and MIN_ETA_SECONDS elapsed (a first unit done at start-up
 * extrapolated a 0.3 s check to "2 min 50 s"). Example: after 50 of 100 units in 2 s, `update(50, 100)` is
 * `{ rate: 25, etaS: 2 }`.
 */
export const MIN_ETA_DONE = 3;
export const MIN_ETA_SECONDS = 1;

export class RateMeter {
  private readonly start: number;
  constructor(private readonly clockMs: () => number) {
    this.start = clockMs();
  }

  update(done: number, total?: number): { rate?: number; etaS?: number } {
    const elapsed = (this.clockMs() - this.start) / 1000;
    if (elapsed <= 0 || done <= 0) return {};
    const rate = done / elapsed;
    if (total === undefined || total <= done) return { rate };
    if (done < MIN_ETA_DONE || elapsed < MIN_ETA_SECONDS) return { rate };
    return { rate, etaS: (total - done) / rate };
  }
}
