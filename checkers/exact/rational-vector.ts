/**
 * Rational vectors with ONE shared denominator: the value is nums[k] / den for each k, den > 0. Operations
 * stay in integer arithmetic (no gcd per operation); `reduce()` divides out the common factor when the
 * caller decides it is worth it (lazily, e.g. every K steps of a recurrence). Values are immutable.
 */
import { DimensionError, DomainError } from '../errors';
import { gcd, gcdMany } from './lehmer-gcd';
import { Rational, type RationalInput } from './rational';

export class RationalVector {
  private constructor(
    readonly nums: readonly bigint[],
    readonly den: bigint,
  ) {}

  /** nums / den (den != 0; sign moved into the numerators). Exact, not reduced. Example: `RationalVector.of([1n, 2n], 4n)` is (1/4, 1/2). */
  static of(nums: readonly bigint[], den: bigint = 1n): RationalVector {
    if (den === 0n) throw new DomainError('rational-vector', 'zero denominator');
    return den < 0n
      ? new RationalVector(
          nums.map((n) => -n),
          -den,
        )
      : new RationalVector([...nums], den);
  }

  /** Vector over the least common denominator of the entries. Exact. Example: `RationalVector.from(["1/2", "1/3"])` has den 6, nums [3, 2]. */
  static from(entries: readonly RationalInput[]): RationalVector {
    const rs = entries.map((e) => Rational.from(e));
    let den = 1n;
    for (const r of rs) den = (den / gcd(den, r.den)) * r.den;
    return new RationalVector(
      rs.map((r) => r.num * (den / r.den)),
      den,
    );
  }

  get length(): number {
    return this.nums.length;
  }

  /** Entry k as a canonical Rational. Exact. */
  at(k: number): Rational {
    const n = this.nums[k];
    if (n === undefined) throw new DimensionError(`index ${k}`, `index below ${this.nums.length}`);
    return Rational.of(n, this.den);
  }

  toRationals(): Rational[] {
    return this.nums.map((n) => Rational.of(n, this.den));
  }

  /** Same value with the common factor of den and all numerators divided out. Exact. */
  reduce(): RationalVector {
    const g = gcd(this.den, gcdMany(this.nums));
    return g === 1n || g === 0n
      ? this
      : new RationalVector(
          this.nums.map((n) => n / g),
          this.den / g,
        );
  }

  add(o: RationalVector): RationalVector {
    this.checkLength(o);
    if (this.den === o.den)
      return new RationalVector(
        this.nums.map((n, k) => n + o.nums[k]!),
        this.den,
      );
    return new RationalVector(
      this.nums.map((n, k) => n * o.den + o.nums[k]! * this.den),
      this.den * o.den,
    );
  }

  sub(o: RationalVector): RationalVector {
    return this.add(o.scale(-1n));
  }

  /** Multiply by a rational scalar. Exact, not reduced. */
  scale(s: RationalInput): RationalVector {
    const r = Rational.from(s);
    return RationalVector.of(
      this.nums.map((n) => n * r.num),
      this.den * r.den,
    );
  }

  /** Exact dot product, reduced. Example: dot of (1/2, 1/3) with (2, 3) is 2. */
  dot(o: RationalVector): Rational {
    this.checkLength(o);
    let s = 0n;
    for (let k = 0; k < this.nums.length; k++) s += this.nums[k]! * o.nums[k]!;
    return Rational.of(s, this.den * o.den);
  }

  /** Exact equality of values (not of representations). */
  equals(o: RationalVector): boolean {
    if (o.length !== this.length) return false;
    return this.nums.every((n, k) => n * o.den === o.nums[k]! * this.den);
  }

  /** Entries as `"p/q"` strings (canonical). */
  toStrings(): string[] {
    return this.toRationals().map((r) => r.toString());
  }

  private checkLength(o: RationalVector): void {
    if (o.length !== this.length) throw new DimensionError(`length ${o.length}`, `length ${this.length}`);
  }
}
