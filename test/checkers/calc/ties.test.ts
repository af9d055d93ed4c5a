// Exact ties reached through floor/ceil of an irrational are rounded by the mode's own tie rule (issue 25: in
// half-up `floor(pi*1000)/2` printed 1570 for the exact 1570.5). The oracle is Python: mpmath at 120 digits for
// floor/ceil of the constant, Fraction for the exact value and the decimal module for the rounding, in all 9
// modes; the expressions are built so that the value is exactly a tie of the nearest modes.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCalc } from '../../../checkers/calc/evaluate';
import { ROUNDING_MODES, type RoundingMode } from '../../../checkers/exact/rounding';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { PYTHON, pythonModules } from '../../helpers/required';

let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

const missing = pythonModules(['mpmath']);

interface Tie {
  text: string;
  /** For the oracle: the value is sign * (integerPart(C * 10^k) + half) / 10^j, with integerPart floor or ceil. */
  constant: 'pi' | 'e' | 'sqrt(2)' | 'ln(3)';
  fn: 'floor' | 'ceil';
  k: number;
  j: number;
  sign: 1 | -1;
  digits: number;
  mode: RoundingMode;
}

const ORACLE = String.raw`
import json, sys, decimal
from fractions import Fraction as F
from mpmath import mp, mpf, pi, e, sqrt, log, floor, ceil
mp.dps = 120
C = {'pi': pi, 'e': e, 'sqrt(2)': sqrt(2), 'ln(3)': log(3)}
MODES = {'half-even': decimal.ROUND_HALF_EVEN, 'half-up': decimal.ROUND_HALF_UP, 'half-down': decimal.ROUND_HALF_DOWN,
         'up': decimal.ROUND_UP, 'down': decimal.ROUND_DOWN, 'toward-zero': decimal.ROUND_DOWN,
         'away-from-zero': decimal.ROUND_UP, 'floor': decimal.ROUND_FLOOR, 'ceiling': decimal.ROUND_CEILING}
out = []
for t in json.load(sys.stdin):
    x = C[t['constant']] * mpf(10) ** t['k']
    n = int(floor(x) if t['fn'] == 'floor' else ceil(x))
    v = t['sign'] * (F(n) + F(1, 2)) / F(10) ** t['j']
    d = decimal.Decimal(v.numerator) / decimal.Decimal(v.denominator) if v.denominator != 1 else decimal.Decimal(v.numerator)
    ctx = decimal.Context(prec=t['digits'], rounding=MODES[t['mode']])
    exact = decimal.Context(prec=400).divide(decimal.Decimal(v.numerator), decimal.Decimal(v.denominator))
    out.append(str(ctx.plus(exact)))
print(json.dumps(out))
`;

function oracle(ties: readonly Tie[]): string[] {
  const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(ties), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`tie oracle failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

/** Same number, whatever the notation ("1.571e3" and "1571"). */
function sameNumber(a: string, b: string): boolean {
  return (
    Number(a) === Number(b) && a.replace(/[-.]|e.*$/gi, '').replace(/^0+|0+$/g, '') === b.replace(/[-.]|e.*$/gi, '').replace(/^0+|0+$/g, '')
  );
}

const tie: fc.Arbitrary<Tie> = fc
  .record({
    constant: fc.constantFrom('pi' as const, 'e' as const, 'sqrt(2)' as const, 'ln(3)' as const),
    fn: fc.constantFrom('floor' as const, 'ceil' as const),
    k: fc.integer({ min: 0, max: 25 }),
    j: fc.integer({ min: 0, max: 12 }),
    sign: fc.constantFrom(1 as const, -1 as const),
    mode: fc.constantFrom(...ROUNDING_MODES),
  })
  .map((t) => {
    // integerPart(C * 10^k) has k + 1 digits (the constants lie in [1, 10)): the value's (k + 2)th digit is the 5.
    const inner = `(${t.fn}(${t.constant}*10^${t.k}) + 1/2)/10^${t.j}`;
    return { ...t, text: t.sign < 0 ? `-${inner}` : inner, digits: t.k + 1 };
  });

describe('exact ties reached through floor and ceil', () => {
  it("the issue's two examples: 1571 in half-up, 3 in half-down", () => {
    expect(evaluateCalc(mpfr, 'floor(pi*1000)/2', { digits: 4, rounding: 'half-up' }).decimal).toBe('1571');
    expect(evaluateCalc(mpfr, 'floor(pi*1000)/2', { digits: 4, rounding: 'half-down' }).decimal).toBe('1570');
    expect(evaluateCalc(mpfr, 'floor(pi*1000)/2', { digits: 4, rounding: 'half-even' }).decimal).toBe('1570');
    expect(evaluateCalc(mpfr, 'ceil(e) + 0.5', { digits: 1, rounding: 'half-down' }).decimal).toBe('3');
    expect(evaluateCalc(mpfr, 'ceil(e) + 0.5', { digits: 1, rounding: 'half-up' }).decimal).toBe('4');
  });

  it('a floor or ceil of an irrational, once an enclosure decides it, is an exact integer', () => {
    const r = evaluateCalc(mpfr, 'floor(pi*1000)/2', { digits: 4, rounding: 'half-up' });
    expect(r.exact?.toString()).toBe('3141/2');
    expect(evaluateCalc(mpfr, 'floor(sqrt(2)*10^20)', { digits: 21 }).exact?.toString()).toBe('141421356237309504880');
    // Ramanujan's constant is 262537412640768743.99999999999925...: the enclosure needs about 100 bits to decide.
    expect(evaluateCalc(mpfr, 'floor(exp(pi*sqrt(163)))', { digits: 18 }).exact?.toString()).toBe('262537412640768743');
  });

  it.skipIf(missing !== '')('10,000 random ties in all nine modes agree with Fraction and decimal', { timeout: 120_000 }, () => {
    const ties = fc.sample(tie, { seed: 20261202, numRuns: 10_000 });
    const want = oracle(ties);
    let wrong = 0;
    ties.forEach((t, i) => {
      const got = evaluateCalc(mpfr, t.text, { digits: t.digits, rounding: t.mode }).decimal;
      if (!sameNumber(got, want[i] as string) && wrong++ < 5)
        expect.fail(`${t.text} at ${t.digits} digits, ${t.mode}: ${got}, Python ${want[i]}`);
    });
    expect(wrong).toBe(0);
  });
});
