// The metrics plot's spec: the debiased EMA against Python's exact Fractions (an independent implementation of the
// same definition), fast-check laws of the EMA, the non-finite points' marks and lists, log-axis exclusions, and the
// step phrases.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emaSmooth, metricsPlotSpec, numberOf, stepsPhrase, type PlotSeries } from '../../../common/figures/metrics-plot';
import { PYTHON, pythonModules } from '../../helpers/required';

const ORACLE = String.raw`
import json, sys
from fractions import Fraction
cases = json.load(sys.stdin)
out = []
for c in cases:
    w = Fraction(c["w"])
    m = Fraction(0)
    n = 0
    res = []
    for v in c["values"]:
        if v is None:
            res.append(None)
            continue
        n += 1
        m = w * m + (1 - w) * Fraction(v)
        res.append(float(m / (1 - w ** n)))
    out.append(res)
print(json.dumps(out))
`;

// Values as JSON can carry them (null for a non-finite point); weights as exact decimal strings.
const CASES: { w: string; values: (number | null)[] }[] = [
  { w: '0.6', values: [1, 2, 3, 4, 5] },
  { w: '0.9', values: [1.90833, 1.89088, null, 1.81814, null, null, 1.79401, 0.5] },
  { w: '0.99', values: Array.from({ length: 200 }, (_, i) => Math.exp(-i / 50) + (i % 7) * 0.01) },
  { w: '0.25', values: [-3, 1e-12, 7e9, null, 2] },
  { w: '0.5', values: [1, 2, 3] },
];

const skip = pythonModules(['fractions', 'json']);

describe.skipIf(skip !== '')('emaSmooth against exact Fractions', () => {
  let expected: (number | null)[][] = [];
  beforeAll(() => {
    const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(CASES), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    expected = JSON.parse(r.stdout) as (number | null)[][];
  });

  it('agrees within 1e-13 relative at every point, null exactly where a value is not finite', () => {
    CASES.forEach((c, i) => {
      const got = emaSmooth(
        c.values.map((v) => (v === null ? Number.NaN : v)),
        Number(c.w),
      );
      const want = expected[i]!;
      expect(got.length).toBe(want.length);
      got.forEach((g, j) => {
        const e = want[j];
        if (e === null || e === undefined) expect(g).toBeNull();
        else expect(Math.abs((g as number) - e)).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(e)));
      });
    });
  });

  it('matches the worked example of its doc comment', () => {
    const [a, b, c] = emaSmooth([1, 2, 3], 0.5) as number[];
    expect(a).toBe(1);
    expect(b).toBeCloseTo(5 / 3, 15);
    expect(c).toBeCloseTo(17 / 7, 15);
  });
});

describe('emaSmooth laws', () => {
  const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
  const weight = fc.double({ min: 0, max: 0.99, noNaN: true });

  it('weight 0 is the raw series', () => {
    fc.assert(
      fc.property(fc.array(finite, { maxLength: 50 }), (ys) => {
        expect(emaSmooth(ys, 0)).toEqual(ys);
      }),
    );
  });

  it('the first smoothed value is the first finite point (debiasing), and each lies within the range seen so far', () => {
    fc.assert(
      fc.property(fc.array(finite, { minLength: 1, maxLength: 60 }), weight, (ys, w) => {
        const s = emaSmooth(ys, w) as number[];
        expect(s[0]).toBeCloseTo(ys[0]!, 6);
        let lo = Infinity;
        let hi = -Infinity;
        ys.forEach((y, i) => {
          lo = Math.min(lo, y);
          hi = Math.max(hi, y);
          const slack = 1e-9 * Math.max(1, Math.abs(lo), Math.abs(hi));
          expect(s[i]!).toBeGreaterThanOrEqual(lo - slack);
          expect(s[i]!).toBeLessThanOrEqual(hi + slack);
        });
      }),
    );
  });

  it('a non-finite point changes nothing after it: smoothing skips it', () => {
    fc.assert(
      fc.property(
        fc.array(finite, { minLength: 2, maxLength: 40 }),
        weight,
        fc.nat(),
        fc.constantFrom(NaN, Infinity, -Infinity),
        (ys, w, at, bad) => {
          const k = at % (ys.length + 1);
          const withBad = [...ys.slice(0, k), bad, ...ys.slice(k)];
          const s = emaSmooth(withBad, w);
          expect(s[k]).toBeNull();
          expect([...s.slice(0, k), ...s.slice(k + 1)]).toEqual(emaSmooth(ys, w));
        },
      ),
    );
  });

  it('refuses a weight outside [0, 1)', () => {
    expect(() => emaSmooth([1], 1)).toThrow(/\[0, 1\)/);
    expect(() => emaSmooth([1], -0.1)).toThrow(/\[0, 1\)/);
    expect(() => emaSmooth([1], Number.NaN)).toThrow(/\[0, 1\)/);
  });
});

const reverse: PlotSeries = {
  runName: 'reverse-kl',
  key: 'train/loss',
  steps: [0, 1, 2, 3, 4, 5, 6],
  values: [2, 1.5, 1.2, 'Infinity', 'NaN', 'Infinity', '-Infinity'],
};
const forward: PlotSeries = {
  runName: 'forward-kl',
  key: 'train/loss',
  steps: [0, 1, 2, 3, 4, 5, 6],
  values: [2, 1.8, 1.6, 1.4, 1.3, 1.2, 0],
};

describe('metricsPlotSpec', () => {
  it('overlays each run raw (faint) under its EMA, and marks every non-finite point at its step by kind', () => {
    const { spec, nonFinite } = metricsPlotSpec([forward, reverse], { smoothing: 0.6, logY: false });
    expect(spec.layers.map((l) => [l.label, l.faint === true, l.tone])).toEqual([
      ['forward-kl · train/loss (raw)', true, 1],
      ['forward-kl · train/loss (EMA 0.6)', false, 1],
      ['reverse-kl · train/loss (raw)', true, 2],
      ['reverse-kl · train/loss (EMA 0.6)', false, 2],
    ]);
    expect(spec.layers[2]!.x).toEqual([0, 1, 2]);
    expect(spec.edgeMarks).toEqual([
      { x: 4, kind: 'nan', tone: 2 },
      { x: 3, kind: 'posInf', tone: 2 },
      { x: 5, kind: 'posInf', tone: 2 },
      { x: 6, kind: 'negInf', tone: 2 },
    ]);
    expect(nonFinite).toEqual([{ label: 'reverse-kl · train/loss', tone: 2, nan: [4], posInf: [3, 5], negInf: [6] }]);
    expect(spec.caption).toBe(
      '2 series; smoothed by a debiased EMA of weight 0.6 (raw faint); linear y; 4 non-finite points marked at the edge.',
    );
  });

  it('without smoothing draws the raw series only, not faint', () => {
    const { spec } = metricsPlotSpec([forward], { smoothing: 0, logY: false });
    expect(spec.layers).toHaveLength(1);
    expect(spec.layers[0]!.faint).toBeUndefined();
    expect(spec.layers[0]!.y).toEqual([2, 1.8, 1.6, 1.4, 1.3, 1.2, 0]);
  });

  it('on a log axis leaves out points at or below 0 and says how many', () => {
    const { spec } = metricsPlotSpec([forward], { smoothing: 0, logY: true });
    expect(spec.y.log).toBe(true);
    expect(spec.layers[0]!.x).toEqual([0, 1, 2, 3, 4, 5]);
    expect(spec.caption).toContain('1 point at or below 0 not drawn on the log axis');
  });

  it('sorts by step, keeping the last value logged at a repeated step', () => {
    const { spec } = metricsPlotSpec([{ runName: 'r', key: 'k', steps: [2, 0, 1, 1], values: [3, 1, 5, 2] }], {
      smoothing: 0,
      logY: false,
    });
    expect(spec.layers[0]!.x).toEqual([0, 1, 2]);
    expect(spec.layers[0]!.y).toEqual([1, 2, 3]);
  });

  it('numberOf restores the API spellings', () => {
    expect([numberOf('NaN'), numberOf('Infinity'), numberOf('-Infinity'), numberOf(1.5)]).toEqual([NaN, Infinity, -Infinity, 1.5]);
  });
});

describe('stepsPhrase', () => {
  it('folds evenly spaced runs of three or more', () => {
    expect(stepsPhrase([150, 152, 154, 200])).toBe('150–154 (every 2), 200');
    expect(stepsPhrase([1, 2, 3, 4])).toBe('1–4');
    expect(stepsPhrase([1, 5])).toBe('1, 5');
    expect(stepsPhrase([])).toBe('');
  });
  it('names every step it covers (property: unfolding the phrase gives the steps back)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 40 }), (raw) => {
        const steps = [...raw].sort((a, b) => a - b);
        const back = stepsPhrase(steps, Infinity)
          .split(', ')
          .filter((p) => p !== '')
          .flatMap((p) => {
            const m = /^(\d+)–(\d+)(?: \(every (\d+)\))?$/.exec(p);
            if (m === null) return [Number(p)];
            const out: number[] = [];
            for (let v = Number(m[1]); v <= Number(m[2]); v += Number(m[3] ?? 1)) out.push(v);
            return out;
          });
        expect(back).toEqual(steps);
      }),
    );
  });
});
