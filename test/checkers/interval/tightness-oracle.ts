/**
 * Test helper: mpmath.iv reference ranges (tightness_reference.py, run by Debian's /usr/bin/python3) and the
 * measurement of an interval against them: containment (our interval holds the reference's enclosure of the
 * exact range) and tightness (how many floats of the arena's precision each of our ends lies outside the
 * reference enclosure rounded outward to that precision; 0 is the tightest possible enclosure).
 * Example: `measure(I, add(x, y), reference)` gives `{ contains: true, lo: 0, hi: 0 }` for a correct `add`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Interval, IntervalArena, RationalPair } from '../../../checkers/interval/arena';
import { RND, setRational } from '../../../checkers/precise/mpfr';
import { PYTHON, pythonModules } from '../../helpers/required';
import { wire, type Box, type Float } from './tightness-inputs';
import { qLe } from './oracle';

/** '' when mpmath imports; else the reason to skip (a failure under `npm test`). */
export const mpmathMissing = pythonModules(['mpmath']);

/** One evaluation: an operation of the reference script on input intervals at `bits` bits. */
export interface TightCase {
  readonly op: string;
  readonly bits: number;
  readonly xs: readonly Box[];
  readonly ys?: readonly Box[];
  readonly n?: number;
}

/** Per output: bounds for containment (lo, hi) and the outward-rounded reference ends (refLo, refHi), as "m e". */
export interface Reference {
  readonly lo: string;
  readonly hi: string;
  readonly refLo: string;
  readonly refHi: string;
}

/** Reference ranges of every case (one Python process). Throws with Python's stderr when it fails. */
export function referenceRanges(cases: readonly TightCase[]): Reference[][] {
  const input = JSON.stringify(cases.map((c) => ({ ...c, xs: c.xs.map((b) => b.map(wire)), ys: (c.ys ?? []).map((b) => b.map(wire)) })));
  const script = join(import.meta.dirname, 'tightness_reference.py');
  const run = spawnSync(PYTHON, [script], { input, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`tightness_reference.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Reference[][];
}

/** The interval [lo, hi] of exact floats in arena I (its precision holds them exactly). */
export function span(I: IntervalArena, [lo, hi]: Box): Interval {
  const r = I.allocate();
  const set = (ptr: number, f: Float, rnd: typeof RND.down | typeof RND.up) => {
    setRational(I.mpfr, ptr, f.m, 1n, rnd);
    I.mpfr.binding.mpfr_mul_2si(ptr, ptr, f.e, rnd);
  };
  set(r.lo, lo, RND.down);
  set(r.hi, hi, RND.up);
  return I.checked(r, 'tightness input');
}

const dyadic = (s: string): RationalPair => {
  const [m = '0', e = '0'] = s.split(' ');
  const exp = Number(e);
  return exp >= 0 ? { num: BigInt(m) << BigInt(exp), den: 1n } : { num: BigInt(m), den: 1n << BigInt(-exp) };
};

/** Position of a positive float of `bits` bits among all such floats (consecutive floats differ by 1). */
function ordinal(x: RationalPair, bits: number): bigint {
  const numBits = x.num.toString(2).length;
  const denBits = x.den.toString(2).length - 1; // den is a power of two
  const E = numBits - 1 - denBits; // 2^E <= x < 2^(E+1)
  const shift = bits - numBits; // the mantissa scaled to exactly `bits` bits
  const M = shift >= 0 ? x.num << BigInt(shift) : x.num >> BigInt(-shift);
  return BigInt(E) * (1n << BigInt(bits - 1)) + (M - (1n << BigInt(bits - 1)));
}

/** How many floats of `bits` bits `to` lies above `from` (negative when below); +-Infinity across 0. */
export function floatSteps(from: RationalPair, to: RationalPair, bits: number): number {
  const sign = (x: RationalPair) => (x.num > 0n ? 1 : x.num < 0n ? -1 : 0);
  if (from.num * to.den === to.num * from.den) return 0;
  if (sign(from) !== sign(to) || sign(from) === 0) return qLe(from, to) ? Infinity : -Infinity;
  if (sign(from) > 0) return Number(ordinal(to, bits) - ordinal(from, bits));
  return Number(ordinal({ num: -from.num, den: from.den }, bits) - ordinal({ num: -to.num, den: to.den }, bits));
}

/** Containment and the excess of each end over the reference, in floats of the arena's precision. */
export interface Measured {
  readonly contains: boolean;
  readonly lo: number;
  readonly hi: number;
}

/** Measures `x` against its reference (see the file comment). */
export function measure(I: IntervalArena, x: Interval, ref: Reference): Measured {
  const b = I.bounds(x);
  return {
    contains: qLe(b.lo, dyadic(ref.lo)) && qLe(dyadic(ref.hi), b.hi),
    lo: floatSteps(b.lo, dyadic(ref.refLo), I.bits),
    hi: floatSteps(dyadic(ref.refHi), b.hi, I.bits),
  };
}
