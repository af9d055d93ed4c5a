// Derived columns against Python: random tables of exact decimals and random expressions over their columns,
// each cell against fractions.Fraction (rational expressions: exact values, and the first row whose division
// by zero Python meets is the row our error names) or mpmath at 80 digits rounded half-even to 20 digits by
// Python's decimal module (expressions with sqrt, ln, exp, pi).
import { spawnSync } from 'node:child_process';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveColumn, DerivedColumnError, type DerivedValues } from '../../../checkers/calc/columns';
import { Rational } from '../../../checkers/exact/rational';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['mpmath']);

const HEADER = ['k', 'x', 'y', 'loss (val)'];

interface Expr {
  /** In the calculator's grammar, over the column names. */
  readonly calc: string;
  /** In Python, over v['name'] (Fractions or mpf) and H(). */
  readonly py: string;
}

interface TableCase {
  readonly rows: string[][];
  readonly expr: Expr;
  readonly rational: boolean;
}

const decimalCell = fc
  .tuple(fc.constantFrom('', '-'), fc.nat(9999), fc.nat(999_999), fc.constantFrom('', 'e-3', 'e2', 'E-12'))
  .map(([s, a, b, e]) => `${s}${a}.${b}${e}`);
const row = fc.tuple(
  fc.integer({ min: 0, max: 60 }).map(String),
  decimalCell,
  fc.oneof(decimalCell, fc.constant('0')),
  fc.oneof(decimalCell, fc.nat(9).map(String)),
);

const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc.constantFrom<Expr>(
    { calc: 'k', py: "v['k']" },
    { calc: 'x', py: "v['x']" },
    { calc: 'y', py: "v['y']" },
    { calc: '`loss (val)`', py: "v['loss (val)']" },
    { calc: 'H_k', py: "H(v['k'])" },
  ),
  fc.integer({ min: 1, max: 999 }).map((n) => ({ calc: String(n), py: `F(${n})` })),
  fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => ({ calc: `${a}.${b}`, py: `F('${a}.${b}')` })),
);

function tree(base: fc.Arbitrary<Expr>): fc.Arbitrary<Expr> {
  return fc.letrec<{ node: Expr }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      base,
      fc
        .tuple(tie('node'), fc.constantFrom('+', '-', '*', '/'), tie('node'))
        .map(([a, op, b]) => ({ calc: `(${a.calc}) ${op} (${b.calc})`, py: `(${a.py}) ${op} (${b.py})` })),
      fc.tuple(tie('node'), fc.integer({ min: 0, max: 3 })).map(([a, n]) => ({ calc: `(${a.calc})^${n}`, py: `(${a.py})**${n}` })),
      tie('node').map((a) => ({ calc: `abs(${a.calc})`, py: `abs(${a.py})` })),
    ),
  })).node;
}

const irrational: fc.Arbitrary<Expr> = fc.oneof(
  leaf.map((a) => ({ calc: `sqrt(abs(${a.calc}) + 1)`, py: `sqrt(abs(${a.py}) + 1)` })),
  leaf.map((a) => ({ calc: `ln(abs(${a.calc}) + 2)`, py: `log(abs(${a.py}) + 2)` })),
  leaf.map((a) => ({ calc: `exp((${a.calc})/10000)`, py: `exp((${a.py})/10000)` })),
  fc.constant<Expr>({ calc: 'pi', py: 'pi' }),
);

const tableCase: fc.Arbitrary<TableCase> = fc.oneof(
  fc.tuple(fc.array(row, { minLength: 1, maxLength: 25 }), tree(leaf)).map(([rows, expr]) => ({ rows, expr, rational: true })),
  fc
    .tuple(fc.array(row, { minLength: 1, maxLength: 25 }), tree(fc.oneof(leaf, irrational)))
    .map(([rows, expr]) => ({ rows, expr, rational: false })),
);

/**
 * Per case: the cells ("p/q d" when rational, with d its 20-digit half-even rounding; that decimal alone
 * otherwise) or "error N" (the first failing row).
 */
const ORACLE = String.raw`
import json, sys, decimal
from fractions import Fraction as F
from mpmath import mp, mpf, sqrt, log, exp, pi, nstr
mp.dps = 80
ctx = decimal.Context(prec=20, rounding=decimal.ROUND_HALF_EVEN)
def Hq(n): return sum(F(1, k) for k in range(1, int(n) + 1))
def Hm(n): return sum(mpf(1) / k for k in range(1, int(n) + 1))
out = []
for c in json.load(sys.stdin):
    cells = []
    for i, r in enumerate(c['rows']):
        try:
            if c['rational']:
                v = {n: F(t) for n, t in zip(c['header'], r)}
                x = F(eval(c['py'], {'v': v, 'F': F, 'H': Hq}))
                cells.append('%d/%d %s' % (x.numerator, x.denominator, ctx.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator))))
            else:
                v = {n: mpf(F(t).numerator) / F(t).denominator for n, t in zip(c['header'], r)}
                x = eval(c['py'], {'v': v, 'F': lambda t: mpf(F(t).numerator) / F(t).denominator, 'H': Hm, 'sqrt': sqrt, 'log': log, 'exp': exp, 'pi': +pi})
                cells.append(str(ctx.plus(decimal.Decimal(nstr(x, 60)))))
        except ZeroDivisionError:
            cells = 'error %d' % (i + 1)
            break
    out.append(cells)
print(json.dumps(out))
`;

let mpfr: Mpfr;
let cases: TableCase[] = [];
let reference: Array<string[] | string> = [];
beforeAll(async () => {
  mpfr = await loadMpfr();
  cases = fc.sample(tableCase, { seed: 20_261_202, numRuns: 250 });
  if (missing === '') {
    const input = cases.map((c) => ({ header: HEADER, rows: c.rows, py: c.expr.py, rational: c.rational }));
    const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`derived-column oracle failed: ${r.stderr}`);
    reference = JSON.parse(r.stdout) as Array<string[] | string>;
  }
});

describe.skipIf(missing !== '')('derived columns against Fraction and mpmath', () => {
  it(
    '250 random tables: exact cells equal Fraction, the others mpmath correctly rounded, division by zero at the same row',
    { timeout: 120_000 },
    () => {
      const tally = { exactCells: 0, roundedCells: 0, divisionErrors: 0 };
      cases.forEach((c, i) => {
        const want = reference[i] as string[] | string;
        let got: DerivedValues;
        try {
          got = deriveColumn(mpfr, { name: 'z', expression: c.expr.calc }, HEADER, c.rows);
        } catch (e) {
          if (!(e instanceof DerivedColumnError)) throw e;
          expect(`error ${e.row}`, `${c.expr.calc}: ${e.message}`).toBe(want);
          expect(e.message).toMatch(/division by zero|zero to a negative power/);
          tally.divisionErrors++;
          return;
        }
        expect(typeof want, `${c.expr.calc}: oracle says ${String(want)}`).toBe('object');
        got.values.forEach((cell, j) => {
          const [ref, refRounded] = ((want as string[])[j] as string).split(' ') as [string, string];
          const where = `${c.expr.calc} at row ${j + 1} (${(c.rows[j] as string[]).join(', ')})`;
          if (c.rational) {
            expect(cell.exact?.toString(), where).toBe(ref.replace(/\/1$/, ''));
            if (cell.guarantee === 'exact') expect(Rational.parse(cell.text).equals(cell.exact as Rational), where).toBe(true);
            else expect(new Decimal(cell.text).eq(refRounded), `${where}: ${cell.text} vs ${refRounded}`).toBe(true);
            tally.exactCells++;
          } else {
            expect(new Decimal(cell.text).eq(ref), `${where}: ${cell.text} vs ${ref}`).toBe(true);
            tally.roundedCells++;
          }
        });
      });
      console.log(`derived columns: ${JSON.stringify(tally)}`);
      expect(tally.exactCells).toBeGreaterThan(500);
      expect(tally.roundedCells).toBeGreaterThan(300);
      expect(tally.divisionErrors).toBeGreaterThan(3);
    },
  );
});
