// The metrics capability over a workspace holding the bundled kl-direction case: its Trackio database
// (logbook/distill.db) is found and read, and every value the API returns is compared with the same rows read by
// Python's own sqlite3 and json modules (an independent SQLite and JSON reader); unreadable files, unknown runs and
// keys, and paths out of the case are refused in one line. Also: the script that writes the database gives the
// committed bytes (so the case's database is reproducible).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import { API_METHODS } from '../../../common/api/methods';
import { PYTHON, pythonModules } from '../../helpers/required';
import { tempDir } from '../../helpers/temp-case';
import { distillDatabase, DISTILL_DB, ONSET, STEPS } from '../../../scripts/kl-direction-distill-db';
import { parquetBytes, structuralColumns } from '../metrics/parquet-fixture';

const CASE = resolve(import.meta.dirname, '../../../cases/kl-direction');

const ORACLE = String.raw`
import json, sqlite3, sys
c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
out = {}
for run_id, run_name, step, blob in c.execute("SELECT run_id, run_name, step, metrics FROM metrics ORDER BY id"):
    m = json.loads(blob)
    for k, v in m.items():
        s = out.setdefault(run_name, {"id": run_id, "keys": {}})["keys"].setdefault(k, {"steps": [], "values": []})
        s["steps"].append(step)
        s["values"].append(v)  # Trackio's strings "NaN", "Infinity", "-Infinity" kept as strings
print(json.dumps(out))
`;

interface OracleRun {
  id: string;
  keys: Record<string, { steps: number[]; values: (number | string)[] }>;
}

const skip = pythonModules(['sqlite3', 'json']);

describe.skipIf(skip !== '')('metrics capability on the kl-direction case', () => {
  let service: RecheckService;
  let ws: string;
  let oracle: Record<string, OracleRun>;
  beforeAll(async () => {
    const r = spawnSync(PYTHON, ['-c', ORACLE, DISTILL_DB], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    oracle = JSON.parse(r.stdout) as Record<string, OracleRun>;
    ws = tempDir();
    cpSync(CASE, join(ws, 'kl-direction'), { recursive: true });
    service = await createRecheckService({ workspaceDir: ws });
  });

  it('lists logbook/distill.db with its two runs, their keys and non-finite counts as Python counts them', async () => {
    const sources = await service.listMetricsSources('kl-direction');
    expect(sources.map((s) => s.path)).toEqual(['logbook/distill.db']);
    const src = sources[0]!;
    expect(src.format).toBe('trackio-sqlite');
    expect(src.runs.map((r) => r.name)).toEqual(['forward-kl', 'reverse-kl']);
    for (const run of src.runs) {
      const o = oracle[run.name]!;
      expect(run.id).toBe(o.id);
      expect(run.keys.map((k) => k.key)).toEqual(Object.keys(o.keys));
      for (const k of run.keys) {
        const vs = o.keys[k.key]!.values;
        expect(k.points).toBe(vs.length);
        expect(k.nan).toBe(vs.filter((v) => v === 'NaN').length);
        expect(k.posInf).toBe(vs.filter((v) => v === 'Infinity').length);
        expect(k.negInf).toBe(vs.filter((v) => v === '-Infinity').length);
      }
    }
    // The story the case's database tells: the reverse-KL loss turns non-finite from step ONSET, the forward one never.
    const loss = (name: string) => src.runs.find((r) => r.name === name)!.keys.find((k) => k.key === 'train/loss')!;
    expect(loss('reverse-kl')).toMatchObject({ points: STEPS, nan: (STEPS - ONSET) / 2, posInf: (STEPS - ONSET) / 2, negInf: 0 });
    expect(loss('forward-kl')).toMatchObject({ points: STEPS, nan: 0, posInf: 0, negInf: 0 });
  });

  it('returns both runs’ train/loss series value for value as stored, non-finite values spelled as Trackio spells them', async () => {
    const src = (await service.listMetricsSources('kl-direction'))[0]!;
    const picks = src.runs.map((r) => ({ run: r.id, key: 'train/loss' }));
    const series = await service.readMetricsSeries('kl-direction', 'logbook/distill.db', picks);
    expect(series.map((s) => s.runName)).toEqual(['forward-kl', 'reverse-kl']);
    for (const s of series) {
      const o = oracle[s.runName]!.keys['train/loss']!;
      expect(s.steps).toEqual(o.steps);
      expect(s.values).toEqual(o.values);
      expect(s.notes).toEqual([]);
    }
    const reverse = series[1]!;
    expect(reverse.steps.filter((_, i) => reverse.values[i] === 'Infinity')[0]).toBe(ONSET);
  });

  it('refuses an unknown run or key naming what exists, and a path outside the case or not a metrics file', async () => {
    await expect(service.readMetricsSeries('kl-direction', 'logbook/distill.db', [{ run: 'nope', key: 'train/loss' }])).rejects.toThrow(
      /^kl-direction\/logbook\/distill\.db: no run "nope"; runs: forward-kl, reverse-kl$/,
    );
    await expect(service.readMetricsSeries('kl-direction', 'logbook/distill.db', [{ run: 'forward-kl', key: 'acc' }])).rejects.toThrow(
      /has no metric "acc"; metrics: train\/loss, eval\/loss$/,
    );
    await expect(service.readMetricsSeries('kl-direction', 'logbook/writeup.md', [{ run: 'a', key: 'b' }])).rejects.toThrow(
      /writeup\.md: is not a Trackio metrics file/,
    );
    expect(() => API_METHODS.readMetricsSeries.validate(['kl-direction', '../x.db', [{ run: 'a', key: 'b' }]])).toThrow(
      'readMetricsSeries: path must be a relative path inside the case (no "..")',
    );
    expect(() => API_METHODS.readMetricsSeries.validate(['kl-direction', 'a.db', []])).toThrow(/series must be a list of 1 to 24/);
  });

  it('lists an unreadable metrics file with its one-line reason, and does not follow a symlink out of the case', async () => {
    const ws2 = tempDir();
    cpSync(CASE, join(ws2, 'kl-direction'), { recursive: true });
    mkdirSync(join(ws2, 'kl-direction', 'logbook', 'other'), { recursive: true });
    writeFileSync(join(ws2, 'kl-direction', 'logbook', 'other', 'broken.db'), 'not a database at all');
    const outside = join(tempDir(), 'secret.db');
    writeFileSync(outside, readFileSync(DISTILL_DB));
    symlinkSync(outside, join(ws2, 'kl-direction', 'logbook', 'escape.db'));
    const s2 = await createRecheckService({ workspaceDir: ws2 });
    const sources = await s2.listMetricsSources('kl-direction');
    expect(sources.map((s) => [s.path, s.error ?? null])).toEqual([
      ['logbook/distill.db', null],
      ['logbook/other/broken.db', 'is neither a SQLite database nor a Parquet file; expected a Trackio <project>.db or metrics.parquet'],
    ]);
    await expect(s2.readMetricsSeries('kl-direction', 'logbook/escape.db', [{ run: 'forward-kl', key: 'train/loss' }])).rejects.toThrow(
      /escape\.db/,
    );
  });
});

describe('metrics capability on a Parquet export', () => {
  it('lists metrics.parquet (not its aux/ sidecars: a broken one is its error) and returns its series as written, NaN and Infinity spelled out', async () => {
    const ws = tempDir();
    cpSync(CASE, join(ws, 'kl-direction'), { recursive: true });
    const rows = [0n, 1n, 2n, 3n].map((step) => ({ runId: 'r1', runName: 'run-a', timestamp: `2026-08-01T00:00:0${step}+00:00`, step }));
    const loss = [0.5, Number.NaN, Infinity, 0.25];
    mkdirSync(join(ws, 'kl-direction', 'export', 'aux'), { recursive: true });
    writeFileSync(
      join(ws, 'kl-direction', 'export', 'metrics.parquet'),
      parquetBytes({ ...structuralColumns(rows), loss: { type: 'float64', values: loss } }, 'SNAPPY'),
    );
    const service = await createRecheckService({ workspaceDir: ws });
    // A broken sidecar is not listed as a source of its own, and makes its export unreadable, saying why.
    writeFileSync(join(ws, 'kl-direction', 'export', 'aux', 'configs.parquet'), 'not parquet');
    const broken = await service.listMetricsSources('kl-direction');
    expect(broken.map((s) => s.path)).toEqual(['export/metrics.parquet', 'logbook/distill.db']);
    expect(broken[0]!.error).toMatch(/^kl-direction\/export\/aux\/configs\.parquet: is not a Parquet file/);
    rmSync(join(ws, 'kl-direction', 'export', 'aux'), { recursive: true });
    const sources = await service.listMetricsSources('kl-direction');
    expect(sources.map((s) => [s.path, s.format])).toEqual([
      ['export/metrics.parquet', 'trackio-parquet'],
      ['logbook/distill.db', 'trackio-sqlite'],
    ]);
    expect(sources[0]!.runs[0]!.keys).toEqual([{ key: 'loss', points: 4, nan: 1, posInf: 1, negInf: 0 }]);
    const [series] = await service.readMetricsSeries('kl-direction', 'export/metrics.parquet', [{ run: 'run-a', key: 'loss' }]);
    expect(series).toMatchObject({ runName: 'run-a', key: 'loss', steps: [0, 1, 2, 3], values: [0.5, 'NaN', 'Infinity', 0.25] });
  });
});

describe('scripts/kl-direction-distill-db.ts', () => {
  it('writes exactly the database the case ships (deterministic)', async () => {
    const bytes = await distillDatabase();
    expect(Buffer.compare(Buffer.from(bytes), readFileSync(DISTILL_DB))).toBe(0);
  });
});
