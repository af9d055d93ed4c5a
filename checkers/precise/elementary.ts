/**
 * The elementary functions of Precise as Ziv problems (ziv.ts): the domain checks (exact, before any
 * evaluation), an interval enclosure, the exact test `equals(c)` that recognises every rational value the
 * function can take at rational arguments, and a starting precision for the condition number.
 *
 * Which values are rational: exp(x) only at x = 0 and ln(x) only at x = 1 (Lindemann-Weierstrass);
 * x^(p/q) exactly when |x| is a perfect q-th power; log_b(x) = P/Q exactly when x^Q = b^P (otherwise it is
 * irrational, indeed transcendental by Gelfond-Schneider). `powersEqual` tests these without huge powers.
 */
import { DomainError } from '../errors';
import { powersEqual } from '../exact/integer-roots';
import { Rational } from '../exact/rational';
import type { Interval, IntervalArena } from '../interval/arena';
import { cbrt, expm1, log10, log1p, log2, powPositive, root } from '../interval/elementary';
import { div, exp, ln, neg, sqrt } from '../interval/ops';
import type { ExactInput } from './exact-input';
import type { ZivProblem } from './ziv';

const LOG2_10 = Math.log2(10);

/** e^x. */
export function expProblem(x: ExactInput): ZivProblem {
  return {
    name: 'exp',
    enclose: (I) => exp(I.enclose(x.load)),
    equals: (c) => x.compare(0) === 0 && c.equals(Rational.ONE),
    extraBits: magnitudeBits(x),
  };
}

/** e^x - 1, accurate near 0. */
export function expm1Problem(x: ExactInput): ZivProblem {
  return {
    name: 'expm1',
    enclose: (I) => expm1(I.enclose(x.load)),
    equals: (c) => x.compare(0) === 0 && c.isZero(),
    extraBits: magnitudeBits(x),
  };
}

/** Natural logarithm; DomainError for x <= 0. */
export function lnProblem(x: ExactInput): ZivProblem {
  requirePositive(x, 'ln');
  return { name: 'ln', enclose: (I) => lnOf(I, x), equals: (c) => logEquals(x, Rational.ONE, c, true), extraBits: 0 };
}

/** ln(1 + x), accurate near 0; DomainError for x <= -1. */
export function log1pProblem(x: ExactInput): ZivProblem {
  if (x.compare(-1) <= 0) throw new DomainError('log1p', `argument must be > -1, got ${x.load}`);
  return {
    name: 'log1p',
    enclose: (I) => log1p(I.enclose(x.load)),
    equals: (c) => x.compare(0) === 0 && c.isZero(),
    extraBits: bitsNear(x, -1),
  };
}

/** log_b(x) for b = 2 or 10 (MPFR's own log2 / log10) or any positive b != 1 (ln x / ln b). */
export function logProblem(x: ExactInput, base: ExactInput | 2 | 10): ZivProblem {
  const name = base === 2 ? 'log2' : base === 10 ? 'log10' : 'log';
  requirePositive(x, name);
  if (typeof base !== 'number') {
    if (base.compare(0) <= 0) throw new DomainError('log', `base must be positive, got ${base.load}`);
    if (base.compare(1) === 0) throw new DomainError('log', 'base 1 has no logarithm');
  }
  const enclose = (I: IntervalArena): Interval => {
    if (typeof base !== 'number') return div(lnOf(I, x), lnOf(I, base));
    // MPFR's log2 / log10 are tightest, except next to 1 where ln(1 + (x - 1)) keeps the relative accuracy.
    if (nearOne(x) !== null) return div(lnOf(I, x), ln(I.enclose(base)));
    return base === 2 ? log2(I.enclose(x.load)) : log10(I.enclose(x.load));
  };
  const b = typeof base === 'number' ? Rational.from(base) : base.rational();
  return { name, enclose, equals: (c) => b !== null && logEquals(x, b, c, false), extraBits: 0 };
}

/** The real n-th root (n >= 1); odd roots of negative numbers are negative; DomainError for even roots of negatives. */
export function rootProblem(x: ExactInput, n: number, name = 'root'): ZivProblem {
  if (!Number.isSafeInteger(n) || n < 1 || n > 0x7fffffff) throw new DomainError(name, `degree must be an integer in [1, 2^31), got ${n}`);
  if (n % 2 === 0 && x.compare(0) < 0) throw new DomainError(name, `even root of a negative number (${x.load})`);
  const enclose = (I: IntervalArena): Interval => {
    const arg = I.enclose(x.load);
    return n === 2 ? sqrt(arg) : n === 3 ? cbrt(arg) : root(arg, n);
  };
  return { name, enclose, equals: (c) => powerEquals(x, 1n, BigInt(n), c), extraBits: 0 };
}

/**
 * x^y. A negative base needs a rational exponent p/q with q odd (then x^y = (-1)^p |x|^y); 0^y needs y >= 0
 * (0^0 = 1, as in MPFR and Python). DomainError otherwise.
 */
export function powProblem(x: ExactInput, y: ExactInput): ZivProblem {
  const ySign = y.compare(0);
  const exponent = y.rational();
  if (x.compare(0) === 0) {
    if (ySign < 0) throw new DomainError('pow', 'zero to a negative power');
    const value = ySign === 0 ? Rational.ONE : Rational.ZERO;
    return constant('pow', value);
  }
  const negativeBase = x.compare(0) < 0;
  if (negativeBase && exponent === null) throw new DomainError('pow', 'a negative base needs an exponent within the exact size rule');
  if (negativeBase && exponent !== null && exponent.den % 2n === 0n) {
    throw new DomainError('pow', `a negative base has no real power with an even denominator (exponent ${exponent})`);
  }
  const odd = exponent !== null && exponent.num % 2n !== 0n;
  const enclose = (I: IntervalArena): Interval => {
    const magnitude = powPositive(negativeBase ? neg(I.enclose(x.load)) : I.enclose(x.load), y.load);
    return negativeBase && odd ? neg(magnitude) : magnitude;
  };
  const equals = (c: Rational) => exponent !== null && powerEquals(x, exponent.num, exponent.den, c);
  // x^y = exp(y ln x): relative error |y| dx + |y ln x| dy, so the inputs need bits for |y| (1 + |ln x|).
  const yBits = ySign === 0 ? 0 : (y.approxMinus(0).e + 1) * LOG2_10;
  const lnBound = (Math.abs(x.approxMinus(0).e) + 1) * Math.LN10;
  return { name: 'pow', enclose, equals, extraBits: ySign === 0 ? 0 : yBits + Math.log2(1 + lnBound) + 4 };
}

/**
 * An enclosure of ln x. Next to 1 it is log1p of the exact x - 1 (loading x itself would round away the
 * digits that matter: ln(1 + 1e-100000) would need 332,000 bits); elsewhere MPFR's log of x.
 */
function lnOf(I: IntervalArena, x: ExactInput): Interval {
  const shifted = nearOne(x);
  return shifted === null ? ln(I.enclose(x.load)) : log1p(I.enclose(shifted));
}

/** x - 1 exactly as "p/q" when |x - 1| < 1/2 (and x is within the exact size rule), else null. */
function nearOne(x: ExactInput): string | null {
  if (x.approxMinus(1).abs().gte(0.5)) return null;
  const v = x.rational();
  return v === null ? null : `${v.num - v.den}/${v.den}`;
}

/** A value known exactly in advance (its enclosure is the tightest one around it). */
function constant(name: string, value: Rational): ZivProblem {
  return { name, enclose: (I) => I.rational(value.num, value.den), equals: (c) => c.equals(value), extraBits: 0 };
}

/** x^(p/q) = c exactly (q > 0): the signs agree and |x|^p = |c|^q. */
function powerEquals(x: ExactInput, p: bigint, q: bigint, c: Rational): boolean {
  const v = x.rational();
  if (v === null) return false;
  if (p === 0n) return c.equals(Rational.ONE);
  if (v.isZero() || c.isZero()) return v.isZero() && c.isZero() && p > 0n;
  const negative = v.sign() < 0 && p % 2n !== 0n;
  if (c.sign() < 0 !== negative) return false;
  const [a, d] = [v.num < 0n ? -v.num : v.num, v.den];
  const [cn, cd] = [c.num < 0n ? -c.num : c.num, c.den];
  // (a/d)^p = (cn/cd)^q with both fractions reduced: numerators and denominators match separately.
  return p > 0n ? powersEqual(a, p, cn, q) && powersEqual(d, p, cd, q) : powersEqual(d, -p, cn, q) && powersEqual(a, -p, cd, q);
}

/** log_b(x) = c exactly: with c = P/Q, x^Q = b^P (x, b > 0). `natural` means b = e (then only ln 1 = 0). */
function logEquals(x: ExactInput, b: Rational, c: Rational, natural: boolean): boolean {
  const v = x.rational();
  if (v === null) return false;
  if (c.isZero()) return v.equals(Rational.ONE);
  if (natural) return false;
  const [P, Q] = [c.num, c.den];
  // x^Q = b^P; for P < 0 that is x^Q = (1/b)^|P|.
  const [bn, bd] = P > 0n ? [b.num, b.den] : [b.den, b.num];
  const k = P > 0n ? P : -P;
  return powersEqual(v.num, Q, bn, k) && powersEqual(v.den, Q, bd, k);
}

function requirePositive(x: ExactInput, name: string): void {
  if (x.compare(0) <= 0) throw new DomainError(name, `argument must be positive, got ${x.load}`);
}

/** Extra bits for exp-like functions: exp(x(1 + d)) = exp(x) exp(x d), so log2 |x| more bits. */
function magnitudeBits(x: ExactInput): number {
  return x.compare(0) === 0 ? 0 : Math.max(0, (x.approxMinus(0).e + 1) * LOG2_10 + 2);
}

/** Extra bits when x is close to `pole` (ln-like functions lose relative accuracy there, about 1/|x - pole|). */
function bitsNear(x: ExactInput, pole: number): number {
  const gap = x.approxMinus(pole);
  if (gap.isZero() || gap.abs().gte(0.5)) return 0;
  return Math.ceil(-gap.e * LOG2_10) + 4;
}
