// Merging the points files of a sharded sweep (no Slurm needed): every shard's own points.shard-i.jsonl is read
// with the local checkpoint's rules (torn tails skipped then set aside, first record of an index wins, records
// verified against their index), and a shard run through runSweep writes only its slice into its own file.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed } from '../../../checkers/random/xoshiro128';
import { appendPoint, pointsFiles, POINTS_FILE, readCheckpoint, repairAllPointsFiles, shardPointsFile, writeManifest } from '../../../app/runs/checkpoint';
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
  return { index: i, params, seed: s, inputSha256: inputHash({ params, seed: s }), outcome: 'ok', value, wallMs: 1, finishedAt: '2026-01-01T00:00:00.000Z' };
}

const manifest = (): SweepManifest => ({
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
  firstViolation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('sharded checkpoint', () => {
  it('reads points.jsonl and every shard file in a fixed order; torn tails skipped, duplicates counted, foreign records rejected', async () => {
    const dir = tempDir();
    await writeManifest(dir, manifest());
    await appendPoint(dir, point(0)); // points.jsonl (an earlier local run)
    for (const i of [0, 1, 2]) await appendPoint(dir, point(i, i === 0 ? 'shard copy' : i * i), shardPointsFile(0));
    for (const i of [3, 4]) await appendPoint(dir, point(i), shardPointsFile(10)); // shard 10 sorts after shard 2
    await appendPoint(dir, point(6), shardPointsFile(2));
    await appendPoint(dir, { ...point(7), seed: 1 }, shardPointsFile(2)); // not point 7 of this sweep
    appendFileSync(join(dir, shardPointsFile(2)), '{"index":8,"params":{"t":9},"outc'); // a task killed mid-append
    writeFileSync(join(dir, 'points.shard-x.jsonl'), JSON.stringify(point(5)) + '\n'); // not a shard file name: ignored
    expect(await pointsFiles(dir)).toEqual([POINTS_FILE, shardPointsFile(0), shardPointsFile(2), shardPointsFile(10)]);
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6]);
    expect(cp.points.get(0)?.value).toBe(0); // points.jsonl is read first: its record wins
    expect(cp).toMatchObject({ duplicatePoints: 1, rejectedPoints: 1, skippedLines: 1, tornLines: 0 });
    // When no task writes, every file's torn tail is set aside (one .torn file per points file).
    const torn = await repairAllPointsFiles(dir);
    expect(torn.map((t) => t.log)).toEqual([join(dir, shardPointsFile(2))]);
    expect(existsSync(join(dir, `${shardPointsFile(2)}.torn`))).toBe(true);
    expect(await readCheckpoint(dir)).toMatchObject({ skippedLines: 0, tornLines: 1 });
  });

  it('a shard computes only its slice, appends to its own file, skips what any file already holds, and leaves the manifest alone', async () => {
    const dir = tempDir();
    const runsDir = join(dir, 'runs');
    const modulePath = join(dir, 'square.mjs');
    writeFileSync(modulePath, 'export default ({ t }) => t * t;');
    const runner = fakeRunner(({ t }) => (t as number) * (t as number));
    // The parent's manifest first (a shard refuses a folder without one), then shard 1 of 3 = points 3, 4, 5.
    const parent = await runSweep({ modulePath, spec, seed, runsDir, id: 'sw', jobs: 1, runner: fakeRunner(() => 0), signal: AbortSignal.abort() });
    const before = readFileSync(join(parent.dir, 'manifest.json'), 'utf8');
    await appendPoint(parent.dir, point(4, 16), shardPointsFile(2)); // already done by another file
    const s = await runSweep({ modulePath, spec, seed, runsDir, id: 'sw', jobs: 2, runner, shard: { index: 1, count: 3 } });
    expect(s).toMatchObject({ status: 'complete', total: 3, done: 3, resumed: 1 });
    expect(runner.runs.sort()).toEqual([4, 6]); // t = index + 1: points 3 and 5
    const own = readFileSync(join(parent.dir, shardPointsFile(1)), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as PointRecord).index);
    expect(own.sort()).toEqual([3, 5]);
    expect(existsSync(join(parent.dir, POINTS_FILE))).toBe(false);
    expect(readFileSync(join(parent.dir, 'manifest.json'), 'utf8')).toBe(before);
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'other', runner, shard: { index: 0, count: 3 } })).rejects.toThrow(/no manifest\.json: a shard runs only inside a sweep/);
    await expect(runSweep({ modulePath, spec, seed, runsDir, id: 'fresh', runner, resume: true })).rejects.toThrow(/no sweep to resume here/);
  });
});
