/**
 * Reading a printed statistic (checkers/tables/printed-uncertainty.ts): every notation of a value with its
 * uncertainty, fields and relations, the printed precision, round trips (fast-check), linear time on 300 KB
 * digit runs; and the two-sided t tail the recomputations use (checkers/stats/student-t.ts) against scipy.stats.t.sf.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_NUMBER_CHARS,
  decimalText,
  findAfter,
  findField,
  findMeasurements,
  halfUnit,
  parseDecimal,
  rationalText,
  toNumber,
} from '../../../checkers/tables/printed-uncertainty';
import { logGamma, regularizedBeta } from '../../../checkers/stats/incomplete-beta-gamma';
import { tTwoSided as twoSidedTailT } from '../../../checkers/stats/student-t';
import { methodColumns, recompute } from '../../../checkers/stats/printed-statistics';
import { encloseStatistic } from '../../../checkers/stats/printed-enclosure';
import { withIntervals } from '../../../checkers/interval/arena';
import { certainlyLess } from '../../../checkers/interval/compare';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { PYTHON, pythonModules } from '../../helpers/required';

const SEED = 20261202;

describe('printed values with their uncertainty', () => {
  const one = (text: string) => {
    const all = findMeasurements(text);
    expect(all).toHaveLength(1);
    const m = all[0]!;
    return { value: m.value.text, u: m.uncertainty !== undefined ? toNumber(m.uncertainty) : undefined, notation: m.notation };
  };
  it.each([
    ['0.41 +- 0.07', '0.41', 0.07, 'plus-minus'],
    ['0.41 ± 0.07', '0.41', 0.07, 'plus-minus'],
    ['0.41+/-0.07', '0.41', 0.07, 'plus-minus'],
    ['0.41 \\pm 0.07', '0.41', 0.07, 'plus-minus'],
    ['0.41(7)', '0.41', 0.07, 'concise'],
    ['1.234(56)', '1.234', 0.056, 'concise'],
    ['12.3(1.2)', '12.3', 1.2, 'concise'],
    ['3.2e-05(4)', '3.2e-05', 4e-6, 'concise'],
    ['0.41 (se 0.07)', '0.41', 0.07, 'se-bracket'],
    ['0.41 (SE = 0.07)', '0.41', 0.07, 'se-bracket'],
    ['0.41 (s.e. 0.07)', '0.41', 0.07, 'se-bracket'],
    ['0.41 (std err: 0.07)', '0.41', 0.07, 'se-bracket'],
    ['3.2e-05 ± 4e-06', '3.2e-05', 4e-6, 'plus-minus'],
    ['−0.41 ± 0.07', '−0.41', 0.07, 'plus-minus'],
    ['0.41 (all points)', '0.41', undefined, 'bare'],
  ])('%s', (text, value, u, notation) => {
    const m = one(text);
    expect(m.value).toBe(value);
    if (u === undefined) expect(m.u).toBeUndefined();
    else expect(m.u).toBeCloseTo(u, 15);
    expect(m.notation).toBe(notation);
  });

  it('finds a field by name (a whole word, any relation) or by the text before it', () => {
    const text = 'k=16 fitted a = 0.25 +- 0.03, b = 0.41 +- 0.07 (4 points)\np < 0.001; p2 = 0.5; b_err = 9';
    expect(findField(text, 'b').map((m) => [m.value.text, m.uncertainty?.text, m.line])).toEqual([['0.41', '0.07', 1]]);
    expect(findField(text, 'p').map((m) => [m.value.text, m.relation, m.line])).toEqual([['0.001', 'lt', 2]]);
    expect(findField('p ≤ 0.05, q>=2', 'p')[0]?.relation).toBe('le');
    expect(findField('p ≤ 0.05, q>=2', 'q')[0]?.relation).toBe('ge');
    expect(findField(text, 'k')[0]?.value.text).toBe('16');
    expect(findAfter(text, 'fitted a')[0]?.printed).toBe('fitted a = 0.25 +- 0.03');
    expect(findAfter('Fitted b = 0.41 +- 0.07 over k = 2..16', 'Fitted b')[0]?.uncertainty?.text).toBe('0.07');
    expect(findField('H_16 = 3.38, k2 = 5', 'k')).toEqual([]);
    expect(findMeasurements('H_16 k2 x1e5')).toEqual([]);
    expect(findMeasurements('Fitted b = 0.41 +- 0.07 over k = 2..16').map((m) => m.value.text)).toEqual(['0.41', '2']);
  });

  it('printed precision: half a unit in the last printed digit', () => {
    const h = (t: string) => toNumber(halfUnit(parseDecimal(t)!));
    expect([h('0.41'), h('16'), h('1.50'), h('3.2e-05'), h('2.'), h('-7.125E+3')]).toEqual([0.005, 0.5, 0.005, 5e-7, 0.5, 0.5]);
    expect(rationalText(parseDecimal('-0.41')!)).toBe('-41/100');
    expect(rationalText(parseDecimal('1.5e3')!)).toBe('1500');
    expect([parseDecimal('1,234'), parseDecimal('nan'), parseDecimal('.'), parseDecimal('1e')]).toEqual([null, null, null, null]);
    expect(decimalText(183n, -4)).toBe('0.0183');
  });

  it('round trip: a decimal printed in any notation reads back exactly (value and printed precision)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: -12, max: 0 }),
        fc.bigInt({ min: 1n, max: 999n }),
        fc.constantFrom(' +- ', ' ± ', '+/-', 'concise', ' (se '),
        (mantissa, scale, u, style) => {
          const value = decimalText(mantissa, scale);
          const unc = decimalText(u, scale);
          const text = style === 'concise' ? `${value}(${u})` : style === ' (se ' ? `${value} (se ${unc})` : `${value}${style}${unc}`;
          const m = findMeasurements(`fit: ${text};`);
          expect(m).toHaveLength(1);
          expect(rationalText(m[0]!.value)).toBe(rationalText({ mantissa, scale }));
          expect(m[0]!.value.scale).toBe(scale);
          expect(rationalText(m[0]!.uncertainty!)).toBe(rationalText({ mantissa: u, scale }));
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('linear time on 300 KB digit runs (a quadratic scan would take minutes)', { timeout: 20_000 }, () => {
    const run = '1'.repeat(300_000);
    expect(findField(`b = ${run}`, 'b')).toEqual([]);
    expect(findMeasurements(run)).toEqual([]);
    expect(findMeasurements(`0.${run}e`)).toEqual([]);
    expect(findMeasurements('1.'.repeat(150_000)).length).toBeGreaterThan(0);
    // Only the last MAX_NUMBER_CHARS positions start a number short enough to read.
    expect(findAfter('0'.repeat(300_000), '0').length).toBeLessThanOrEqual(MAX_NUMBER_CHARS);
    expect(findMeasurements(`0.41 ± ${run}`)[0]?.uncertainty).toBeUndefined();
    expect(findMeasurements(`0.41(${run})`)[0]?.notation).toBe('bare');
    expect(parseDecimal(run)).toBeNull();
  });
});

describe('doc-comment examples of the printed-statistic modules', () => {
  it('run as written', async () => {
    expect(rationalText({ mantissa: 41n, scale: -2 })).toBe('41/100');
    expect(halfUnit(parseDecimal('0.41')!)).toEqual({ mantissa: 5n, scale: -3 });
    expect(toNumber(parseDecimal('4.1e-1')!)).toBe(0.41);
    expect(parseDecimal('-3.2e-05')).toEqual({ text: '-3.2e-05', mantissa: -32n, scale: -6 });
    expect(findMeasurements('fitted b = 0.41 +- 0.07').map((m) => [m.value.text, m.uncertainty?.text])).toEqual([['0.41', '0.07']]);
    expect(findField('a = 0.2, b = 0.41 +- 0.07', 'b')[0]?.uncertainty?.text).toBe('0.07');
    expect(findAfter('fitted b = 0.41 +- 0.07', 'fitted b')[0]?.value.text).toBe('0.41');
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(regularizedBeta(1, 1, 0.3, 0.7)).toBeCloseTo(0.3, 14);
    expect(twoSidedTailT(2.776445, 4)).toBeCloseTo(0.05, 6);
    expect(methodColumns({ method: 'mean', column: 'y' })).toEqual(['y']);
    const r = recompute({ method: 'mean', column: 'y' }, [[1, 2, 3]]);
    expect([r.value, r.se, r.n]).toEqual([2, 1 / Math.sqrt(3), 3]);
    const mpfr = await loadMpfr();
    const contains = withIntervals(mpfr, { bits: 128 }, (I) => {
      const v = encloseStatistic(I, { method: 'mean', column: 'y' }, [[I.enclose('1'), I.enclose('2')]]).value!;
      return certainlyLess(v, I.enclose('3/2')) === false && certainlyLess(I.enclose('3/2'), v) === false;
    });
    expect(contains).toBe(true);
  });
});

const missing = pythonModules(['scipy.stats']);
const tCases = fc.sample(
  fc.tuple(
    fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true })),
    fc.oneof(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0.6, max: 5000, noNaN: true })),
  ),
  { seed: SEED, numRuns: 400 },
);
let reference: number[] = [];

beforeAll(() => {
  if (missing !== '') return;
  const script =
    'import json,sys\nfrom scipy import stats\nprint(json.dumps([float(2 * stats.t.sf(abs(t), d)) for t, d in json.load(sys.stdin)]))';
  const r = spawnSync(PYTHON, ['-c', script], { input: JSON.stringify(tCases), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  reference = JSON.parse(r.stdout) as number[];
});

describe.skipIf(missing !== '')('two-sided t tail against scipy.stats.t.sf', () => {
  it('relative error below 1e-10 on 400 seeded (t, dof), dof not necessarily an integer', () => {
    tCases.forEach(([t, d], i) => {
      const ref = reference[i] as number;
      const got = twoSidedTailT(t, d);
      if (ref < 1e-290) expect(got).toBeLessThan(1e-280);
      else expect([t, d, Math.abs(got - ref) / ref < 1e-10]).toEqual([t, d, true]);
    });
  });
});
