/**
 * Correct rounding of every elementary function of Precise, in every rounding mode, against mpmath and
 * Python's decimal (test/checkers/precise/mpmath-oracle.ts), plus the exact cases and the issue-13 examples.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise, type Precise } from '../../../checkers/precise/precise';
import { ROUNDING_MODES, type RoundingMode } from '../../../checkers/exact/rounding';
import { DomainError } from '../../../checkers/errors';
import { mpmathMissing, mpmathOracle, type OracleCase } from './mpmath-oracle';

const mpfr = await loadMpfr();
const at = (digits: number, rounding: RoundingMode = 'half-even') => createPrecise({ digits, mpfr, rounding });

/** Calls the Precise function a case names. */
function evaluate(P: Precise, c: OracleCase): Decimal {
  const [x = '', y = ''] = c.args;
  switch (c.fn) {
    case 'root':
      return P.root(x, Number(y));
    case 'pow':
      return P.pow(x, y);
    case 'log':
      return P.log(x, y);
    case 'div':
      return P.div(x, y);
    default:
      return P[c.fn](x);
  }
}

describe('correct rounding: the issue-13 examples', () => {
  it('11.05^2.00000000000000007 to 6 digits is 122.103 (a near tie that fixed guard bits misround)', () => {
    expect(at(6).pow('11.05', '2.00000000000000007').toString()).toBe('122.103');
  });

  it('takes ratio inputs exactly: exp(1000/3), ln(3000000001/3000000000), (1000/3)^1000 at 20 digits', () => {
    const P = at(20);
    expect(P.exp('1000/3').toString()).toBe('5.8187178814469959992e+144');
    expect(P.ln('3000000001/3000000000').toString()).toBe('3.3333333327777777779e-10');
    expect(P.pow('1000/3', '1000').toString()).toBe('7.5638913231040998048e+2522');
  });
});

describe.skipIf(Boolean(mpmathMissing))('correct rounding against mpmath, every function and mode', () => {
  const small = fc.bigInt({ min: 1n, max: 10n ** 12n });
  const ratio = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), small).map(([p, q]) => `${p}/${q}`);
  const decimal = fc
    .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: -20, max: 5 }))
    .map(([m, e]) => `${m}e${e}`);
  const positive = fc.oneof(ratio, decimal).map((s) => s.replace(/^-/, ''));
  const number = fc.oneof(ratio, decimal);
  const mode = fc.constantFrom(...ROUNDING_MODES);
  const digits = fc.integer({ min: 1, max: 45 });
  const smallExponent = fc.oneof(
    fc.integer({ min: -40, max: 40 }).map(String),
    fc.tuple(fc.integer({ min: -99, max: 99 }), fc.constantFrom(2, 3, 5, 7, 10)).map(([p, q]) => `${p}/${q}`),
  );
  const cases = fc.oneof(
    fc.record({
      fn: fc.constantFrom('exp' as const, 'expm1' as const),
      args: fc.tuple(fc.tuple(fc.integer({ min: -300, max: 300 }), small).map(([p, q]) => `${p}/${q}`)),
      digits,
      mode,
    }),
    fc.record({
      fn: fc.constantFrom('ln' as const, 'log2' as const, 'log10' as const, 'sqrt' as const, 'log1p' as const),
      args: fc.tuple(positive),
      digits,
      mode,
    }),
    fc.record({ fn: fc.constantFrom('cbrt' as const), args: fc.tuple(number), digits, mode }),
    fc.record({ fn: fc.constantFrom('root' as const), args: fc.tuple(number, fc.integer({ min: 1, max: 12 }).map(String)), digits, mode }),
    fc.record({ fn: fc.constantFrom('log' as const), args: fc.tuple(positive, positive), digits, mode }),
    fc.record({ fn: fc.constantFrom('pow' as const), args: fc.tuple(number, smallExponent), digits, mode }),
    fc.record({ fn: fc.constantFrom('div' as const), args: fc.tuple(number, number), digits, mode }),
  );

  it('agrees digit for digit on 400 random cases (ratio and decimal inputs, 1 to 45 digits)', () => {
    const sample: OracleCase[] = fc.sample(cases, { seed: 1301, numRuns: 400 });
    const answers = mpmathOracle(sample);
    let compared = 0;
    sample.forEach((c, i) => {
      const ref = answers[i]!;
      if (ref.near) return;
      const P = at(c.digits, c.mode as RoundingMode);
      if (ref.value === 'domain') {
        expect(() => evaluate(P, c), JSON.stringify(c)).toThrow(DomainError);
        return;
      }
      compared += 1;
      expect({ c, ours: evaluate(P, c).toString() }).toEqual({ c, ours: new Decimal(ref.value).toString() });
    });
    expect(compared).toBeGreaterThan(300);
  });

  it('agrees on exact and tie cases in every mode', () => {
    const exact: Array<[OracleCase['fn'], string[], number]> = [
      ['sqrt', ['6.25'], 1],
      ['sqrt', ['42.25'], 2],
      ['pow', ['1.5', '2'], 2],
      ['pow', ['-2.5', '3'], 3],
      ['pow', ['1/4', '1/2'], 3],
      ['pow', ['-8', '1/3'], 2],
      ['pow', ['-1/8', '-5/3'], 2],
      ['pow', ['0.0625', '-3/4'], 1],
      ['log', ['243', '3'], 4],
      ['log', ['1/27', '9'], 1],
      ['log', ['4', '8'], 5],
      ['log2', ['1/1024'], 3],
      ['log10', ['1e-300'], 2],
      ['log10', ['31622.776601683793319988935'], 5],
      ['root', ['-0.00243', '5'], 1],
      ['cbrt', ['-0.001'], 1],
      ['exp', ['0'], 3],
      ['ln', ['1'], 2],
      ['expm1', ['0'], 1],
      ['log1p', ['0'], 1],
      ['pow', ['0', '5/3'], 2],
      ['pow', ['7/3', '0'], 2],
      ['log', ['1.5', '2.25'], 1],
      ['root', ['3.375', '3'], 1],
    ];
    const sample = exact.flatMap(([fn, args, digits]) => ROUNDING_MODES.map((mode) => ({ fn, args, digits, mode })));
    const answers = mpmathOracle(sample);
    sample.forEach((c, i) => {
      expect({ c, ours: evaluate(at(c.digits, c.mode), c).toString() }).toEqual({ c, ours: new Decimal(answers[i]!.value).toString() });
    });
  });
});

describe('exact results and domains', () => {
  it('gives exact answers where the answer is exact', () => {
    const P = at(20);
    expect(P.log('243', 3).toString()).toBe('5');
    expect(P.log10('1000').toString()).toBe('3');
    expect(P.log2('1/1024').toString()).toBe('-10');
    expect(P.log('4', '8').toString()).toBe('0.66666666666666666667');
    expect(P.cbrt('-27').toString()).toBe('-3');
    expect(P.root('1/32', 5).toString()).toBe('0.5');
    expect(P.pow('-8', '1/3').toString()).toBe('-2');
    expect(P.pow('-2', '-3').toString()).toBe('-0.125');
    expect(at(2, 'floor').sqrt('0.01').toString()).toBe('0.1');
    expect(at(1, 'half-down').sqrt('6.25').toString()).toBe('2');
    expect(at(1, 'half-up').sqrt('6.25').toString()).toBe('3');
  });

  it('adds, multiplies and sums ratio inputs exactly, rounding once', () => {
    const P = at(5);
    expect(P.add('1/3', '2/3').toString()).toBe('1');
    expect(P.sum(['1/3', '1/3', '1/3']).toString()).toBe('1');
    expect(P.mul('1/3', '3').toString()).toBe('1');
    expect(P.sub('100001/100000', '1').toString()).toBe('0.00001');
    expect(at(3, 'floor').div('-2', '3').toString()).toBe('-0.667');
    expect(at(3, 'half-up').value('1/8').toString()).toBe('0.125');
    expect(at(2, 'half-up').value('1/8').toString()).toBe('0.13');
    expect(at(2).value('1/8').toString()).toBe('0.12');
  });

  it('refuses what has no real value, naming the operation', () => {
    const P = at(10);
    expect(() => P.pow('-2', '1/2')).toThrow(/pow: .*even denominator/);
    expect(() => P.pow('0', '-1')).toThrow(DomainError);
    expect(() => P.root('-16', 4)).toThrow(DomainError);
    expect(() => P.root('2', 0)).toThrow(DomainError);
    expect(() => P.log('5', '1')).toThrow(/base/);
    expect(() => P.log('5', '-2')).toThrow(DomainError);
    expect(() => P.log10('0')).toThrow(DomainError);
    expect(() => P.expm1('1e10')).toThrow(/overflow/);
  });

  it('keeps MPFR default exponent range (2^±1073741823) and says so outside it', () => {
    const P = at(15);
    expect(P.exp('7e8').e).toBe(304006137); // e^(7e8) = 10^304006137.3...
    expect(P.exp('-7e8').e).toBe(-304006138);
    expect(() => P.exp('7.5e8')).toThrow(/overflows .*2\^1073741823/);
    expect(() => P.exp('-7.5e8')).toThrow(/underflows/);
    expect(() => P.pow('10', '400000000')).toThrow(/overflows/);
  });
});
