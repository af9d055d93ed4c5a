// `recheck claim` in process through the CLI entry: the five-seed gain table against "+4pp at least" (text report,
// exit 0), not reproduced (exit 1), cannot tell (exit 5: a straddle, 2 seeds without a reason; with
// --min-seeds-reason they decide and the reason is printed), a derived column, a Trackio database (--metric, --step,
// --run), inline --values, the JSON keys with numbers against scipy on 40 random tables, and bad input as exit 2
// with one line naming the file and the problem (units that differ, a missing column, a bad cell, bad flags).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../helpers/required';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { ACC_AT_50, seedsCsv, writeSeedsDatabase } from '../checks/kinds/metric-claim-fixture';
import { hexId } from '../metrics/sqlite-fixture';

const scipy = pythonModules(['scipy.stats', 'numpy']);
const units = ['--claim-unit', 'pp', '--values-unit', 'fraction', '--scale', '100'];

const ORACLE = `
import json, sys
import numpy as np
from scipy import stats
out = []
for x, conf, b in json.load(sys.stdin):
    x = np.array(x); n = len(x); se = np.std(x, ddof=1) / np.sqrt(n)
    lo, hi = stats.t.interval(conf, n - 1, loc=np.mean(x), scale=se)
    r = stats.ttest_1samp(x, b, alternative='greater')
    out.append([float(np.mean(x)), float(lo), float(hi), float(r.statistic), float(r.pvalue)])
print(json.dumps(out))`;

describe.skipIf(scipy !== '')('recheck claim', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'seeds.csv'), seedsCsv());
  writeFileSync(join(dir, 'two.csv'), seedsCsv(2));
  writeFileSync(join(dir, 'bad.csv'), 'seed,gain\n1,0.04\n2,4%\n3,0.05\n');
  const random: { x: number[]; conf: number; b: number }[] = [];
  let ref: number[][] = [];
  beforeAll(() => {
    writeSeedsDatabase(join(dir, 'trackio.db'));
    const rng = new Xoshiro128(11);
    for (let i = 0; i < 40; i++) {
      const n = 3 + rng.nextInt(10);
      const x = Array.from({ length: n }, () => Number((5 + 2 * rng.nextNormal()).toFixed(3)));
      random.push({ x, conf: [0.8, 0.9, 0.95, 0.99][rng.nextInt(4)]!, b: Number((4 + 2 * rng.nextFloat()).toFixed(2)) });
      writeFileSync(join(dir, `r${i}.csv`), `v\n${x.join('\n')}\n`);
    }
    const run = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(random.map((r) => [r.x, r.conf, r.b])), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    ref = JSON.parse(run.stdout) as number[][];
  });

  it('the gain table against "+4pp at least": reproduced, exit 0, the report names seeds, interval, test and source', async () => {
    const r = await cli(['claim', 'seeds.csv', '--column', 'gain', '--claimed', '4', '--direction', 'at-least', ...units], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('claim       at least 4 pp\n');
    expect(r.stdout).toContain('values      5 seeds (column gain); values in fraction times 100 give pp\n');
    expect(r.stdout).toContain('  line 2  0.0452 -> 4.52\n');
    expect(r.stdout).toContain('interval    95%: [4.37602, 4.80398] (t quantile 2.77645)\n');
    expect(r.stdout).toContain('t test      against 4: t = 7.65524, 4 dof, P(T >= t) = 0.0007824, P(T <= t) = 0.9992\n');
    expect(r.stdout).toMatch(
      /^decision {4}REPRODUCED: the 95% interval \[4\.37602, 4\.80398\] of the mean 4\.59 lies within the claim's region \(at least 4\)$/m,
    );
    expect(r.stdout).toMatch(/^source {6}seeds\.csv \(sha256 [0-9a-f]{64}\)$/m);
  });

  it('exit 1 not reproduced, 5 cannot tell; 2 seeds decide only with --min-seeds-reason, which is printed', async () => {
    const args = (claimed: string, file = 'seeds.csv') => [
      'claim',
      file,
      '--column',
      'gain',
      `--claimed=${claimed}`,
      '--direction',
      'at-least',
      ...units,
    ];
    expect((await cli(args('5'), dir)).code).toBe(1);
    const straddle = await cli(args('4.5'), dir);
    expect(straddle.code).toBe(5);
    expect(straddle.stdout).toMatch(/^decision {4}CANNOT TELL: .* straddles the claim's boundary 4\.5 /m);
    const silent = await cli(args('3', 'two.csv'), dir);
    expect(silent.code).toBe(5);
    expect(silent.stdout).toMatch(/CANNOT TELL: 2 seeds, below the minimum of 3, and the case states no reason why fewer suffice/);
    const said = await cli([...args('3', 'two.csv'), '--min-seeds-reason', 'each run costs 4,000 GPU hours'], dir);
    expect(said.code).toBe(0);
    expect(said.stdout).toContain('because the case says: "each run costs 4,000 GPU hours"');
    const eq = await cli(['claim', 'seeds.csv', '--column', 'gain', '--claimed=-1', '--direction', 'equal', '--tolerance', 'abs:0.5'], dir);
    expect(eq.code).toBe(1);
  });

  it('a derived column, a Trackio database at a step, inline values', async () => {
    const derived = await cli(
      [
        'claim',
        'seeds.csv',
        '--column',
        'd',
        '--derive',
        'd = 100 * (method - baseline)',
        '--claimed',
        '4',
        '--direction',
        'at-least',
        '--json',
      ],
      dir,
    );
    expect(derived.code).toBe(0);
    const dj = JSON.parse(derived.stdout);
    expect(dj.source.derived[0]).toMatchObject({ name: 'd', expression: '100 * (method - baseline)', exactCells: 5 });
    expect(dj.seeds.map((s: { value: number }) => s.value)).toEqual([4.52, 4.7, 4.35, 4.8, 4.58]);
    const db = await cli(
      [
        'claim',
        'trackio.db',
        '--metric',
        'eval/acc',
        '--step',
        '50',
        '--run',
        'seed-1',
        '--run',
        'seed-2',
        '--run',
        'seed-3',
        '--claimed',
        '0.75',
        '--direction',
        'at-least',
        '--json',
      ],
      dir,
    );
    expect(db.stderr).toBe('');
    expect(db.code).toBe(1);
    const j = JSON.parse(db.stdout);
    expect(j.seeds.map((s: { seed: string; value: number }) => [s.seed, s.value])).toEqual(
      ACC_AT_50.slice(0, 3).map((v, i) => [`seed-${i + 1}`, v]),
    );
    expect(j.source).toMatchObject({ kind: 'metrics', file: 'trackio.db', metric: 'eval/acc', step: 50, format: 'trackio-sqlite' });
    const inline = await cli(
      ['claim', '--values', '3.9,4.1,4.3,3.8,4.2', '--claimed', '4', '--direction', 'equal', '--tolerance', 'rel:0.125'],
      dir,
    );
    expect(inline.code).toBe(0);
    expect(inline.stdout).toContain('claim       within 4 +- 0.5 (12.5% of 4), from 3.5 to 4.5\n');
    expect((await cli(['claim', '--values', '3.9,nan,4.1', '--claimed', '4', '--direction', 'at-most'], dir)).code).toBe(5);
  });

  it('--json on 40 random tables: mean, interval, t and p against scipy; the keys as documented', async () => {
    let worst = 0;
    for (const [i, c] of random.entries()) {
      const r = await cli(
        ['claim', `r${i}.csv`, '--column', 'v', `--claimed=${c.b}`, '--direction', 'at-least', '--confidence', String(c.conf), '--json'],
        dir,
      );
      expect(r.stderr).toBe('');
      const j = JSON.parse(r.stdout);
      const [m, lo, hi, t, p] = ref[i] as number[];
      const width = (hi as number) - (lo as number);
      worst = Math.max(
        worst,
        Math.abs(j.mean - (m as number)) / width,
        Math.abs(j.interval.low - (lo as number)) / width,
        Math.abs(j.interval.high - (hi as number)) / width,
        Math.abs(j.tests[0].statistic - (t as number)) / Math.max(1, Math.abs(t as number)),
        Math.abs(j.tests[0].pGreater - (p as number)) / Math.max(p as number, 1e-300),
      );
      expect(r.code).toBe(j.decision === 'reproduced' ? 0 : j.decision === 'not-reproduced' ? 1 : 5);
      if (i === 0)
        expect(Object.keys(j)).toEqual([
          'claim',
          'units',
          'source',
          'seeds',
          'n',
          'mean',
          'sd',
          'se',
          'dof',
          'quantile',
          'interval',
          'confidence',
          'decision',
          'decisionWords',
          'conclusion',
          'reason',
          'decides',
          'intervalSays',
          'gate',
          'tests',
          'pInside',
          'pOutside',
          'deciding',
        ]);
    }
    expect(worst).toBeLessThan(1e-8);
  });

  it('a case with a metric-claim check validates and runs: the "+4pp" falsification is refuted, with the numbers', async () => {
    const caseDir = writeMinimalCase(dir, 'gain-case');
    writeFileSync(join(caseDir, 'logbook', 'seeds.csv'), seedsCsv());
    const json = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8'));
    json.falsifications[0].assertion = 'The +4pp gain is not reproduced over 5 seeds.';
    json.falsifications[0].checks = [
      {
        id: 'gain',
        kind: 'metric-claim',
        title: 'The claimed +4pp gain over the five seeds.',
        params: {
          table: 'logbook/seeds.csv',
          derive: ['g = method - baseline'],
          column: 'g',
          claimed: 4,
          direction: 'at-least',
          claimUnit: 'pp',
          valuesUnit: 'fraction',
          scale: 100,
        },
      },
    ];
    writeFileSync(join(caseDir, 'case.json'), JSON.stringify(json));
    expect((await cli(['validate', 'gain-case'], dir)).code).toBe(0);
    const run = await cli(['run', 'gain-case', '--no-record', '--json'], dir);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const f = report.falsifications[0];
    expect(f.decision).toBe('refuted');
    const check = f.checks[0];
    expect(check).toMatchObject({
      kind: 'metric-claim',
      outcome: 'refutes',
      seeds: 5,
      basis: 'logbook',
      guarantee: { kind: 'statistical', dof: 4 },
    });
    expect(check.evidence.decision).toBe('reproduced');
  });

  it('the examples of docs/metric-claim.md print what the page shows', async () => {
    const page = readFileSync(join(__dirname, '../../../docs/metric-claim.md'), 'utf8');
    const blocks = [...page.matchAll(/```console\n\$ recheck (.*)\n([\s\S]*?)```/g)];
    expect(blocks).toHaveLength(3);
    for (const [, command, output] of blocks) {
      const words = [...command!.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
      const r = await cli(words, dir);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(output);
    }
  });

  it.each<[string[], RegExp]>([
    [
      ['seeds.csv', '--column', 'gain', '--claimed', '4', '--direction', 'at-least', '--claim-unit', 's', '--values-unit', 'ms'],
      /^recheck: seeds\.csv: the claim is in "s" and the values in "ms": state the factor/,
    ],
    [['seeds.csv', '--column', 'nope', '--claimed', '4', '--direction', 'at-least'], /^recheck: seeds\.csv: line 1: no column "nope"/],
    [
      ['bad.csv', '--column', 'gain', '--claimed', '4', '--direction', 'at-least'],
      /^recheck: bad\.csv: line 3: column "gain": "4%" is not a finite number/,
    ],
    [['seeds.csv', '--column', 'gain', '--claimed', '4', '--direction', 'equal'], /^recheck: seeds\.csv: an equal claim needs a tolerance/],
    [
      ['seeds.csv', '--column', 'gain', '--claimed', '4', '--direction', 'equal', '--tolerance', '0.5'],
      /--tolerance must be abs:X or rel:X/,
    ],
    [['seeds.csv', '--column', 'gain', '--direction', 'at-least'], /give the claimed number with --claimed X/],
    [['seeds.csv', '--column', 'gain', '--metric', 'm', '--claimed', '4', '--direction', 'at-least'], /give exactly one of --column/],
    [
      ['trackio.db', '--metric', 'eval/acc', '--run', 'nobody', '--claimed', '4', '--direction', 'at-least'],
      /^recheck: trackio\.db: no run "nobody"; runs: /,
    ],
    [
      ['trackio.db', '--metric', 'eval/acc', '--run', 'seed-1', '--run', hexId(1), '--claimed', '4', '--direction', 'at-least'],
      /^recheck: trackio\.db: run "seed-1" is named twice: one run is one seed\n/,
    ],
    [['--values', '1,x,3', '--claimed', '4', '--direction', 'at-least'], /^recheck: --values: value 2 "x" is not a decimal number/],
  ])('bad input: exit 2, one line (%j)', async (args, message) => {
    const r = await cli(['claim', ...args], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
