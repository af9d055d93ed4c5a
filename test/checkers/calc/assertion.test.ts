// calc assertions: the doc examples, the precision loop and its limit, what cannot be told and why, and bad
// input (one CalcError pointing at the column of the whole assertion). Values checked by hand are cited.
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, decideAssertion } from '../../../checkers/calc/assertion';
import { CalcError } from '../../../checkers/calc/calc-error';
import { splitAssertion } from '../../../checkers/calc/relation';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';

let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

function calcError(f: () => unknown): CalcError {
  try {
    f();
  } catch (e) {
    if (e instanceof CalcError) return e;
    throw e;
  }
  throw new Error('expected a CalcError');
}

describe('decideAssertion', () => {
  it('the doc examples', () => {
    const h = decideAssertion(mpfr, 'H_10 > ln(10) + 0.5');
    expect([h.holds, h.guarantee, h.bits]).toEqual([true, 'enclosure', 64]);
    // H_10 = 7381/2520 = 2.928968253968..., ln 10 = 2.302585092994...: the difference is 0.126383160974...
    expect(Number(h.difference.lo)).toBeCloseTo(0.126383160974, 11);
    const s = decideAssertion(mpfr, 'sum(1/k^2, k, 1, 3) = 49/36');
    expect([s.holds, s.guarantee, s.bits, s.lhs.exact, s.difference.lo]).toEqual([true, 'exact', null, '49/36', '0']);
    const r = decideAssertion(mpfr, 'sqrt(2)^2 = 2');
    expect([r.holds, r.guarantee, r.bits]).toEqual(['cannot tell', 'enclosure', 8192]);
    expect(r.reason).toMatch(/still encloses 0 at 8192 bits .*cannot prove equality.*square root of 2 is irrational/);
  });

  it('exact sides decide in rationals, also where floats would tie (0.1 + 0.2 > 0.3 is false; 1e-30 + 1 > 1 is true)', () => {
    expect(decideAssertion(mpfr, '0.1 + 0.2 > 0.3').holds).toBe(false);
    expect(decideAssertion(mpfr, '0.1 + 0.2 = 0.3').holds).toBe(true);
    expect(decideAssertion(mpfr, '1e-30 + 1 > 1')).toMatchObject({ holds: true, guarantee: 'exact' });
    expect(decideAssertion(mpfr, '1/3 != 0.3333333333333333333333333')).toMatchObject({ holds: true, guarantee: 'exact' });
    expect(decideAssertion(mpfr, '1/3 == 2/6')).toMatchObject({ relation: '=', holds: true });
    // floor of an irrational is made exact first, so ties built from it are exact: floor(pi*1000) = 3141.
    expect(decideAssertion(mpfr, 'floor(pi*1000)/2 = 1570.5')).toMatchObject({ holds: true, guarantee: 'exact' });
  });

  it('raises the precision until the difference is separated from 0, up to maxBits', () => {
    // Ramanujan's constant exp(pi sqrt(163)) = 262537412640768743.99999999999925007...: 64 bits do not separate it.
    const r = decideAssertion(mpfr, 'exp(pi*sqrt(163)) < 262537412640768744');
    expect([r.holds, r.bits]).toEqual([true, 128]);
    expect(Number(r.difference.hi)).toBeCloseTo(-7.4993e-13, 16);
    expect(decideAssertion(mpfr, 'exp(pi*sqrt(163)) < 262537412640768744', { maxBits: 64 }).holds).toBe('cannot tell');
    // sqrt(2) and its 32-digit truncation differ by about 1.9e-33 (needs about 110 bits relative).
    expect(decideAssertion(mpfr, 'sqrt(2) < 1.4142135623730950488016887242097')).toMatchObject({ holds: true, bits: 128 });
    expect(decideAssertion(mpfr, 'pi + 1e-700 > pi')).toMatchObject({ holds: true, bits: 4096 });
    expect(decideAssertion(mpfr, 'pi + 1e-700 > pi', { maxBits: 2048 }).holds).toBe('cannot tell');
  });

  it('equal sides not both exact cannot be told, for every relation that equality would settle', () => {
    for (const rel of ['=', '<=', '>=', '<', '>', '!=']) {
      const r = decideAssertion(mpfr, `pi ${rel} 4*(pi/4)`, { maxBits: 256 });
      expect(r.holds, rel).toBe('cannot tell');
      expect(r.reason).toMatch(/pi is irrational/);
    }
  });

  it('floor and ceil not separated from an integer are enclosed by both integers: decided when both agree', () => {
    expect(decideAssertion(mpfr, 'ceil(sqrt(42)^2) > 3.743', { maxBits: 256 }).holds).toBe(true);
    expect(decideAssertion(mpfr, 'ceil(sqrt(42)^2) < 100', { maxBits: 256 }).holds).toBe(true);
    expect(decideAssertion(mpfr, 'ceil(sqrt(42)^2) > 42.5', { maxBits: 256 }).holds).toBe('cannot tell');
  });

  it('a divisor never separated from 0, or a value beyond the exponent range, cannot tell and says why', () => {
    expect(decideAssertion(mpfr, '1/(pi - pi) > 0', { maxBits: 128 }).reason).toMatch(
      /at 128 bits an enclosure could not decide interval div/,
    );
    const big = decideAssertion(mpfr, 'exp(exp(100)) > 1');
    expect(big.holds).toBe('cannot tell');
    expect(big.reason).toMatch(/exponent range/);
  });

  it('reports the sides as decimal bounds rounded outward to `digits`', () => {
    const r = decideAssertion(mpfr, 'pi > 3', { digits: 10 });
    expect(r.lhs).toEqual({ lo: '3.141592653', hi: '3.141592654', exact: null });
    expect(r.rhs).toEqual({ lo: '3', hi: '3', exact: '3' });
    expect(decideAssertion(mpfr, '1/3 < 1', { digits: 5 }).lhs).toEqual({ lo: '0.33333', hi: '0.33334', exact: '1/3' });
  });

  it('bad input: one CalcError at the column of the whole assertion', () => {
    expect(calcError(() => decideAssertion(mpfr, '1 + 2')).problem).toMatch(/expected a relation/);
    expect(calcError(() => decideAssertion(mpfr, '1 < 2 < 3')).column).toBe(7);
    expect(calcError(() => decideAssertion(mpfr, '1 ! 2')).problem).toMatch(/write != /);
    expect(calcError(() => decideAssertion(mpfr, ' <= 2')).problem).toMatch(/before "<="/);
    expect(calcError(() => decideAssertion(mpfr, '2 >=  ')).problem).toMatch(/after ">="/);
    const rhs = calcError(() => decideAssertion(mpfr, 'pi < sqrt(2'));
    expect([rhs.column, rhs.problem]).toEqual([12, 'expected ")" to close "sqrt(" at column 10, got the end']);
    expect(calcError(() => decideAssertion(mpfr, '1 < ln(-1)')).column).toBe(5);
    expect(calcError(() => decideAssertion(mpfr, '1/0 < 1')).problem).toBe('division by zero');
    expect(calcError(() => decideAssertion(mpfr, 'x < 1')).problem).toMatch(/unknown name "x"/);
    expect(() => decideAssertion(mpfr, '1 < 2', { maxBits: 10 })).toThrow(/maxBits must be an integer from 64/);
  });

  it('decide reads only the signs of the difference enclosure', () => {
    expect(decide('<=', -1, 0)).toBe(true);
    expect(decide('=', -1, 1)).toBe('cannot tell');
    expect(decide('=', 0, 0)).toBe(true);
    expect(decide('<', 0, 1)).toBe(false);
    expect(decide('!=', 1, 1)).toBe(true);
  });

  it('splitAssertion keeps the columns of both sides', () => {
    expect(splitAssertion('H_10 >= 2.9')).toEqual({ lhs: 'H_10 ', relation: '>=', rhs: ' 2.9' });
    expect(splitAssertion('a==b')).toEqual({ lhs: 'a', relation: '=', rhs: 'b' });
  });
});
