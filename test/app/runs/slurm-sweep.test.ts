// Sweeps on a real single-node Slurm (scripts/slurm/cluster.mjs; `npm test` starts it): `recheck sweep
// --backend slurm` against the same sweep run locally, a first-violation search that cancels the rest of its
// array, a task killed with scancel then --resume, --array-max throttling, and settings Slurm refuses.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointsFiles, readCheckpoint } from '../../../app/runs/checkpoint';
import type { PointRecord, SweepManifest } from '../../../app/runs/record';
import { runSweep } from '../../../app/runs/sweep';
import { nodeChildRunner } from '../../../app/sandbox/runner';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { confinementOrSkip } from '../sandbox/harness';
import { slurm, slurmOrSkip } from './slurm-harness';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const skip = 'skip' in cluster ? cluster.skip : c === null ? 'no bubblewrap' : null;
const REPO = resolve(import.meta.dirname, '../../..');
const FW_POINT = resolve(import.meta.dirname, 'fixtures/fw-first-exit.ts');
// The reason is also in the suite's title; said here so that a plain run's output shows it.
if (skip !== null) console.warn(`Slurm sweep tests SKIPPED: ${skip}`);

/** What a point is, without when and how long it ran. */
const essence = (r: PointRecord | undefined) =>
  r === undefined
    ? undefined
    : {
        index: r.index,
        params: r.params,
        seed: r.seed,
        inputSha256: r.inputSha256,
        outcome: r.outcome,
        value: r.value,
        message: r.message,
      };
const manifestOf = (dir: string): SweepManifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as SweepManifest;
const events = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { type: string; index?: number; done?: number; total?: number; message?: string; backend?: string });
/** Lines per index over every points file of a sweep folder. */
async function linesPerIndex(dir: string): Promise<Map<number, number>> {
  const n = new Map<number, number>();
  for (const f of await pointsFiles(dir)) {
    for (const l of readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter((x) => x.endsWith('}'))) {
      const i = (JSON.parse(l) as PointRecord).index;
      n.set(i, (n.get(i) ?? 0) + 1);
    }
  }
  return n;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip !== null)(`sweeps on Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const partition = 'partition' in cluster ? cluster.partition : 'debug';

  it("the paging case's sweep on Slurm equals the local sweep point for point, from one job array", { timeout: 180_000 }, async () => {
    const caseDir = join(REPO, 'cases', 'paging-robustness');
    const check = (
      JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8')) as {
        falsifications: {
          checks: { id: string; params: { sweep?: { program: string; grid: Record<string, number[]>; seed: number } } }[];
        }[];
      }
    ).falsifications[0]?.checks.find((k) => k.id === 'full-sweep');
    const sweep = check?.params.sweep as { program: string; grid: Record<string, number[]>; seed: number };
    const program = join(caseDir, sweep.program);
    const root = tempDir('recheck-slurm-paging-');
    writeFileSync(join(root, 'grid.json'), JSON.stringify({ parameters: sweep.grid }));
    const local = await runSweep({
      modulePath: program,
      spec: { parameters: sweep.grid },
      seed: sweep.seed,
      jobs: 2,
      runsDir: join(root, 'local'),
      runner: nodeChildRunner(c!),
    });
    expect(local.status).toBe('complete');

    const r = await cli(
      [
        'sweep',
        program,
        '--grid',
        'grid.json',
        '--seed',
        String(sweep.seed),
        '--runs',
        'slurm',
        '--backend',
        'slurm',
        '--partition',
        partition,
        '--json',
      ],
      root,
    );
    expect(r.stderr).not.toMatch(/^recheck:/m);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as { dir: string; status: string; done: number; total: number };
    expect(summary).toMatchObject({ status: 'complete', done: local.total, total: local.total });
    const a = await readCheckpoint(local.dir);
    const b = await readCheckpoint(summary.dir);
    expect(b.points.size).toBe(local.total);
    for (let i = 0; i < local.total; i++) expect(essence(b.points.get(i))).toEqual(essence(a.points.get(i)));
    // Computed by the array's tasks, each into its own file; one job, named in the manifest with its node and version.
    expect(await pointsFiles(summary.dir)).toEqual(
      Array.from({ length: local.total }, (_, i) => `points.shard-${i}-of-${local.total}.jsonl`),
    );
    const m = manifestOf(summary.dir);
    expect(m.status).toBe('complete');
    expect(m.backend).toMatchObject({
      name: 'slurm',
      version: expect.stringMatching(/^slurm/),
      settings: { shards: local.total, partition },
    });
    expect(m.backend?.jobs).toHaveLength(1);
    expect(m.backend?.jobs?.[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      tasks: `0-${local.total - 1}`,
      end: 'finished',
      nodes: [hostname().split('.')[0]],
    });
    // The same events as a local sweep: started, then a point and a progress event per point, ending at total.
    const ev = events(r.stderr);
    expect(ev[0]).toMatchObject({ type: 'started', total: local.total, alreadyDone: 0, backend: 'slurm' });
    expect(ev.filter((e) => e.type === 'point')).toHaveLength(local.total);
    expect(ev.filter((e) => e.type === 'progress').at(-1)).toMatchObject({ done: local.total, total: local.total });
  });

  it(
    'a first-violation search over Frank-Wolfe configurations stops at the local answer and cancels the rest of the array',
    { timeout: 180_000 },
    async () => {
      const root = tempDir('recheck-slurm-fw-');
      // One configuration per c (the logbook's tokens), largest c first; the exact exit comes later for larger c.
      const grid = { parameters: { c: [400, 300, 200, 100, 90, 80, 70, 60, 50, 40, 30, 25, 20, 15, 10, 5], horizon: [320] } };
      writeFileSync(join(root, 'grid.json'), JSON.stringify(grid));
      const local = await runSweep({
        modulePath: FW_POINT,
        spec: grid,
        seed: 1,
        jobs: 1,
        stopOn: 'violation',
        runsDir: join(root, 'local'),
        runner: nodeChildRunner(c!),
      });
      expect(local.status).toBe('stopped');
      expect(local.firstViolation?.index).toBeGreaterThan(0); // lower points must be done before the stop is confirmed

      const r = await cli(
        [
          'sweep',
          FW_POINT,
          '--grid',
          'grid.json',
          '--runs',
          'slurm',
          '--stop-on',
          'violation',
          '--backend',
          'slurm',
          '--array-max',
          '2',
          '--json',
        ],
        root,
      );
      expect(r.code).toBe(1);
      const summary = JSON.parse(r.stdout) as { dir: string; status: string; firstViolation: unknown; done: number };
      expect(summary).toMatchObject({
        status: 'stopped',
        firstViolation: local.firstViolation,
        done: (local.firstViolation?.index ?? 0) + 1,
      });
      expect(
        events(r.stderr)
          .filter((e) => e.type === 'stopping')
          .at(-1)?.index,
      ).toBe(local.firstViolation?.index);
      const job = manifestOf(summary.dir).backend?.jobs?.[0];
      expect(job?.end).toBe('cancelled-at-stop-point');
      expect(job?.states?.CANCELLED ?? 0).toBeGreaterThan(0);
      // The cancelled tasks never computed their points.
      const cp = await readCheckpoint(summary.dir);
      expect(cp.points.size).toBeLessThan(grid.parameters.c.length);
      for (let i = 0; i <= (local.firstViolation?.index ?? 0); i++) expect(cp.points.has(i)).toBe(true);
    },
  );

  it(
    'a task killed with scancel mid-run leaves its finished points; --resume submits only its shard, with no point lost or duplicated',
    { timeout: 240_000 },
    async () => {
      const root = tempDir('recheck-slurm-kill-');
      // 8 points of about 1.5 s in 4 shards of 2.
      writeFileSync(
        join(root, 'slow.mjs'),
        'export default ({ t }) => { const s = Date.now(); while (Date.now() - s < 1500) {} return t * t; };',
      );
      const args = ['sweep', 'slow.mjs', '--horizon', '8', '--runs', 'runs', '--backend', 'slurm', '--tasks', '4', '--json'];
      const first = cli(args, root);
      // Wait until shard 1 has finished its first point and is on its second, then cancel that task alone.
      let dir = '';
      let jobId = '';
      for (let k = 0; k < 600 && jobId === ''; k++) {
        await sleep(100);
        const runs = join(root, 'runs');
        const sweeps = (() => {
          try {
            return readdirSync(runs);
          } catch {
            return [];
          }
        })();
        if (sweeps.length === 0) continue;
        dir = join(runs, sweeps[0] as string);
        const id = manifestOf(dir).backend?.jobs?.[0]?.id;
        const lines = (() => {
          try {
            return readFileSync(join(dir, 'points.shard-1-of-4.jsonl'), 'utf8')
              .split('\n')
              .filter((l) => l.endsWith('}')).length;
          } catch {
            return 0;
          }
        })();
        if (id !== undefined && lines === 1 && slurm('squeue', ['-h', '-r', '-j', id, '-o', '%K %T']).includes('1 RUNNING')) {
          jobId = id;
          slurm('scancel', [`${id}_1`]);
        }
      }
      expect(jobId).not.toBe('');
      const r1 = await first;
      expect(r1.code).toBe(130);
      expect(JSON.parse(r1.stdout)).toMatchObject({ status: 'cancelled', done: 7 });
      expect(
        events(r1.stderr).some(
          (e) => e.type === 'notice' && /shards 1 unfinished: rerun the same command \(or add --resume\)/.test(e.message ?? ''),
        ),
      ).toBe(true);
      const kept = await readCheckpoint(dir);
      expect(kept.points.has(2)).toBe(true); // shard 1's finished point survived the kill
      expect(kept.points.has(3)).toBe(false);

      const r2 = await cli([...args, '--resume'], root);
      expect(r2.code).toBe(0);
      expect(JSON.parse(r2.stdout)).toMatchObject({ status: 'complete', done: 8, resumed: 7 });
      const jobs = manifestOf(dir).backend?.jobs ?? [];
      expect(jobs.map((j) => j.tasks)).toEqual(['0-3', '1']);
      const per = await linesPerIndex(dir);
      expect([...per.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect([...per.values()].every((n) => n === 1)).toBe(true); // each point exactly once, on disk
      const cp = await readCheckpoint(dir);
      for (let i = 0; i < 8; i++) expect(cp.points.get(i)?.value).toBe((i + 1) ** 2);
    },
  );

  it('--array-max 2 runs at most two tasks at once (squeue)', { timeout: 180_000 }, async () => {
    const root = tempDir('recheck-slurm-throttle-');
    writeFileSync(join(root, 'wait.mjs'), 'export default async ({ t }) => { await new Promise((r) => setTimeout(r, 800)); return t; };');
    const run = cli(['sweep', 'wait.mjs', '--horizon', '6', '--runs', 'runs', '--backend', 'slurm', '--array-max', '2', '--json'], root);
    let finished = false;
    void run.then(() => (finished = true));
    let most = 0;
    let jobId: string | undefined;
    while (!finished) {
      await sleep(100);
      if (jobId === undefined) {
        try {
          const sweeps = readdirSync(join(root, 'runs'));
          jobId = sweeps.length > 0 ? manifestOf(join(root, 'runs', sweeps[0] as string)).backend?.jobs?.[0]?.id : undefined;
        } catch {
          /* not written yet */
        }
        continue;
      }
      const running = slurm('squeue', ['-h', '-r', '-j', jobId, '-t', 'RUNNING', '-o', '%K'])
        .split('\n')
        .filter((l) => l.trim() !== '').length;
      most = Math.max(most, running);
    }
    const r = await run;
    expect(r.code).toBe(0);
    expect(most).toBe(2); // the node advertises 8 CPUs: the throttle is what held it at two
    expect(slurm('scontrol', ['show', 'job', jobId as string])).toMatch(/ArrayTaskThrottle=2/);
  });

  it('Ctrl-C (the abort signal) cancels the job; the finished points stay', { timeout: 120_000 }, async () => {
    const root = tempDir('recheck-slurm-abort-');
    writeFileSync(
      join(root, 'slow.mjs'),
      'export default async ({ t }) => { await new Promise((r) => setTimeout(r, t === 1 ? 10 : 60_000)); return t; };',
    );
    const ac = new AbortController();
    const run = cli(
      ['sweep', 'slow.mjs', '--horizon', '4', '--runs', 'runs', '--backend', 'slurm', '--timeout', '120', '--json'],
      root,
      false,
      ac.signal,
    );
    let dir = '';
    for (let k = 0; k < 600 && dir === ''; k++) {
      await sleep(100);
      try {
        const d = join(root, 'runs', readdirSync(join(root, 'runs'))[0] as string);
        if ((await readCheckpoint(d)).points.size === 1) dir = d;
      } catch {
        /* not yet */
      }
    }
    expect(dir).not.toBe('');
    ac.abort();
    const r = await run;
    expect(r.code).toBe(130);
    const job = manifestOf(dir).backend?.jobs?.[0];
    expect(job?.end).toBe('cancelled');
    expect(slurm('squeue', ['-h', '-j', job?.id as string]).trim()).toBe(''); // nothing of it left running
    expect(manifestOf(dir).status).toBe('cancelled');
    expect([...(await readCheckpoint(dir)).points.keys()]).toEqual([0]);
  });

  it(
    'a rerun after the following process died follows the job still running instead of submitting another',
    { timeout: 180_000 },
    async () => {
      const root = tempDir('recheck-slurm-follow-');
      writeFileSync(
        join(root, 'wait.mjs'),
        'export default async ({ t }) => { await new Promise((r) => setTimeout(r, 1500)); return 10 * t; };',
      );
      const args = ['sweep', 'wait.mjs', '--horizon', '4', '--runs', 'runs', '--backend', 'slurm', '--array-max', '2', '--json'];
      const child = spawn(process.execPath, [join(REPO, 'bin', 'recheck.mjs'), ...args], { cwd: root, stdio: 'ignore', env: process.env });
      const exited = new Promise((r) => child.on('exit', r));
      let jobId: string | undefined;
      for (let k = 0; k < 600 && jobId === undefined; k++) {
        await sleep(100);
        try {
          jobId = manifestOf(join(root, 'runs', readdirSync(join(root, 'runs'))[0] as string)).backend?.jobs?.[0]?.id;
        } catch {
          /* not yet */
        }
      }
      child.kill('SIGKILL'); // no chance to cancel its job
      await exited;
      expect(slurm('squeue', ['-h', '-r', '-j', jobId as string, '-o', '%K']).trim()).not.toBe('');
      const r = await cli(args, root);
      expect(r.code).toBe(0);
      expect(
        events(r.stderr).some(
          (e) => e.type === 'notice' && e.message === `Slurm job ${jobId} of this sweep is still running: following it`,
        ),
      ).toBe(true);
      const summary = JSON.parse(r.stdout) as { dir: string; status: string; done: number };
      expect(summary).toMatchObject({ status: 'complete', done: 4 });
      expect(manifestOf(summary.dir).backend?.jobs?.map((j) => [j.id, j.end])).toEqual([[jobId, 'finished']]);
      expect([...(await linesPerIndex(summary.dir)).values()]).toEqual([1, 1, 1, 1]);
    },
  );

  it('an unknown partition: exit 2, one line, nothing written', async () => {
    const root = tempDir('recheck-slurm-bad-');
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const r = await cli(
      ['sweep', 'f.mjs', '--horizon', '3', '--runs', 'runs', '--backend', 'slurm', '--partition', 'no-such-partition'],
      root,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/sbatch: refuses these settings: .*partition/i);
    expect(() => readdirSync(join(root, 'runs'))).toThrow(/ENOENT/);
  });
});

describe('sweeps on Slurm without Slurm', () => {
  it('sbatch missing from PATH: exit 2, one line', async () => {
    const root = tempDir('recheck-slurm-nopath-');
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const saved = process.env.PATH;
    process.env.PATH = join(root, 'empty-bin'); // no sbatch here (nor anything else)
    try {
      const r = await cli(['sweep', 'f.mjs', '--horizon', '3', '--runs', 'runs', '--backend', 'slurm'], root);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/sbatch: not found on PATH/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('Slurm-only flags without --backend slurm, and --shard with it, are usage errors', async () => {
    const root = tempDir('recheck-slurm-usage-');
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const r = await cli(['sweep', 'f.mjs', '--horizon', '3', '--runs', 'runs', '--partition', 'debug'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--partition needs --backend slurm/);
    const r2 = await cli(['sweep', 'f.mjs', '--horizon', '3', '--runs', 'runs', '--backend', 'slurm', '--shard', '0/2'], root);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/--shard runs one slice here/);
  });
});
