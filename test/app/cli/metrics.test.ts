// `recheck metrics` in process through the CLI entry: the listing, one series as lines, CSV (read back by
// `recheck fit`) and JSON, and the exit-2 messages naming what exists.
import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { hexId, isoAt, writeTrackioDatabase } from '../metrics/sqlite-fixture';
import { parquetBytes, structuralColumns } from '../metrics/parquet-fixture';

const dir = tempDir('recheck-cli-metrics-');
const ks = [2, 4, 8, 16, 32, 64, 128, 256];
writeTrackioDatabase({
  path: join(dir, 'proj.db'),
  schema: 'current',
  blob: true,
  runs: [
    {
      runId: hexId(1),
      name: 'sweep',
      rows: ks.map((k, i) => ({
        step: k,
        timestamp: isoAt(i),
        metrics: { gap: 0.5 + 0.25 * Math.log(k), img: { _type: 'trackio.image', file_path: 'a.png' } },
      })),
      config: { lr: 0.001 },
    },
    {
      runId: hexId(2),
      name: 'diverged',
      rows: [0, 1, 2, 1].map((step, i) => ({
        step,
        timestamp: isoAt(100 + i),
        metrics: { loss: [1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY][i] as number },
      })),
    },
    { runId: hexId(3), name: 'diverged', rows: [{ step: 0, timestamp: isoAt(200), metrics: { loss: 3 } }] },
  ],
  alerts: [{ runId: hexId(2), runName: 'diverged', timestamp: isoAt(102), title: 'loss exploded', text: null, level: 'error', step: 2 }],
});
mkdirSync(join(dir, 'bucket'));
const rows = [0n, 1n, 2n].map((step) => ({ runId: 'r1', runName: 'only', timestamp: isoAt(Number(step)), step }));
writeFileSync(
  join(dir, 'bucket', 'metrics.parquet'),
  parquetBytes({ ...structuralColumns(rows), acc: { type: 'float64', values: [0.5, Number.NaN, 0.75] } }, 'ZSTD'),
);

describe('recheck metrics', () => {
  it('lists runs, configs, metric keys and alerts', async () => {
    const r = await cli(['metrics', 'proj.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('proj.db: Trackio SQLite database; metrics with run_id, log_id, space_id\n13 metric rows, 3 runs\n');
    expect(r.stdout).toContain(
      `run sweep  id ${hexId(1)}  created ${isoAt(0)}  last step 256  8 rows\n  config: {"lr":0.001}\n  metrics:\n    gap: 8 points\n    img: not numbers: trackio.image 8\n`,
    );
    expect(r.stdout).toContain('    loss: 4 points; NaN 1, +Infinity 1, -Infinity 1 (3 from Trackio\'s "NaN"/"Infinity" strings)\n');
    expect(r.stdout).toContain(`alerts: 1\n  [error] ${isoAt(102)} run diverged step 2: loss exploded\n`);
  });

  it('--json prints one document; --run narrows it to one run', async () => {
    const r = await cli(['metrics', 'proj.db', '--json', '--run', hexId(3)], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['file', 'format', 'schema', 'rows', 'tables', 'notes', 'runs', 'alerts']);
    expect(doc.runs).toEqual([
      {
        id: hexId(3),
        name: 'diverged',
        createdAt: isoAt(200),
        lastStep: 0,
        count: 1,
        keys: [{ key: 'loss', numbers: 1, nonFinite: { nan: 0, posInf: 0, negInf: 0 }, restoredFromStrings: 0, other: {} }],
        config: null,
        systemMetrics: null,
      },
    ]);
  });

  it('prints one series as step,value lines after "# " lines, NaN and ±Infinity kept, unordered steps said', async () => {
    const r = await cli(['metrics', 'proj.db', '--run', hexId(2), '--key', 'loss'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        `# proj.db: run "diverged" (id ${hexId(2)}), metric "loss": 4 points; NaN 1, +Infinity 1, -Infinity 1 (3 from Trackio's "NaN"/"Infinity" strings)`,
        '# steps are not monotonic: 1 decrease (first at point 4: step 1 after step 2)',
        '0,1',
        '1,NaN',
        '2,Infinity',
        '1,-Infinity',
        '',
      ].join('\n'),
    );
  });

  it('--csv writes a table recheck fit reads back (the values exactly as logged); notes go to stderr', async () => {
    const r = await cli(['metrics', 'proj.db', '--run', 'sweep', '--key', 'gap', '--csv'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`step,value\n${ks.map((k) => `${k},${0.5 + 0.25 * Math.log(k)}`).join('\n')}\n`);
    expect(r.stderr).toBe('');
    writeFileSync(join(dir, 'gap.csv'), r.stdout);
    const fit = await cli(['fit', 'gap.csv', '--x', 'step', '--y', 'value', '--json'], dir);
    expect(fit.code).toBe(0);
    const log = JSON.parse(fit.stdout).models.find((m: { name: string }) => m.name === 'log');
    expect(log.params.a).toBeCloseTo(0.5, 12);
    expect(log.params.b).toBeCloseTo(0.25, 12);
    const nonFinite = await cli(['metrics', 'proj.db', '--run', hexId(2), '--key', 'loss', '--csv'], dir);
    expect(nonFinite.stderr).toBe('recheck: note: steps are not monotonic: 1 decrease (first at point 4: step 1 after step 2)\n');
  });

  it('--json with --key prints the series with non-finite values spelled as Trackio does', async () => {
    const r = await cli(['metrics', 'bucket/metrics.parquet', '--key', 'acc', '--json'], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.format).toBe('trackio-parquet');
    expect(doc.series.points).toEqual([
      [0, 0.5],
      [1, 'NaN'],
      [2, 0.75],
    ]);
    expect(doc.series.nonFinite).toEqual({ nan: 1, posInf: 0, negInf: 0 });
    expect(doc.series.stepOrder.kind).toBe('increasing');
  });

  it('an unknown or ambiguous run, an unknown key, bad usage and bad files are exit 2 with one line', async () => {
    const cases: [string[], string][] = [
      [
        ['metrics', 'proj.db', '--run', 'nope', '--key', 'loss'],
        `recheck: proj.db: no run "nope"; runs: sweep, diverged (id ${hexId(2)}), diverged (id ${hexId(3)})\n`,
      ],
      [
        ['metrics', 'proj.db', '--run', 'diverged'],
        `recheck: proj.db: 2 runs are named "diverged"; give one of their ids with --run: ${hexId(2)}, ${hexId(3)}\n`,
      ],
      [['metrics', 'proj.db', '--run', 'sweep', '--key', 'los'], 'recheck: proj.db: run "sweep" has no metric "los"; metrics: gap, img\n'],
      [
        ['metrics', 'proj.db', '--key', 'loss'],
        'recheck: metrics: --key needs --run NAME: proj.db has 3 runs (sweep, diverged, diverged) (see recheck help metrics)\n',
      ],
      [['metrics', 'proj.db', '--csv'], 'recheck: metrics: --csv writes one series: give --key METRIC (see recheck help metrics)\n'],
      [
        ['metrics', 'proj.db', '--key', 'gap', '--csv', '--json'],
        'recheck: metrics: --csv and --json exclude each other (see recheck help metrics)\n',
      ],
      [['metrics', 'missing.db'], 'recheck: missing.db: no such file\n'],
      [['metrics', 'bucket'], 'recheck: bucket: is a folder, not a regular file\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await cli(args, dir);
      expect([r.code, r.stderr, r.stdout]).toEqual([2, stderr, '']);
    }
    writeFileSync(join(dir, 'notes.txt'), 'step,value\n1,2\n');
    const r = await cli(['metrics', 'notes.txt'], dir);
    expect([r.code, r.stderr]).toEqual([
      2,
      'recheck: notes.txt: is neither a SQLite database nor a Parquet file; expected a Trackio <project>.db or metrics.parquet\n',
    ]);
  });
});
