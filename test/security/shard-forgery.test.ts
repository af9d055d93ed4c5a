// A Slurm task forging other shards' points (issue 24, item 2). The merge took the first valid record of an index
// across the shard files, and nothing tied a file to its shard's range: one task's file planted a violation at
// another task's point and the sweep reported a false first violation. Now a shard file owns only its shard's
// range (for the cut the manifest records), every line carries its shard, a record outside its owner is refused
// and reported (and its point computed by its owner), and two records of a point that disagree end the sweep
// with one line. The forgeries are written the way a task would: lines in its own file, carrying its own stamp.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed } from '../../checkers/random/xoshiro128';
import { MANIFEST_FILE, pointsFiles, POINTS_FILE, readCheckpoint } from '../../app/runs/checkpoint';
import { pointAt } from '../../app/runs/grid';
import { inputHash, type SweepManifest } from '../../app/runs/record';
import { runSweep, type SweepOptions } from '../../app/runs/sweep';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp-case';
import { fakeRunner, type PointFn } from '../app/runs/fake-runner';
import { confinementOrSkip } from '../app/sandbox/harness';
import { slurmOrSkip } from '../app/runs/slurm-harness';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const skip = 'skip' in cluster ? cluster.skip : c === null ? 'no bubblewrap' : null;
if (skip !== null) console.warn(`Shard forgery on a real Slurm SKIPPED: ${skip}`);

const lines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/**
 * A line for point `index` of the sweep with the given value, in the form of the lines of `file` (its shard
 * stamp, if its lines have one): what a task that wanted to forge another point would append to its own file.
 */
function forged(file: string, spec: SweepOptions['spec'], seed: number, index: number, value: unknown): string {
  const own = lines(file)[0] as Record<string, unknown>;
  const params = pointAt(spec, index);
  const s = splitSeed(seed, index);
  return `${JSON.stringify({ ...own, index, params, seed: s, inputSha256: inputHash({ params, seed: s }), outcome: 'ok', value })}\n`;
}

/** A sweep folder whose parent cut it into `shards` shards (manifest written, as the Slurm backend does before submitting). */
async function cutSweep(fn: PointFn, shards: number, spec = { horizon: 6 }) {
  const root = tempDir('recheck-forgery-');
  const modulePath = join(root, 'point.mjs');
  writeFileSync(modulePath, 'export default ({ t }) => t;');
  const base: SweepOptions = {
    modulePath,
    spec,
    seed: 3,
    jobs: 1,
    stopOn: 'violation',
    runsDir: join(root, 'runs'),
    id: 's',
    runner: fakeRunner(fn),
  };
  const parent = await runSweep({ ...base, signal: AbortSignal.abort() });
  const m = JSON.parse(readFileSync(join(parent.dir, MANIFEST_FILE), 'utf8')) as SweepManifest;
  writeFileSync(
    join(parent.dir, MANIFEST_FILE),
    JSON.stringify({ ...m, backend: { name: 'slurm', version: 'test', jobs: [], settings: { shards } } }),
  );
  const shardFile = async (index: number): Promise<string> => {
    const before = await pointsFiles(parent.dir);
    await runSweep({ ...base, shard: { index, count: shards } });
    const made = (await pointsFiles(parent.dir)).filter((f) => !before.includes(f));
    return join(parent.dir, made[0] ?? before.find((f) => f !== POINTS_FILE) ?? '');
  };
  return { base, dir: parent.dir, shardFile };
}

const violationAt5: PointFn = ({ t }) => ({ violation: t === 5 }); // index 4

describe('a shard file owns only its own shard', () => {
  it("a violation planted in shard 1's file at shard 0's point is refused and reported; the owner's point decides", async () => {
    const { base, dir, shardFile } = await cutSweep(violationAt5, 2);
    const file = await shardFile(1); // points 3-5; stops at its own violation, index 4
    appendFileSync(file, forged(file, base.spec, base.seed, 0, { violation: true }));
    const runner = fakeRunner(violationAt5);
    const s = await runSweep({ ...base, runner });
    expect(s.firstViolation?.index).toBe(4);
    expect(s.status).toBe('stopped');
    expect(runner.runs.sort()).toEqual([1, 2, 3]); // shard 0's points computed here, the forged one among them
    expect(s.outsideShard).toBe(1);
    expect(s.notices.some((n) => /1 record for points this file does not own \(point 0\) refused/.test(n))).toBe(true);
    expect((await readCheckpoint(dir)).points.get(0)?.value).toEqual({ violation: false });
  });

  it('two records of one point that disagree end the sweep with one line naming the point and the files', async () => {
    const { base, dir, shardFile } = await cutSweep(() => ({ violation: false }), 2);
    const file = await shardFile(0); // points 0-2
    appendFileSync(file, forged(file, base.spec, base.seed, 1, { violation: true }));
    const err = await runSweep({ ...base, runner: fakeRunner(() => ({ violation: false })) }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(
      /point 1 has records that disagree \(points\.shard-0\S*\.jsonl, points\.shard-0\S*\.jsonl\): the checkpoint cannot say which is this sweep's result/,
    );
    expect((err as Error).message).not.toContain('\n');
    expect((await readCheckpoint(dir)).points.has(1)).toBe(false); // neither record is used by any reader
  });

  it('a second record that agrees with the first is refused, reported, and changes nothing', async () => {
    const { base, shardFile } = await cutSweep(() => ({ violation: false }), 2);
    const file = await shardFile(0);
    appendFileSync(file, forged(file, base.spec, base.seed, 2, { violation: false }));
    const s = await runSweep({ ...base, runner: fakeRunner(() => ({ violation: false })) });
    expect(s).toMatchObject({ status: 'complete', done: 6, duplicates: 1, firstViolation: null });
    expect(s.notices.some((n) => /1 second record of points already on record \(point 2\) refused/.test(n))).toBe(true);
  });

  it('a shard file of a cut the manifest does not record, a shard line in points.jsonl, or a line without its stamp is not trusted', async () => {
    const { base, dir, shardFile } = await cutSweep(() => ({ violation: false }), 2);
    const file = await shardFile(0);
    const own = lines(file)[0] as Record<string, unknown>;
    const { shard: _stamp, ...unstamped } = own;
    writeFileSync(join(dir, 'points.shard-0-of-9.jsonl'), forged(file, base.spec, base.seed, 5, { violation: true })); // 9 shards: not this sweep's cut
    appendFileSync(join(dir, POINTS_FILE), forged(file, base.spec, base.seed, 4, { violation: true })); // carries shard 0's stamp
    appendFileSync(file, `${JSON.stringify({ ...unstamped, index: own.index })}\n`); // its own point, no stamp
    const cp = await readCheckpoint(dir);
    expect(cp.outsideShard).toBe(3);
    expect([...cp.points.keys()].sort()).toEqual([0, 1, 2]);
    await expect(runSweep({ ...base, shard: { index: 0, count: 3 } })).rejects.toThrow(
      /manifest\.json records a cut into 2 shards for this sweep: --shard 0\/3 does not fit/,
    );
  });
});

describe.skipIf(skip !== null)(`the forgery on a real Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  it(
    "a task's file planting a violation at another task's point does not become the sweep's first violation",
    { timeout: 240_000 },
    async () => {
      const root = tempDir('recheck-slurm-forgery-');
      writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => ({ violation: t === 4 });'); // index 3
      const args = [
        'sweep',
        'f.mjs',
        '--horizon',
        '4',
        '--tasks',
        '2',
        '--runs',
        'runs',
        '--backend',
        'slurm',
        '--stop-on',
        'violation',
        '--json',
      ];
      const first = await cli(args, root);
      expect(first.code).toBe(1);
      const dir = (JSON.parse(first.stdout) as { dir: string }).dir;
      expect((JSON.parse(first.stdout) as { firstViolation: { index: number } }).firstViolation.index).toBe(3);
      // Shard 0 (points 0-1) has not landed yet; shard 1's file (points 2-3) claims point 0 violates.
      const files = (await pointsFiles(dir)).map((f) => join(dir, f));
      const owner = (i: number) => files.find((f) => lines(f).some((l) => l.index === i)) as string;
      const shard1 = owner(2);
      unlinkSync(owner(0));
      appendFileSync(shard1, forged(shard1, { horizon: 4 }, 1, 0, { violation: true }));
      const again = await cli(args, root);
      const s = JSON.parse(again.stdout) as { firstViolation: { index: number }; notices: string[]; outsideShard: number };
      expect(s.firstViolation.index).toBe(3);
      expect(again.code).toBe(1);
      expect(s.outsideShard).toBe(1);
      expect(s.notices.some((n) => /does not own \(point 0\) refused/.test(n))).toBe(true);
      expect(again.stderr).toMatch(/submitted Slurm job \d+: 1 task \(shards 0 of 2\)/);
    },
  );

  it(
    'records that disagree, appearing while the job runs, end the sweep with one line and cancel the job',
    { timeout: 240_000 },
    async () => {
      const root = tempDir('recheck-slurm-contested-');
      writeFileSync(
        join(root, 'slow.mjs'),
        'export default ({ t }) => { const s = Date.now(); while (Date.now() - s < 1500) {} return { square: t * t }; };',
      );
      const args = ['sweep', 'slow.mjs', '--horizon', '4', '--tasks', '2', '--runs', 'runs', '--backend', 'slurm', '--json'];
      const first = await cli(args, root);
      expect(first.code).toBe(0);
      const dir = (JSON.parse(first.stdout) as { dir: string }).dir;
      const files = (await pointsFiles(dir)).map((f) => join(dir, f));
      const owner = (i: number) => files.find((f) => lines(f).some((l) => l.index === i)) as string;
      const shard1 = owner(2);
      unlinkSync(owner(0)); // shard 0 runs again
      const manifest = () => JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SweepManifest;
      const again = cli(args, root);
      let jobId: string | undefined;
      for (let k = 0; k < 600 && jobId === undefined; k++) {
        await new Promise((r) => setTimeout(r, 100));
        jobId = manifest().backend?.jobs?.[1]?.id;
      }
      expect(jobId).toBeDefined();
      appendFileSync(shard1, forged(shard1, { horizon: 4 }, 1, 2, { square: 0 })); // shard 1's own point, another result
      const r = await again;
      expect(r.code).toBe(2);
      expect(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('recheck:') && /disagree/.test(l)),
      ).toHaveLength(1);
      expect(r.stderr).toMatch(/point 2 has records that disagree \(points\.shard-1-of-2\.jsonl, points\.shard-1-of-2\.jsonl\)/);
      expect(manifest().status).toBe('failed');
      expect(spawnSync('squeue', ['-h', '-j', jobId as string], { encoding: 'utf8' }).stdout.trim()).toBe(''); // its tasks do not run on
    },
  );
});
