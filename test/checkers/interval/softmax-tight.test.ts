// Interval softmax is tight: softmax_i = 1 / (1 + sum_{j != i} exp(x_j - x_i)) is increasing in x_i and
// decreasing in every other x_j, so over a box of interval logits its exact range is
// [s_i(lo_i, hi_others), s_i(hi_i, lo_others)], computed here with decimal.js at 120 digits (independent of the
// MPFR code). The enclosure must contain that range and be no wider than it plus rounding; the old form
// exp(x_i - c) / sum_j exp(x_j - c) counted x_i twice and gave [2.3e-125, 4.4e+124] for a probability (issue 25).
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withIntervals, type Interval, type IntervalArena } from '../../../checkers/interval/arena';
import { softmax } from '../../../checkers/interval/softmax';
import { loadMpfr, RND, setDecimal } from '../../../checkers/precise/mpfr';
import { toDecimal } from './oracle';

const mpfr = await loadMpfr();
const Ref = Decimal.clone({ precision: 120 });

/** [lo, hi] from decimal strings, rounded outward. */
function span(I: IntervalArena, lo: string, hi: string): Interval {
  const r = I.allocate();
  setDecimal(I.mpfr, r.lo, lo, RND.down);
  setDecimal(I.mpfr, r.hi, hi, RND.up);
  return I.checked(r, 'test span');
}

/** The exact range of softmax_i over the box, at 120 digits. */
function range(box: readonly [string, string][], i: number): [Decimal, Decimal] {
  const at = (own: string, pick: (b: [string, string]) => string) =>
    new Ref(1).div(new Ref(1).plus(box.reduce((s, b, j) => (j === i ? s : s.plus(new Ref(pick(b)).minus(own).exp())), new Ref(0))));
  return [at((box[i] as [string, string])[0], (b) => b[1]), at((box[i] as [string, string])[1], (b) => b[0])];
}

const logit = fc
  .tuple(fc.integer({ min: -300_000, max: 300_000 }), fc.integer({ min: 0, max: 30_000 }))
  .map(([m, w]) => [`${m}e-3`, `${m + w}e-3`] as [string, string]);

describe('interval softmax is tight', () => {
  it("the issue's example stays inside [0, 1] and encloses the exact range", () => {
    withIntervals(mpfr, { bits: 256 }, (I) => {
      const box: [string, string][] = [
        ['-191.337', '-191.337'],
        ['-5.18', '281.82'],
      ];
      const s = softmax(
        I,
        box.map(([lo, hi]) => span(I, lo, hi)),
      );
      s.forEach((si, i) => {
        const { lo, hi } = I.bounds(si);
        const [want, wantHi] = range(box, i);
        expect(toDecimal(lo).gte(0) && toDecimal(hi).lte(1)).toBe(true);
        expect(toDecimal(lo).lte(want) && wantHi.lte(toDecimal(hi))).toBe(true);
      });
    });
  });

  it('random boxes: contains the exact range, within [0, 1], and no wider than it plus 1e-60', () => {
    fc.assert(
      fc.property(fc.array(logit, { minLength: 1, maxLength: 7 }), (box) =>
        withIntervals(mpfr, { bits: 256 }, (I) =>
          softmax(
            I,
            box.map(([lo, hi]) => span(I, lo, hi)),
          ).every((si, i) => {
            const { lo, hi } = I.bounds(si);
            const [a, b] = range(box, i);
            const [l, h] = [toDecimal(lo), toDecimal(hi)];
            return l.gte(0) && h.lte(1) && l.lte(a) && b.lte(h) && h.minus(l).lte(b.minus(a).plus('1e-60'));
          }),
        ),
      ),
      { seed: 4680, numRuns: 468 },
    );
  });
});
