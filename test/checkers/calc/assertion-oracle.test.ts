// calc assertions against Python: exact sides against fractions.Fraction, the others against mpmath at 200 and
// 400 digits (a difference below 1e-150 at both is "equal as far as the oracle can see"). 700 random assertions
// mix independent sides, sides equal by construction (X against X*3/3), and sides 1e-40 apart.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decideAssertion, type AssertionResult } from '../../../checkers/calc/assertion';
import { CalcError } from '../../../checkers/calc/calc-error';
import type { Relation } from '../../../checkers/calc/relation';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { PYTHON, pythonModules } from '../../helpers/required';
import { assertionCase, type AssertionCase } from './assertion-arbitraries';

const missing = pythonModules(['mpmath', 'gmpy2']);

/**
 * Per case: "exact <sign>" (both sides Fraction), "approx <sign>" (mpmath, |d| > 1e-150), "equal", or "error";
 * "snapped <sign>" when a floor or ceil argument was an integer up to 1e-100 (sqrt(42)^2) and was taken as it.
 */
const ORACLE = String.raw`
import json, re, sys, math
from fractions import Fraction as F
from mpmath import mp, mpf, sqrt, cbrt, exp, log, pi, e, floor as mfloor, ceil as mceil
NUM = re.compile(r'(?<![\w.])(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)')
def py(text, wrap):
    return NUM.sub(wrap, text.replace('^', '**').replace('ln(', 'log('))
def exact(text):
    env = {'F': F, 'floor': math.floor, 'ceil': math.ceil, 'H': lambda n: sum(F(1, k) for k in range(1, int(n) + 1))}
    return F(eval(py(text, r"F('\1')"), env))
snapped = [False]
def integer_part(f):
    # An argument within 1e-100 of an integer but not one is an exact integer rounded (sqrt(42)^2): snap it.
    def g(x):
        n = mp.nint(x)
        if x != n and abs(x - n) < mpf(10) ** -100:
            snapped[0] = True
            return n
        return f(x)
    return g
def approx(text):
    env = {'mpf': mpf, 'sqrt': sqrt, 'cbrt': cbrt, 'exp': exp, 'log': log, 'pi': +pi, 'e': +e, 'floor': integer_part(mfloor), 'ceil': integer_part(mceil),
           'H': lambda n: sum(mpf(1) / k for k in range(1, int(n) + 1))}
    return eval(py(text, r"mpf('\1')"), env)
def sign(x): return (x > 0) - (x < 0)
out = []
for c in json.load(sys.stdin):
    try:
        if c['rational']:
            out.append('exact %d' % sign(exact(c['lhs']) - exact(c['rhs'])))
            continue
        ds = []
        snapped[0] = False
        for dps in (200, 400):
            mp.dps = dps
            ds.append(approx(c['lhs']) - approx(c['rhs']))
        if abs(ds[0]) < mpf(10) ** -150 and abs(ds[1]) < mpf(10) ** -150: out.append('equal')
        else:
            assert sign(ds[0]) == sign(ds[1])
            out.append('%s %d' % ('snapped' if snapped[0] else 'approx', sign(ds[1])))
    except (ZeroDivisionError, ValueError):
        out.append('error')
print(json.dumps(out))
`;

function oracle(cases: readonly AssertionCase[]): string[] {
  const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`assertion oracle failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

let mpfr: Mpfr;
let cases: AssertionCase[] = [];
let reference: string[] = [];
beforeAll(async () => {
  mpfr = await loadMpfr();
  cases = fc.sample(assertionCase, { seed: 2026_12_02, numRuns: 700 });
  if (missing === '') reference = oracle(cases);
});

/** Whether `REL` holds for a difference of sign s (the test's own table, independent of the module's). */
function holdsFor(relation: Relation, s: number): boolean {
  return { '<': s < 0, '<=': s <= 0, '=': s === 0, '!=': s !== 0, '>=': s >= 0, '>': s > 0 }[relation];
}

function ours(c: AssertionCase): AssertionResult | 'error' {
  try {
    return decideAssertion(mpfr, `${c.lhs} ${c.relation} ${c.rhs}`);
  } catch (e) {
    if (e instanceof CalcError) return 'error';
    throw e;
  }
}

describe.skipIf(missing !== '')('calc assertions against Fraction and mpmath', () => {
  it(
    '700 random assertions: decided ones agree with the oracle, exact ones are decided exactly, only equal sides cannot tell',
    { timeout: 120_000 },
    () => {
      const tally = { exact: 0, enclosure: 0, cannotTell: 0, snapped: 0, error: 0 };
      cases.forEach((c, i) => {
        const want = reference[i] as string;
        const text = `${c.lhs} ${c.relation} ${c.rhs}`;
        const got = ours(c);
        if (want === 'error' || got === 'error') {
          expect(got, `${text}: oracle ${want}`).toBe(want);
          tally.error++;
          return;
        }
        const [kind, sign] = want.split(' ') as [string, string | undefined];
        const truth = holdsFor(c.relation, Number(sign ?? 0));
        if (kind === 'exact') {
          expect(got.guarantee, text).toBe('exact');
          expect(got.holds, text).toBe(truth);
          tally.exact++;
        } else if (kind === 'approx') {
          expect(got.holds, `${text}: ${got.reason}`).toBe(truth);
          tally.enclosure++;
        } else if (kind === 'snapped') {
          // floor(sqrt(42)^2) is enclosed by [42, 43]: decided only when both integers give the same answer.
          if (got.holds !== 'cannot tell') expect(got.holds, `${text}: ${got.reason}`).toBe(truth);
          tally.snapped++;
        } else if (got.holds === 'cannot tell') {
          // Equal as far as 150 digits show: never decided by an enclosure unless its difference is the point 0.
          expect(got.reason, text).toMatch(/still encloses 0/);
          tally.cannotTell++;
        } else {
          // Decided equal sides: only exactly, or by an enclosure of the difference that is the point 0.
          expect(got.holds, `${text}: equal sides, ${got.reason}`).toBe(truth);
          expect(got.guarantee === 'exact' || (got.difference.lo === '0' && got.difference.hi === '0'), `${text}: ${got.reason}`).toBe(
            true,
          );
          tally.exact++;
        }
      });
      console.log(`assertions: ${JSON.stringify(tally)}`);
      expect(tally.exact).toBeGreaterThan(150);
      expect(tally.enclosure).toBeGreaterThan(150);
      expect(tally.cannotTell).toBeGreaterThan(30);
    },
  );
});

describe('assertion laws (fast-check)', () => {
  const negate = (h: AssertionResult['holds']) => (h === 'cannot tell' ? h : !h);

  it('an assertion and its negation are never both true: the negation is decided exactly when the assertion is, the other way', () => {
    const NEGATION: Record<Relation, Relation> = { '<': '>=', '<=': '>', '=': '!=', '!=': '=', '>=': '<', '>': '<=' };
    fc.assert(
      fc.property(assertionCase, (c) => {
        const a = ours(c);
        const b = ours({ ...c, relation: NEGATION[c.relation] });
        if (a === 'error' || b === 'error') return a === b;
        return !(a.holds === true && b.holds === true) && b.holds === negate(a.holds);
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('a < b is b > a, and a REL b is a - b REL 0', () => {
    const CONVERSE: Record<Relation, Relation> = { '<': '>', '<=': '>=', '=': '=', '!=': '!=', '>=': '<=', '>': '<' };
    fc.assert(
      fc.property(assertionCase, (c) => {
        const a = ours(c);
        const swapped = ours({ ...c, lhs: c.rhs, rhs: c.lhs, relation: CONVERSE[c.relation] });
        const zero = ours({ ...c, lhs: `(${c.lhs}) - (${c.rhs})`, rhs: '0' });
        if (a === 'error') return swapped === 'error' && zero === 'error';
        return swapped !== 'error' && zero !== 'error' && swapped.holds === a.holds && zero.holds === a.holds;
      }),
      { seed: 11, numRuns: 150 },
    );
  });

  it('a true exact equality of rationals is always decided, exactly (p1/q1 + p2/q2 against its sum and product made with bigints)', () => {
    const part = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }));
    fc.assert(
      fc.property(part, part, fc.constantFrom('=', '<=', '>='), ([p1, q1], [p2, q2], rel) => {
        const sum = decideAssertion(mpfr, `${p1}/${q1} + ${p2}/${q2} ${rel} ${p1 * q2 + p2 * q1}/${q1 * q2}`);
        const product = decideAssertion(mpfr, `(${p1}/${q1}) * (${p2}/${q2}) ${rel} (${p1 * p2})/(${q1 * q2})`);
        return sum.holds === true && sum.guarantee === 'exact' && product.holds === true && product.guarantee === 'exact';
      }),
      { seed: 5, numRuns: 300 },
    );
  });
});
