// Every check kind states what its results are worth (issue 19, item 4): the kinds' defaults, the perceptual
// verdict's exact binomial p against scipy, the float-margin rule (a side is rigorous only when the value lies
// 1000x its rounding bound from the boundary) and the units audit's margin against exact rationals.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinCheckKinds } from '../../../../app/checks/kinds';
import { guaranteeOf } from '../../../../app/checks/kind';
import { floatSideGuarantee, MARGIN_SAFETY, relativeMargin } from '../../../../app/checks/kinds/float-margin';
import { sideGuarantee } from '../../../../app/checks/kinds/perceptual-verdict';
import { loadCase } from '../../../../app/cases/load';
import { runCase } from '../../../../app/checks/run-case';
import { defaultRegistry } from '../../../../app/cli/registry';
import { BUNDLED_CASES_DIR } from '../../../../app/paths';
import { copyCase, tempDir } from '../../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../../helpers/required';

const scipy = pythonModules(['scipy.stats']);

describe("each kind's default guarantee and basis", () => {
  // growth-fit, printed-consistency and hypothesis-test state theirs per result (a test's result is statistical, with
  // its test, p and dof, or approximate below 10 pairs on a normal approximation); the default never decides.
  const expected: Record<string, [string, string | undefined]> = {
    'fw-certificate': ['exact', 'recomputed'],
    'fw-float-vs-exact': ['exact', 'recomputed'],
    'fw-horizon-trap': ['exact', 'recomputed'],
    'units-audit': ['approximate', 'logbook'],
    'padding-audit': ['approximate', 'logbook'],
    'divergence-audit': ['approximate', 'recomputed'],
    'kl-mode-fit': ['approximate', 'recomputed'],
    'image-metrics': ['approximate', 'recomputed'],
    'review-consistency': ['approximate', 'recomputed'],
    'perceptual-verdict': ['approximate', 'recomputed'],
    'hypothesis-test': ['approximate', undefined],
    'metrics-series': ['approximate', 'logbook'],
  };
  it.each(Object.entries(expected))('%s', (name, [guarantee, basis]) => {
    const kind = builtinCheckKinds.find((k) => k.kind === name);
    expect(kind, name).toBeDefined();
    expect(guaranteeOf(kind, {}).kind).toBe(guarantee);
    expect(kind?.basis).toBe(basis);
  });
});

describe.skipIf(scipy !== '')('perceptual verdict: exact one-sided binomial p (scipy oracle)', () => {
  const cases: [number, number, number, 'above' | 'below'][] = [
    [18, 20, 0.5, 'above'],
    [2, 20, 0.5, 'below'],
    [31, 40, 0.6, 'above'],
    [0, 12, 0.3, 'below'],
    [12, 12, 0.9, 'above'],
    [7, 50, 0.25, 'below'],
  ];
  let oracle: number[] = [];
  beforeAll(() => {
    const script = `
import json, sys
from scipy.stats import binom
out = []
for k, n, t, side in json.loads(sys.argv[1]):
    out.append(float(binom.sf(k - 1, n, t)) if side == 'above' else float(binom.cdf(k, n, t)))
print(json.dumps(out))`;
    oracle = JSON.parse(execFileSync(PYTHON, ['-c', script, JSON.stringify(cases)], { encoding: 'utf8' })) as number[];
  });
  it.each(cases.map((c, i) => [i, ...c] as const))('case %i: %i of %i against %f, %s', (i, k, n, threshold, side) => {
    const g = sideGuarantee([{ unusable: k, n }], threshold, side, 0.95);
    expect(g.kind).toBe('statistical');
    if (g.kind !== 'statistical') return;
    expect(Math.abs(g.p - (oracle[i] as number))).toBeLessThanOrEqual(1e-12 * Math.max(1, oracle[i] as number) + 1e-300);
    expect(g.level).toBeCloseTo(0.025, 15);
  });
  it('the weakest of several shares is the p stated', () => {
    const g = sideGuarantee(
      [
        { unusable: 18, n: 20 },
        { unusable: 31, n: 40 },
      ],
      0.5,
      'above',
      0.95,
    );
    const one = (k: number, n: number) => sideGuarantee([{ unusable: k, n }], 0.5, 'above', 0.95);
    if (g.kind !== 'statistical') throw new Error('not statistical');
    expect(g.p).toBe(Math.max((one(18, 20) as { p: number }).p, (one(31, 40) as { p: number }).p));
  });
});

describe('float side guarantee', () => {
  it(`rigorous only when the margin exceeds ${MARGIN_SAFETY}x the error bound (property)`, () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 1e-3, noNaN: true }), (margin, bound) => {
        const g = floatSideGuarantee(margin, bound, 'x');
        expect(g.kind === 'enclosure').toBe(margin > MARGIN_SAFETY * bound);
      }),
      { seed: 7, numRuns: 500 },
    );
    expect(floatSideGuarantee(Number.NaN, 0, 'x').kind).toBe('approximate');
  });
  it('relative margin to the nearest boundary', () => {
    expect(relativeMargin(0.04, [1.9, 2.1])).toBeCloseTo(46.5, 12);
    expect(relativeMargin(25, [7.6])).toBeCloseTo(17.4 / 25, 14);
  });
});

describe('units audit on the bundled timing case: margins against exact rationals', () => {
  let exact: Record<string, number> = {};
  beforeAll(() => {
    // ratio (3.0 s per batch of 50 trajectories) / (1.5 s per trajectory) = 1/25, against 2 +- 5%;
    // the paper's baseline/method = 25 against "at least 8" (claimed-speedup.json: relTol 0).
    const script = `
from fractions import Fraction as F
import json
r = (F(3) / 50) / F(3, 2)
a = min(abs(r - F(2) * (1 - F(5, 100))), abs(r - F(2) * (1 + F(5, 100)))) / r
s = F(3, 2) / (F(3) / 50)
b = abs(s - F(8)) / s
print(json.dumps({"units": float(a), "claimed-speedup": float(b)}))`;
    exact = JSON.parse(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' })) as Record<string, number>;
  });
  it('both checks lie far outside their tolerance: rigorous enclosures, with the exact margins', async () => {
    const dir = copyCase(join(BUNDLED_CASES_DIR, 'timing-normalization'), tempDir(), 'timing');
    const report = await runCase(await loadCase(dir, defaultRegistry()), defaultRegistry(), { record: false });
    for (const c of report.falsifications[0]?.checks ?? []) {
      expect(c.guarantee, c.checkId).toEqual({ kind: 'enclosure' });
      expect(c.basis).toBe('logbook');
      const margin = c.evidence.margin as number;
      expect(Math.abs(margin - (exact[c.checkId] as number)) / (exact[c.checkId] as number)).toBeLessThan(1e-12);
    }
  });
});
