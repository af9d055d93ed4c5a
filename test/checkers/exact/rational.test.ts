import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Fraction from 'fraction.js';
import { Rational } from '../../../checkers/exact/rational';
import { DomainError, ParseError } from '../../../checkers/errors';

const bigInt = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const nonZero = bigInt.filter((x) => x !== 0n);
const rational = fc.tuple(bigInt, nonZero).map(([n, d]) => Rational.of(n, d));

/** fraction.js as oracle: same canonical numerator and denominator. */
function viaFraction(r: Rational): Fraction {
  return new Fraction(r.num, r.den);
}
function sameAs(r: Rational, f: Fraction): boolean {
  return r.num === f.s * f.n && r.den === f.d;
}

describe('Rational', () => {
  it('satisfies the field laws', () => {
    fc.assert(
      fc.property(rational, rational, rational, (a, b, c) => {
        expect(a.add(b).equals(b.add(a))).toBe(true);
        expect(a.mul(b).equals(b.mul(a))).toBe(true);
        expect(
          a
            .add(b)
            .add(c)
            .equals(a.add(b.add(c))),
        ).toBe(true);
        expect(a.mul(b.add(c)).equals(a.mul(b).add(a.mul(c)))).toBe(true);
        expect(a.sub(a).isZero()).toBe(true);
        if (!a.isZero()) expect(a.mul(a.inverse()).equals(Rational.ONE)).toBe(true);
        if (!b.isZero()) expect(a.div(b).mul(b).equals(a)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with fraction.js on + - * / and compare', () => {
    fc.assert(
      fc.property(rational, rational, (a, b) => {
        const fa = viaFraction(a);
        const fb = viaFraction(b);
        expect(sameAs(a.add(b), fa.add(fb))).toBe(true);
        expect(sameAs(a.sub(b), fa.sub(fb))).toBe(true);
        expect(sameAs(a.mul(b), fa.mul(fb))).toBe(true);
        if (!b.isZero()) expect(sameAs(a.div(b), fa.div(fb))).toBe(true);
        expect(a.compare(b)).toBe(fa.compare(fb));
      }),
      { numRuns: 300 },
    );
  });

  it('compares like the cross-multiplied BigInt oracle', () => {
    fc.assert(
      fc.property(bigInt, nonZero, bigInt, nonZero, (p, q, r, s) => {
        const oracle = p * q * s * s - r * s * q * q; // sign of p/q - r/s times (qs)^2 > 0
        const expected = oracle < 0n ? -1 : oracle > 0n ? 1 : 0;
        expect(Rational.of(p, q).compare(Rational.of(r, s))).toBe(expected);
      }),
    );
  });

  it('keeps canonical form: den > 0 and gcd 1', () => {
    const r = Rational.of(6n, -4n);
    expect([r.num, r.den]).toEqual([-3n, 2n]);
    expect(Rational.of(0n, -7n).den).toBe(1n);
  });

  it.each([
    ['1/3', 1n, 3n],
    ['-12', -12n, 1n],
    ['0.1', 1n, 10n],
    ['-0.25', -1n, 4n],
    ['1.5e-3', 3n, 2000n],
    ['2e3', 2000n, 1n],
    ['.5', 1n, 2n],
    ['6/-4', -3n, 2n],
    [' 7 / 21 ', 1n, 3n],
  ])('parses %s exactly', (text, num, den) => {
    const r = Rational.parse(text);
    expect([r.num, r.den]).toEqual([num, den]);
    expect(Rational.parse(r.toString()).equals(r)).toBe(true);
  });

  it.each(['1/0', 'abc', '', '1/2/3', '0x10', '1.2.3', 'e5', 'NaN'])('refuses %j', (text) => {
    expect(() => Rational.parse(text)).toThrow(ParseError);
  });

  it('refuses non-integer JS numbers but accepts safe integers', () => {
    expect(() => Rational.from(0.1)).toThrow(ParseError);
    expect(() => Rational.from(2 ** 60)).toThrow(ParseError);
    expect(Rational.from(-42).equals(Rational.of(-42n))).toBe(true);
  });

  it('throws DomainError on division by zero', () => {
    expect(() => Rational.ONE.div(0)).toThrow(DomainError);
    expect(() => Rational.ZERO.inverse()).toThrow(DomainError);
  });

  it('converts to float64 within 2 ulp, also for huge and tiny values', () => {
    fc.assert(
      fc.property(rational, (r) => {
        const exact = viaFraction(r).valueOf();
        expect(Math.abs(r.toNumber() - exact)).toBeLessThanOrEqual(Math.abs(exact) * 2 ** -51);
      }),
    );
    const huge = Rational.of(3n * 10n ** 400n, 10n ** 100n); // 3e300
    expect(huge.toNumber() / 3e300).toBeCloseTo(1, 14);
    expect(Rational.of(1n, 10n ** 320n).toNumber()).toBeGreaterThan(0);
  });
});
