// fast-check properties of the corner and term-range enclosures (softmax.ts, divergence.ts), with an oracle
// independent of both MPFR and mpmath: decimal.js at 100 digits (lse as max + log1p, by its series when small) evaluates each function at random exact points
// inside the boxes of inputs, and every such value must lie in the enclosure (issue 25). The mpmath.iv tests
// beside this one measure the tightness; this one checks containment where those formulas are not used.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { withIntervals, type Interval, type IntervalArena } from '../../../checkers/interval/arena';
import { crossEntropyEnclosure, jsEnclosure, klEnclosure } from '../../../checkers/interval/divergence';
import { logSoftmax, logSumExp, softmax } from '../../../checkers/interval/softmax';
import { loadMpfr, RND, setDecimal } from '../../../checkers/precise/mpfr';
import { enclosesApprox } from './oracle';

const mpfr = await loadMpfr();
const Ref = Decimal.clone({ precision: 100 });
const tol = (v: Decimal) => v.abs().times('1e-90').plus('1e-300');

/** A box [lo, lo + w] of decimals and a point t in [0, 1] of it (as a fraction of the width). */
type Entry = { lo: string; width: string; t: number };
const entry = (min: number, max: number) =>
  fc.record({
    lo: fc.integer({ min, max }).map((m) => `${m}e-4`),
    width: fc.oneof(
      fc.constant('0'),
      fc.integer({ min: 1, max: 20_000 }).map((w) => `${w}e-4`),
      fc.integer({ min: 1, max: 1000 }).map((w) => `${w}e-12`),
    ),
    t: fc.double({ min: 0, max: 1, noNaN: true }),
  });

const box = (I: IntervalArena, e: Entry): Interval => {
  const r = I.allocate();
  setDecimal(I.mpfr, r.lo, e.lo, RND.down);
  setDecimal(I.mpfr, r.hi, new Ref(e.lo).plus(e.width).toString(), RND.up);
  return I.checked(r, 'property box');
};
/** The point of the box at fraction t (exact in decimal.js: t is a double, so a dyadic rational). */
const at = (e: Entry, t = e.t): Decimal => new Ref(e.lo).plus(new Ref(e.width).times(t));

/** ln(1 + u), u >= 0, without the cancellation of ln at 1 + u (series below 1e-20: three terms leave < 1e-80). */
const log1p = (u: Decimal): Decimal => (u.lt('1e-20') ? u.minus(u.pow(2).div(2)).plus(u.pow(3).div(3)) : u.plus(1).ln());
/** lse = x_k + log1p(sum_{j != k} exp(x_j - x_k)), x_k the largest. */
const lseOf = (v: readonly Decimal[]): Decimal => {
  const top = Ref.max(...v);
  const k = v.findIndex((x) => x.eq(top));
  return top.plus(log1p(v.reduce((s, x, j) => (j === k ? s : s.plus(x.minus(top).exp())), new Ref(0))));
};
/** log softmax_i = -log1p(sum_{j != i} exp(x_j - x_i)) when x_i is the largest, else x_i - lse. */
const logSoftmaxOf = (v: readonly Decimal[], i: number, lse: Decimal): Decimal => {
  const xi = v[i] as Decimal;
  if (!xi.eq(Ref.max(...v))) return xi.minus(lse);
  return log1p(v.reduce((s, x, j) => (j === i ? s : s.plus(x.minus(xi).exp())), new Ref(0))).neg();
};

const xlogy = (p: Decimal, q: Decimal) => (p.isZero() ? new Ref(0) : p.times(p.div(q).ln()));

describe('corner and term-range enclosures contain the value at every point of the boxes', () => {
  it('KL, cross-entropy and JS over boxes of weights (p from 0, q positive)', () => {
    const weights = fc
      .integer({ min: 1, max: 6 })
      .chain((n) =>
        fc.tuple(fc.array(entry(0, 10_000), { minLength: n, maxLength: n }), fc.array(entry(1, 10_000), { minLength: n, maxLength: n })),
      );
    fc.assert(
      fc.property(weights, fc.constantFrom(24, 53, 113), ([p, q], bits) =>
        withIntervals(mpfr, { bits }, (I) => {
          const [ps, qs] = [p.map((e) => box(I, e)), q.map((e) => box(I, e))];
          const [pv, qv] = [p.map((e) => at(e)), q.map((e) => at(e))];
          const kl = pv.reduce((s, pi, i) => s.plus(xlogy(pi, qv[i] as Decimal)), new Ref(0));
          const ce = pv.reduce((s, pi, i) => s.minus(pi.times((qv[i] as Decimal).ln())), new Ref(0));
          const js = pv.reduce((s, pi, i) => {
            const m = pi.plus(qv[i] as Decimal).div(2);
            return s.plus(
              xlogy(pi, m)
                .plus(xlogy(qv[i] as Decimal, m))
                .div(2),
            );
          }, new Ref(0));
          return (
            enclosesApprox(I.bounds(klEnclosure(I, ps, qs)), kl, tol(kl)) &&
            enclosesApprox(I.bounds(crossEntropyEnclosure(I, ps, qs)), ce, tol(ce)) &&
            enclosesApprox(I.bounds(jsEnclosure(I, ps, qs)), js, tol(js))
          );
        }),
      ),
      { seed: 2561, numRuns: 150 },
    );
  });

  it('log-sum-exp, softmax and log-softmax over boxes of logits', () => {
    fc.assert(
      fc.property(fc.array(entry(-2_000_000, 2_000_000), { minLength: 1, maxLength: 6 }), fc.constantFrom(24, 53, 113), (xs, bits) =>
        withIntervals(mpfr, { bits }, (I) => {
          const boxes = xs.map((e) => box(I, e));
          const v = xs.map((e) => at(e));
          const lse = lseOf(v);
          const s = softmax(I, boxes);
          const ls = logSoftmax(I, boxes);
          return (
            enclosesApprox(I.bounds(logSumExp(I, boxes)), lse, tol(lse)) &&
            v.every((_, i) => {
              const log = logSoftmaxOf(v, i, lse);
              return (
                enclosesApprox(I.bounds(s[i] as Interval), log.exp(), tol(log.exp())) &&
                enclosesApprox(I.bounds(ls[i] as Interval), log, tol(log))
              );
            })
          );
        }),
      ),
      { seed: 2562, numRuns: 150 },
    );
  });
});
