/**
 * A program's output stream kept up to a byte cap: what fits is kept, the rest is counted and dropped, and the
 * owner is told once when the cap is passed (the runner then ends the run `output-limit`). The text is decoded
 * once at the end, as UTF-8 with replacement characters, so a multi-byte character cut by the cap cannot throw.
 *
 * Example: `const out = new CappedOutput(4, () => {}); out.push(Buffer.from('hello')); out.text()` is 'hell',
 * and `out.truncated` is true.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private seen = 0;
  private told = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: Buffer): void {
    this.seen += chunk.length;
    const room = this.maxBytes - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    if (this.seen > this.maxBytes && !this.told) {
      this.told = true;
      this.onOverflow();
    }
  }

  /** Whether more than the cap arrived. */
  get truncated(): boolean {
    return this.seen > this.maxBytes;
  }

  /** Bytes received in all (kept or not). */
  get bytesSeen(): number {
    return this.seen;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
