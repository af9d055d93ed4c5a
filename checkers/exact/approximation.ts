/**
 * Rational approximation by continued fractions (Khinchin, Continued Fractions, 1964; Graham, Knuth,
 * Patashnik, Concrete Mathematics, 4.5): the simplest rational in an interval (smallest denominator, then
 * smallest |numerator|), the simplest within a tolerance of x, and the best approximation with a bounded
 * denominator (the closest p/q with q <= N, as Python's Fraction.limit_denominator). Guarantee: exact.
 */
import { DomainError } from '../errors';
import { Rational, type RationalInput } from './rational';
import { simplestBetween } from './rationalize';

/**
 * The rational with the smallest denominator (then the smallest |numerator|) in [lo, hi]. Exact.
 * Example: `simplestInInterval(Rational.parse('0.3'), Rational.parse('0.34'))` is 1/3.
 */
export function simplestInInterval(lo: RationalInput, hi: RationalInput): Rational {
  return simplestBetween(Rational.from(lo), Rational.from(hi));
}

/**
 * The simplest rational within `tolerance` (>= 0) of x, i.e. in [x - t, x + t]. Exact.
 * Example: `simplestWithin(Rational.parse('3.14159'), Rational.parse('0.001'))` is 201/64.
 */
export function simplestWithin(x: RationalInput, tolerance: RationalInput): Rational {
  const t = Rational.from(tolerance);
  if (t.sign() < 0) throw new DomainError('simplestWithin', `tolerance ${t} is negative`);
  const v = Rational.from(x);
  return simplestBetween(v.sub(t), v.add(t));
}

/**
 * The closest rational to x with denominator at most maxDen (>= 1); of two equally close, the one Python's
 * Fraction.limit_denominator returns (the convergent). Exact.
 * Example: `bestApproximation(Rational.parse('3.141592653589793'), 1000n)` is 355/113.
 */
export function bestApproximation(x: RationalInput, maxDen: bigint): Rational {
  if (maxDen < 1n) throw new DomainError('bestApproximation', `maximum denominator must be at least 1, got ${maxDen}`);
  const v = Rational.from(x);
  if (v.den <= maxDen) return v;
  // Convergents p0/q0, p1/q1 of x's continued fraction until the next denominator would pass maxDen.
  let [p0, q0, p1, q1] = [0n, 1n, 1n, 0n];
  let [n, d] = [v.num, v.den];
  for (;;) {
    const a = floorDiv(n, d);
    const q2 = q0 + a * q1;
    if (q2 > maxDen) break;
    [p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2];
    [n, d] = [d, n - a * d];
  }
  // The best semiconvergent below the bound, against the last convergent.
  const k = (maxDen - q0) / q1;
  const semi = Rational.of(p0 + k * p1, q0 + k * q1);
  const convergent = Rational.of(p1, q1);
  return convergent.sub(v).abs().compare(semi.sub(v).abs()) <= 0 ? convergent : semi;
}

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}
