/**
 * Properties of the printed-consistency decision (fast-check, seeded), on random printed tables and every
 * method: the true statistic printed at any number of significant digits >= 2 (with its se where the method
 * has one) is never flagged; a printed value shifted away by more than the rounding range plus 10 recomputed
 * se (1% of the value for methods without an se) is always flagged; plus a table of edge cases.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { checkPrintedConsistency, type PrintedCells } from '../../../checkers/stats/printed-consistency';
import { recompute, methodColumns, type PrintedMethod } from '../../../checkers/stats/printed-statistics';
import { parseDecimal, type PrintedDecimal } from '../../../checkers/tables/printed-uncertainty';

const SEED = 20261202;
let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

const METHODS: PrintedMethod[] = [
  ...(['linear', 'log', 'power'] as const).flatMap((law) =>
    (['fit-slope', 'fit-intercept'] as const).map((method) => ({ method, law, x: 'x', y: 'y' })),
  ),
  { method: 'mean', column: 'y' },
  { method: 'sd', column: 'y', ddof: 0 },
  { method: 'sd', column: 'y', ddof: 1 },
  { method: 'ratio-of-means', numerator: 'y', denominator: 'z' },
  { method: 'mean-difference', a: 'y', b: 'z', paired: true },
  { method: 'mean-difference', a: 'y', b: 'z', paired: false },
  ...(['paired', 'student', 'welch'] as const).flatMap((test) => (['t', 'p'] as const).map((method) => ({ method, test, a: 'y', b: 'z' }))),
];

/** A printed table: x distinct increasing integers, y and z positive decimals with 1 to 4 digits. */
const table = fc
  .record({
    steps: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 3, maxLength: 10 }),
    digits: fc.integer({ min: 1, max: 4 }),
    ys: fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 10, maxLength: 10 }),
    zs: fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 10, maxLength: 10 }),
  })
  .map(({ steps, digits, ys, zs }): PrintedCells => {
    let x = 0;
    const rows = steps.map((s, i) => {
      x += s;
      return [String(x), ((ys[i] as number) / 10 ** digits).toFixed(digits), ((zs[i] as number) / 10 ** digits).toFixed(digits)];
    });
    return { columns: ['x', 'y', 'z'], rows };
  })
  // Columns that do not vary leave no fit, sd or t to print.
  .filter(
    (t) =>
      new Set(t.rows.map((r) => r[1])).size > 1 &&
      new Set(t.rows.map((r) => r[2])).size > 1 &&
      new Set(t.rows.map((r) => Number(r[1]) - Number(r[2]))).size > 1,
  );

const method = fc.constantFrom(...METHODS);
const values = (t: PrintedCells, m: PrintedMethod) => methodColumns(m).map((c) => t.rows.map((r) => Number(r[t.columns.indexOf(c)])));
const printedAt = (v: number, digits: number) => parseDecimal(v.toPrecision(digits)) as PrintedDecimal;

describe('printed-consistency properties', () => {
  it('the true statistic printed at any number of digits >= 2, with its se, is never flagged', () => {
    fc.assert(
      fc.property(table, method, fc.integer({ min: 2, max: 10 }), fc.integer({ min: 2, max: 10 }), (t, m, digits, seDigits) => {
        const r = recompute(m, values(t, m));
        const printed = {
          value: printedAt(r.value, digits),
          ...(r.se !== undefined && r.se > 0 ? { uncertainty: printedAt(r.se, seDigits) } : {}),
        };
        expect(checkPrintedConsistency(mpfr, { printed, table: t, method: m }, 128).verdict).not.toBe('inconsistent');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a printed value shifted by more than the rounding range plus 10 recomputed se is always flagged', () => {
    fc.assert(
      fc.property(
        table,
        method.filter((m) => m.method !== 'p'),
        fc.double({ min: 1.001, max: 100, noNaN: true }),
        (t, m, factor) => {
          const r = recompute(m, values(t, m));
          const base = checkPrintedConsistency(mpfr, { printed: { value: printedAt(r.value, 12) }, table: t, method: m }, 128);
          if (base.range === null) return; // not bounded over the box: undecided, never flagged
          const scale = r.se !== undefined && r.se > 0 ? r.se : Math.max(Math.abs(r.value), 1e-6) * 0.01;
          const shift = factor * (base.range.hi - base.range.lo + 10 * scale);
          const shifted = r.value + (r.value < 0 ? -shift : shift);
          const rep = checkPrintedConsistency(mpfr, { printed: { value: printedAt(shifted, 12) }, table: t, method: m }, 128);
          expect(rep.verdict).toBe('inconsistent');
          expect(rep.guarantee).toEqual({ kind: 'enclosure' });
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('printed-consistency edge cases', () => {
  const paging: PrintedCells = {
    columns: ['k', 'y'],
    rows: [
      ['2', '0.2931'],
      ['4', '0.4030'],
      ['8', '0.4616'],
      ['16', '0.4919'],
    ],
  };
  const slope: PrintedMethod = { method: 'fit-slope', law: 'log', x: 'k', y: 'y' };
  const check = (
    printed: string,
    uncertainty?: string,
    o: { relation?: 'lt' | 'gt'; method?: PrintedMethod; t?: PrintedCells; rounded?: string[]; exact?: string[] } = {},
  ) =>
    checkPrintedConsistency(
      mpfr,
      {
        printed: {
          value: parseDecimal(printed) as PrintedDecimal,
          ...(uncertainty ? { uncertainty: parseDecimal(uncertainty) as PrintedDecimal } : {}),
          ...(o.relation ? { relation: o.relation } : {}),
        },
        table: o.t ?? paging,
        method: o.method ?? slope,
        label: 'b',
        ...(o.rounded ? { rounded: o.rounded } : {}),
        ...(o.exact ? { exact: o.exact } : {}),
      },
      128,
    );

  it('the paging table: 0.41 ± 0.07 is 4.5 printed SE from the refit 0.0945 ± 0.0183', () => {
    const r = check('0.41', '0.07');
    expect(r.verdict).toBe('inconsistent');
    expect(r.printedSeUnits).toBeCloseTo((0.41 - 0.0944965251782271) / 0.07, 10);
    expect(r.recomputedSeUnits).toBeCloseTo((0.41 - 0.0944965251782271) / 0.018308533338909833, 8);
    expect(r.sentence).toBe(
      'printed b = 0.41 ± 0.07; recomputed from the 4 printed rows (log law, OLS): b = 0.094 ± 0.018 (0.09444 to 0.09455 over the rounding of the 4 rounded cells); the printed value is 4.5 printed SE and 17 recomputed SE away: inconsistent',
    );
    // A right value with a wrong ± is inconsistent too; a right ± at 1 digit is not.
    expect(check('0.094', '0.07').verdict).toBe('inconsistent');
    expect(check('0.094', '0.07').valueConsistent).toBe(true);
    expect(check('0.09', '0.02').verdict).toBe('consistent');
  });

  it('a printed ± read as a 95% t half-width (t_0.975,2 = 4.3027 from scipy.stats.t.ppf) or not checked', () => {
    const run = (u: string, plusMinus: 'se' | 'ci95' | 'unchecked') =>
      checkPrintedConsistency(
        mpfr,
        { printed: { value: parseDecimal('0.094')!, uncertainty: parseDecimal(u)! }, table: paging, method: slope, label: 'b', plusMinus },
        128,
      );
    // 4.302652729911275 * 0.018308533338909833 = 0.07877...
    expect([run('0.079', 'ci95').verdict, run('0.079', 'se').verdict, run('0.018', 'ci95').verdict]).toEqual([
      'consistent',
      'inconsistent',
      'inconsistent',
    ]);
    expect(run('0.018', 'ci95').guarantee.kind).toBe('approximate');
    expect(run('0.018', 'ci95').sentence).toMatch(/± 0.018 \(95% interval\).*is not the 95% half-width t × se/);
    expect([run('0.5', 'unchecked').verdict, run('0.5', 'unchecked').seConsistent]).toEqual(['consistent', null]);
    const far = checkPrintedConsistency(
      mpfr,
      { printed: { value: parseDecimal('0.41')!, uncertainty: parseDecimal('0.07')! }, table: paging, method: slope, plusMinus: 'ci95' },
      128,
    );
    expect(far.printedSeUnits).toBeCloseTo(((0.41 - 0.0944965251782271) / 0.07) * 4.302652729911275, 6);
  });

  it('the rounding box decides near the edge: 0.0944 and 0.0946 are consistent (half a unit at 4 digits), 0.0942 is not', () => {
    expect(check('0.0944').verdict).toBe('consistent');
    expect(check('0.0946').verdict).toBe('consistent');
    expect(check('0.0942').verdict).toBe('inconsistent');
    expect(check('0.0942').guarantee).toEqual({ kind: 'enclosure' });
  });

  it('integers are exact unless named rounded; decimals are rounded unless named exact', () => {
    expect(check('0.0945').roundedCells).toBe(4);
    expect(check('0.0945', undefined, { rounded: ['k'] }).roundedCells).toBe(8);
    expect(check('0.0945', undefined, { exact: ['y'] }).roundedCells).toBe(0);
    // k rounded to ±0.5 makes ln k uncertain by up to 0.29: the range widens to include 0.1.
    expect(check('0.100', undefined, { rounded: ['k'] }).verdict).toBe('consistent');
    expect(check('0.100').verdict).toBe('inconsistent');
  });

  it('p < 0.05 is a half-line: consistent when the range reaches below it', () => {
    const t: PrintedCells = {
      columns: ['a', 'b'],
      rows: [
        ['1.0', '0.5'],
        ['2.0', '1.1'],
        ['3.0', '2.2'],
        ['4.0', '3.1'],
        ['5.0', '4.4'],
      ],
    };
    const p: PrintedMethod = { method: 'p', test: 'paired', a: 'a', b: 'b' };
    const value = recompute(p, [
      [1, 2, 3, 4, 5],
      [0.5, 1.1, 2.2, 3.1, 4.4],
    ]).value;
    expect(value).toBeLessThan(0.01);
    expect(check('0.05', undefined, { relation: 'lt', method: p, t }).verdict).toBe('consistent');
    expect(check('0.05', undefined, { relation: 'gt', method: p, t }).verdict).toBe('inconsistent');
    expect(check('0.05', undefined, { relation: 'gt', method: p, t }).guarantee.kind).toBe('approximate');
  });

  it('a t with the opposite sign matches (the order of the columns), and says so', () => {
    const t: PrintedCells = {
      columns: ['a', 'b'],
      rows: [
        ['1.0', '0.5'],
        ['2.0', '1.1'],
        ['3.0', '2.2'],
        ['4.0', '3.1'],
        ['5.0', '4.4'],
      ],
    };
    const m: PrintedMethod = { method: 't', test: 'paired', a: 'a', b: 'b' };
    const v = recompute(m, [
      [1, 2, 3, 4, 5],
      [0.5, 1.1, 2.2, 3.1, 4.4],
    ]).value;
    const r = check((-v).toPrecision(3), undefined, { method: m, t });
    expect([r.verdict, r.signFlipped]).toEqual(['consistent', true]);
    expect(r.sentence).toMatch(/opposite sign/);
  });

  it('a ratio whose denominator mean may be 0 within rounding is undecided, never flagged', () => {
    const t: PrintedCells = {
      columns: ['a', 'b'],
      rows: [
        ['1.0', '0.1'],
        ['2.0', '-0.1'],
      ],
    };
    const r = check('5', undefined, { method: { method: 'ratio-of-means', numerator: 'a', denominator: 'b' }, t });
    expect([r.verdict, r.range]).toEqual(['undecided', null]);
  });

  it('bad tables are typed errors naming the column and row', () => {
    expect(() => check('1', undefined, { method: { method: 'mean', column: 'zz' } })).toThrow(/no column "zz"/);
    const t: PrintedCells = {
      columns: ['k', 'y'],
      rows: [
        ['2', 'nan'],
        ['4', '1.0'],
        ['8', '2.0'],
      ],
    };
    expect(() => check('1', undefined, { t })).toThrow(/row 1, column "y": "nan" is not a finite printed number/);
    const neg: PrintedCells = {
      columns: ['k', 'y'],
      rows: [
        ['2', '-1.0'],
        ['4', '1.0'],
        ['8', '2.0'],
      ],
    };
    expect(() => check('1', undefined, { t: neg, method: { method: 'fit-slope', law: 'power', x: 'k', y: 'y' } })).toThrow(
      /positive values/,
    );
  });
});
