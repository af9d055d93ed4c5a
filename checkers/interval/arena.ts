/**
 * Rigorous intervals with MPFR endpoints. An `Interval` [lo, hi] is an immutable pair of binary floats that
 * encloses an exact real number; every operation in checkers/interval rounds lo toward -infinity and hi
 * toward +infinity (MPFR's RNDD / RNDU, correctly rounded), so results provably contain the exact value.
 *
 * Endpoints live in the wasm heap, owned by an `IntervalArena` that frees them all at once on `destroy()`.
 * `withIntervals(mpfr, { bits }, (I) => ...)` creates an arena, runs the callback and always destroys it;
 * return plain data (booleans, strings, bigints) from the callback, never an Interval.
 */
import { CheckerError, DomainError } from '../errors';
import { exactDecimalOfFloat64 } from '../precise/float64';
import { loadNumber, type LoadInput } from '../precise/load';
import { bitsForDigits, freeFloat, newFloat, RND, toDecimalString, toDyadic, type Mpfr, type MpfrPtr } from '../precise/mpfr';

/** An exact rational num/den (den > 0) as a pair of bigints. */
export interface RationalPair {
  readonly num: bigint;
  readonly den: bigint;
}

/** An interval, or anything that can be enclosed exactly (decimal/ratio string, bigint, JS integer, Decimal). */
export type IntervalInput = Interval | LoadInput;

/** Precision of an arena: binary `bits`, or decimal `digits` (converted to bits plus 8 guard bits). */
export type IntervalPrecision = { readonly bits: number } | { readonly digits: number };

/** A closed interval [lo, hi] of the real line with MPFR endpoints owned by `arena`. Immutable. */
export class Interval {
  /** Use the arena's constructors (`I.enclose`, `I.rational`) or the operations; not `new Interval`. */
  constructor(
    readonly arena: IntervalArena,
    readonly lo: MpfrPtr,
    readonly hi: MpfrPtr,
  ) {}
}

/** Owner of interval endpoints at one precision. Not a value: it is a resource with a lifetime. */
export class IntervalArena {
  readonly bits: number;
  readonly mpfr: Mpfr;
  private readonly owned: MpfrPtr[] = [];
  private alive = true;
  private scratchPair: Interval | undefined;

  constructor(mpfr: Mpfr, precision: IntervalPrecision) {
    const bits = 'bits' in precision ? precision.bits : bitsForDigits(precision.digits, 8);
    if (!Number.isInteger(bits) || bits < 2 || bits > 10_000_000) {
      throw new DomainError('intervals', `precision must be an integer number of bits in [2, 1e7], got ${bits}`);
    }
    this.bits = bits;
    this.mpfr = mpfr;
  }

  /** A fresh interval whose endpoints the caller must set before handing it out (used by the operations). */
  allocate(): Interval {
    this.assertAlive();
    const lo = newFloat(this.mpfr, this.bits);
    this.owned.push(lo);
    const hi = newFloat(this.mpfr, this.bits);
    this.owned.push(hi);
    return new Interval(this, lo, hi);
  }

  /** A scratch pair reused by the operations for temporaries (never handed out as a result). */
  scratch(): Interval {
    this.scratchPair ??= this.allocate();
    return this.scratchPair;
  }

  /**
   * The tightest interval of this precision around the exact value of `x` (a point when x is representable).
   * Example: `I.enclose('0.1')` is [0.1 rounded down, 0.1 rounded up]; `I.enclose(3)` is [3, 3].
   */
  enclose(x: IntervalInput): Interval {
    if (x instanceof Interval) {
      this.own(x);
      return x;
    }
    const r = this.allocate();
    loadNumber(this.mpfr, r.lo, x, RND.down);
    loadNumber(this.mpfr, r.hi, x, RND.up);
    return this.checked(r, 'enclose');
  }

  /** Enclosure of the exact rational num/den. Example: `I.rational(1n, 3n)` contains 1/3. */
  rational(num: bigint, den: bigint): Interval {
    if (den === 0n) throw new DomainError('intervals', 'zero denominator');
    return den < 0n ? this.enclose(`${-num}/${-den}`) : this.enclose(`${num}/${den}`);
  }

  /** Enclosure of the exact value of a finite double (a point when bits >= 53). */
  float64(x: number): Interval {
    return this.enclose(exactDecimalOfFloat64(x));
  }

  /** The exact endpoints as rationals (dyadic: den is a power of two). Guarantee: exact. */
  bounds(x: Interval): { readonly lo: RationalPair; readonly hi: RationalPair } {
    this.own(x);
    return { lo: dyadicToRational(this.mpfr, x.lo), hi: dyadicToRational(this.mpfr, x.hi) };
  }

  /**
   * Decimal bounds rounded outward to `digits` significant digits (still an enclosure), as strings in
   * the form `0.DDDe<exp>`. Example: `I.format(I.enclose('1/3'), 5)` returns `{ lo: '0.33333e0', hi: '0.33334e0' }`.
   */
  format(x: Interval, digits: number): { readonly lo: string; readonly hi: string } {
    this.own(x);
    return {
      lo: toDecimalString(this.mpfr, x.lo, digits, RND.down),
      hi: toDecimalString(this.mpfr, x.hi, digits, RND.up),
    };
  }

  /** Throws unless `x` belongs to this live arena (mixing arenas would mix lifetimes and precisions). */
  own(x: Interval): void {
    this.assertAlive();
    if (x.arena !== this) throw new CheckerError('interval', 'interval from another arena; enclose its bounds instead');
  }

  /** Returns `r` after checking that its endpoints are finite and ordered (overflow raises DomainError). */
  checked(r: Interval, operation: string): Interval {
    const b = this.mpfr.binding;
    if (b.mpfr_number_p(r.lo) === 0 || b.mpfr_number_p(r.hi) === 0) {
      throw new DomainError(`interval ${operation}`, 'result exceeds the MPFR exponent range');
    }
    if (b.mpfr_cmp(r.lo, r.hi) > 0) throw new CheckerError('interval', `${operation}: lower bound above upper bound`);
    return r;
  }

  /** Frees every endpoint allocated by this arena. Intervals of a destroyed arena can no longer be used. */
  destroy(): void {
    if (!this.alive) return;
    this.alive = false;
    for (const ptr of this.owned) freeFloat(this.mpfr, ptr);
    this.owned.length = 0;
  }

  private assertAlive(): void {
    if (!this.alive) throw new CheckerError('interval', 'interval arena already destroyed');
  }
}

/** Creates an arena; call `destroy()` when done. Example: `const I = createIntervalArena(mpfr, { bits: 256 })`. */
export function createIntervalArena(mpfr: Mpfr, precision: IntervalPrecision): IntervalArena {
  return new IntervalArena(mpfr, precision);
}

/**
 * Runs `fn` with a fresh arena and destroys it afterwards, also on error. Example:
 * `withIntervals(mpfr, { bits: 128 }, (I) => certainlyLess(ln(I.enclose(2)), I.enclose('0.7')))` returns true.
 */
export function withIntervals<T>(mpfr: Mpfr, precision: IntervalPrecision, fn: (I: IntervalArena) => T): T {
  const arena = new IntervalArena(mpfr, precision);
  try {
    return fn(arena);
  } finally {
    arena.destroy();
  }
}

function dyadicToRational(m: Mpfr, ptr: MpfrPtr): RationalPair {
  let { mantissa, exponent } = toDyadic(m, ptr);
  if (mantissa === 0n) return { num: 0n, den: 1n };
  // Lowest terms: move the trailing zero bits of the mantissa into the exponent.
  const lowBit = mantissa & -mantissa;
  const zeros = lowBit.toString(2).length - 1;
  mantissa >>= BigInt(zeros);
  exponent += zeros;
  if (exponent >= 0) return { num: mantissa << BigInt(exponent), den: 1n };
  return { num: mantissa, den: 1n << BigInt(-exponent) };
}
