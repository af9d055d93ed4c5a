// The calculator against Python: exact results against fractions.Fraction (random expressions), digits
// against mpmath at 30 and 50 digits in several rounding modes, and enclosures containing the mpmath value.
import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { evaluateCalc } from '../../../checkers/calc/evaluate';
import { CalcError } from '../../../checkers/calc/calc-error';
import { PYTHON, mpmathMissing } from '../precise/mpmath-oracle';

let mpfr: Mpfr;
beforeAll(async () => {
  mpfr = await loadMpfr();
});

/**
 * Python evaluates the same text: numbers become Fraction (exact) or mpf (mpmath at digits + 60), ^ becomes
 * ** (Python's ** is also right-associative and binds tighter than unary minus); results are rounded by the
 * decimal module in the mode asked for. Output per line: "p/q" or the rounded decimal, or "error".
 */
const SCRIPT = String.raw`
import json, re, sys, decimal
from fractions import Fraction as F
from mpmath import mp, mpf, sqrt, cbrt, exp, log, log10, pi, e, floor, ceil, fabs, nstr, root
MODES = {'half-even': decimal.ROUND_HALF_EVEN, 'half-up': decimal.ROUND_HALF_UP, 'down': decimal.ROUND_DOWN,
         'up': decimal.ROUND_UP, 'floor': decimal.ROUND_FLOOR, 'ceiling': decimal.ROUND_CEILING}
NUM = re.compile(r'(?<![\w.])(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)')
def H(n): return sum(F(1, k) for k in range(1, int(n) + 1))
def sumr(f, lo, hi): return sum(f(k) for k in range(int(lo), int(hi) + 1))
out = []
for req in json.loads(sys.stdin.read()):
    text = req['text'].replace('^', '**')
    try:
        if req['kind'] == 'exact':
            v = eval(NUM.sub(r"F('\1')", text))
            out.append(f'{v.numerator}/{v.denominator}')
        else:
            mp.dps = req['digits'] + 60
            v = eval(NUM.sub(r"mpf('\1')", text).replace('ln(', 'log('))
            c = decimal.Context(prec=req['digits'], rounding=MODES[req['mode']], Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
            out.append(str(c.plus(decimal.Decimal(nstr(v, req['digits'] + 50)))))
    except (ZeroDivisionError, ValueError, OverflowError):
        out.append('error')
print(json.dumps(out))
`;

function python(requests: ReadonlyArray<{ kind: 'exact' | 'digits'; text: string; digits?: number; mode?: string }>): string[] {
  const r = spawnSync(PYTHON, ['-c', SCRIPT], { input: JSON.stringify(requests), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe.skipIf(mpmathMissing !== '')('calc against Python', () => {
  it('exact results of random rational expressions equal fractions.Fraction', () => {
    const leaf = fc.oneof(
      fc.integer({ min: 0, max: 10 ** 9 }).map(String),
      fc.tuple(fc.nat(9999), fc.nat(9999)).map(([a, b]) => `${a}.${b}`),
      fc.nat(20).map((n) => `1e-${n}`),
    );
    const tree = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.tuple(tie('node'), fc.constantFrom('+', '-', '*', '/'), tie('node')).map(([a, op, b]) => `(${a}) ${op} (${b})`),
        tie('node').map((a) => `-(${a})`),
        fc.tuple(tie('node'), fc.integer({ min: -4, max: 4 })).map(([a, n]) => `(${a})^(${n})`),
      ),
    })).node;
    const texts = fc.sample(tree, { seed: 13, numRuns: 300 });
    const reference = python(texts.map((text) => ({ kind: 'exact', text })));
    let compared = 0;
    texts.forEach((text, i) => {
      let ours: string;
      try {
        const r = evaluateCalc(mpfr, text, { digits: 20 });
        ours = r.exact?.toString() ?? 'not exact';
      } catch (e) {
        if (!(e instanceof CalcError)) throw e;
        ours = 'error';
      }
      const ref = (reference[i] as string).replace(/\/1$/, '');
      expect(ours, text).toBe(ref);
      if (ref !== 'error') compared++;
    });
    expect(compared).toBeGreaterThan(200);
  });

  it('exact sums, harmonic numbers, roots and logs of exact powers equal Fraction', () => {
    const cases: Array<[string, string]> = [
      ['sum(1/k^2, k, 1, 1000)', 'sumr(lambda k: F(1, k*k), 1, 1000)'],
      ['H_100 - H(99)', 'H(100) - H(99)'],
      ['sum(sum(1/(j*k), j, 1, k), k, 1, 30)', 'sumr(lambda k: sumr(lambda j: F(1, j*k), 1, k), 1, 30)'],
      ['sqrt(49/64) + cbrt(-27/8) + root(32/243, 5)', 'F(7, 8) - F(3, 2) + F(2, 3)'],
      ['log(243, 3) + log(1/8, 4) + log2(1024) + log10(0.001)', '5 - F(3, 2) + 10 - 3'],
      ['(4/9)^(-3/2) + 0.1^3', 'F(27, 8) + F(1, 1000)'],
      ['floor(-7/2) + ceil(7/2) + abs(-1/3)', '-4 + 4 + F(1, 3)'],
    ];
    const ref = python(cases.map(([, text]) => ({ kind: 'exact', text })));
    cases.forEach(([text], i) => {
      expect(evaluateCalc(mpfr, text, { digits: 20 }).exact?.toString(), text).toBe((ref[i] as string).replace(/\/1$/, ''));
    });
  });

  it('digits equal mpmath correctly rounded at 30 and 50 digits in several modes, and enclosures contain it', () => {
    const texts = [
      'sqrt(2)',
      'pi',
      'e^2 - 7',
      'exp(1000/3)',
      'ln(3000000001/3000000000)',
      'log(10, 3)',
      'cbrt(2) * pi^-2',
      '-2^(1/2) + log10(7)',
      '(1 + 1e-10)^(1e10)',
      'sum(1/k^2, k, 1, 3000) - pi^2/6',
      'H(3000) - ln(3000)',
      'root(5, 7) - floor(pi*1000)/1000',
    ];
    const python2 = texts.map((t) =>
      t
        .replace(/H\((\d+)\)/, 'sumr(lambda k: mpf(1)/k, 1, $1)')
        .replace(/sum\(1\/k\^2, k, 1, (\d+)\)/, 'sumr(lambda k: mpf(1)/k**2, 1, $1)'),
    );
    const requests = [];
    for (const digits of [30, 50]) {
      for (const mode of ['half-even', 'half-up', 'floor', 'ceiling', 'down']) {
        for (let i = 0; i < texts.length; i++)
          requests.push({ kind: 'digits' as const, text: python2[i] as string, digits, mode, ours: texts[i] as string });
      }
    }
    const ref = python(requests);
    requests.forEach((q, i) => {
      const r = evaluateCalc(mpfr, q.ours, { digits: q.digits, rounding: q.mode as 'floor', interval: true });
      expect(r.exact, q.ours).toBeNull();
      expect(new Decimal(r.decimal).eq(ref[i] as string), `${q.ours} ${q.digits} ${q.mode}: ${r.decimal} vs ${ref[i]}`).toBe(true);
      // The enclosure's ends are rounded outward at the same digits: lo <= floor(value) and hi >= ceiling(value),
      // the mpmath roundings of the value in those modes.
      const { lo, hi } = r.interval ?? { lo: 'NaN', hi: 'NaN' };
      if (q.mode === 'floor') expect(new Decimal(lo).lte(ref[i] as string), `${q.ours}: ${lo}`).toBe(true);
      if (q.mode === 'ceiling') expect(new Decimal(hi).gte(ref[i] as string), `${q.ours}: ${hi}`).toBe(true);
      expect(new Decimal(lo).lt(new Decimal(hi))).toBe(true);
    });
  });
});
