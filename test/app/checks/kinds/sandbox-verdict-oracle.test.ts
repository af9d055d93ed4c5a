// The host's re-derivation of a verdict's outcome against Python's Fraction: for random comparisons (values and
// bounds as random decimals, ratios and floats, some intervals, many ties written differently), each comparison's
// truth and the implied outcome agree with an independent implementation in exact rationals, over 800 verdicts.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readModuleVerdict } from '../../../../app/checks/kinds/sandbox-verdict-validate';
import { judgeRun } from '../../../../app/checks/kinds/sandbox-verdict-judge';
import { PYTHON, pythonModules } from '../../../helpers/required';

const missing = pythonModules(['fractions', 'json']);

type Num = string | number;
interface Comparison {
  quantity: string;
  value: Num | [Num, Num];
  relation: '<' | '<=' | '=' | '>=' | '>';
  bound: Num;
  means: 'supports' | 'refutes';
}

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
/** A decimal string: sign, integer part, optional fraction, optional exponent (leading and trailing zeros kept). */
const decimal = fc
  .tuple(fc.constantFrom('', '-', '+'), digits(1, 6), fc.option(digits(0, 8)), fc.option(fc.integer({ min: -12, max: 12 })))
  .map(([s, i, f, e]) => `${s}${i}${f === null ? '' : `.${f}`}${e === null ? '' : `e${e}`}`);
const ratio = fc.tuple(fc.constantFrom('', '-'), digits(1, 5), fc.integer({ min: 1, max: 99999 })).map(([s, n, d]) => `${s}${n}/${d}`);
const float = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.integer({ min: -50, max: 50 }).map((k) => k / 8),
);
const number: fc.Arbitrary<Num> = fc.oneof(decimal, ratio, float);

/**
 * The same rational written another way ("1.5" as "150e-2", "12/7" as "36/21", the float 4 as "4"), or, for a
 * float that is not dyadic-short, its shortest decimal: 0.1 against "0.1", a near-tie (the float is
 * 0.1000000000000000055...) that only exact comparison of the float's binary value gets right.
 */
function rewritten(x: Num): Num {
  if (typeof x === 'number') return String(x);
  if (x.includes('/')) {
    const [n, d] = x.split('/') as [string, string];
    return `${BigInt(n) * 3n}/${BigInt(d) * 3n}`;
  }
  // s i.f e E is s (i f 0) x 10^(E - |f| - 1): the digits with a zero appended and the exponent lowered by one more.
  const m = /^([+-]?)(\d+)(?:\.(\d*))?(?:e(-?\d+))?$/.exec(x);
  if (m === null) throw new Error(`not a generated decimal: ${x}`);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  return `${sign}${int}${frac}0e${Number(exp) - frac.length - 1}`;
}

const comparison: fc.Arbitrary<Comparison> = fc
  .record({
    value: fc.oneof({ weight: 3, arbitrary: number }, { weight: 1, arbitrary: fc.tuple(number, number) }),
    relation: fc.constantFrom('<', '<=', '=', '>=', '>'),
    bound: number,
    tie: fc.integer({ min: 0, max: 9 }),
    means: fc.constantFrom('supports', 'refutes'),
  })
  .map(({ value, relation, bound, tie, means }) => {
    // Ties (the bound equal to the value, or to an end of the interval, written differently) in 3 of 10.
    const scalar = Array.isArray(value) ? value[tie % 2] : value;
    return { quantity: 'q', value, relation, bound: tie < 3 ? rewritten(scalar as Num) : bound, means } as Comparison;
  });

const verdicts = fc.array(comparison, { minLength: 0, maxLength: 4 });

// Independent implementation: Python's Fraction, the interval rule and the group rule written from the docs.
const ORACLE = `
import json, sys
from fractions import Fraction as F
def num(x):
    return F(x) if isinstance(x, str) else F(float(x)) if isinstance(x, float) else F(x)
def holds(a, r, b):
    return {'<': a < b, '<=': a <= b, '=': a == b, '>=': a >= b, '>': a > b}[r]
def truth(c):
    v, r, b = c['value'], c['relation'], num(c['bound'])
    lo, hi = (num(v[0]), num(v[1])) if isinstance(v, list) else (num(v), num(v))
    if r == '=':
        if lo == hi == b: return 'holds'
        return 'fails' if b < lo or b > hi else 'undecided'
    # every point of [lo, hi]: holds everywhere, nowhere, or neither
    pts = [lo, hi] + ([b] if lo < b < hi else [])
    res = {holds(p, r, b) for p in pts}
    return 'holds' if res == {True} else 'fails' if res == {False} else 'undecided'
def group(ts):
    if not ts: return 'absent'
    if 'fails' in ts: return 'broken'
    return 'open' if 'undecided' in ts else 'established'
out = []
for cs in json.load(sys.stdin):
    ts = [truth(c) for c in cs]
    s = group([t for t, c in zip(ts, cs) if c['means'] == 'supports'])
    r = group([t for t, c in zip(ts, cs) if c['means'] == 'refutes'])
    if s == 'established' and r == 'established': o = 'both'
    elif s == 'established': o = 'undecided' if r == 'open' else 'supports'
    elif r == 'established': o = 'undecided' if s == 'open' else 'refutes'
    else: o = 'undecided' if 'open' in (s, r) else 'neutral'
    ties = sum(1 for c in cs if num(c['bound']) in ((num(c['value'][0]), num(c['value'][1])) if isinstance(c['value'], list) else (num(c['value']),)))
    out.append({'truths': ts, 'outcome': o, 'ties': ties})
print(json.dumps(out))
`;

let cases: Comparison[][] = [];
let oracle: { truths: string[]; outcome: string; ties: number }[] = [];

beforeAll(() => {
  if (missing !== '') return;
  // Intervals are written low end first (the reader refuses lo > hi): order each by its exact value in Python.
  const raw = fc.sample(verdicts, { seed: 2026_12_02, numRuns: 800 });
  const order = spawnSync(
    PYTHON,
    [
      '-c',
      'import json,sys\nfrom fractions import Fraction as F\nn=lambda x: F(x) if isinstance(x,str) else F(float(x)) if isinstance(x,float) else F(x)\nprint(json.dumps([[(n(c["value"][0])>n(c["value"][1])) if isinstance(c["value"],list) else False for c in cs] for cs in json.load(sys.stdin)]))',
    ],
    { input: JSON.stringify(raw), encoding: 'utf8' },
  );
  const swap = JSON.parse(order.stdout) as boolean[][];
  cases = raw.map((cs, i) => cs.map((c, j) => (swap[i]?.[j] ? { ...c, value: [...(c.value as [Num, Num])].reverse() as [Num, Num] } : c)));
  const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(cases), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  oracle = JSON.parse(r.stdout) as typeof oracle;
});

describe.skipIf(missing !== '')('re-derived outcomes against Python Fraction', () => {
  it('every comparison truth and every implied outcome agree with the oracle (800 verdicts)', () => {
    expect(cases.length).toBe(800);
    const seen = new Set<string>();
    cases.forEach((decides, i) => {
      const stated = 'neutral';
      const v = readModuleVerdict({ outcome: stated, summary: 's', evidence: { decides }, guarantee: { kind: 'approximate' } }, 'm.ts');
      const judged = judgeRun(v, 0);
      const want = oracle[i];
      expect(
        judged.decides.map((c) => c.truth),
        JSON.stringify(decides),
      ).toEqual(want?.truths);
      expect(judged.implied, JSON.stringify(decides)).toBe(want?.outcome);
      seen.add(judged.implied);
      for (const t of want?.truths ?? []) seen.add(t);
    });
    // Ties written differently ("1.5" against "150e-2", "12/7" against "36/21") are common, and decided exactly.
    expect(oracle.reduce((n, o) => n + o.ties, 0)).toBeGreaterThan(300);
    // The generator reaches every truth and every implied outcome, ties included.
    expect([...seen].sort()).toEqual(['both', 'fails', 'holds', 'neutral', 'refutes', 'supports', 'undecided']);
  });
});
