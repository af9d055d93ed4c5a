/**
 * Enclosures of divergences between finite distributions, and their certified comparison. Guarantee
 * (enclosure): the returned interval contains the exact divergence of the exact inputs (or of every
 * value the input intervals enclose). Inputs: decimal or ratio strings, bigints, JS integers, or intervals.
 * Definitions: KL(p || q) = sum p ln(p/q) with 0 ln 0 = 0; H(p, q) = -sum p ln q;
 * JS(p, q) = (KL(p || m) + KL(q || m)) / 2 with m = (p + q) / 2 (natural log).
 */
import { DimensionError, DomainError } from '../errors';
import type { Mpfr } from '../precise/mpfr';
import type { Interval, IntervalArena, IntervalInput } from './arena';
import { certifySign, type EscalationBudget } from './certify';
import { crossEntropyTerm, jsTerm, klTerm, termSum } from './divergence-terms';
import { sub } from './ops';

/** Entries as exact inputs or intervals, or a Float64Array whose doubles count at their exact binary values. */
export type IntervalVector = readonly IntervalInput[] | Float64Array;

/** Two distributions, as given to `klEnclosure`. */
export interface DistributionPair {
  readonly p: IntervalVector;
  readonly q: IntervalVector;
}

/**
 * Encloses KL(p || q). DomainError for a negative entry, or q_i = 0 where p_i > 0 (infinite divergence).
 * Tight: each term's exact range over its box (divergence-terms.ts), summed at a working precision.
 * Example: `I.format(klEnclosure(I, ['1/2', '1/2'], ['1/4', '3/4']), 12)` brackets ln(4/3)/2 = 0.143841036226.
 */
export function klEnclosure(I: IntervalArena, p: IntervalVector, q: IntervalVector): Interval {
  const [ps, qs] = weighted(I, p, q, 'kl');
  return termSum(I, ps.length, klTerm(ps, qs), 'kl');
}

/** Encloses the cross-entropy H(p, q) = -sum p ln q. Example: H([1/2, 1/2], [1/4, 3/4]) = (ln 4 + ln(4/3))/2. */
export function crossEntropyEnclosure(I: IntervalArena, p: IntervalVector, q: IntervalVector): Interval {
  const [ps, qs] = weighted(I, p, q, 'cross-entropy');
  return termSum(I, ps.length, crossEntropyTerm(ps, qs), 'cross-entropy');
}

/** Encloses the Jensen-Shannon divergence (natural log). Example: JS([1, 0], [0, 1]) = ln 2. */
export function jsEnclosure(I: IntervalArena, p: IntervalVector, q: IntervalVector): Interval {
  const [ps, qs] = entries(I, p, q, 'js');
  return termSum(I, ps.length, jsTerm(ps, qs), 'js');
}

/** The entries with p_i not exactly 0 (0 ln 0 = 0), each q_i certainly positive there. */
function weighted(I: IntervalArena, p: IntervalVector, q: IntervalVector, name: string): [Interval[], Interval[]] {
  const [ps, qs] = entries(I, p, q, name);
  const kept = ps.flatMap((pi, i) => (isZero(pi) ? [] : [i]));
  return [kept.map((i) => ps[i] as Interval), kept.map((i) => positive(qs[i], name, i))];
}

/**
 * Certifies the order of KL(a.p || a.q) and KL(b.p || b.q), escalating precision (64 bits up to
 * `budget.maxBits`, default 4096) until the enclosure of their difference excludes 0. Returns 'less' when
 * the first divergence is certainly smaller, 'greater' when certainly larger, 'undecided' when they are
 * equal or closer than the final enclosure width. Example: comparing KL([1/2,1/2] || [1/4,3/4]) with
 * KL([1/4,3/4] || [1/2,1/2]) returns `{ order: 'greater', bits: 64, ... }` (0.14384... > 0.13081...).
 */
export function compareKl(
  mpfr: Mpfr,
  a: DistributionPair,
  b: DistributionPair,
  budget: EscalationBudget = {},
): { readonly order: 'less' | 'greater' | 'undecided'; readonly bits: number; readonly lo: string; readonly hi: string } {
  const outcome = certifySign(mpfr, (I) => sub(klEnclosure(I, a.p, a.q), klEnclosure(I, b.p, b.q)), budget);
  const order = outcome.sign === 'undecided' ? 'undecided' : outcome.sign < 0 ? 'less' : 'greater';
  return { order, bits: outcome.bits, lo: outcome.lo, hi: outcome.hi };
}

function entries(I: IntervalArena, p: IntervalVector, q: IntervalVector, name: string): [Interval[], Interval[]] {
  if (p.length !== q.length) throw new DimensionError(`vectors of lengths ${p.length} and ${q.length}`, 'equal lengths');
  const load = (xs: IntervalVector) =>
    Array.from(xs as ArrayLike<IntervalInput>, (x, i) => {
      const v = typeof x === 'number' && xs instanceof Float64Array ? I.float64(x) : I.enclose(x);
      if (I.mpfr.binding.mpfr_sgn(v.lo) < 0) {
        throw new DomainError(name, `entry ${i} is negative or not certainly non-negative`);
      }
      return v;
    });
  return [load(p), load(q)];
}

function isZero(x: Interval): boolean {
  const b = x.arena.mpfr.binding;
  return b.mpfr_zero_p(x.lo) !== 0 && b.mpfr_zero_p(x.hi) !== 0;
}

function positive(x: Interval | undefined, name: string, i: number): Interval {
  if (x === undefined) throw new DimensionError(`no entry ${i}`, 'equal lengths');
  if (x.arena.mpfr.binding.mpfr_sgn(x.lo) > 0) return x;
  throw new DomainError(name, `entry ${i}: zero (or not certainly positive) where the weight is positive (infinite divergence)`);
}
