/**
 * The statistics of perceptual review against an independent oracle: scipy 1.10 from Debian's Python for the
 * binomial pmf and two-sided test, the Wilson and Clopper-Pearson intervals and the normal quantile; Cohen's and
 * Fleiss' kappa computed by hand in the Python script from their published formulas (scipy has no kappa and
 * statsmodels is not installed). Plus fast-check laws and tables of edge cases (zero, all, ties, one category).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { binomialCdf, binomialPmf, binomialTest, binomialUpperTail, lnFactorial } from '../../../checkers/stats/binomial';
import { cohenKappa, fleissKappa } from '../../../checkers/stats/kappa';
import { normalQuantile, twoSidedZ } from '../../../checkers/stats/normal-quantile';
import { exactInterval, wilsonInterval } from '../../../checkers/stats/proportion-interval';
import { canonicalAnswer, repeatAgreement } from '../../../checkers/stats/repeat-agreement';
import { DomainError } from '../../../checkers/errors';

import { PYTHON, pythonModules } from '../../helpers/required';

const pythonMissing = pythonModules(['scipy.stats', 'scipy.special', 'numpy']);

const SEED = 20261129;

/** Relative closeness (absolute below `floor`). */
function close(a: number, b: number, rel: number, floor = 1e-300): boolean {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), floor);
}

interface OracleOut {
  binomtest: number[];
  pmf: number[];
  wilson: [number, number][];
  exact: [number, number][];
  exactBeta: [number, number][];
  ndtri: number[];
  cohen: ({ kappa: number; se: number; low: number; high: number; observed: number; expected: number } | null)[];
  fleiss: ({ kappa: number; se: number; low: number; high: number; observed: number; expected: number } | null)[];
}

function oracle(cases: Record<string, unknown>): OracleOut {
  const run = spawnSync(PYTHON, [join(__dirname, 'scipy_reference.py')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.status !== 0) throw new Error(`scipy reference failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as OracleOut;
}

const trials = fc.integer({ min: 1, max: 400 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
const nullP = fc.constantFrom(0.5, 0.1, 0.25, 0.9, 0.37, 0.999, 0.001);
const level = fc.constantFrom(0.95, 0.9, 0.99, 0.8, 0.999);
const answer = fc.constantFrom('usable', 'degraded', 'unusable');

const EDGE_TESTS: [number, number, number][] = [
  [0, 1, 0.5],
  [1, 1, 0.5],
  [5, 10, 0.5],
  [0, 10, 0.5],
  [10, 10, 0.5],
  [7, 20, 0.5],
  [3, 1000, 0.5],
  [500, 1000, 0.5],
  [64, 128, 0.5],
  [90, 128, 0.5],
  [1, 3, 1 / 3],
  [2, 6, 1 / 3],
  [0, 400, 0.001],
  [400, 400, 0.999],
  [13, 128, 0.1],
];
const EDGE_INTERVALS: [number, number, number][] = [
  [0, 1, 0.95],
  [1, 1, 0.95],
  [0, 128, 0.95],
  [128, 128, 0.95],
  [1, 128, 0.95],
  [64, 128, 0.99],
  [3, 7, 0.9],
  [0, 5, 0.5],
];

describe.skipIf(Boolean(pythonMissing))('agreement with scipy (and kappa formulas evaluated in Python)', () => {
  const tests = [
    ...EDGE_TESTS,
    ...fc.sample(
      fc.tuple(trials, nullP).map(([[k, n], p]) => [k, n, p] as [number, number, number]),
      { seed: SEED, numRuns: 150 },
    ),
  ];
  const pmfs = fc.sample(
    fc.tuple(trials, nullP).map(([[k, n], p]) => [k, n, p] as [number, number, number]),
    { seed: SEED + 1, numRuns: 150 },
  );
  const intervals = [
    ...EDGE_INTERVALS,
    ...fc.sample(
      fc.tuple(trials, level).map(([[k, n], cl]) => [k, n, cl] as [number, number, number]),
      { seed: SEED + 2, numRuns: 150 },
    ),
  ];
  const ps = [
    0.5,
    0.975,
    0.995,
    0.025,
    1e-10,
    1 - 1e-10,
    1e-300,
    0.425 + 0.5,
    0.075,
    ...fc.sample(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), { seed: SEED + 3, numRuns: 100 }),
  ];
  const cohenCases: [[string, string][], number][] = [
    [
      [
        ['a', 'a'],
        ['b', 'b'],
        ['a', 'b'],
        ['b', 'b'],
      ],
      0.95,
    ],
    [
      [
        ['a', 'a'],
        ['a', 'a'],
        ['a', 'a'],
      ],
      0.95,
    ],
    [
      [
        ['a', 'b'],
        ['b', 'a'],
        ['a', 'b'],
        ['b', 'a'],
      ],
      0.95,
    ],
    ...fc.sample(fc.tuple(fc.array(fc.tuple(answer, answer), { minLength: 2, maxLength: 150 }), level), { seed: SEED + 4, numRuns: 80 }),
    // Raters who mostly agree: the second copies the first with a few changes.
    ...fc.sample(
      fc
        .tuple(fc.array(fc.tuple(answer, fc.integer({ min: 0, max: 9 }), answer), { minLength: 5, maxLength: 150 }), level)
        .map(([xs, cl]) => [xs.map(([a, r, b]) => [a, r < 8 ? a : b] as [string, string]), cl] as [[string, string][], number]),
      { seed: SEED + 5, numRuns: 40 },
    ),
  ];
  const fleissCases: [string[][], number][] = [
    [
      [
        ['a', 'a', 'a'],
        ['b', 'b', 'a'],
      ],
      0.95,
    ],
    [
      [
        ['a', 'a'],
        ['a', 'a'],
      ],
      0.95,
    ],
    ...fc.sample(
      fc
        .tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 80 }), level)
        .chain(([m, n, cl]) =>
          fc.tuple(fc.array(fc.array(answer, { minLength: m, maxLength: m }), { minLength: n, maxLength: n }), fc.constant(cl)),
        ),
      { seed: SEED + 6, numRuns: 80 },
    ),
  ];
  // The oracle runs before the tests, never while the file is collected (a skipped block still runs its body).
  let ref: OracleOut;
  beforeAll(() => {
    ref = oracle({ binomtest: tests, pmf: pmfs, intervals, ndtri: ps, cohen: cohenCases, fleiss: fleissCases });
  });

  it('binomial pmf within 1e-10 relative of scipy.stats.binom.pmf', () => {
    pmfs.forEach(([k, n, p], i) => {
      const want = ref.pmf[i] as number;
      if (!close(binomialPmf(k, n, p), want, 1e-10)) expect.fail(`pmf(${k}; ${n}, ${p}) = ${binomialPmf(k, n, p)}, scipy ${want}`);
    });
  });

  it('two-sided binomial test p-values within 1e-9 relative of scipy.stats.binomtest', () => {
    tests.forEach(([k, n, p], i) => {
      const want = ref.binomtest[i] as number;
      const got = binomialTest(k, n, p).pValue;
      if (!close(got, want, 1e-9)) expect.fail(`binomtest(${k}, ${n}, ${p}) = ${got}, scipy ${want}`);
    });
  });

  // proportion_ci's exact method finds its bounds with brentq at an absolute xtol of 2e-12, so it is matched to
  // 1e-11 absolute; the same bounds as beta quantiles (beta.ppf) are matched to 1e-9 relative.
  it('Wilson intervals within 1e-12 of scipy; Clopper-Pearson within 1e-9 of beta.ppf and 1e-11 of proportion_ci', () => {
    intervals.forEach(([k, n, cl], i) => {
      const w = wilsonInterval(k, n, cl);
      const [wl, wh] = ref.wilson[i] as [number, number];
      if (!close(w.low, wl, 1e-12, 1e-15) || !close(w.high, wh, 1e-12, 1e-15))
        expect.fail(`wilson(${k}, ${n}, ${cl}) = [${w.low}, ${w.high}], scipy [${wl}, ${wh}]`);
      const e = exactInterval(k, n, cl);
      const [el, eh] = ref.exact[i] as [number, number];
      if (Math.abs(e.low - el) > 1e-11 || Math.abs(e.high - eh) > 1e-11)
        expect.fail(`exact(${k}, ${n}, ${cl}) = [${e.low}, ${e.high}], scipy proportion_ci [${el}, ${eh}]`);
      const [bl, bh] = ref.exactBeta[i] as [number, number];
      if (!close(e.low, bl, 1e-9, 1e-300) || !close(e.high, bh, 1e-9, 1e-300))
        expect.fail(`exact(${k}, ${n}, ${cl}) = [${e.low}, ${e.high}], scipy beta.ppf [${bl}, ${bh}]`);
    });
  });

  it('normal quantile within 1e-14 relative of scipy.special.ndtri', () => {
    ps.forEach((p, i) => {
      const want = ref.ndtri[i] as number;
      if (!close(normalQuantile(p), want, 1e-14, 1e-16)) expect.fail(`ndtri(${p}) = ${normalQuantile(p)}, scipy ${want}`);
    });
  });

  it("Cohen's and Fleiss' kappa, their standard errors and intervals match the formulas evaluated in Python", () => {
    const same = (got: ReturnType<typeof cohenKappa>, want: OracleOut['cohen'][number], what: string) => {
      if (want === null) {
        expect(got.kappa, what).toBeNull();
        return;
      }
      // Where the variance is 0 (perfect agreement: ours exactly), the oracle's float variance keeps a cancellation
      // residue of a few 1e-16, whose square root (about 1e-8; positive or clamped to 0 depending on how numpy sums on
      // this CPU) is its se: there se, low and high are matched to 1e-7 absolute. Elsewhere sqrt is well conditioned.
      const nearZeroSe = want.se <= 1e-7;
      for (const f of ['kappa', 'se', 'low', 'high', 'observed', 'expected'] as const) {
        const g = got[f] as number;
        if (nearZeroSe && (f === 'se' || f === 'low' || f === 'high')) {
          if (!(Math.abs(g - want[f]) <= 1e-7)) expect.fail(`${what}: ${f} = ${g}, Python ${want[f]} (se near 0)`);
          continue;
        }
        // Absolute 1e-15 near 0: Cohen's kappa is now the rounded exact ratio of counts (0 exactly at chance
        // level), while the float formula in Python leaves residues such as -9.3e-17 there.
        if (!close(g, want[f], 1e-9, 1e-6)) expect.fail(`${what}: ${f} = ${g}, Python ${want[f]}`);
      }
    };
    cohenCases.forEach(([pairs, cl], i) => same(cohenKappa(pairs, cl), ref.cohen[i] ?? null, `cohen case ${i}`));
    fleissCases.forEach(([subjects, cl], i) => same(fleissKappa(subjects, cl), ref.fleiss[i] ?? null, `fleiss case ${i}`));
  });
});

describe('binomial laws', () => {
  it('ln n! by the table and by Stirling agree at the seam, and with the sum of logs', () => {
    let s = 0;
    for (let n = 1; n <= 200; n++) {
      s += Math.log(n);
      expect(close(lnFactorial(n), s, 1e-13)).toBe(true);
    }
  });

  it('the pmf sums to 1, and cdf + upper tail above k is 1', () => {
    fc.assert(
      fc.property(trials, nullP, ([k, n], p) => {
        let total = 0;
        for (let i = 0; i <= n; i++) total += binomialPmf(i, n, p);
        expect(Math.abs(total - 1)).toBeLessThan(1e-9);
        expect(Math.abs(binomialCdf(k, n, p) + binomialUpperTail(k + 1, n, p) - 1)).toBeLessThan(1e-9);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('the two-sided test at p = 1/2 is symmetric in k <-> n - k, at most 1, and 1 at k = n/2', () => {
    fc.assert(
      fc.property(trials, ([k, n]) => {
        const a = binomialTest(k, n).pValue;
        expect(close(a, binomialTest(n - k, n).pValue, 1e-12)).toBe(true);
        expect(a).toBeLessThanOrEqual(1);
        expect(a).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect(binomialTest(64, 128).pValue).toBe(1);
  });

  it('refuses impossible arguments with a DomainError', () => {
    expect(() => binomialTest(3, 2)).toThrow(DomainError);
    expect(() => binomialTest(0, 0)).toThrow(DomainError);
    expect(() => binomialPmf(1, 2, 1.5)).toThrow(DomainError);
    expect(() => normalQuantile(0)).toThrow(DomainError);
    expect(() => wilsonInterval(1, 0, 0.95)).toThrow(DomainError);
  });
});

describe('interval laws', () => {
  it('both intervals hold the share, stay in [0, 1], and widen with the confidence level', () => {
    fc.assert(
      fc.property(trials, ([k, n]) => {
        for (const f of [wilsonInterval, exactInterval]) {
          const a = f(k, n, 0.9);
          const b = f(k, n, 0.99);
          expect(a.low).toBeGreaterThanOrEqual(0);
          expect(a.high).toBeLessThanOrEqual(1);
          expect(a.low).toBeLessThanOrEqual(k / n + 1e-15);
          expect(a.high).toBeGreaterThanOrEqual(k / n - 1e-15);
          expect(b.low).toBeLessThanOrEqual(a.low + 1e-15);
          expect(b.high).toBeGreaterThanOrEqual(a.high - 1e-15);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('Clopper-Pearson bounds are where the binomial tails equal alpha/2 (the definition, checked directly)', () => {
    const e = exactInterval(7, 20, 0.95);
    expect(binomialUpperTail(7, 20, e.low)).toBeCloseTo(0.025, 12);
    expect(binomialCdf(7, 20, e.high)).toBeCloseTo(0.025, 12);
    expect(exactInterval(0, 10, 0.95).low).toBe(0);
    expect(exactInterval(10, 10, 0.95).high).toBe(1);
    expect(twoSidedZ(0.95)).toBeCloseTo(1.959963984540054, 14);
  });
});

describe('kappa laws', () => {
  it('perfect agreement gives kappa 1; systematic disagreement gives kappa below 0; one category is undefined', () => {
    expect(
      cohenKappa(
        [
          ['a', 'a'],
          ['b', 'b'],
          ['c', 'c'],
        ],
        0.95,
      ).kappa,
    ).toBeCloseTo(1, 14);
    expect(
      cohenKappa(
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
        0.95,
      ).kappa,
    ).toBeLessThan(0);
    const one = cohenKappa(
      [
        ['a', 'a'],
        ['a', 'a'],
      ],
      0.95,
    );
    expect(one.kappa).toBeNull();
    expect(one.undefinedReason).toMatch(/one category/);
    expect(
      fleissKappa(
        [
          ['a', 'a'],
          ['b', 'b'],
        ],
        0.95,
      ).kappa,
    ).toBeCloseTo(1, 14);
  });

  it("Cohen's kappa is symmetric in the two raters; Fleiss' kappa does not depend on the order of raters", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(answer, answer), { minLength: 2, maxLength: 60 }), (pairs) => {
        const a = cohenKappa(pairs, 0.95);
        const b = cohenKappa(
          pairs.map(([x, y]) => [y, x] as [string, string]),
          0.95,
        );
        if (a.kappa === null) expect(b.kappa).toBeNull();
        else {
          expect(close(a.kappa, b.kappa as number, 1e-12, 1e-12)).toBe(true);
          expect(close(a.se as number, b.se as number, 1e-9, 1e-12)).toBe(true);
        }
        const f1 = fleissKappa(
          pairs.map((p) => [...p]),
          0.95,
        );
        const f2 = fleissKappa(
          pairs.map(([x, y]) => [y, x]),
          0.95,
        );
        expect(f1.kappa).toBe(f2.kappa);
      }),
      { seed: SEED, numRuns: 80 },
    );
  });
});

describe('repeat agreement', () => {
  const sides = { left: 'left', right: 'right' };
  it('maps side answers back to conditions, so a swapped repeat answered by position disagrees', () => {
    expect(canonicalAnswer({ answer: 'left', left: 'q2', right: 'fp32' }, sides)).toBe('better:q2');
    expect(canonicalAnswer({ answer: 'same', left: 'q2', right: 'fp32' }, sides)).toBe('same');
    const r = repeatAgreement(
      [
        { pair: 'p1', first: { answer: 'left', left: 'q2', right: 'fp32' }, repeat: { answer: 'right', left: 'fp32', right: 'q2' } },
        { pair: 'p2', first: { answer: 'left', left: 'q2', right: 'fp32' }, repeat: { answer: 'left', left: 'fp32', right: 'q2' } },
        { pair: 'p3', first: { answer: 'same', left: 'q2', right: 'fp32' }, repeat: { answer: 'same', left: 'q2', right: 'fp32' } },
      ],
      sides,
    );
    expect(r).toMatchObject({ repeats: 3, agreements: 2, swapped: 2, swappedAgreements: 1 });
    expect(r.disagreements).toEqual([{ pair: 'p2', first: 'better:q2', repeat: 'better:fp32', swapped: true }]);
  });

  it('without side answers, compares answers as given; no repeats gives a null share', () => {
    const r = repeatAgreement(
      [{ pair: 'p1', first: { answer: 'usable', left: 'a', right: 'b' }, repeat: { answer: 'unusable', left: 'a', right: 'b' } }],
      null,
    );
    expect(r.share).toBe(0);
    expect(repeatAgreement([], null).share).toBeNull();
  });
});
