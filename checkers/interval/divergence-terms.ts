/**
 * Exact ranges of the per-entry terms of KL, cross-entropy and Jensen-Shannon over a box (p in [pa, pb] >= 0,
 * q in [qa, qb]), each end a chain of directed MPFR steps, and their sum at a working precision that rises
 * when the terms cancel. Evaluating p ln(p/q) with interval arithmetic counts p's width twice; here each end
 * is the term's value where the range attains it:
 *   KL  f = p ln(p/q): decreasing in q; convex in p with minimum -q/e at p = q/e. Max at (pa or pb, qa);
 *       min at (clamp(qb/e, pa, pb), qb), which is -qb/e when qb/e lies in [pa, pb].
 *   CE  g = -p ln q = p y with y = -ln q in [-ln qb, -ln qa]: a product of p >= 0 and y.
 *   JS  h = (p ln(2p/(p+q)) + q ln(2q/(p+q))) / 2: jointly convex (max at a corner), dh/dp = ln(2p/(p+q))/2,
 *       so 0 when the box meets p = q, else min at the corner nearest the diagonal.
 * Guarantee (enclosure): every step is correctly rounded in a direction that moves the end outward (products
 * by p >= 0 and ln are increasing; a denominator is rounded the other way), so the sum encloses the exact
 * divergence for every exact entry in the boxes. Example: `termSum(I, 2, klTerm(ps, qs), 'kl')` encloses KL(p || q).
 */
import { RND, type MpfrPtr } from '../precise/mpfr';
import type { Interval, IntervalArena } from './arena';
import { flip, sumInto, withFloats, type Direction } from './working';

type Binding = IntervalArena['mpfr']['binding'];

/** Sets `out` to one end (in direction `dir`) of term i's range, using the scratch floats `t`. */
export type TermEnd = (b: Binding, i: number, dir: Direction, out: MpfrPtr, t: readonly MpfrPtr[]) => void;

const SCRATCH = 4;

/** Encloses sum_i term_i, each end summed once (mpfr_sum) at bits + 64, more while the terms cancel. */
export function termSum(I: IntervalArena, n: number, term: TermEnd, name: string): Interval {
  const r = I.allocate();
  endSum(I, n, term, RND.down, r.lo);
  endSum(I, n, term, RND.up, r.hi);
  return I.checked(r, name);
}

function endSum(I: IntervalArena, n: number, term: TermEnd, dir: Direction, out: MpfrPtr): void {
  const b = I.mpfr.binding;
  const cap = 16 * I.bits + 4096;
  let w = I.bits + 64;
  for (;;) {
    const lost = withFloats(I.mpfr, w, n + 1 + SCRATCH, (fs) => {
      const terms = fs.slice(0, n);
      const total = fs[n] as MpfrPtr;
      terms.forEach((t, i) => term(b, i, dir, t, fs.slice(n + 1)));
      sumInto(I.mpfr, total, terms, dir);
      // Cancellation costs the largest term's exponent minus the total's.
      let biggest = -Infinity;
      for (const t of terms) if (b.mpfr_regular_p(t) !== 0) biggest = Math.max(biggest, b.mpfr_get_exp(t));
      const cancelled = b.mpfr_regular_p(total) !== 0 ? biggest - b.mpfr_get_exp(total) : 0;
      if (cancelled > 32 && w < cap) return cancelled;
      b.mpfr_set(out, total, dir);
      return 0;
    });
    if (lost === 0) return;
    w = Math.min(cap, w + lost);
  }
}

/** out = p ln(p/q) at a point (p >= 0, q > 0) rounded `dir`; 0 at p = 0. */
function xLogRatio(b: Binding, out: MpfrPtr, p: MpfrPtr, q: MpfrPtr, dir: Direction, t: MpfrPtr): void {
  if (b.mpfr_zero_p(p) !== 0) {
    b.mpfr_set_si(out, 0, dir);
    return;
  }
  b.mpfr_div(t, p, q, dir);
  b.mpfr_log(t, t, dir);
  b.mpfr_mul(out, p, t, dir);
}

/** KL term p ln(p/q) over the boxes ps[i] x qs[i]. */
export const klTerm =
  (ps: readonly Interval[], qs: readonly Interval[]): TermEnd =>
  (b, i, dir, out, [t0, t1, t2]) => {
    const [p, q] = [ps[i] as Interval, qs[i] as Interval];
    const [a, c, d] = [t0 as MpfrPtr, t1 as MpfrPtr, t2 as MpfrPtr];
    if (dir === RND.up) {
      // convex in p: the larger of the two ends, or pb alone when 2 pa >= qa (increasing from qa/e < qa/2 on)
      b.mpfr_mul_2si(a, p.lo, 1, RND.down);
      if (b.mpfr_cmp(a, q.lo) >= 0) {
        xLogRatio(b, out, p.hi, q.lo, dir, d);
        return;
      }
      xLogRatio(b, a, p.lo, q.lo, dir, d);
      xLogRatio(b, c, p.hi, q.lo, dir, d);
      b.mpfr_max(out, a, c, dir);
      return;
    }
    // Where does qb/e fall? 1/4 < 1/e < 1/2, so 2 pa >= qb and 4 pb <= qb decide without e (exact doublings).
    b.mpfr_mul_2si(a, p.lo, 1, RND.down);
    b.mpfr_mul_2si(c, p.hi, 2, RND.up);
    let where: 'below' | 'above' | 'inside';
    if (b.mpfr_cmp(a, q.hi) >= 0) where = 'below';
    else if (b.mpfr_cmp(c, q.hi) <= 0) where = 'above';
    else {
      // qb/e, bracketed: [a, c]
      b.mpfr_set_si(d, -1, RND.down);
      b.mpfr_exp(a, d, RND.down);
      b.mpfr_mul(a, q.hi, a, RND.down);
      b.mpfr_exp(c, d, RND.up);
      b.mpfr_mul(c, q.hi, c, RND.up);
      where = b.mpfr_cmp(c, p.lo) <= 0 ? 'below' : b.mpfr_cmp(a, p.hi) >= 0 ? 'above' : 'inside';
    }
    if (where === 'below')
      xLogRatio(b, out, p.lo, q.hi, dir, d); // qb/e <= pa: increasing on [pa, pb]
    else if (where === 'above')
      xLogRatio(b, out, p.hi, q.hi, dir, d); // qb/e >= pb: decreasing on [pa, pb]
    else b.mpfr_neg(out, c, dir); // -qb/e, the minimum over p
  };

/** Cross-entropy term -p ln q over the boxes. */
export const crossEntropyTerm =
  (ps: readonly Interval[], qs: readonly Interval[]): TermEnd =>
  (b, i, dir, out, [t0]) => {
    const [p, q] = [ps[i] as Interval, qs[i] as Interval];
    const y = t0 as MpfrPtr;
    // y = -ln q: its lower end is -ln(qb) (ln rounded up), its upper end -ln(qa) (ln rounded down)
    b.mpfr_log(y, dir === RND.down ? q.hi : q.lo, flip(dir));
    b.mpfr_neg(y, y, dir);
    const nonNegative = b.mpfr_sgn(y) >= 0;
    // p y with p >= 0: the lower end takes the smaller p when y >= 0, the upper end the larger
    const pick = (dir === RND.down) === nonNegative ? p.lo : p.hi;
    b.mpfr_mul(out, pick, y, dir);
  };

/** (u ln(2u/(u+v)) + v ln(2v/(u+v))) / 2 at a point, rounded `dir`. */
function jsPoint(b: Binding, out: MpfrPtr, u: MpfrPtr, v: MpfrPtr, dir: Direction, [s, t, a]: readonly MpfrPtr[]): void {
  b.mpfr_add(s as MpfrPtr, u, v, flip(dir)); // a denominator: rounded the other way
  const half = (w: MpfrPtr, into: MpfrPtr) => {
    if (b.mpfr_zero_p(w) !== 0) {
      b.mpfr_set_si(into, 0, dir);
      return;
    }
    b.mpfr_mul_2si(t as MpfrPtr, w, 1, dir);
    b.mpfr_div(t as MpfrPtr, t as MpfrPtr, s as MpfrPtr, dir);
    b.mpfr_log(t as MpfrPtr, t as MpfrPtr, dir);
    b.mpfr_mul(into, w, t as MpfrPtr, dir);
  };
  half(u, a as MpfrPtr);
  half(v, out);
  b.mpfr_add(out, out, a as MpfrPtr, dir);
  b.mpfr_mul_2si(out, out, -1, dir);
}

/** Jensen-Shannon term over the boxes. */
export const jsTerm =
  (ps: readonly Interval[], qs: readonly Interval[]): TermEnd =>
  (b, i, dir, out, t) => {
    const [p, q] = [ps[i] as Interval, qs[i] as Interval];
    const [c, ...rest] = t as [MpfrPtr, ...MpfrPtr[]];
    if (dir === RND.up) {
      // off the diagonal h is monotone in each entry: one corner; a box across it needs all four
      if (b.mpfr_cmp(p.lo, q.hi) > 0) jsPoint(b, out, p.hi, q.lo, dir, rest);
      else if (b.mpfr_cmp(q.lo, p.hi) > 0) jsPoint(b, out, p.lo, q.hi, dir, rest);
      else {
        b.mpfr_set_si(out, 0, dir);
        for (const u of [p.lo, p.hi]) {
          for (const v of [q.lo, q.hi]) {
            jsPoint(b, c, u, v, dir, rest);
            b.mpfr_max(out, out, c, dir);
          }
        }
      }
      return;
    }
    if (b.mpfr_cmp(p.lo, q.hi) > 0) jsPoint(b, out, p.lo, q.hi, dir, rest);
    else if (b.mpfr_cmp(q.lo, p.hi) > 0) jsPoint(b, out, p.hi, q.lo, dir, rest);
    else b.mpfr_set_si(out, 0, dir);
  };
