// The hypothesis-test figures, built from the evidence the kind computes on the five-seed table of issue 20:
// both tests' p against the level, and each interval of the difference, its ends as scipy computes them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hypothesisTestKind } from '../../../app/checks/kinds/hypothesis-test';
import { figuresFor } from '../../../common/figures/registry';
import type { BarSpec } from '../../../common/figures/spec';
import { figureSvg } from '../../../common/figures/svg';
import { makeTestContext } from '../../helpers/check-context';
import { PYTHON, pythonModules } from '../../helpers/required';
import { assertWellFormed } from '../../helpers/svg-well-formed';
import { tempDir } from '../../helpers/temp-case';

const scipy = pythonModules(['scipy.stats', 'numpy']);
const baseline = [71.4, 67.62, 75.78, 70.26, 73.44];
const method = [72.525, 68.495, 76.905, 71.135, 74.44];

describe('hypothesis-test figures', () => {
  const dir = tempDir();
  let oracle: { paired: [number, number]; welch: [number, number] } = { paired: [0, 0], welch: [0, 0] };
  beforeAll(() => {
    mkdirSync(join(dir, 'logbook'), { recursive: true });
    writeFileSync(join(dir, 'logbook', 'seeds.csv'), `method,baseline\n${method.map((m, i) => `${m},${baseline[i]}`).join('\n')}\n`);
    expect(scipy).toBe('');
    const script = `
import json
from scipy import stats
a = ${JSON.stringify(method)}; b = ${JSON.stringify(baseline)}
p = stats.ttest_rel(a, b).confidence_interval(0.95)
import numpy as np
va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
dof = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
d, h = np.mean(a) - np.mean(b), stats.t.ppf(0.975, dof) * (va + vb) ** 0.5
print(json.dumps({"paired": [p.low, p.high], "welch": [d - h, d + h]}))`;
    oracle = JSON.parse(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' })) as typeof oracle;
  });

  it("shows the claim's and the finding's test side by side: p against the level, and each interval against zero", async () => {
    const r = await hypothesisTestKind.run(
      {
        table: 'logbook/seeds.csv',
        a: 'method',
        b: 'baseline',
        test: 'paired-t',
        alternative: 'two-sided',
        level: 0.95,
        decideAt: 0.05,
        expect: 'difference',
        findingTest: { test: 'welch', alternative: 'two-sided' },
      },
      makeTestContext(dir),
    );
    const figs = figuresFor('hypothesis-test', r.evidence);
    expect(figs.map((f) => f.id)).toEqual(['p-values', 'intervals']);
    const p = figs[0] as BarSpec;
    expect(p.categories).toEqual(["claim's paired t test (two-sided)", "finding's Welch t test (two-sided)"]);
    expect(p.series[0]!.values[0]).toBeCloseTo(5.739e-5, 8);
    expect(p.series[0]!.values[1]!).toBeGreaterThan(0.05);
    expect(p.refs).toEqual([{ value: 0.05, label: 'level 0.05' }]);
    expect(p.value.log).toBe(true);
    const iv = figs[1] as BarSpec;
    const [pairedCi, welchCi] = iv.series[0]!.intervals!;
    for (const [got, want] of [
      [pairedCi!, oracle.paired],
      [welchCi!, oracle.welch],
    ] as const) {
      expect(Math.abs(got[0] - want[0])).toBeLessThan(1e-9 * Math.max(1, Math.abs(want[0])));
      expect(Math.abs(got[1] - want[1])).toBeLessThan(1e-9 * Math.max(1, Math.abs(want[1])));
    }
    // The paired interval excludes zero, Welch's does not: the mismatch is visible.
    expect(pairedCi![0]).toBeGreaterThan(0);
    expect(welchCi![0]).toBeLessThan(0);
    for (const f of figs) assertWellFormed(figureSvg(f));
  });

  it('a one-sided test (an infinite end) draws its p but no interval; an evidence without tests draws nothing', async () => {
    const r = await hypothesisTestKind.run(
      {
        table: 'logbook/seeds.csv',
        a: 'method',
        b: 'baseline',
        test: 'paired-t',
        alternative: 'greater',
        level: 0.95,
        decideAt: 0.05,
        expect: 'difference',
      },
      makeTestContext(dir),
    );
    expect(figuresFor('hypothesis-test', r.evidence).map((f) => f.id)).toEqual(['p-values']);
    expect(figuresFor('hypothesis-test', { tests: [] })).toEqual([]);
  });
});
