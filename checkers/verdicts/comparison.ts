/**
 * One decisive comparison of a sandboxed verdict (`sandbox-verdict`, docs/sandbox-verdict.md), decided exactly:
 * `value RELATION bound`, where a number is written as a string (an integer "12", a decimal "-2.5e-3" or a ratio
 * "p/q": its exact rational), as a JS number (a float64: its exact binary value, so 0.1 is
 * 3602879701896397/36028797018963968), and a value may be an interval [lo, hi] of those (an enclosure: the exact
 * quantity lies inside). On an interval the relation holds when it holds at every point of it, fails when it
 * fails at every point, and is undecided otherwise (checked at both ends, which suffices for <, <=, >, >=; `=`
 * holds only for lo = hi = bound and fails only for a bound outside [lo, hi]).
 * Guarantee: exact (rational arithmetic on BigInt, no rounding anywhere).
 * Example: `decideComparison(exactNumber("1.73"), '<', exactNumber("2"))` is 'holds';
 * `decideComparison({ lo: exactNumber("1.9"), hi: exactNumber("2.1") }, '<', exactNumber("2"))` is 'undecided'.
 */
import { ParseError } from '../errors';
import { numberSyntax } from '../exact/number-syntax';
import { Rational } from '../exact/rational';

export type Relation = '<' | '<=' | '=' | '>=' | '>';
export const RELATIONS: readonly Relation[] = ['<', '<=', '=', '>=', '>'];

/** How a comparison came out: holds or fails everywhere on its value, or undecided (an interval across the bound). */
export type ComparisonTruth = 'holds' | 'fails' | 'undecided';

/** A number as written, with its exact value: `exact` for a string, `float` for a JS number (its binary value). */
export interface WrittenNumber {
  readonly form: 'exact' | 'float';
  readonly value: Rational;
  /** The text as written (a float as JS prints it), for evidence and letters. */
  readonly text: string;
}

/** An interval [lo, hi] with lo <= hi: the exact quantity lies inside. */
export interface WrittenInterval {
  readonly lo: WrittenNumber;
  readonly hi: WrittenNumber;
}

/** A value: one number, or an interval. */
export type WrittenValue = WrittenNumber | WrittenInterval;

/** Longest number string accepted (digits, sign, point, exponent, slash). */
export const MAX_NUMBER_CHARS = 120;
/** Largest |n| of a decimal d x 10^n accepted (d its digits): keeps every exact value below about 3,800 bits. */
export const MAX_NUMBER_EXPONENT = 1000;

/**
 * The exact value of a number string, within MAX_NUMBER_CHARS and MAX_NUMBER_EXPONENT; throws ParseError otherwise.
 * Example: `exactNumber("-2.5e-3").value.toString()` is "-1/400".
 */
export function exactNumber(text: string): WrittenNumber {
  if (text.length > MAX_NUMBER_CHARS) throw new ParseError(text.slice(0, 40), `longer than ${MAX_NUMBER_CHARS} characters`);
  const syntax = numberSyntax(text.trim(), text, 'not an exact number (expected an integer, a decimal such as "-2.5e-3", or "p/q")');
  if (syntax.kind === 'decimal' && Math.abs(syntax.parts.exponent) > MAX_NUMBER_EXPONENT)
    throw new ParseError(text, `exponent out of range: a decimal d x 10^n needs |n| <= ${MAX_NUMBER_EXPONENT} here`);
  return { form: 'exact', value: Rational.parse(text), text };
}

/** The exact binary value of a finite float64. Example: `floatNumber(0.5).value.toString()` is "1/2". */
export function floatNumber(x: number): WrittenNumber {
  return { form: 'float', value: Rational.fromFloat64(x), text: String(x) };
}

/** Whether a value is an interval. */
export function isInterval(v: WrittenValue): v is WrittenInterval {
  return 'lo' in v;
}

/** Whether `a RELATION b` holds for two exact rationals. Example: `relationHolds(Rational.ONE, '>=', Rational.ONE)` is true. */
export function relationHolds(a: Rational, relation: Relation, b: Rational): boolean {
  const c = a.compare(b);
  switch (relation) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '=':
      return c === 0;
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
  }
}

/** `value RELATION bound`, decided on every point of the value (see the file's doc). */
export function decideComparison(value: WrittenValue, relation: Relation, bound: WrittenNumber): ComparisonTruth {
  const b = bound.value;
  if (!isInterval(value)) return relationHolds(value.value, relation, b) ? 'holds' : 'fails';
  const [lo, hi] = [value.lo.value, value.hi.value];
  if (relation === '=') {
    if (lo.equals(b) && hi.equals(b)) return 'holds';
    return lo.compare(b) > 0 || hi.compare(b) < 0 ? 'fails' : 'undecided';
  }
  // <, <=, >, >= are monotone in the value: holding (or failing) at both ends means at every point between.
  const atLo = relationHolds(lo, relation, b);
  const atHi = relationHolds(hi, relation, b);
  if (atLo && atHi) return 'holds';
  if (!atLo && !atHi) return 'fails';
  return 'undecided';
}
