import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { withIntervals } from '../../../checkers/interval/arena';
import { logSoftmax, logSumExp, softmax } from '../../../checkers/interval/softmax';
import { sum } from '../../../checkers/interval/ops';
import { encloses, enclosesApprox, q } from './oracle';

const mpfr = await loadMpfr();
const Ref = Decimal.clone({ precision: 100 });
const tol = new Ref('1e-85');

const logits = fc.array(
  fc.tuple(fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: 2, max: 4 })).map(([m, e]) => `${m}e-${e}`),
  { minLength: 1, maxLength: 8 },
);

describe('log-sum-exp and softmax enclosures', () => {
  it('run the documented examples without overflow', () => {
    withIntervals(mpfr, { bits: 128 }, (I) => {
      const ln2 = new Ref(2).ln();
      expect(enclosesApprox(I.bounds(logSumExp(I, [0, 0])), ln2, tol)).toBe(true);
      expect(enclosesApprox(I.bounds(logSumExp(I, ['1e6', '1e6'])), ln2.plus('1e6'), tol)).toBe(true);
      for (const s of softmax(I, [0, 0, 0])) expect(encloses(I.bounds(s), q(1n, 3n))).toBe(true);
    });
  });

  it('contain the decimal.js values for random logits, and the softmax sums to an interval containing 1', () => {
    fc.assert(
      fc.property(logits, (xs) =>
        withIntervals(mpfr, { bits: 256 }, (I) => {
          const big = xs.map((x) => new Ref(x));
          const lse = big.reduce((acc, x) => acc.plus(x.exp()), new Ref(0)).ln();
          const s = softmax(I, xs);
          const ls = logSoftmax(I, xs);
          return (
            enclosesApprox(I.bounds(logSumExp(I, xs)), lse, tol) &&
            s.every((si, i) => enclosesApprox(I.bounds(si), (big[i] as Decimal).minus(lse).exp(), tol)) &&
            ls.every((li, i) => enclosesApprox(I.bounds(li), (big[i] as Decimal).minus(lse), tol)) &&
            encloses(I.bounds(sum(I, s)), q(1n, 1n))
          );
        }),
      ),
      { seed: 701, numRuns: 30, endOnFailure: true },
    );
  });

  it('refuses an empty vector', () => {
    withIntervals(mpfr, { bits: 64 }, (I) => expect(() => softmax(I, [])).toThrow(/at least one logit/));
  });
});
