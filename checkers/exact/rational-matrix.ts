/**
 * Rational matrices with ONE shared denominator (row-major integer numerators over den > 0), reduced lazily
 * by `reduce()`. Products and sums are integer operations; no gcd per entry. Values are immutable.
 */
import { DimensionError, DomainError } from '../errors';
import { gcd, gcdMany } from './lehmer-gcd';
import { Rational, type RationalInput } from './rational';
import { RationalVector } from './rational-vector';

export class RationalMatrix {
  private constructor(
    readonly rows: number,
    readonly cols: number,
    readonly nums: readonly bigint[],
    readonly den: bigint,
  ) {}

  /** Matrix from row-major numerators over den (den != 0). Exact. Example: `RationalMatrix.of(1, 2, [1n, 3n], 2n)` is [[1/2, 3/2]]. */
  static of(rows: number, cols: number, nums: readonly bigint[], den: bigint = 1n): RationalMatrix {
    if (nums.length !== rows * cols) throw new DimensionError(`${nums.length} entries`, `${rows}x${cols} = ${rows * cols}`);
    if (den === 0n) throw new DomainError('rational-matrix', 'zero denominator');
    return den < 0n
      ? new RationalMatrix(
          rows,
          cols,
          nums.map((n) => -n),
          -den,
        )
      : new RationalMatrix(rows, cols, [...nums], den);
  }

  /** Matrix from rows of rational inputs, over their least common denominator. Exact. Example: `RationalMatrix.from([["1/2", 1], [0, "2/3"]])` has den 6. */
  static from(rows: readonly (readonly RationalInput[])[]): RationalMatrix {
    const cols = rows[0]?.length ?? 0;
    const flat: RationalInput[] = [];
    for (const r of rows) {
      if (r.length !== cols) throw new DimensionError(`row of length ${r.length}`, `length ${cols}`);
      flat.push(...r);
    }
    const v = RationalVector.from(flat);
    return new RationalMatrix(rows.length, cols, v.nums, v.den);
  }

  /** Identity of size n. */
  static identity(n: number): RationalMatrix {
    const nums = new Array<bigint>(n * n).fill(0n);
    for (let i = 0; i < n; i++) nums[i * n + i] = 1n;
    return new RationalMatrix(n, n, nums, 1n);
  }

  /** Entry (i, k) as a canonical Rational. Exact. */
  at(i: number, k: number): Rational {
    if (i < 0 || i >= this.rows || k < 0 || k >= this.cols) throw new DimensionError(`(${i}, ${k})`, `inside ${this.rows}x${this.cols}`);
    return Rational.of(this.nums[i * this.cols + k]!, this.den);
  }

  /** Row i as a shared-denominator vector (same denominator). */
  row(i: number): RationalVector {
    return RationalVector.of(this.nums.slice(i * this.cols, (i + 1) * this.cols), this.den);
  }

  /** Same value with the common factor of den and all numerators divided out. Exact. */
  reduce(): RationalMatrix {
    const g = gcd(this.den, gcdMany(this.nums));
    return g === 1n || g === 0n
      ? this
      : new RationalMatrix(
          this.rows,
          this.cols,
          this.nums.map((n) => n / g),
          this.den / g,
        );
  }

  add(o: RationalMatrix): RationalMatrix {
    this.checkSame(o);
    if (this.den === o.den)
      return new RationalMatrix(
        this.rows,
        this.cols,
        this.nums.map((n, k) => n + o.nums[k]!),
        this.den,
      );
    return new RationalMatrix(
      this.rows,
      this.cols,
      this.nums.map((n, k) => n * o.den + o.nums[k]! * this.den),
      this.den * o.den,
    );
  }

  /** Multiply by a rational scalar. Exact, not reduced. */
  scale(s: RationalInput): RationalMatrix {
    const r = Rational.from(s);
    return RationalMatrix.of(
      this.rows,
      this.cols,
      this.nums.map((n) => n * r.num),
      this.den * r.den,
    );
  }

  /** Exact product this * o (denominator den * o.den, not reduced). */
  mul(o: RationalMatrix): RationalMatrix {
    if (this.cols !== o.rows) throw new DimensionError(`${o.rows}x${o.cols} on the right`, `${this.cols} rows`);
    const out = new Array<bigint>(this.rows * o.cols).fill(0n);
    for (let i = 0; i < this.rows; i++) {
      for (let k = 0; k < this.cols; k++) {
        const a = this.nums[i * this.cols + k]!;
        if (a === 0n) continue;
        for (let j = 0; j < o.cols; j++) out[i * o.cols + j]! += a * o.nums[k * o.cols + j]!;
      }
    }
    return new RationalMatrix(this.rows, o.cols, out, this.den * o.den);
  }

  /** Exact equality of values. */
  equals(o: RationalMatrix): boolean {
    if (o.rows !== this.rows || o.cols !== this.cols) return false;
    return this.nums.every((n, k) => n * o.den === o.nums[k]! * this.den);
  }

  toRationals(): Rational[][] {
    return Array.from({ length: this.rows }, (_, i) => this.row(i).toRationals());
  }

  private checkSame(o: RationalMatrix): void {
    if (o.rows !== this.rows || o.cols !== this.cols) throw new DimensionError(`${o.rows}x${o.cols}`, `${this.rows}x${this.cols}`);
  }
}
