/**
 * Exact values behind printed floats, against independent methods: Python's fractions (Fraction(float(s)) is
 * the exact double CPython's correctly rounded parser chose, Fraction(s) the exact decimal, and
 * limit_denominator the closest fraction under a denominator bound, which pins the simplest rational where the
 * two criteria coincide); V8's own decimal parser; the exact decimal expansion of a double
 * (checkers/precise/float64.ts); and brute force over small denominators.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeRationalization, nearestDouble, rationalize, simplestBetween } from '../../../checkers/exact/rationalize';
import { Rational } from '../../../checkers/exact/rational';
import { exactDecimalOfFloat64 } from '../../../checkers/precise/float64';
import { DomainError, ParseError } from '../../../checkers/errors';

import { PYTHON, pythonModules } from '../../helpers/required';

const pythonMissing = pythonModules(['fractions']);

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** Decimals as programs print them: 1 to 25 significant digits, exponents across the double range and beyond. */
const printedDecimal = fc
  .tuple(fc.constantFrom('', '-'), digits(1, 4), digits(0, 21), fc.integer({ min: -345, max: 320 }), fc.boolean())
  .map(([s, a, b, e, withExp]) => `${s}${a}${b ? `.${b}` : ''}${withExp ? `e${e}` : ''}`);

const EDGES = [
  '0.1',
  '0.2',
  '0.3',
  '0.30000000000000004',
  '3.8726',
  '16',
  '1500',
  '1.5e3',
  '2.675',
  '-2.5',
  '0.5',
  '-0.0',
  '1e23',
  '9007199254740993',
  '9007199254740995',
  '3.2e-05',
  '1e-400',
  '4.9e-324',
  '5e-324',
  '2.4703282292062327e-324',
  '2.4703282292062328e-324',
  '2.2250738585072011e-308',
  '2.2250738585072014e-308',
  '1.7976931348623157e308',
  '1.7976931348623158e308',
  '1.797693134862315807e308',
  '1.797693134862315808e308',
  '1e309',
  '-1e309',
  '123456789012345678901234567890',
];

/** Python's readings: [exact double or null on overflow, exact decimal, simplest's oracle facts]. */
function pythonReadings(
  values: string[],
  simplest: Rational[],
  tolerances: Rational[],
): { double: string | null; decimal: string; closest: string; closestSmaller: string | null }[] {
  const script = `
import json, sys
from fractions import Fraction
data = json.load(sys.stdin)
out = []
for s, q, tol in data:
    try:
        d = Fraction(float(s))
        ds = f"{d.numerator}/{d.denominator}" if d.denominator != 1 else str(d.numerator)
    except OverflowError:
        ds = None
    x = Fraction(s)
    c = x.limit_denominator(q)
    cs = x.limit_denominator(q - 1) if q > 1 else None
    fmt = lambda f: f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)
    out.append({"double": ds, "decimal": fmt(x), "closest": fmt(c), "closestSmaller": fmt(cs) if cs is not None else None})
print(json.dumps(out))
`;
  const input = JSON.stringify(values.map((v, i) => [v, Number(simplest[i]!.den), tolerances[i]!.toString()]));
  const run = spawnSync(PYTHON, ['-c', script], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`python fractions script failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

describe.skipIf(Boolean(pythonMissing))('agreement with Python fractions', () => {
  const random = fc.sample(printedDecimal, { seed: 20261130, numRuns: 250 });
  const values = [...EDGES, ...random];
  const ours = values.map((v) => rationalize(v));
  // limit_denominator(q) takes q as a Python int; keep the simplest's denominator within what JSON carries.
  const usable = ours.map((r) => r.simplest.den <= 2n ** 53n);
  let py: ReturnType<typeof pythonReadings>;
  beforeAll(() => {
    py = pythonReadings(
      values,
      ours.map((r) => (r.simplest.den <= 2n ** 53n ? r.simplest : Rational.ONE)),
      ours.map((r) => r.tolerance),
    );
  });

  it('(a) the nearest double is Fraction(float(s)), overflow included; (b) the decimal is Fraction(s)', () => {
    values.forEach((v, i) => {
      expect(ours[i]!.double?.toString() ?? null, v).toBe(py[i]!.double);
      expect(ours[i]!.decimal.toString(), v).toBe(py[i]!.decimal);
    });
  });

  it('(c) where the criteria coincide: limit_denominator(q) is the simplest, and nothing with a smaller denominator is within T', () => {
    let checked = 0;
    values.forEach((v, i) => {
      const r = ours[i]!;
      if (!usable[i]) return;
      const within = (p: string) => Rational.parse(p).sub(r.decimal).abs().compare(r.tolerance) <= 0;
      // The closest fraction with denominator <= q is within T, so it has the least denominator q: unique
      // unless q = 1 (several integers may be within T; ours takes the least |p|, Python the closest).
      if (r.simplest.den > 1n) expect(py[i]!.closest, v).toBe(r.simplest.toString());
      if (py[i]!.closestSmaller !== null) expect(within(py[i]!.closestSmaller!), v).toBe(false);
      checked++;
    });
    expect(checked).toBeGreaterThan(200);
  });
});

describe('rationalize', () => {
  it('doc examples', () => {
    const r = rationalize('0.1');
    expect(r.double?.toString()).toBe('3602879701896397/36028797018963968');
    expect(r.decimal.toString()).toBe('1/10');
    expect(r.tolerance.toString()).toBe('1/20');
    expect(r.simplest.toString()).toBe('1/7');
    expect(rationalize('0.1', '0').simplest.toString()).toBe('1/10');
    expect(simplestBetween(Rational.parse('0.3'), Rational.parse('0.34')).toString()).toBe('1/3');
    expect(nearestDouble(Rational.parse('0.1'))?.toString()).toBe('3602879701896397/36028797018963968');
    expect(describeRationalization(rationalize('0.5'))).toBe(
      '0.5 is exactly a double (1/2); the simplest rational within 1/20 (half a unit in the last printed digit) of it is 1/2 itself.',
    );
  });

  it('the default tolerance is half a unit in the last printed digit', () => {
    const cases: [string, string][] = [
      ['3.8726', '1/20000'],
      ['16', '1/2'],
      ['1.5e3', '50'],
      ['1.50', '1/200'],
      ['.5', '1/20'],
      ['2.', '1/2'],
      ['3.2e-05', '1/2000000'],
      ['7E+2', '50'],
    ];
    for (const [v, t] of cases) expect(rationalize(v).tolerance.toString(), v).toBe(t);
    expect(rationalize('3.8726', '1/1000')).toMatchObject({ toleranceFrom: 'given' });
    expect(rationalize('3.8726').simplest.toString()).toBe('608/157');
  });

  it('says where the readings differ', () => {
    expect(describeRationalization(rationalize('0.1'))).toBe(
      'the logbook printed 0.1, which as a double is 3602879701896397/36028797018963968 (off by 1/180143985094819840 ≈ 5.55e-18) while the decimal printed is exactly 1/10; the simplest rational within 1/20 (half a unit in the last printed digit) is 1/7, not 1/10.',
    );
    expect(describeRationalization(rationalize('1e309'))).toMatch(
      /^1e309 is beyond the largest double: as a double it is infinity; exactly it is 100000000000\.\.\.000000 \(310 digits\)/,
    );
    expect(describeRationalization(rationalize('1e-400'))).toMatch(
      /underflows to 0 as a double \(off by 1\/100000000000\.\.\.000000 \(401 digits\) ≈ 1e-400\)/,
    );
    expect(rationalize('-0.0').doubleNumber).toBe(-0);
    expect(rationalize('-1e309').doubleNumber).toBe(-Infinity);
  });

  it('refuses NaN, infinities, fractions and text with typed errors', () => {
    for (const v of ['nan', 'NaN', 'inf', '-inf', 'Infinity']) expect(() => rationalize(v), v).toThrow(DomainError);
    expect(() => rationalize('inf')).toThrow(/recheck\.domain: rationalize: "inf" is not a finite number/);
    for (const v of ['1/3', 'abc', '1,234', '', '0x10', '1e99999999']) expect(() => rationalize(v), v).toThrow(ParseError);
    expect(() => rationalize('1', '-0.1')).toThrow(DomainError);
    expect(() => rationalize('1', 'inf')).toThrow(DomainError);
    expect(() => simplestBetween(Rational.ONE, Rational.ZERO)).toThrow(DomainError);
  });
});

describe('properties', () => {
  it('the nearest double is the one V8 parses, and its rational is exactly that double', () => {
    fc.assert(
      fc.property(printedDecimal, (s) => {
        const r = rationalize(s);
        const v8 = Number(s);
        expect(Object.is(r.doubleNumber, v8) || (r.doubleNumber === 0 && v8 === 0), s).toBe(true);
        if (!Number.isFinite(v8)) {
          expect(r.double).toBeNull();
          return;
        }
        // Independent path: the exact decimal expansion of V8's double, read back as a rational.
        expect(r.double?.equals(Rational.parse(exactDecimalOfFloat64(v8))), s).toBe(true);
        // Where p and q are themselves doubles, p / q is the double (one correctly rounded division of exact values).
        const d = r.double as Rational;
        if (d.den <= 2n ** 1023n) expect(Number(d.num) / Number(d.den) === v8, s).toBe(true); // === : the sign of a zero is no rational fact
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it('the simplest rational lies within the tolerance, and no smaller denominator does (brute force)', () => {
    const small = fc.tuple(fc.constantFrom('', '-'), digits(1, 2), digits(1, 5)).map(([s, a, b]) => `${s}${a}.${b}`);
    const tol = fc.oneof(fc.constant(undefined), fc.constantFrom('0', '1/3', '0.01', '1e-3', '2.5e-4', '0.5', '3'));
    fc.assert(
      fc.property(small, tol, (s, t) => {
        const r = rationalize(s, t);
        const lo = r.decimal.sub(r.tolerance);
        const hi = r.decimal.add(r.tolerance);
        expect(lo.compare(r.simplest) <= 0 && r.simplest.compare(hi) <= 0, s).toBe(true);
        const q = r.simplest.den;
        if (q > 5000n) return;
        for (let d = 1n; d < q; d++) {
          // Is there an integer p with lo <= p/d <= hi, i.e. ceil(lo d) <= floor(hi d)?
          const ceilLo = ceilDiv(lo.num * d, lo.den);
          const floorHi = floorDiv(hi.num * d, hi.den);
          expect(ceilLo > floorHi, `${s} tol ${r.tolerance}: a fraction with denominator ${d} lies within`).toBe(true);
        }
        // Among the fractions with denominator q within the interval, the least |numerator|.
        for (let p = ceilDiv(lo.num * q, lo.den); p <= floorDiv(hi.num * q, hi.den); p++) {
          const other = Rational.of(p, q);
          if (other.den === q) expect(r.simplest.abs().compare(other.abs()) <= 0).toBe(true);
        }
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  it('simplestBetween is symmetric under negation and exact at a point', () => {
    const rat = fc
      .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
      .map(([n, d]) => Rational.of(n, d));
    fc.assert(
      fc.property(rat, rat, (a, b) => {
        const [lo, hi] = a.compare(b) <= 0 ? [a, b] : [b, a];
        expect(simplestBetween(hi.neg(), lo.neg()).equals(simplestBetween(lo, hi).neg())).toBe(true);
        expect(simplestBetween(a, a).equals(a)).toBe(true);
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}
