import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { DomainError, ParseError } from '../../../checkers/errors';
import { ulpError } from './ulp';

const mpfr = await loadMpfr();
const DIGITS = 40;
const P = createPrecise({ digits: DIGITS, mpfr });
// Independent evaluation: decimal.js (its ln and exp are correctly rounded) at more than twice the digits.
const Ref = Decimal.clone({ precision: 2 * DIGITS + 20 });

/** Decimal strings m * 10^e with up to 30-digit mantissas. */
const decimalString = (minExp: number, maxExp: number) =>
  fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: minExp, max: maxExp })).map(([m, e]) => `${m}e${e}`);

describe('createPrecise', () => {
  it('runs the documented example', () => {
    expect(createPrecise({ digits: 30, mpfr }).ln('2').toString()).toBe('0.693147180559945309417232121458');
  });

  it('keeps instances independent (no shared configuration)', () => {
    const low = createPrecise({ digits: 5, mpfr });
    const high = createPrecise({ digits: 50, mpfr });
    expect(low.div(1, 3).toString()).toBe('0.33333');
    expect(high.div(1, 3).toString()).toBe(`0.${'3'.repeat(50)}`);
    expect(low.div(1, 3).toString()).toBe('0.33333');
  });

  it('ln is within half a unit in the last place of the decimal.js reference', () => {
    fc.assert(
      fc.property(decimalString(-40, 40), (x) => ulpError(P.ln(x), new Ref(x).ln(), DIGITS) < 0.501),
      { seed: 101, numRuns: 40 },
    );
  });

  it('exp is within half a unit in the last place, including large arguments', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: -20, max: -7 }), (m, e) => {
        const x = `${m}e${e}`; // |x| <= 1e5
        return ulpError(P.exp(x), new Ref(x).exp(), DIGITS) < 0.501;
      }),
      { seed: 102, numRuns: 60 },
    );
  });

  it('sqrt, log1p and pow agree with decimal.js', () => {
    fc.assert(
      fc.property(decimalString(-40, 0), decimalString(-34, -29), (x, y) => {
        // x up to 1e30, |y| up to 100
        const ok1 = ulpError(P.sqrt(x), new Ref(x).sqrt(), DIGITS) < 0.501;
        const ok2 = ulpError(P.log1p(x), new Ref(x).plus(1).ln(), DIGITS) < 0.501;
        const ok3 = ulpError(P.pow(x, y), new Ref(x).pow(y), DIGITS) < 0.501;
        return ok1 && ok2 && ok3;
      }),
      { seed: 103, numRuns: 40 },
    );
  });

  it('keeps full relative accuracy of ln next to 1 and of log1p next to -1', () => {
    const R = Decimal.clone({ precision: 400 });
    const nearOne = `1.${'0'.repeat(149)}7`; // 1 + 7e-150
    expect(ulpError(P.ln(nearOne), new R(nearOne).ln(), DIGITS)).toBeLessThan(0.501);
    const nearMinusOne = `-0.${'9'.repeat(120)}`; // -1 + 1e-120
    expect(ulpError(P.log1p(nearMinusOne), new R(nearMinusOne).plus(1).ln(), DIGITS)).toBeLessThan(0.501);
  });

  it('handles huge and tiny magnitudes', () => {
    const R = Decimal.clone({ precision: 120 });
    expect(ulpError(P.ln('1e-1000000'), new R(10).ln().times(-1000000), DIGITS)).toBeLessThan(0.501);
    expect(P.exp('1e6').e).toBe(434294);
    expect(ulpError(P.exp('1e6'), new R('1e6').exp(), DIGITS)).toBeLessThan(0.501);
    expect(ulpError(P.exp('-1e6'), new R('-1e6').exp(), DIGITS)).toBeLessThan(0.501);
  });

  it('gives exact answers where the answer is exact', () => {
    expect(P.ln(1).isZero()).toBe(true);
    expect(P.exp(0).toString()).toBe('1');
    expect(P.sqrt('6.25').toString()).toBe('2.5');
    expect(P.pow(0, '0.5').isZero()).toBe(true);
    expect(P.pow('1/4', '1/2').toString()).toBe('0.5');
  });

  it('reports domain errors as DomainError', () => {
    expect(() => P.ln(0)).toThrow(DomainError);
    expect(() => P.ln('-1')).toThrow(/ln: argument must be positive/);
    expect(() => P.log1p(-1)).toThrow(DomainError);
    expect(() => P.sqrt('-1e-9')).toThrow(DomainError);
    expect(() => P.pow(-2, '0.5')).toThrow(DomainError);
    expect(() => P.div(1, 0)).toThrow(/division by zero/);
    expect(() => P.exp('1e10')).toThrow(/overflows/);
    expect(() => P.exp('-1e10')).toThrow(/underflows/);
  });

  it('refuses inexact inputs', () => {
    expect(() => P.ln(0.5)).toThrow(ParseError);
    expect(() => P.value(new Decimal(Number.NaN))).toThrow(ParseError);
    expect(P.fromFloat64(0.5).toString()).toBe('0.5');
  });

  it('rounds + - x / to the configured digits (against decimal.js at the same precision)', () => {
    const Same = Decimal.clone({ precision: DIGITS, rounding: Decimal.ROUND_HALF_EVEN });
    fc.assert(
      fc.property(decimalString(-30, 30), decimalString(-30, 30), (a, b) => {
        return (
          P.add(a, b).eq(new Same(a).plus(b)) &&
          P.sub(a, b).eq(new Same(a).minus(b)) &&
          P.mul(a, b).eq(new Same(a).times(b)) &&
          P.div(a, b).eq(new Same(a).div(b))
        );
      }),
      { seed: 104, numRuns: 100 },
    );
  });
});
