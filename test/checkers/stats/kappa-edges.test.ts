/**
 * Cohen's and Fleiss' kappa at their edge cases, exactly (issue 25: perfect agreement gave 0.9999999999999999 and
 * a nonzero se). Perfect agreement: kappa exactly 1 and Cohen's se exactly 0 (the variance formula's exact value,
 * a = sum p_ii = 1, b = 0, c = 1); kappa from integer counts is the correctly rounded ratio, checked against
 * exact fractions computed here from the definition.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa } from '../../../checkers/stats/kappa';
import { Rational } from '../../../checkers/exact/rational';

const answer = fc.constantFrom('usable', 'degraded', 'unusable', 'x');

/** kappa = (N O - E) / (N^2 - E) in exact rationals, from the pairs. */
function exactCohen(pairs: readonly (readonly [string, string])[]): Rational | null {
  const n = BigInt(pairs.length);
  const rows = new Map<string, bigint>();
  const cols = new Map<string, bigint>();
  let o = 0n;
  for (const [a, b] of pairs) {
    rows.set(a, (rows.get(a) ?? 0n) + 1n);
    cols.set(b, (cols.get(b) ?? 0n) + 1n);
    if (a === b) o++;
  }
  let e = 0n;
  for (const [c, r] of rows) e += r * (cols.get(c) ?? 0n);
  if (n * n === e) return null;
  return Rational.of(n * o - e, n * n - e);
}

describe('kappa edge cases', () => {
  it("perfect agreement: Cohen's kappa exactly 1 with se 0 and interval [1, 1], for any table size", () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 2, maxLength: 300 }), fc.constantFrom(0.9, 0.95, 0.99), (xs, cl) => {
        fc.pre(new Set(xs).size > 1);
        const r = cohenKappa(
          xs.map((x) => [x, x] as [string, string]),
          cl,
        );
        expect([r.kappa, r.se, r.low, r.high, r.observed]).toEqual([1, 0, 1, 1, 1]);
      }),
      { seed: 9, numRuns: 200 },
    );
    // The example: 0.9999999999999999 before.
    const r = cohenKappa(
      [
        ['a', 'a'],
        ['b', 'b'],
        ['a', 'a'],
        ['c', 'c'],
        ['b', 'b'],
        ['a', 'a'],
        ['c', 'c'],
      ],
      0.95,
    );
    expect([r.kappa, r.se]).toEqual([1, 0]);
  });

  it("perfect agreement: Fleiss' kappa exactly 1", () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 2, maxLength: 100 }), fc.integer({ min: 2, max: 6 }), (xs, m) => {
        fc.pre(new Set(xs).size > 1);
        expect(
          fleissKappa(
            xs.map((x) => new Array<string>(m).fill(x)),
            0.95,
          ).kappa,
        ).toBe(1);
      }),
      { seed: 10, numRuns: 100 },
    );
  });

  it("Cohen's kappa is the correctly rounded value of the exact ratio of counts", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(answer, answer), { minLength: 1, maxLength: 400 }), (pairs) => {
        const want = exactCohen(pairs);
        const got = cohenKappa(pairs, 0.95).kappa;
        if (want === null) expect(got).toBeNull();
        else expect(got).toBe(want.toNumber());
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('complete disagreement on two balanced categories is exactly -1; chance-level tables give exactly 0', () => {
    expect(
      cohenKappa(
        [
          ['a', 'b'],
          ['b', 'a'],
          ['a', 'b'],
          ['b', 'a'],
        ],
        0.95,
      ).kappa,
    ).toBe(-1);
    expect(
      cohenKappa(
        [
          ['a', 'a'],
          ['a', 'b'],
          ['b', 'a'],
          ['b', 'b'],
        ],
        0.95,
      ).kappa,
    ).toBe(0);
  });
});
