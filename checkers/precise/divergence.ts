/**
 * Divergences between two finite distributions at high precision, computed entirely in MPFR registers
 * (no decimal round trip per term): forward KL sum p ln(p/q), cross-entropy -sum p ln q and Jensen-Shannon
 * (natural log). Reverse KL is `klDivergence(P, q, p)`. The vectors need not be normalised.
 *
 * Guarantee (approximate with a bound): every term w ln(a/b) is computed at `P.bits` (digits + 16 bits)
 * with round-to-nearest, so its error is at most 3.01 u w (|ln(a/b)| + 1), u = 2^-P.bits; the accumulator
 * carries log2(n) extra bits. The returned sum is therefore within
 * 10^-digits * sum_i w_i (|ln(a_i/b_i)| + 1) of the exact value, plus half a unit in its last digit.
 * For a proof of an inequality use checkers/interval/divergence.ts, which encloses the exact value.
 */
import type Decimal from 'decimal.js';
import { DimensionError, DomainError } from '../errors';
import { loadNumber } from './load';
import { freeFloat, newFloat, RND, toDecimalString, type MpfrPtr } from './mpfr';
import type { Precise, PreciseInput } from './precise';

/**
 * A vector of exact inputs (decimal or ratio strings, bigints, JS integers, decimal.js values), or a
 * Float64Array whose doubles are taken at their exact binary values (the way a float64 model sees them).
 */
export type Vector = readonly PreciseInput[] | Float64Array;

/**
 * Forward Kullback-Leibler divergence KL(p || q) = sum_i p_i ln(p_i / q_i), with 0 ln 0 = 0.
 * Throws DomainError for a negative entry, or q_i = 0 where p_i > 0 (the divergence is infinite).
 * Example: `klDivergence(P, ['1/2', '1/2'], ['1/4', '3/4'])` returns (ln 2 + ln(2/3))/2 = ln(4/3)/2 = 0.14384103622589...
 */
export function klDivergence(P: Precise, p: Vector, q: Vector): Decimal {
  checkLengths(p, q);
  return withRegisters(P, p.length, (r) => {
    for (let i = 0; i < p.length; i++) {
      loadProbability(P, r.a, p, i, 'kl');
      loadProbability(P, r.b, q, i, 'kl');
      addWeightedLogRatio(P, r, r.a, r.a, r.b, 'kl', i);
    }
  });
}

/**
 * Cross-entropy H(p, q) = -sum_i p_i ln q_i (terms with p_i = 0 contribute 0).
 * Example: `crossEntropy(P, ['1/2', '1/2'], ['1/4', '3/4'])` returns (ln 4 + ln(4/3))/2 = 0.83698...
 */
export function crossEntropy(P: Precise, p: Vector, q: Vector): Decimal {
  checkLengths(p, q);
  return withRegisters(P, p.length, (r) => {
    for (let i = 0; i < p.length; i++) {
      loadProbability(P, r.a, p, i, 'cross-entropy');
      loadProbability(P, r.b, q, i, 'cross-entropy');
      P.mpfr.binding.mpfr_set_si(r.m, 1, RND.nearest);
      // p ln(1/q) = -p ln q
      addWeightedLogRatio(P, r, r.a, r.m, r.b, 'cross-entropy', i);
    }
  });
}

/**
 * Jensen-Shannon divergence (natural log): (KL(p || m) + KL(q || m)) / 2 with m = (p + q) / 2.
 * Symmetric, at most ln 2 for normalised inputs. Example: `jsDivergence(P, ['1', '0'], ['0', '1'])` returns ln 2.
 */
export function jsDivergence(P: Precise, p: Vector, q: Vector): Decimal {
  checkLengths(p, q);
  const b = P.mpfr.binding;
  return withRegisters(P, 2 * p.length, (r) => {
    for (let i = 0; i < p.length; i++) {
      loadProbability(P, r.a, p, i, 'js');
      loadProbability(P, r.b, q, i, 'js');
      b.mpfr_add(r.m, r.a, r.b, RND.nearest);
      b.mpfr_div_2si(r.m, r.m, 1, RND.nearest);
      // (p ln(p/m) + q ln(q/m)) / 2: halve the weights, which is exact in binary.
      b.mpfr_div_2si(r.w, r.a, 1, RND.nearest);
      addWeightedLogRatio(P, r, r.w, r.a, r.m, 'js', i);
      b.mpfr_div_2si(r.w, r.b, 1, RND.nearest);
      addWeightedLogRatio(P, r, r.w, r.b, r.m, 'js', i);
    }
  });
}

/** Working registers of one divergence evaluation. */
interface Registers {
  readonly a: MpfrPtr;
  readonly b: MpfrPtr;
  readonly m: MpfrPtr;
  readonly w: MpfrPtr;
  readonly t: MpfrPtr;
  readonly acc: MpfrPtr;
}

/** Allocates registers, runs `body`, converts the accumulator to a Decimal, and frees every register. */
function withRegisters(P: Precise, terms: number, body: (r: Registers) => void): Decimal {
  const m = P.mpfr;
  const accBits = P.bits + Math.ceil(Math.log2(terms + 1)) + 2;
  const r: Registers = {
    a: newFloat(m, P.bits),
    b: newFloat(m, P.bits),
    m: newFloat(m, P.bits),
    w: newFloat(m, P.bits),
    t: newFloat(m, P.bits),
    acc: newFloat(m, accBits),
  };
  try {
    m.binding.mpfr_set_si(r.acc, 0, RND.nearest);
    body(r);
    return new P.Decimal(toDecimalString(m, r.acc, P.digits, RND.nearest));
  } finally {
    for (const ptr of Object.values(r)) freeFloat(m, ptr);
  }
}

/** acc += weight * ln(num / den); skipped when weight is 0 (0 ln 0 = 0). */
function addWeightedLogRatio(P: Precise, r: Registers, weight: MpfrPtr, num: MpfrPtr, den: MpfrPtr, name: string, i: number): void {
  const b = P.mpfr.binding;
  if (b.mpfr_zero_p(weight) !== 0) return;
  if (b.mpfr_zero_p(den) !== 0) throw new DomainError(name, `entry ${i}: zero where the weight is positive (infinite divergence)`);
  b.mpfr_div(r.t, num, den, RND.nearest);
  b.mpfr_log(r.t, r.t, RND.nearest);
  b.mpfr_mul(r.t, r.t, weight, RND.nearest);
  b.mpfr_add(r.acc, r.acc, r.t, RND.nearest);
}

function loadProbability(P: Precise, ptr: MpfrPtr, v: Vector, i: number, name: string): void {
  if (v instanceof Float64Array) {
    const x = v[i] ?? Number.NaN;
    if (!Number.isFinite(x)) throw new DomainError(name, `entry ${i} is not a finite number`);
    P.mpfr.binding.mpfr_set_d(ptr, x, RND.nearest); // exact once P.bits >= 53, else rounded like any input
  } else {
    loadNumber(P.mpfr, ptr, at(v, i), RND.nearest);
  }
  if (P.mpfr.binding.mpfr_sgn(ptr) < 0) throw new DomainError(name, `entry ${i} is negative`);
}

function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new DimensionError(`no entry ${i}`, `an entry at every index below ${xs.length}`);
  return x;
}

function checkLengths(p: Vector, q: Vector): void {
  if (p.length !== q.length) throw new DimensionError(`vectors of lengths ${p.length} and ${q.length}`, 'equal lengths');
}
