import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseExactNumber } from '../../../checkers/precise/parse-number';
import { ParseError } from '../../../checkers/errors';
import { Rational } from '../../../checkers/exact/rational';

describe('parseExactNumber', () => {
  it.each([
    ['0.1', { kind: 'decimal', text: '0.1' }],
    ['-2.5e-3', { kind: 'decimal', text: '-2.5e-3' }],
    ['.5', { kind: 'decimal', text: '.5' }],
    ['3/-6', { kind: 'ratio', num: -3n, den: 6n }],
    [' -7 / 4 ', { kind: 'ratio', num: -7n, den: 4n }],
    [12n, { kind: 'ratio', num: 12n, den: 1n }],
    [-5, { kind: 'ratio', num: -5n, den: 1n }],
  ] as const)('reads %s exactly', (input, expected) => {
    expect(parseExactNumber(input)).toEqual(expected);
  });

  it.each([['1/0'], ['abc'], ['1.2.3'], ['inf'], ['NaN'], ['0x10'], ['']])('refuses %j', (input) => {
    expect(() => parseExactNumber(input)).toThrow(ParseError);
  });

  it('refuses non-integer and unsafe JS numbers', () => {
    expect(() => parseExactNumber(0.1)).toThrow(/not exact/);
    expect(() => parseExactNumber(2 ** 60)).toThrow(/beyond 2\^53/);
    expect(() => parseExactNumber(Number.NaN)).toThrow(ParseError);
  });

  it('keeps the value of a ratio and makes the denominator positive', () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.bigInt().filter((d) => d !== 0n),
        (n, d) => {
          const r = parseExactNumber(`${n}/${d}`);
          if (r.kind !== 'ratio') return false;
          // same value: r.num / r.den == n / d  <=>  r.num * d == n * r.den
          return r.den > 0n && r.num * d === n * r.den;
        },
      ),
    );
  });
});

describe('parseExactNumber: one input rule with Rational.parse (issue 13)', () => {
  it.each([[null], [undefined], [true], [{}], [[1]], [Symbol('x')], [() => 1]])('gives the typed parse error for %s', (input) => {
    expect(() => parseExactNumber(input as never)).toThrow(ParseError);
  });

  it('accepts exponents up to the documented limit and refuses beyond it, like Rational.parse', () => {
    for (const ok of ['1e1000000', '1e-1000000', '-2.5e999999', `0.${'0'.repeat(999_998)}1`]) {
      expect(parseExactNumber(ok).kind).toBe('decimal');
      expect(Rational.parse(ok).isZero()).toBe(false);
    }
    for (const bad of ['1e1000001', '1e-1000001', '12e-999999.5', `1${'0'.repeat(1_000_001)}`, `1/${'7'.repeat(1_000_001)}`]) {
      expect(() => parseExactNumber(bad), bad.slice(0, 20)).toThrow(ParseError);
      expect(() => Rational.parse(bad), bad.slice(0, 20)).toThrow(ParseError);
    }
    expect(() => parseExactNumber('1e1000001')).toThrow(/exponent.*1000000/);
    expect(() => Rational.parse('1e1000001')).toThrow(/exponent.*1000000/);
  });

  it('reads 1e-1000000 exactly as a Rational (reduced by the powers of 2 and 5 only)', () => {
    const r = Rational.parse('1e-1000000');
    expect(r.num).toBe(1n);
    expect(r.den === 10n ** 1_000_000n).toBe(true);
    expect(Rational.parse('-1.25e-999998').den === 10n ** 1_000_000n / 125n).toBe(true);
  });
});

describe('malformed long input is refused in linear time', () => {
  // The old decimal pattern (\d*\.?\d* ...) backtracked quadratically: 100,000 digits then "x" took 25 s,
  // a million would take about 40 minutes; the test's own time limit would catch a relapse.
  it.each([`${'1'.repeat(1_000_000)}x`, `${'1'.repeat(500_000)}.${'1'.repeat(400_000)}x`, `${'1'.repeat(900_000)}/x`])(
    'refuses a %#th million-character malformed number',
    (text) => {
      expect(() => parseExactNumber(text)).toThrow(ParseError);
      expect(() => Rational.parse(text)).toThrow(ParseError);
    },
  );
});
