// Merging the points files of a sharded sweep (no Slurm needed): every shard's own points.shard-i-of-N.jsonl is
// read with the local checkpoint's rules (torn tails skipped then set aside, records verified against their
// index) and trusted only for its own shard of the cut the manifest records; a shard run through runSweep
// writes only its slice, stamped with its identity, into its own file. The attacks: test/security/shard-forgery.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed } from '../../../checkers/random/xoshiro128';
import {
  appendPoint,
  pointsFiles,
  POINTS_FILE,
  readCheckpoint,
  repairAllPointsFiles,
  shardPointsFile,
  writeManifest,
} from '../../../app/runs/checkpoint';
import { pointAt } from '../../../app/runs/grid';
import { inputHash, type PointRecord, type SweepManifest } from '../../../app/runs/record';
import { runSweep } from '../../../app/runs/sweep';
import { tempDir } from '../../helpers/temp-case';
import { fakeRunner } from './fake-runner';

const spec = { horizon: 9 };
const seed = 11;

function point(i: number, value: unknown = i * i): PointRecord {
  const params = pointAt(spec, i);
  const s = splitSeed(seed, i);
  return {
    index: i,
    params,
    seed: s,
    inputSha256: inputHash({ params, seed: s }),
    outcome: 'ok',
    value,
    wallMs: 1,
    finishedAt: '2026-01-01T00:00:00.000Z',
  };
}

const manifest = (shards: number): SweepManifest => ({
  format: 'recheck.sweep/1',
  id: 's',
  module: { path: 'm.mjs', sha256: 'a'.repeat(64) },
  codeSha256: 'b'.repeat(64),
  spec,
  seed,
  stopOn: null,
  limits: { timeoutMs: 1000, cpuSeconds: 3, memoryMb: 128 },
  versions: { recheck: '0', node: '20', esbuild: '0', platform: 'linux-x64' },
  total: 9,
  status: 'running',
  backend: { name: 'slurm', version: 'slurm-wlm 22.05.8', jobs: [], settings: { shards } },
  firstViolation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('sharded checkpoint', () => {
  it('reads points.jsonl and the shard files of the recorded cut; torn tails skipped, records outside their shard refused, agreeing duplicates counted', async () => {
    const dir = tempDir();
    await writeManifest(dir, manifest(3)); // shards [0, 3), [3, 6), [6, 9)
    await appendPoint(dir, point(0)); // points.jsonl (an earlier local run)
    for (const i of [0, 1, 2]) await appendPoint(dir, point(i), shardPointsFile({ index: 0, count: 3 }));
    for (const i of [3, 4]) await appendPoint(dir, point(i), shardPointsFile({ index: 1, count: 3 }));
    await appendPoint(dir, point(6), shardPointsFile({ index: 2, count: 3 }));
    await appendPoint(dir, point(5), shardPointsFile({ index: 2, count: 3 })); // shard 1's point: not this file's
    await appendPoint(dir, { ...point(7), seed: 1 }, shardPointsFile({ index: 2, count: 3 })); // not point 7 of this sweep
    appendFileSync(join(dir, shardPointsFile({ index: 2, count: 3 })), '{"index":8,"params":{"t":9},"outc'); // a task killed mid-append
    await appendPoint(dir, point(8), shardPointsFile({ index: 8, count: 9 })); // a cut the manifest does not record
    writeFileSync(join(dir, 'points.shard-x.jsonl'), JSON.stringify(point(5)) + '\n'); // not a shard file name: ignored
    writeFileSync(join(dir, 'points.shard-1.jsonl'), JSON.stringify(point(5)) + '\n'); // nor is a file without its cut
    expect(await pointsFiles(dir)).toEqual([
      POINTS_FILE,
      'points.shard-0-of-3.jsonl',
      'points.shard-1-of-3.jsonl',
      'points.shard-2-of-3.jsonl',
      'points.shard-8-of-9.jsonl',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'points.shard-1-of-3.jsonl'), 'utf8').split('\n')[0] as string)).toMatchObject({
      index: 3,
      shard: '1/3',
    });
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6]);
    expect(cp.points.get(3)).toEqual(point(3)); // read back without the stamp
    expect(cp).toMatchObject({ duplicatePoints: 1, outsideShard: 2, rejectedPoints: 1, skippedLines: 1, tornLines: 0, contested: [] });
    expect(cp.refused).toEqual([
      { file: 'points.shard-0-of-3.jsonl', reason: 'duplicate', count: 1, indexes: [0] },
      { file: 'points.shard-2-of-3.jsonl', reason: 'outside-shard', count: 1, indexes: [5] },
      { file: 'points.shard-8-of-9.jsonl', reason: 'outside-shard', count: 1, indexes: [8] },
    ]);
    // Without a recorded cut no shard file is trusted.
    await writeManifest(dir, { ...manifest(3), backend: { name: 'local' } });
    expect([...(await readCheckpoint(dir)).points.keys()]).toEqual([0]);
    await writeManifest(dir, manifest(3));
    // When no task writes, every file's torn tail is set aside (one .torn file per points file).
    const torn = await repairAllPointsFiles(dir);
    expect(torn.map((t) => t.log)).toEqual([join(dir, shardPointsFile({ index: 2, count: 3 }))]);
    expect(existsSync(join(dir, `${shardPointsFile({ index: 2, count: 3 })}.torn`))).toBe(true);
    expect(await readCheckpoint(dir)).toMatchObject({ skippedLines: 0, tornLines: 1 });
  });

  it('a shard computes only its slice, appends to its own file, skips what its owner already holds, and leaves the manifest alone', async () => {
    const dir = tempDir();
    const runsDir = join(dir, 'runs');
    const modulePath = join(dir, 'square.mjs');
    writeFileSync(modulePath, 'export default ({ t }) => t * t;');
    const runner = fakeRunner(({ t }) => (t as number) * (t as number));
    // The parent's manifest first (a shard refuses a folder without one), with its cut into 3 shards, then
    // shard 1 of 3 = points 3, 4, 5.
    const parent = await runSweep({
      modulePath,
      spec,
      seed,
      runsDir,
      id: 'sw',
      jobs: 1,
      runner: fakeRunner(() => 0),
      signal: AbortSignal.abort(),
    });
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'sw', runner, shard: { index: 1, count: 3 } })).rejects.toThrow(
      /manifest\.json records no cut into shards for this sweep: --shard 1\/3 does not fit/,
    );
    const m = JSON.parse(readFileSync(join(parent.dir, 'manifest.json'), 'utf8')) as SweepManifest;
    await writeManifest(parent.dir, { ...m, backend: { name: 'slurm', settings: { shards: 3 } } });
    const before = readFileSync(join(parent.dir, 'manifest.json'), 'utf8');
    await appendPoint(parent.dir, point(4, 16)); // already done by an earlier local run (points.jsonl owns every point)
    const s = await runSweep({ modulePath, spec, seed, runsDir, id: 'sw', jobs: 2, runner, shard: { index: 1, count: 3 } });
    expect(s).toMatchObject({ status: 'complete', total: 3, done: 3, resumed: 1 });
    expect(runner.runs.sort()).toEqual([4, 6]); // t = index + 1: points 3 and 5
    const own = readFileSync(join(parent.dir, shardPointsFile({ index: 1, count: 3 })), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PointRecord & { shard: string });
    expect(own.map((r) => [r.index, r.shard]).sort()).toEqual([
      [3, '1/3'],
      [5, '1/3'],
    ]);
    expect(readFileSync(join(parent.dir, 'manifest.json'), 'utf8')).toBe(before);
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'sw', runner, shard: { index: 0, count: 2 } })).rejects.toThrow(
      /records a cut into 3 shards for this sweep: --shard 0\/2 does not fit/,
    );
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'other', runner, shard: { index: 0, count: 3 } })).rejects.toThrow(
      /no manifest\.json: a shard runs only inside a sweep/,
    );
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'fresh', runner, resume: true })).rejects.toThrow(
      /no sweep to resume here/,
    );
  });
});
