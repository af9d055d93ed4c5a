/**
 * The reviewer's Rational operations (floor, ceil, round in every mode, mod, pow, gcd, lcm, decimal output,
 * repeating decimals, approximations, float64 values) against Python's fractions, decimal and gmpy2
 * (Debian's /usr/bin/python3), plus fast-check laws and tables of edge cases.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rational } from '../../../checkers/exact/rational';
import { bestApproximation, simplestInInterval, simplestWithin } from '../../../checkers/exact/approximation';
import { ROUNDING_MODES } from '../../../checkers/exact/rounding';
import { DomainError } from '../../../checkers/errors';
import { mpmathMissing, PYTHON } from '../precise/mpmath-oracle';

const bigInt = fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n });
const nonZero = bigInt.filter((x) => x !== 0n);
const rational = fc.tuple(bigInt, fc.bigInt({ min: 1n, max: 10n ** 12n })).map(([n, d]) => Rational.of(n, d));
/** Rationals with many exact ties (denominators 1, 2, 4, 8, 10). */
const tieProne = fc.tuple(fc.bigInt({ min: -1000n, max: 1000n }), fc.constantFrom(1n, 2n, 4n, 8n, 10n)).map(([n, d]) => Rational.of(n, d));

const SCRIPT = String.raw`
import json, sys, math
from fractions import Fraction
import gmpy2
def fixed(x, places, mode):
    # round(x 10^places) in the mode, with Fraction arithmetic (exact, ties included)
    n = x * 10**places
    fl = math.floor(n)
    rest = n - fl
    if rest == 0: r = fl
    else:
        if mode == 'floor': r = fl
        elif mode == 'ceiling': r = fl + 1
        elif mode in ('down', 'toward-zero'): r = fl if n > 0 else fl + 1
        elif mode in ('up', 'away-from-zero'): r = fl + 1 if n > 0 else fl
        elif rest != Fraction(1, 2): r = fl if rest < Fraction(1, 2) else fl + 1
        elif mode == 'half-even': r = fl if fl % 2 == 0 else fl + 1
        elif mode == 'half-up': r = fl + 1 if n > 0 else fl
        else: r = fl if n > 0 else fl + 1
    return r
out = []
for case in json.load(sys.stdin):
    a = Fraction(case['a']); b = Fraction(case['b'])
    mode = case['mode']; places = case['places']
    g = Fraction(math.gcd(a.numerator, b.numerator), math.lcm(a.denominator, b.denominator))
    l = Fraction(math.lcm(a.numerator, b.numerator), math.gcd(a.denominator, b.denominator)) if a and b else Fraction(0)
    out.append({
        'floor': str(math.floor(a)), 'ceil': str(math.ceil(a)), 'round': str(fixed(a, 0, mode)),
        'mod': str(a % b) if b else 'domain', 'pow': str(a ** case['k']) if a or case['k'] >= 0 else 'domain',
        'gcd': str(g), 'lcm': str(l), 'gmpy_gcd': str(gmpy2.gcd(a.numerator, b.numerator)),
        'fixed': str(fixed(a, places, mode)),  # an integer: the value times 10^places
        'limit': str(a.limit_denominator(case['maxDen'])),
    })
print(json.dumps(out))
`;

describe('Rational operations for reviewers', () => {
  it.skipIf(Boolean(mpmathMissing))('agree with Python fractions, decimal and gmpy2 on 300 random cases', () => {
    const cases = fc.sample(
      fc.record({
        a: fc.oneof(rational, tieProne),
        b: fc.oneof(rational, tieProne),
        mode: fc.constantFrom(...ROUNDING_MODES),
        places: fc.integer({ min: 0, max: 30 }),
        k: fc.integer({ min: -12, max: 12 }),
        maxDen: fc.integer({ min: 1, max: 10 ** 9 }),
      }),
      { seed: 1321, numRuns: 300 },
    );
    const input = cases.map((c) => ({ ...c, a: c.a.toString(), b: c.b.toString() }));
    const run = spawnSync(PYTHON, ['-c', SCRIPT], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(run.stderr).toBe('');
    const answers = JSON.parse(run.stdout) as Array<Record<string, string>>;
    cases.forEach((c, i) => {
      const { gmpy_gcd: gmpyGcd, fixed, ...ref } = answers[i]!;
      const scaled = Rational.parse(fixed!).div(10n ** BigInt(c.places));
      expect(c.a.gcd(c.b).num.toString()).toBe(gmpyGcd);
      const ours = {
        floor: c.a.floor().toString(),
        ceil: c.a.ceil().toString(),
        round: c.a.round(c.mode).toString(),
        mod: c.b.isZero() ? 'domain' : c.a.mod(c.b).toString(),
        pow: c.a.isZero() && c.k < 0 ? 'domain' : c.a.pow(c.k).toString(),
        gcd: c.a.gcd(c.b).toString(),
        lcm: c.a.lcm(c.b).toString(),
        limit: bestApproximation(c.a, BigInt(c.maxDen)).toString(),
      };
      expect({ c: input[i], ...ours }).toEqual({ c: input[i], ...ref });
      expect(Rational.parse(c.a.toFixed(c.places, c.mode)).equals(scaled), JSON.stringify(input[i])).toBe(true);
    });
  });

  it('integer gcd agrees with the integer definition and gcd * lcm = |a b| on integers', () => {
    fc.assert(
      fc.property(nonZero, nonZero, (a, b) => {
        const g = Rational.of(a).gcd(Rational.of(b));
        const l = Rational.of(a).lcm(Rational.of(b));
        const product = a * b < 0n ? -(a * b) : a * b;
        return g.den === 1n && l.den === 1n && g.mul(l).equals(Rational.of(product)) && a % g.num === 0n && b % g.num === 0n;
      }),
      { seed: 1322, numRuns: 200 },
    );
  });

  it('round trips: the repeating decimal reads back to the same rational', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 8n), max: 10n ** 8n }), fc.bigInt({ min: 1n, max: 5000n }), (n, d) => {
        const r = Rational.of(n, d);
        return readRepeating(r.toRepeatingDecimal()).equals(r);
      }),
      { seed: 1323, numRuns: 300 },
    );
  });

  it.each([
    ['1/6', '0.1(6)'],
    ['-22/7', '-3.(142857)'],
    ['1/8', '0.125'],
    ['5', '5'],
    ['-1/3', '-0.(3)'],
    ['1/7', '0.(142857)'],
    ['7/12', '0.58(3)'],
    ['0', '0'],
  ])('writes %s as %s', (text, expected) => {
    expect(Rational.parse(text).toRepeatingDecimal()).toBe(expected);
  });

  it('refuses a period longer than the limit, naming the way out', () => {
    expect(() => Rational.parse('1/1000003').toRepeatingDecimal(1000)).toThrow(/toFixed/);
  });

  it('rounds in every mode, ties included (table)', () => {
    const at = (s: string) => ROUNDING_MODES.map((m) => Rational.parse(s).round(m).toString());
    // half-even, half-up, half-down, up, down, toward-zero, away-from-zero, floor, ceiling
    expect(at('5/2')).toEqual(['2', '3', '2', '3', '2', '2', '3', '2', '3']);
    expect(at('-5/2')).toEqual(['-2', '-3', '-2', '-3', '-2', '-2', '-3', '-3', '-2']);
    expect(at('-7/3')).toEqual(['-2', '-2', '-2', '-3', '-2', '-2', '-3', '-3', '-2']);
    expect(at('4')).toEqual(Array(9).fill('4'));
    expect(Rational.parse('2/3').toFixed(3)).toBe('0.667');
    expect(Rational.parse('-1/8').toFixed(2, 'half-up')).toBe('-0.13');
    expect(Rational.parse('-1/1000').toFixed(2)).toBe('-0.00');
    expect(Rational.parse('2/3').toPrecision(3)).toBe('667e-3');
    expect(Rational.parse('99999/1000').toPrecision(3, 'half-up')).toBe('100');
  });

  it('mod follows the sign of the divisor; pow and gcd cover the edges', () => {
    expect(Rational.parse('-7/2').mod(2).toString()).toBe('1/2');
    expect(Rational.parse('7/2').mod(-2).toString()).toBe('-1/2');
    expect(() => Rational.ONE.mod(0)).toThrow(DomainError);
    expect(Rational.parse('-2/3').pow(-3).toString()).toBe('-27/8');
    expect(Rational.ZERO.pow(0).toString()).toBe('1');
    expect(() => Rational.ZERO.pow(-1)).toThrow(DomainError);
    expect(() => Rational.from(3).pow(10 ** 9)).toThrow(/limit/);
    expect(Rational.ZERO.gcd(0).toString()).toBe('0');
    expect(Rational.parse('1/2').gcd('3/4').toString()).toBe('1/4');
    expect(Rational.parse('1/2').lcm('3/4').toString()).toBe('3/2');
  });

  it('gives the exact value of a float64 (as Python float.as_integer_ratio does)', () => {
    expect(Rational.fromFloat64(0.1).toString()).toBe('3602879701896397/36028797018963968');
    expect(Rational.fromFloat64(-0.5).toString()).toBe('-1/2');
    expect(Rational.fromFloat64(2 ** 70).toString()).toBe((2n ** 70n).toString());
    expect(Rational.fromFloat64(5e-324).toString()).toBe(`1/${2n ** 1074n}`);
    expect(() => Rational.fromFloat64(Number.NaN)).toThrow(/finite/);
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (x) => Rational.fromFloat64(x).toNumber() === x || (x === 0 && Object.is(x, -0)),
      ),
      { seed: 1324, numRuns: 300 },
    );
  });

  it('approximates by continued fractions: simplest within a tolerance, in an interval, best with a bounded denominator', () => {
    expect(simplestWithin(Rational.parse('3.14159'), Rational.parse('0.001')).toString()).toBe('201/64');
    expect(simplestWithin(Rational.parse('0.333'), Rational.parse('0.001')).toString()).toBe('1/3');
    expect(simplestInInterval(Rational.parse('0.3'), Rational.parse('0.34')).toString()).toBe('1/3');
    expect(bestApproximation(Rational.parse('3.141592653589793'), 1000n).toString()).toBe('355/113');
    expect(bestApproximation(Rational.parse('-0.5'), 1n).toString()).toBe('-1');
    fc.assert(
      fc.property(rational, fc.bigInt({ min: 1n, max: 10n ** 6n }), (x, maxDen) => {
        const best = bestApproximation(x, maxDen);
        // no rational with a denominator <= maxDen is closer: check the neighbours with best's own denominator and with maxDen
        const err = best.sub(x).abs();
        const near = x.mul(maxDen).floor().div(maxDen);
        return (
          best.den <= maxDen && err.compare(near.sub(x).abs()) <= 0 && err.compare(near.add(Rational.of(1n, maxDen)).sub(x).abs()) <= 0
        );
      }),
      { seed: 1325, numRuns: 300 },
    );
  });
});

/** Reads "-3.1(42)" back as an exact rational: I.P(R) = I.P + R / (10^|P| (10^|R| - 1)). */
function readRepeating(text: string): Rational {
  const m = /^(-?)(\d+)(?:\.(\d*)(?:\((\d+)\))?)?$/.exec(text);
  if (!m) throw new Error(`not a repeating decimal: ${text}`);
  const [, sign, whole = '0', prefix = '', period = ''] = m;
  let v = Rational.parse(`${whole}${prefix === '' ? '' : `.${prefix}`}`);
  if (period !== '') v = v.add(Rational.of(BigInt(period), 10n ** BigInt(prefix.length) * (10n ** BigInt(period.length) - 1n)));
  return sign === '-' ? v.neg() : v;
}
