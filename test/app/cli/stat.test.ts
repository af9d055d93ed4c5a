// `recheck stat` in process through the CLI entry: the five-seed table of issue 20 (Welch p about 0.63, paired
// t = sqrt 320, p = 5.74e-5) from a CSV, every test's statistic, dof and p against scipy on the same CSV, the
// JSON keys (infinite interval ends written out), and bad input as exit 2 with one line naming file and line.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../helpers/required';

const scipy = pythonModules(['scipy.stats', 'numpy']);
const baseline = [71.4, 67.62, 75.78, 70.26, 73.44];
const method = [72.525, 68.495, 76.905, 71.135, 74.44];
const seedsCsv = `seed,baseline,method\n${baseline.map((b, i) => `${i + 1},${b},${method[i]}`).join('\n')}\n`;

const relErr = (x: number, y: number) => Math.abs(x - y) / Math.max(Math.abs(y), 1e-300);

/** scipy on the same samples: [statistic, p, dof | null] per call. */
function scipyOracle(calls: [string, number[], number[], string][]): [number, number, number | null][] {
  const script = `
import json, sys
import numpy as np
from scipy import stats
out = []
for test, a, b, alt in json.loads(sys.argv[1]):
    va, vb, na, nb = np.var(a, ddof=1), np.var(b, ddof=1), len(a), len(b)
    if test == 'paired-t': r = stats.ttest_rel(a, b, alternative=alt); out.append([float(r.statistic), float(r.pvalue), na - 1])
    elif test == 'student': r = stats.ttest_ind(a, b, alternative=alt); out.append([float(r.statistic), float(r.pvalue), na + nb - 2])
    elif test == 'welch':
        r = stats.ttest_ind(a, b, equal_var=False, alternative=alt)
        dof = (va / na + vb / nb) ** 2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
        out.append([float(r.statistic), float(r.pvalue), float(dof)])
    elif test == 'mann-whitney': r = stats.mannwhitneyu(a, b, alternative=alt); out.append([float(r.statistic), float(r.pvalue), None])
print(json.dumps(out))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', script, JSON.stringify(calls)], { encoding: 'utf8' })) as [number, number, number | null][];
}

describe('recheck stat', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'seeds.csv'), seedsCsv);

  it('the five-seed example: the paired t is sqrt(320), p = 5.74e-5; Welch p about 0.63 (text output)', async () => {
    const paired = await cli(['stat', 'seeds.csv', '--test', 'paired-t', '--a', 'method', '--b', 'baseline'], dir);
    expect(paired.code).toBe(0);
    expect(paired.stderr).toBe('');
    expect(paired.stdout).toMatch(/^test {8}paired-t, two-sided \(seeds\.csv; 5 pairs \(method - baseline\)\)$/m);
    expect(paired.stdout).toContain(`statistic   t = ${Number(Math.sqrt(320).toPrecision(9))}\n`);
    expect(paired.stdout).toContain('dof         4\n');
    expect(paired.stdout).toMatch(/^p {11}0\.0000573928$/m);
    expect(paired.stdout).toMatch(/computed: exact \(Student t with 4 degrees of freedom on 5 paired differences\)/);
    expect(paired.stdout).toMatch(/interval {4}95% for the mean difference: \[0\.844792, 1\.155208\]/);
    expect(paired.stdout).toContain('effect      cohen-dz = 8\n');
    const welch = await cli(['stat', 'seeds.csv', '--test', 'welch', '--a', 'method', '--b', 'baseline'], dir);
    expect(welch.code).toBe(0); // a test's result is not pass or fail
    expect(welch.stdout).toMatch(/^p {11}0\.629184/m);
  });

  it('--json carries statistic, dof and p; a one-sided interval writes its infinite end out', async () => {
    const r = await cli(
      ['stat', 'seeds.csv', '--test', 'paired-t', '--a', 'method', '--b', 'baseline', '--alternative', 'greater', '--json'],
      dir,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, unknown> & { ci: { low: number; high: unknown } };
    expect(relErr(j.statistic as number, Math.sqrt(320))).toBeLessThan(1e-12);
    expect(j.dof).toBe(4);
    expect(relErr(j.p as number, 5.739277787182305e-5 / 2)).toBeLessThan(1e-9);
    expect(j.ci.high).toBe('Infinity');
    expect(j.ci.low).toBeGreaterThan(0.8);
    const less = JSON.parse(
      (await cli(['stat', 'seeds.csv', '--test', 'welch', '--a', 'method', '--b', 'baseline', '--alternative', 'less', '--json'], dir))
        .stdout,
    ) as {
      ci: { low: unknown };
      dof: number;
    };
    expect(less.ci.low).toBe('-Infinity');
    expect(less.dof).toBeGreaterThan(7.99);
  });

  it('rank, binomial and permutation tests name how p was computed', async () => {
    const w = await cli(
      ['stat', 'seeds.csv', '--test', 'wilcoxon', '--a', 'method', '--b', 'baseline', '--method', 'exact', '--json'],
      dir,
    );
    const wj = JSON.parse(w.stdout) as { p: number; method: { kind: string }; dof: unknown };
    expect(wj.method.kind).toBe('exact');
    expect(wj.dof).toBeNull();
    expect(wj.p).toBe(0.0625); // no exact test of 5 pairs goes below 2/32
    const perm = await cli(['stat', 'seeds.csv', '--test', 'permutation', '--paired', '--a', 'method', '--b', 'baseline'], dir);
    expect(perm.stdout).toMatch(/exact enumeration of all 32 sign flips/);
    writeFileSync(join(dir, 'wins.csv'), 'win\n1\n1\n0\n1\n1\n1\n');
    const bin = JSON.parse(
      (await cli(['stat', 'wins.csv', '--test', 'binomial', '--a', 'win', '--alternative', 'greater', '--json'], dir)).stdout,
    ) as {
      p: number;
    };
    expect(bin.p).toBeCloseTo(7 / 64, 14);
  });

  it('bad input: exit 2, one line naming the file and the line or column', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'a,b\n1,2\n3,x\n');
    writeFileSync(join(dir, 'short.csv'), 'a,b\n1,2\n3,\n5,\n');
    writeFileSync(join(dir, 'gap.csv'), 'a,b\n1,2\n3,\n5,6\n');
    const cases: [string[], RegExp][] = [
      [['bad.csv', '--test', 'welch', '--a', 'a', '--b', 'b'], /^recheck: bad\.csv: line 3: column "b": "x" is not a finite number\n$/],
      [['seeds.csv', '--test', 'welch', '--a', 'method', '--b', 'nope'], /^recheck: seeds\.csv: line 1: no column "nope"/],
      [['short.csv', '--test', 'paired-t', '--a', 'a', '--b', 'b'], /^recheck: short\.csv: line 3: unequal paired columns: "b" is blank/],
      [['gap.csv', '--test', 'welch', '--a', 'a', '--b', 'b'], /^recheck: gap\.csv: line 3: column "b": empty cell, expected a number\n$/],
      [['seeds.csv', '--test', 'anova', '--a', 'method', '--b', 'baseline'], /--test must be one of paired-t/],
      [['seeds.csv', '--test', 'welch', '--a', 'method'], /give --b COL/],
      [
        ['seeds.csv', '--test', 'welch', '--a', 'method', '--b', 'baseline', '--level', '95'],
        /--level "95" must be a number between 0 and 1/,
      ],
      [['nothere.csv', '--test', 'welch', '--a', 'a', '--b', 'b'], /^recheck: nothere\.csv/],
    ];
    for (const [args, want] of cases) {
      const r = await cli(['stat', ...args], dir);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(want);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    // Unpaired groups of different sizes are fine: the shorter column ends in blanks.
    writeFileSync(join(dir, 'groups.csv'), 'a,b\n1,2\n3,4.5\n5,\n');
    const ok = JSON.parse((await cli(['stat', 'groups.csv', '--test', 'welch', '--a', 'a', '--b', 'b', '--json'], dir)).stdout) as {
      n: unknown;
    };
    expect(ok.n).toEqual({ a: 3, b: 2 });
  });
});

describe.skipIf(scipy !== '')('recheck stat against scipy on random CSVs', () => {
  const dir = tempDir();
  const tests = ['paired-t', 'student', 'welch', 'mann-whitney'] as const;
  const alts = ['two-sided', 'greater', 'less'] as const;
  // 60 seeded tables of 5 to 12 rows with decimal cells (two digits); each is written to a CSV and read back.
  const tables = fc.sample(
    fc.record({
      rows: fc.array(fc.tuple(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: -5000, max: 5000 })), {
        minLength: 5,
        maxLength: 12,
      }),
      test: fc.constantFrom(...tests),
      alt: fc.constantFrom(...alts),
    }),
    { numRuns: 60, seed: 20 },
  );
  let oracle: [number, number, number | null][] = [];
  beforeAll(() => {
    tables.forEach((t, i) => writeFileSync(join(dir, `t${i}.csv`), `a,b\n${t.rows.map(([x, y]) => `${x / 100},${y / 100}`).join('\n')}\n`));
    oracle = scipyOracle(tables.map((t) => [t.test, t.rows.map((r) => r[0] / 100), t.rows.map((r) => r[1] / 100), t.alt]));
  });
  it('statistic, dof and p agree with scipy (relative 1e-9, or both p below 1e-300)', async () => {
    let compared = 0;
    for (const [i, t] of tables.entries()) {
      const [s, p, dof] = oracle[i]!;
      const args = ['stat', `t${i}.csv`, '--test', t.test, '--a', 'a', '--b', 'b', '--alternative', t.alt, '--json'];
      const r = await cli(args, dir);
      if (!Number.isFinite(s)) {
        expect(r.code, `t${i}`).toBe(2); // constant differences: no t statistic
        continue;
      }
      expect(r.code, `${t.test} t${i}: ${r.stderr}`).toBe(0);
      const j = JSON.parse(r.stdout) as { statistic: number; p: number; dof: number | null };
      expect(Math.abs(j.statistic - s)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(s)));
      expect(Math.abs(j.p - p)).toBeLessThanOrEqual(1e-9 * Math.max(p, 1e-300));
      if (dof === null) expect(j.dof).toBeNull();
      else expect(relErr(j.dof as number, dof)).toBeLessThan(1e-9);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
