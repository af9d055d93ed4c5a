/**
 * The running tally of one metric key in one run while a file is read: its points (step, value) and its
 * counts (non-finite numbers, restored strings, other kinds). A builder, mutable until `summary()` /
 * `series()` copy it out into immutable values.
 */
import type { Entry } from './entry';
import type { MetricKeySummary, NonFiniteCounts } from './model';

/** At most this many distinct kinds are told apart per key; the rest are counted as "other kinds". */
const MAX_KINDS = 32;
const OVERFLOW_KIND = 'other kinds';

export class KeyTally {
  readonly steps: number[] = [];
  readonly values: number[] = [];
  private nan = 0;
  private posInf = 0;
  private negInf = 0;
  private restored = 0;
  private readonly kinds = new Map<string, number>();

  constructor(readonly key: string) {}

  /**
   * Adds one entry at `step` (steps are ignored for system metrics, which have none).
   * Example: `t.add({ type: 'number', value: NaN, restored: true }, 3)` adds the point (3, NaN).
   */
  add(entry: Entry, step: number): void {
    if (entry.type === 'absent') return;
    if (entry.type === 'other') {
      this.countKind(entry.kind);
      return;
    }
    const v = entry.value;
    if (Number.isNaN(v)) this.nan++;
    else if (v === Number.POSITIVE_INFINITY) this.posInf++;
    else if (v === Number.NEGATIVE_INFINITY) this.negInf++;
    if (entry.restored) this.restored++;
    this.steps.push(step);
    this.values.push(v);
  }

  nonFinite(): NonFiniteCounts {
    return { nan: this.nan, posInf: this.posInf, negInf: this.negInf };
  }

  restoredFromStrings(): number {
    return this.restored;
  }

  /** Non-numeric entries by kind, as a plain record (kinds sorted by name). */
  other(): Readonly<Record<string, number>> {
    return Object.fromEntries([...this.kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  summary(): MetricKeySummary {
    return {
      key: this.key,
      numbers: this.values.length,
      nonFinite: this.nonFinite(),
      restoredFromStrings: this.restored,
      other: this.other(),
    };
  }

  private countKind(kind: string): void {
    const known = this.kinds.has(kind) || this.kinds.size < MAX_KINDS;
    const k = known ? kind : OVERFLOW_KIND;
    this.kinds.set(k, (this.kinds.get(k) ?? 0) + 1);
  }
}
