/**
 * printed-consistency against independent oracles: on 280 seeded random printed tables, numpy and scipy
 * (scipy.stats.linregress, numpy mean/std, ttest_rel, ttest_ind with and without equal variances; Debian's
 * Python, called once in beforeAll) give the statistic, its se and its p-value on the printed values, the exact
 * rounding range of the statistics linear in y (value ± sum |c_i| h_i, c from numpy's pseudo-inverse), and
 * the statistic at 24 random vertices of the rounding box. The recomputation must match, the range must
 * contain every vertex (and equal the exact range where the statistic is linear), the true statistic printed
 * at 2 to 6 significant digits must be consistent, and one shifted by the range plus 10 se inconsistent.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { checkPrintedConsistency } from '../../../checkers/stats/printed-consistency';
import { methodColumns, recompute, type PrintedMethod } from '../../../checkers/stats/printed-statistics';
import { parseDecimal, type PrintedDecimal } from '../../../checkers/tables/printed-uncertainty';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['numpy', 'scipy.stats']);
const TABLES = 280;

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

interface Case {
  method: PrintedMethod;
  columns: string[];
  rows: string[][];
  /** Half units of each cell of the method's columns (0: exact), for the oracle's box. */
  half: number[][];
}

/** A seeded printed table: x increasing (integers, or decimals with 1-2 digits: then rounded), y and z decimals. */
function makeCase(i: number): Case {
  const rng = new Xoshiro128(20261202 + i);
  const int = (lo: number, hi: number) => lo + (rng.nextUint32() % (hi - lo + 1));
  const n = int(3, 12);
  const xDigits = i % 5 === 4 ? int(1, 2) : 0;
  const yDigits = int(1, 5);
  const xs: string[] = [];
  let x = int(1, 5);
  for (let j = 0; j < n; j++) {
    xs.push(xDigits === 0 ? String(x) : (x + rng.nextFloat() * 0.5).toFixed(xDigits));
    x += int(1, 20);
  }
  const b = rng.nextFloat() * 2 - 0.5;
  const ys = xs.map((xv) => (1 + b * Math.log(Number(xv)) + 3 + rng.nextFloat() * 2).toFixed(yDigits));
  const zs = ys.map((yv) => (Number(yv) + (rng.nextFloat() - 0.3) * 2).toFixed(yDigits));
  const method = METHODS[i % METHODS.length] as PrintedMethod;
  const rows = xs.map((xv, j) => [xv, ys[j] as string, zs[j] as string]);
  const columns = ['x', 'y', 'z'];
  const half = methodColumns(method).map((c) => rows.map((r) => halfOf(r[columns.indexOf(c)] as string)));
  return { method, columns, rows, half };
}

function halfOf(text: string): number {
  const d = parseDecimal(text) as PrintedDecimal;
  return /[.eE]/.test(text) ? 5 * 10 ** (d.scale - 1) : 0;
}

const ORACLE = String.raw`
import json, sys
import numpy as np
from scipy import stats
cases = json.load(sys.stdin)
rng = np.random.default_rng(7)
def stat(m, cols):
    k = m['method']
    if k in ('fit-slope', 'fit-intercept'):
        x, y = cols
        u = x if m['law'] == 'linear' else np.log(x)
        v = np.log(y) if m['law'] == 'power' else y
        r = stats.linregress(u, v)
        return (r.slope, r.stderr) if k == 'fit-slope' else (r.intercept, r.intercept_stderr)
    if k == 'mean':
        return (np.mean(cols[0]), stats.sem(cols[0]))
    if k == 'sd':
        return (np.std(cols[0], ddof=m['ddof']), None)
    if k == 'ratio-of-means':
        return (np.mean(cols[0]) / np.mean(cols[1]), None)
    a, b = cols
    if k == 'mean-difference':
        if m['paired']:
            return (np.mean(a - b), stats.sem(a - b))
        return (np.mean(a) - np.mean(b), np.sqrt(np.var(a, ddof=1) / len(a) + np.var(b, ddof=1) / len(b)))
    r = stats.ttest_rel(a, b) if m['test'] == 'paired' else stats.ttest_ind(a, b, equal_var=(m['test'] == 'student'))
    return (r.statistic if k == 't' else r.pvalue, None)
def linear_weights(m, cols):
    k = m['method']
    if k in ('fit-slope', 'fit-intercept') and m['law'] != 'power':
        x = cols[0]
        u = x if m['law'] == 'linear' else np.log(x)
        w = np.linalg.pinv(np.column_stack([np.ones_like(u), u]))
        return [None, w[1] if k == 'fit-slope' else w[0]]
    if k == 'mean':
        return [np.full(len(cols[0]), 1 / len(cols[0]))]
    if k == 'mean-difference' and m['paired']:
        n = len(cols[0])
        return [np.full(n, 1 / n), np.full(n, -1 / n)]
    return None
out = []
for c in cases:
    m = c['method']
    cols = [np.array([float(r[c['columns'].index(name)]) for r in c['rows']]) for name in c['names']]
    half = [np.array(h) for h in c['half']]
    value, se = stat(m, cols)
    vertices = []
    for _ in range(24):
        vcols = [col + h * rng.choice([-1.0, 1.0], size=len(col)) for col, h in zip(cols, half)]
        vertices.append(float(stat(m, vcols)[0]))
    exact = None
    w = linear_weights(m, cols)
    if w is not None and all(np.all(h == 0) for h, wi in zip(half, w) if wi is None):
        width = sum(float(np.sum(np.abs(wi) * h)) for wi, h in zip(w, half) if wi is not None)
        exact = [float(value) - width, float(value) + width]
    out.append({'value': float(value), 'se': None if se is None else float(se), 'vertices': vertices, 'exact': exact})
print(json.dumps(out))
`;

interface OracleRow {
  value: number;
  se: number | null;
  vertices: number[];
  exact: [number, number] | null;
}

const cases = Array.from({ length: TABLES }, (_, i) => makeCase(i));
let oracle: OracleRow[] = [];
let mpfr: Mpfr;

beforeAll(async () => {
  mpfr = await loadMpfr();
  if (missing !== '') return;
  const input = JSON.stringify(
    cases.map((c) => ({ method: c.method, columns: c.columns, rows: c.rows, names: methodColumns(c.method), half: c.half })),
  );
  const r = spawnSync(PYTHON, ['-c', ORACLE], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`oracle failed: ${r.stderr}`);
  oracle = JSON.parse(r.stdout) as OracleRow[];
});

const data = (c: Case) => methodColumns(c.method).map((name) => c.rows.map((r) => Number(r[c.columns.indexOf(name)])));
const relClose = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol * Math.max(Math.abs(b), 1e-300) || Math.abs(a - b) < 1e-13;
const printedAt = (v: number, digits: number) => parseDecimal(v.toPrecision(digits)) as PrintedDecimal;

describe.skipIf(missing !== '')(`printed statistics against numpy and scipy on ${TABLES} random printed tables`, () => {
  it('the recomputed statistic and its se match scipy / numpy', () => {
    cases.forEach((c, i) => {
      const o = oracle[i] as OracleRow;
      const r = recompute(c.method, data(c));
      expect([i, relClose(r.value, o.value, 1e-9)]).toEqual([i, true]);
      if (o.se !== null) expect([i, relClose(r.se as number, o.se, 1e-9)]).toEqual([i, true]);
    });
  });

  it('the range over the rounding box contains the statistic at every sampled vertex, and is the exact range where the statistic is linear in y', () => {
    let exactCompared = 0;
    cases.forEach((c, i) => {
      const o = oracle[i] as OracleRow;
      const rep = checkPrintedConsistency(mpfr, { printed: { value: printedAt(o.value, 6) }, table: c, method: c.method }, 128);
      const range = rep.range as { lo: number; hi: number };
      const slack = 1e-10 * (Math.abs(o.value) + (range.hi - range.lo));
      for (const v of o.vertices) expect([i, v >= range.lo - slack && v <= range.hi + slack]).toEqual([i, true]);
      if (o.exact !== null) {
        exactCompared++;
        const width = o.exact[1] - o.exact[0];
        expect([
          i,
          Math.abs(range.lo - o.exact[0]) <= 1e-9 * width + 1e-15,
          Math.abs(range.hi - o.exact[1]) <= 1e-9 * width + 1e-15,
        ]).toEqual([i, true, true]);
      }
    });
    expect(exactCompared).toBeGreaterThan(50);
  });

  it("scipy's statistic printed at 2 to 6 significant digits (with its se where it has one) is consistent; shifted by the range plus 10 se it is not", () => {
    cases.forEach((c, i) => {
      const o = oracle[i] as OracleRow;
      for (let digits = 2; digits <= 6; digits++) {
        const printed = { value: printedAt(o.value, digits), ...(o.se !== null ? { uncertainty: printedAt(o.se, digits) } : {}) };
        const rep = checkPrintedConsistency(mpfr, { printed, table: c, method: c.method }, 128);
        expect([i, digits, rep.verdict]).toEqual([i, digits, 'consistent']);
      }
      if (c.method.method === 'p') return;
      const base = checkPrintedConsistency(mpfr, { printed: { value: printedAt(o.value, 8) }, table: c, method: c.method }, 128);
      const range = base.range as { lo: number; hi: number };
      const scale = o.se ?? Math.max(Math.abs(o.value), 1e-3) * 0.01;
      // Away from 0, so that the opposite sign (accepted for t and differences) cannot match either.
      const shifted = o.value + (o.value < 0 ? -1 : 1) * (range.hi - range.lo + 10 * scale);
      const rep = checkPrintedConsistency(mpfr, { printed: { value: printedAt(shifted, 8) }, table: c, method: c.method }, 128);
      expect([i, rep.verdict, rep.guarantee.kind]).toEqual([i, 'inconsistent', 'enclosure']);
    });
  });
});
