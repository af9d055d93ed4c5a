import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { klDivergence } from '../../../checkers/precise/divergence';
import { withIntervals } from '../../../checkers/interval/arena';
import { compareKl, crossEntropyEnclosure, jsEnclosure, klEnclosure } from '../../../checkers/interval/divergence';
import { DomainError } from '../../../checkers/errors';
import { enclosesApprox, width } from './oracle';

const mpfr = await loadMpfr();
const Ref = Decimal.clone({ precision: 100 });
const tol = new Ref('1e-90');

const distribution = (n: number) =>
  fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: n, maxLength: n }).map((a) => {
    const total = a.reduce((s, x) => s + x, 0);
    return a.map((x) => `${x}/${total}`);
  });
const pair = fc.integer({ min: 1, max: 10 }).chain((n) => fc.tuple(distribution(n), distribution(n)));
const ref = (s: string) => {
  const [num = '', den = '1'] = s.split('/');
  return new Ref(num).div(den);
};
const refKl = (p: string[], q: string[]) =>
  p.reduce(
    (acc, pi, i) =>
      acc.plus(
        ref(pi).times(
          ref(pi)
            .div(ref(q[i] as string))
            .ln(),
        ),
      ),
    new Ref(0),
  );

describe('divergence enclosures', () => {
  it('KL enclosure contains the decimal.js value and is narrow', () => {
    fc.assert(
      fc.property(pair, ([p, q]) =>
        withIntervals(mpfr, { bits: 200 }, (I) => {
          const b = I.bounds(klEnclosure(I, p, q));
          return enclosesApprox(b, refKl(p, q), tol) && width(b).lt('1e-55');
        }),
      ),
      { seed: 601, numRuns: 25, endOnFailure: true },
    );
  });

  it('cross-entropy and Jensen-Shannon enclosures contain their decimal.js values', () => {
    fc.assert(
      fc.property(pair, ([p, q]) =>
        withIntervals(mpfr, { bits: 200 }, (I) => {
          const ce = p.reduce((acc, pi, i) => acc.minus(ref(pi).times(ref(q[i] as string).ln())), new Ref(0));
          const m = p.map((pi, i) =>
            ref(pi)
              .plus(ref(q[i] as string))
              .div(2)
              .toString(),
          );
          const js = refKl(p, m).plus(refKl(q, m)).div(2);
          return (
            enclosesApprox(I.bounds(crossEntropyEnclosure(I, p, q)), ce, tol) && enclosesApprox(I.bounds(jsEnclosure(I, p, q)), js, tol)
          );
        }),
      ),
      { seed: 602, numRuns: 15, endOnFailure: true },
    );
  });

  it('handles zeros: 0 ln 0 = 0, disjoint supports give JS = ln 2, q = 0 under p > 0 is refused', () => {
    withIntervals(mpfr, { bits: 128 }, (I) => {
      const ln2 = new Ref(2).ln();
      expect(enclosesApprox(I.bounds(klEnclosure(I, ['1', '0'], ['1/2', '1/2'])), ln2, tol)).toBe(true);
      expect(enclosesApprox(I.bounds(jsEnclosure(I, ['1', '0'], ['0', '1'])), ln2, tol)).toBe(true);
      expect(() => klEnclosure(I, ['1/2', '1/2'], ['1', '0'])).toThrow(/infinite divergence/);
      expect(() => klEnclosure(I, ['-1', '2'], ['1/2', '1/2'])).toThrow(DomainError);
    });
  });

  it('takes Float64Array entries at their exact binary values', () => {
    const p = Float64Array.from([0.1, 0.2, 0.7]);
    const q = Float64Array.from([0.3, 0.3, 0.4]);
    const shortest = (xs: Float64Array) => Array.from(xs, (x) => x.toString()); // "0.1": not the double's exact value
    withIntervals(mpfr, { bits: 300 }, (I) => {
      const fromDoubles = I.bounds(klEnclosure(I, p, q));
      const fromShortDecimals = I.bounds(klEnclosure(I, shortest(p), shortest(q)));
      // the two differ (0.1 as a double is not 1/10) by far more than the 300-bit widths
      expect(fromDoubles.lo.num * fromShortDecimals.lo.den === fromShortDecimals.lo.num * fromDoubles.lo.den).toBe(false);
      const P = createPrecise({ digits: 60, mpfr });
      const approx = klDivergence(P, p, q);
      expect(enclosesApprox(fromDoubles, approx, new Ref('1e-59'))).toBe(true);
    });
  });

  it('agrees with the high-precision (MPFR round-to-nearest) path', () => {
    const P = createPrecise({ digits: 50, mpfr });
    const p = ['0.1', '0.2', '0.3', '0.4'];
    const q = ['0.25', '0.25', '0.25', '0.25'];
    const approx = klDivergence(P, p, q);
    withIntervals(mpfr, { bits: 256 }, (I) => {
      expect(enclosesApprox(I.bounds(klEnclosure(I, p, q)), approx, new Ref('1e-49'))).toBe(true);
    });
  });
});

describe('compareKl', () => {
  it('runs the documented example', () => {
    const r = compareKl(mpfr, { p: ['1/2', '1/2'], q: ['1/4', '3/4'] }, { p: ['1/4', '3/4'], q: ['1/2', '1/2'] });
    expect(r).toMatchObject({ order: 'greater', bits: 64 });
  });

  it('matches the sign of the decimal.js difference, escalating when the divergences are close', () => {
    // second q perturbed by 1e-30: the divergences differ by about 1e-30, beyond 64 bits
    const a = { p: ['1/3', '2/3'], q: ['1/2', '1/2'] };
    const b = { p: ['1/3', '2/3'], q: ['0.500000000000000000000000000001', '0.499999999999999999999999999999'] };
    const expected = refKl(a.p, a.q).minus(refKl(b.p, b.q));
    const r = compareKl(mpfr, a, b);
    expect(r.order).toBe(expected.isNegative() ? 'less' : 'greater');
    expect(r.bits).toBeGreaterThan(64);
    // the reported enclosure of the difference contains the reference difference
    expect(new Ref(r.lo).lte(expected) && expected.lte(new Ref(r.hi))).toBe(true);
  });

  it('stays undecided for equal divergences', () => {
    const a = { p: ['1/3', '2/3'], q: ['1/2', '1/2'] };
    const b = { p: ['2/3', '1/3'], q: ['1/2', '1/2'] }; // a permutation: exactly the same KL
    expect(compareKl(mpfr, a, b, { maxBits: 256 })).toMatchObject({ order: 'undecided', bits: 256 });
  });
});
