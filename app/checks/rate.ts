/** Rate and ETA of a progressing check, smoothed over the whole run so far. */
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
    return { rate, etaS: (total - done) / rate };
  }
}
