// Derived columns: the doc example, how names are read (columns, backticks, H_k, constants, sum variables),
// the errors (one line naming the derived column and the row), and fast-check properties of exactness.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseColumnExpression } from '../../../checkers/calc/column-names';
import { deriveColumn, DerivedColumnError, parseDerivation } from '../../../checkers/calc/columns';
import { encloseExpression } from '../../../checkers/calc/enclose';
import { evaluateExact } from '../../../checkers/calc/exact';
import { parseExpression } from '../../../checkers/calc/parse';
import { withIntervals } from '../../../checkers/interval/arena';
import { printExpression } from '../../../checkers/calc/print';
import { Rational } from '../../../checkers/exact/rational';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';

let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

const derive = (flag: string, header: string[], rows: string[][], digits?: number) =>
  deriveColumn(mpfr, parseDerivation(flag), header, rows, digits);
const texts = (flag: string, header: string[], rows: string[][]) => derive(flag, header, rows).values.map((v) => v.text);

function failure(f: () => unknown): DerivedColumnError {
  try {
    f();
  } catch (e) {
    if (e instanceof DerivedColumnError) return e;
    throw e;
  }
  throw new Error('expected a DerivedColumnError');
}

describe('deriveColumn', () => {
  it('the doc example, and the additive term of the issue exactly (ratio - H_k with H_k of the column k)', () => {
    const r = derive(
      'additive = ratio - H_k',
      ['k', 'ratio'],
      [
        ['2', '1.6'],
        ['3', '2'],
        ['1024', '7.5'],
      ],
    );
    expect(r.inputs).toEqual(['ratio', 'k']);
    expect(r.values[0]).toEqual({ text: '0.1', exact: Rational.parse('1/10'), guarantee: 'exact' });
    // 2 - H_3 = 2 - 11/6 = 1/6: exact, its text rounded to 20 digits.
    expect(r.values[1]).toEqual({ text: '0.16666666666666666667', exact: Rational.parse('1/6'), guarantee: 'correctly-rounded' });
    // H_1024 = 7.5091756722781338333...: 7.5 - H_1024 = -0.0091756722781338333771... (mpmath: -0.00917567227813383337708...).
    expect(r.values[2]?.text).toBe('-0.0091756722781338333771');
    expect(r.values[2]?.exact?.den).toBeGreaterThan(10n ** 400n);
  });

  it('irrational values are correctly rounded to the digits asked for', () => {
    // sqrt(2) = 1.41421356237309504880168872..., ln 10 = 2.30258509299404568401799...
    expect(derive('r = sqrt(x)', ['x'], [['2']], 25).values[0]).toEqual({
      text: '1.414213562373095048801689',
      exact: null,
      guarantee: 'correctly-rounded',
    });
    expect(texts('r = ln(x) + floor(pi*x)', ['x'], [['10']])).toEqual(['33.302585092994045684']);
    expect(texts('r = sqrt(x)', ['x'], [['2.25']])).toEqual(['1.5']);
  });

  it('cells are read exactly: decimals, exponents, ratios; never through a float', () => {
    expect(
      texts(
        'z = a + b',
        ['a', 'b'],
        [
          ['0.1', '0.2'],
          ['3.2e-05', '-1E+2'],
          [' 7/3 ', '-1/3'],
        ],
      ),
    ).toEqual(['0.3', '-99.999968', '2']);
    expect(texts('z = a * 10^30 - 1', ['a'], [['1e-30']])).toEqual(['0']);
  });

  it('names: a column wins over H_k, backticks quote any column, and a sum variable shadows a column', () => {
    expect(texts('z = H_k', ['H_k'], [['1.5']])).toEqual(['1.5']);
    expect(texts('z = H_k', ['k'], [['4']])).toEqual(['2.0833333333333333333']);
    expect(texts('z = H_10 - H(k)', ['k'], [['9']])).toEqual(['0.1']);
    expect(texts('z = `H_k` - H(k)', ['H_k', 'k'], [['2', '2']])).toEqual(['0.5']);
    expect(texts('`loss ratio` = `val loss` / `train loss` - 1', ['val loss', 'train loss'], [['3', '2']])).toEqual(['0.5']);
    expect(derive('`loss ratio` = 1', ['x'], [['0']]).name).toBe('loss ratio');
    expect(texts('z = sum(k, k, 1, n) + k', ['k', 'n'], [['100', '4']])).toEqual(['110']);
    expect(texts('z = ln + sqrt(ln)', ['ln'], [['4']])).toEqual(['6']);
    expect(printExpression(parseColumnExpression('ratio - H_k', ['k', 'ratio']).node)).toBe('ratio - H(k)');
    expect(printExpression(parseExpression('ratio - H_k', { names: new Set(['ratio', 'k']) }))).toBe('ratio - H(k)');
    expect(printExpression(parseExpression('H_k', { names: new Set(['H_k']) }))).toBe('H_k');
    expect(() => parseExpression('ratio - 1')).toThrow(/unknown name "ratio"/);
    // A free name left unbound is an error in both evaluators, never a constant or "irrational".
    const unbound = parseExpression('sqrt(ratio)', { names: new Set(['ratio']) });
    expect(() => evaluateExact(unbound)).toThrow(/"ratio" has no value/);
    expect(() => withIntervals(mpfr, { bits: 64 }, (I) => encloseExpression(I, unbound))).toThrow(/"ratio" has no value/);
  });

  it('ambiguous names are refused with both spellings', () => {
    expect(failure(() => derive('z = H_k', ['H_k', 'k'], [['1', '1']])).message).toBe(
      'recheck.derive: column "z": "H_k" is both a column and the harmonic number H(k): write `H_k` for the column or H(k) for the harmonic number (at character 1 of "H_k")',
    );
    expect(failure(() => derive('z = H_10', ['H_10'], [['1']])).problem).toMatch(/harmonic number H\(10\)/);
    expect(failure(() => derive('z = e * 2', ['e'], [['1']])).problem).toMatch(/write `e` for the column or exp\(1\) for the constant/);
    expect(texts('z = `e` * exp(1)', ['e'], [['0']])).toEqual(['0']);
  });

  it('errors name the derived column and the row, one line each', () => {
    const rows = [
      ['1', '2'],
      ['2', 'n/a'],
      ['0', ''],
    ];
    expect(failure(() => derive('z = b / a', ['a', 'b'], rows)).message).toBe(
      'recheck.derive: column "z" at row 2: column "b" holds "n/a", not a finite decimal number',
    );
    expect(failure(() => derive('z = 1 / a', ['a', 'b'], rows)).message).toBe(
      'recheck.derive: column "z" at row 3: division by zero (at character 3 of "1 / a")',
    );
    expect(failure(() => derive('z = b + 1', ['a', 'b'], [['1', ' ']])).problem).toBe('column "b" is empty, expected a number');
    expect(failure(() => derive('z = b + 1', ['a', 'b'], [['1']])).problem).toBe('the row has no cell for column "b"');
    expect(failure(() => derive('z = ln(a - 1)', ['a'], [['3'], ['1']])).row).toBe(2);
    expect(failure(() => derive('z = nan + 1', ['a', 'b'], rows)).message).toBe(
      'recheck.derive: column "z": unknown column "nan" (columns: "a", "b") (at character 1 of "nan + 1")',
    );
    expect(failure(() => derive('z = `c d` + 1', ['a'], rows)).problem).toMatch(/^unknown column "c d" \(columns: "a"\)/);
    expect(failure(() => derive('z = `a + 1', ['a'], rows)).problem).toMatch(/^unclosed "`"/);
    expect(failure(() => derive('z = `a`(2)', ['a'], rows)).problem).toMatch(/is not a function/);
    expect(failure(() => derive('a = 1', ['a'], rows)).problem).toMatch(/already has a column "a"/);
    expect(failure(() => derive('z = a', ['a', 'a'], rows)).problem).toMatch(/names "a" twice/);
    expect(failure(() => derive('z = a + ', ['a'], rows)).problem).toMatch(
      /expected a number, a name or "\(", got the end \(at character 4/,
    );
    expect(failure(() => derive('z = 1', ['a'], rows, 0)).problem).toMatch(/digits must be an integer/);
    expect(failure(() => parseDerivation('z + 1')).problem).toMatch(/expected NAME = EXPRESSION/);
    expect(failure(() => parseDerivation('z == 1')).problem).toMatch(/expected NAME = EXPRESSION/);
    expect(failure(() => parseDerivation('z =  ')).problem).toBe('the expression after "=" is empty');
  });

  it('an empty table gives an empty column; unused cells are never read', () => {
    expect(derive('z = a', ['a'], []).values).toEqual([]);
    expect(texts('z = a', ['a', 'b'], [['1', 'junk']])).toEqual(['1']);
  });
});

describe('derived column properties (fast-check)', () => {
  const decimal = fc
    .tuple(fc.constantFrom('', '-'), fc.nat(10 ** 9), fc.nat(10 ** 9), fc.integer({ min: -40, max: 40 }))
    .map(([s, a, b, e]) => `${s}${a}.${b}e${e}`);

  it('z = a is the cell exactly; z = a - a is exact 0; z = a / 3 * 3 is a again', () => {
    fc.assert(
      fc.property(decimal, (cell) => {
        const [same, zero, back] = ['z = a', 'z = a - a', 'z = a / 3 * 3'].map((f) => derive(f, ['a'], [[cell]]).values[0]);
        const want = Rational.parse(cell);
        return (
          same?.exact?.equals(want) === true &&
          zero?.text === '0' &&
          zero.guarantee === 'exact' &&
          back?.exact?.equals(want) === true &&
          (same.guarantee !== 'exact' || Rational.parse(same.text).equals(want))
        );
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('a correctly rounded text of an exact value is within half a unit of its 20th digit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (p, q) => {
        const cell = derive('z = p / q', ['p', 'q'], [[`${p}`, `${q}`]]).values[0];
        const exact = Rational.of(p, q);
        if (cell?.guarantee === 'exact') return Rational.parse(cell.text).equals(exact);
        const error = Rational.parse(cell?.text ?? '0')
          .sub(exact)
          .abs();
        // Half a unit in the 20th significant digit of |exact| (an upper bound from its first digit's place).
        const place = exact.abs().toPrecision(1, 'ceiling').replace(/^\d+/, '1');
        return error.compare(Rational.parse(place).mul(Rational.parse('5e-20'))) <= 0;
      }),
      { seed: 9, numRuns: 300 },
    );
  });
});
