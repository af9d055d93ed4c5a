// A replay sweep for real, in the sandbox: the paging-style script of a Trackio logbook (KS = [2, 4, 8, 16]) replayed
// with KS swept over k = 2..1024, one point per k, through runSweep. The points table holds exactly what Debian's
// Python prints for those k outside Recheck (oracle); `recheck fit` on it concludes `grows`, with the log law's
// b/se(b) equal to scipy's linregress; on the logbook's own 4 printed rows it says `cannot tell`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../../app/runs/checkpoint';
import { runReplaySweep, type ReplaySweepResult } from '../../../app/replay/sweep';
import { parseReplayGrid } from '../../../app/replay/sweep-grid';
import { cli } from '../../helpers/cli';
import { PYTHON, pythonModules } from '../../helpers/required';
import { confinementOrSkip } from '../sandbox/harness';
import { pythonCell, readableTempDir, replayCase } from './replay-case';
import { PAGING_CELL, pagingCase, pagingOracle, powersOfTwo } from './sweep-case';

const c = await confinementOrSkip();
const noScipy = pythonModules(['scipy.stats']);
const KS = powersOfTwo(10);

let caseDir = '';
let sweep: ReplaySweepResult;
let wallMs = 0;
let csv = '';
let scipyLog: { slope: number; sigma: number } = { slope: NaN, sigma: NaN };

describe.skipIf(c === null)('a replay sweep of a paging-style script to k = 1024', () => {
  beforeAll(async () => {
    caseDir = pagingCase();
    const t0 = performance.now();
    sweep = await runReplaySweep({
      caseDir,
      where: 'paging',
      cell: PAGING_CELL,
      spec: parseReplayGrid(['KS=2,4,8,...,1024']),
      seed: 1,
      jobs: 2,
      runsDir: join(caseDir, 'runs'),
      root: caseDir,
      limits: { timeoutMs: 60_000, cpuSeconds: 60, memoryMb: 1024 },
    });
    wallMs = performance.now() - t0;
    console.log(`replay sweep of ${KS.length} points (jobs 2): ${Math.round(wallMs)} ms`);
    csv = readFileSync(join(sweep.dir, 'points-table-1.csv'), 'utf8');
    // The oracle of the fit: scipy's least squares of cost on ln k.
    const r = spawnSync(
      PYTHON,
      [
        '-c',
        'import csv, math, sys, json\nfrom scipy.stats import linregress\nrows = list(csv.DictReader(open(sys.argv[1])))\nf = linregress([math.log(float(r["k"])) for r in rows], [float(r["cost"]) for r in rows])\nprint(json.dumps({"slope": f.slope, "sigma": f.slope / f.stderr}))',
        join(sweep.dir, 'points-table-1.csv'),
      ],
      { encoding: 'utf8' },
    );
    if (r.status === 0) scipyLog = JSON.parse(r.stdout) as typeof scipyLog;
  }, 120_000);

  it('runs every k once, confined, and records each point with the table it printed', async () => {
    expect(sweep.summary).toMatchObject({ status: 'complete', total: 10, done: 10, resumed: 0, outcomes: { ok: 10 } });
    const cp = await readCheckpoint(sweep.dir);
    expect([...cp.points.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [i, p] of cp.points) {
      expect(p.params).toEqual({ KS: KS[i] });
      expect((p.value as { tables: unknown[] }).tables).toHaveLength(1);
    }
    const m = JSON.parse(readFileSync(join(sweep.dir, 'manifest.json'), 'utf8')) as { module: { sha256: string }; isolation: string };
    expect(m.module.sha256).toBe(sweep.identity);
    expect(m.isolation).toMatch(/^python program in bubblewrap/);
  });

  it('the points table holds exactly what Python prints for k = 2..1024 outside Recheck', () => {
    const oracle = pagingOracle(KS)
      .trim()
      .split('\n')
      .map((l) => /^k=(\d+) cost=(\S+)$/.exec(l)!.slice(1));
    expect(csv).toBe(`KS,k,cost\n${oracle.map(([k, cost]) => `${k},${k},${cost}`).join('\n')}\n`);
  });

  it.skipIf(noScipy !== '')(
    `recheck fit: grows on the sweep's table (b/se(b) as scipy's), cannot tell on the logbook's 4 rows${noScipy}`,
    async () => {
      const swept = await cli(['fit', join(sweep.dir, 'points-table-1.csv'), '--x', 'k', '--y', 'cost', '--json'], caseDir);
      expect(swept.code).toBe(0);
      const fit = JSON.parse(swept.stdout) as {
        conclusion: { value: string };
        growthSigma: number;
        models: { name: string; params: Record<string, number> }[];
      };
      expect(fit.conclusion.value).toBe('grows');
      expect(fit.models.find((m) => m.name === 'log')?.params.b).toBeCloseTo(scipyLog.slope, 10);
      expect(fit.growthSigma / scipyLog.sigma).toBeCloseTo(1, 9);

      const out = join(readableTempDir(), 'logbook.csv');
      const ex = await cli(['extract', caseDir, '--cell', PAGING_CELL, '--out', out], caseDir);
      expect(ex.code).toBe(0);
      expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(5); // header + the 4 printed rows
      const printed = await cli(['fit', out, '--x', 'k', '--y', 'cost', '--json'], caseDir);
      expect((JSON.parse(printed.stdout) as { conclusion: { value: string } }).conclusion.value).toBe('cannot-tell');
    },
  );

  it('an argparse flag and an environment variable are swept too; a failing point exits 1 from the CLI', async () => {
    const script = `import argparse, os, sys\np = argparse.ArgumentParser()\np.add_argument("--k", type=int, default=4)\na = p.parse_args()\nif a.k > int(os.environ.get("LIMIT", "100")):\n    sys.exit("k too large")\nprint(f"k={a.k} sq={a.k * a.k}")\n`;
    const dir = replayCase([pythonCell('cell_flag', 'flag.py', script, 'k=4 sq=16\n')]);
    const r = await cli(['replay', dir, '--cell', 'cell_flag', '--grid', 'k=2,4,8', '--grid', 'env:LIMIT=5,100', '--json'], dir);
    expect(r.code).toBe(1); // point k=8, LIMIT=5 fails
    const s = JSON.parse(r.stdout) as { outcomes: Record<string, number>; folder: string; tables: { rows: number; without: number }[] };
    expect(s.outcomes).toEqual({ ok: 5, exited: 1 });
    expect(s.tables[0]).toMatchObject({ rows: 5, without: 1 });
    expect(readFileSync(join(s.folder, 'points-table-1.csv'), 'utf8')).toBe(
      'env:LIMIT,k,sq\n5,2,4\n100,2,4\n5,4,16\n100,4,16\n100,8,64\n', // k is a printed column already: not repeated
    );
    const cp = await readCheckpoint(s.folder);
    expect(cp.points.get(4)).toMatchObject({
      params: { k: 8, 'env:LIMIT': 5 },
      outcome: 'exited',
      message: 'the program exited 1: k too large',
    });
  });

  it('bad input is exit 2 with one line: an unknown name, a resume of nothing, a flag without --grid, another program in the folder', async () => {
    const unknown = await cli(['replay', caseDir, '--cell', PAGING_CELL, '--grid', 'K=1,2'], caseDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/--grid K: the script has no top-level constant.*it offers KS, C, DELAY/);
    const resume = await cli(['replay', caseDir, '--cell', PAGING_CELL, '--grid', 'KS=3,5', '--resume'], caseDir);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toMatch(/no sweep to resume here/);
    const stray = await cli(['replay', caseDir, '--cell', PAGING_CELL, '--jobs', '2'], caseDir);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/--jobs applies to a sweep \(--grid\)/);
    // The same folder with other code (a fixed override changes the program): refused, nothing touched.
    const id = sweep.summary.id;
    const other = await cli(
      ['replay', caseDir, '--cell', PAGING_CELL, '--grid', 'KS=2,4,8,...,1024', '--set', 'C=0.25', '--id', id, '--resume'],
      caseDir,
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds a sweep of different code, parameters, seed or stop condition/);
  });
});
