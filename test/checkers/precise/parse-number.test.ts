import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseExactNumber } from '../../../checkers/precise/parse-number';
import { ParseError } from '../../../checkers/errors';

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
      fc.property(fc.bigInt(), fc.bigInt().filter((d) => d !== 0n), (n, d) => {
        const r = parseExactNumber(`${n}/${d}`);
        if (r.kind !== 'ratio') return false;
        // same value: r.num / r.den == n / d  <=>  r.num * d == n * r.den
        return r.den > 0n && r.num * d === n * r.den;
      }),
    );
  });
});
