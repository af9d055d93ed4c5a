/**
 * Assertions over calculator expressions, `lhs REL rhs` with REL one of <, <=, =, !=, >=, > (`==` is read as
 * `=`), decided without trusting a floating-point value:
 * - exact: when both sides are exact rationals (checkers/calc/exact.ts, after floor/ceil of irrationals are
 *   made exact by checkers/calc/integer-parts.ts), the sign of lhs - rhs is computed in rationals;
 * - enclosure: otherwise lhs - rhs is enclosed rigorously (checkers/calc/enclose.ts) at 64 bits, then 128,
 *   256, ... up to `maxBits` (default 8192), until the enclosure [a, b] of lhs - rhs decides REL against 0
 *   (e.g. `<` holds when b < 0 and fails when a >= 0; `=` holds only when a = b = 0, which proves equality);
 * - cannot tell: the enclosure still contains 0 at `maxBits`. Equal values that are not both recognised as
 *   exact (sqrt(2)^2 = 2, pi = pi) always end here: an enclosure of an irrational difference never shrinks
 *   to the point 0, so equality (and <= or >= between equal values) cannot be proven this way. Also here: a
 *   value beyond MPFR's exponent range, or a divisor still not separated from 0 at `maxBits`. (floor and
 *   ceil of an argument not separated from an integer, as floor(sqrt(2)^2), are enclosed by both integers.)
 * The result states the sides' and the difference's enclosures as decimal strings rounded outward to
 * `digits` (default 20) significant digits (the difference keeps its sign under that rounding; the sides'
 * displayed intervals may overlap even when their difference is decided), and the precision used.
 * Example: `decideAssertion(mpfr, "H_10 > ln(10) + 0.5")` holds (enclosure, 64 bits: H_10 - ln(10) - 0.5 is
 * about 0.126); `decideAssertion(mpfr, "sum(1/k^2, k, 1, 3) = 49/36")` holds (exact);
 * `decideAssertion(mpfr, "sqrt(2)^2 = 2").holds` is 'cannot tell'.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../errors';
import type { Rational } from '../exact/rational';
import { withIntervals, type Interval } from '../interval/arena';
import { sub } from '../interval/ops';
import { UndecidedError } from '../interval/undecided';
import type { Mpfr } from '../precise/mpfr';
import type { CalcNode } from './ast';
import { encloseExpression } from './enclose';
import { evaluateExact, NotExact } from './exact';
import { decideIntegerParts } from './integer-parts';
import { parseExpression } from './parse';
import { splitAssertion, type Relation } from './relation';

export type { Relation } from './relation';

export type Holds = true | false | 'cannot tell';

/** Decimal bounds [lo, hi] of a value; lo = hi when that decimal is the exact value. */
export interface Bounds {
  readonly lo: string;
  readonly hi: string;
}

export interface AssertionResult {
  readonly assertion: string;
  readonly relation: Relation;
  readonly holds: Holds;
  /** `exact`: decided in rationals; `enclosure`: by (or, for cannot tell, still undecided by) rigorous enclosures. */
  readonly guarantee: 'exact' | 'enclosure';
  readonly lhs: Bounds & { readonly exact: string | null };
  readonly rhs: Bounds & { readonly exact: string | null };
  readonly difference: Bounds;
  /** Precision of the last enclosure (null when decided exactly), and the most allowed. */
  readonly bits: number | null;
  readonly maxBits: number;
  readonly reason: string;
}

export interface AssertionOptions {
  /** Highest precision of the enclosures, in bits (64 to 1,000,000; default 8192, about 2,466 digits). */
  readonly maxBits?: number;
  /** Significant digits of the decimal bounds shown (1 to 1000; default 20). Display only. */
  readonly digits?: number;
}

const START_BITS = 64;

/** Decides `assertion`. CalcError (column counted in the whole text) for syntax and certain domain errors. */
export function decideAssertion(mpfr: Mpfr, assertion: string, options: AssertionOptions = {}): AssertionResult {
  const maxBits = options.maxBits ?? 8192;
  const digits = options.digits ?? 20;
  if (!Number.isSafeInteger(maxBits) || maxBits < START_BITS || maxBits > 1_000_000)
    throw new DomainError('assertion', `maxBits must be an integer from ${START_BITS} to 1000000, got ${maxBits}`);
  if (!Number.isSafeInteger(digits) || digits < 1 || digits > 1000)
    throw new DomainError('assertion', `digits must be an integer from 1 to 1000, got ${digits}`);
  const { lhs, relation, rhs } = splitAssertion(assertion);
  // The right side is parsed with the left side blanked out, so that its columns count in the whole text.
  const left = decideIntegerParts(mpfr, parseExpression(lhs));
  const right = decideIntegerParts(mpfr, parseExpression(' '.repeat(assertion.length - rhs.length) + rhs));
  const base = { assertion, relation, maxBits };
  const [a, b] = [evaluateExact(left), evaluateExact(right)];
  if (!(a instanceof NotExact) && !(b instanceof NotExact)) {
    const d = a.sub(b);
    const holds = decide(relation, d.sign(), d.sign()) as boolean;
    const reason = `both sides are exact rationals: lhs - rhs = ${d}${d.isZero() ? '' : ` ${d.sign() < 0 ? '<' : '>'} 0`}, so the assertion ${holds ? 'holds' : 'fails'}`;
    return {
      ...base,
      holds,
      guarantee: 'exact',
      lhs: exactBounds(a, digits),
      rhs: exactBounds(b, digits),
      difference: exactBounds(d, digits),
      bits: null,
      reason,
    };
  }
  const why = [a, b]
    .flatMap((v, i) => (v instanceof NotExact ? [`${i === 0 ? 'lhs' : 'rhs'} is not known exactly (column ${v.column}: ${v.reason})`] : []))
    .join('; ');
  for (let bits = START_BITS; ; bits = Math.min(2 * bits, maxBits)) {
    const step = attempt(mpfr, bits, left, right, relation, digits);
    const exactOf = (v: Rational | NotExact) => (v instanceof NotExact ? null : v.toString());
    const sides = { lhs: { ...step.lhs, exact: exactOf(a) }, rhs: { ...step.rhs, exact: exactOf(b) }, difference: step.difference, bits };
    if (step.holds !== 'cannot tell') {
      const reason = `lhs - rhs lies in [${step.difference.lo}, ${step.difference.hi}] (a rigorous enclosure at ${bits} bits), so the assertion ${step.holds ? 'holds' : 'fails'}; ${why}`;
      return { ...base, holds: step.holds, guarantee: 'enclosure', ...sides, reason };
    }
    if (step.overflow !== null || bits >= maxBits) {
      const reason =
        step.overflow ??
        (step.undecided ??
          `lhs - rhs still encloses 0 at ${maxBits} bits ([${step.difference.lo}, ${step.difference.hi}]): the sides may be equal, and an enclosure cannot prove equality of values not both known exactly`) +
          `; ${why}`;
      return { ...base, holds: 'cannot tell', guarantee: 'enclosure', ...sides, reason };
    }
  }
}

interface Attempt {
  readonly holds: Holds;
  readonly lhs: Bounds;
  readonly rhs: Bounds;
  readonly difference: Bounds;
  /** Why an operation could not be enclosed at this precision (null when it could). */
  readonly undecided: string | null;
  /** A value beyond the exponent range: more precision will not help. */
  readonly overflow: string | null;
}

const UNKNOWN: Bounds = { lo: '-Infinity', hi: 'Infinity' };

/** One enclosure of both sides and their difference at `bits`. */
function attempt(mpfr: Mpfr, bits: number, left: CalcNode, right: CalcNode, relation: Relation, digits: number): Attempt {
  return withIntervals(mpfr, { bits }, (I) => {
    let L: Interval, R: Interval, D: Interval;
    try {
      L = encloseExpression(I, left, { wideIntegerParts: true });
      R = encloseExpression(I, right, { wideIntegerParts: true });
      D = sub(L, R);
    } catch (e) {
      const none = { holds: 'cannot tell' as const, lhs: UNKNOWN, rhs: UNKNOWN, difference: UNKNOWN };
      if (e instanceof UndecidedError)
        return { ...none, undecided: `at ${bits} bits an enclosure could not decide ${e.operation}: ${e.reason}`, overflow: null };
      if (e instanceof DomainError && /exponent range/.test(e.reason))
        return { ...none, undecided: null, overflow: `a value exceeds MPFR's exponent range (${e.reason}), so no enclosure exists` };
      throw e;
    }
    const b = I.mpfr.binding;
    const show = (x: Interval): Bounds => {
      const f = I.format(x, digits);
      return { lo: new Decimal(f.lo).toString(), hi: new Decimal(f.hi).toString() };
    };
    const holds = decide(relation, b.mpfr_sgn(D.lo), b.mpfr_sgn(D.hi));
    return { holds, lhs: show(L), rhs: show(R), difference: show(D), undecided: null, overflow: null };
  });
}

/**
 * Whether `REL` holds for lhs - rhs in [a, b], given only the signs of a and b: true or false when every
 * value of [a, b] agrees, else 'cannot tell'. Example: `decide('<=', -1, 0)` is true; `decide('=', -1, 1)` cannot tell.
 */
export function decide(relation: Relation, signLo: number, signHi: number): Holds {
  const [lo, hi] = [Math.sign(signLo), Math.sign(signHi)];
  const verdict = (yes: boolean, no: boolean): Holds => (yes ? true : no ? false : 'cannot tell');
  switch (relation) {
    case '<':
      return verdict(hi < 0, lo >= 0);
    case '<=':
      return verdict(hi <= 0, lo > 0);
    case '>':
      return verdict(lo > 0, hi <= 0);
    case '>=':
      return verdict(lo >= 0, hi < 0);
    case '=':
      return verdict(lo === 0 && hi === 0, lo > 0 || hi < 0);
    case '!=':
      return verdict(lo > 0 || hi < 0, lo === 0 && hi === 0);
  }
}

/** An exact value's decimal bounds: equal when it terminates within `digits` digits, else rounded outward. */
function exactBounds(x: Rational, digits: number): Bounds & { readonly exact: string } {
  return {
    lo: new Decimal(x.toPrecision(digits, 'floor')).toString(),
    hi: new Decimal(x.toPrecision(digits, 'ceiling')).toString(),
    exact: x.toString(),
  };
}
