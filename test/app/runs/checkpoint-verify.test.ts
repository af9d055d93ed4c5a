// readCheckpoint trusts a point only when it is the point of its index in the manifest's sweep.
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed } from '../../../checkers/random/xoshiro128';
import { appendPoint, MANIFEST_FILE, pointBelongs, readCheckpoint, writeManifest } from '../../../app/runs/checkpoint';
import { pointAt } from '../../../app/runs/grid';
import { inputHash, type PointRecord, type SweepManifest } from '../../../app/runs/record';
import { tempDir } from '../../helpers/temp-case';

const spec = { parameters: { a: [1, 2], b: ['x', 'y'] } };
const seed = 42;

/** Point i as runSweep records it (computed independently of pointBelongs). */
function point(i: number): PointRecord {
  const params = pointAt(spec, i);
  const s = splitSeed(seed, i);
  return {
    index: i,
    params,
    seed: s,
    inputSha256: inputHash({ params, seed: s }),
    outcome: 'ok',
    value: i,
    wallMs: 1,
    finishedAt: '2026-01-01T00:00:00.000Z',
  };
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
  total: 4,
  status: 'running',
  firstViolation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('checkpoint verification', () => {
  it('pointBelongs: params, seed and inputSha256 must all be those of the index', () => {
    const sweep = { spec, seed };
    expect(pointBelongs(point(3), sweep)).toBe(true);
    expect(pointBelongs({ ...point(3), params: { b: 'y', a: 2 } }, sweep)).toBe(true); // key order does not matter
    expect(pointBelongs({ ...point(3), params: { a: 2, b: 'x' } }, sweep)).toBe(false);
    expect(pointBelongs({ ...point(3), seed: splitSeed(seed, 2) }, sweep)).toBe(false);
    expect(pointBelongs({ ...point(3), inputSha256: point(2).inputSha256 }, sweep)).toBe(false);
    expect(pointBelongs({ ...point(3), index: 4 }, sweep)).toBe(false);
    expect(pointBelongs({ ...point(3), seed: 7 }, { spec, seed: 7 })).toBe(false); // another sweep seed
  });

  it('verifies against the manifest when no sweep is given; unknown outcomes and non-records are skipped', async () => {
    const dir = tempDir();
    await writeManifest(dir, manifest());
    for (const i of [0, 1, 2, 3]) await appendPoint(dir, i === 2 ? { ...point(2), params: { a: 9, b: 'x' } } : point(i));
    await appendPoint(dir, { ...point(1), outcome: '__proto__' as PointRecord['outcome'] });
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 1, 3]);
    expect(cp).toMatchObject({ rejectedPoints: 1, skippedLines: 1, duplicatePoints: 0, tornLines: 0 });
  });

  it('a manifest that is not JSON, not a sweep manifest, or a symlink is refused in one line', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, MANIFEST_FILE), '{"format":');
    await expect(readCheckpoint(dir)).rejects.toThrow(/manifest\.json: not a readable sweep manifest/);
    writeFileSync(join(dir, MANIFEST_FILE), '{"format":"other"}');
    await expect(readCheckpoint(dir)).rejects.toThrow(/not a sweep manifest/);
    const other = tempDir();
    writeFileSync(join(other, 'm.json'), JSON.stringify(manifest()));
    const linked = tempDir();
    symlinkSync(join(other, 'm.json'), join(linked, MANIFEST_FILE));
    await expect(readCheckpoint(linked)).rejects.toThrow(/symlink/);
  });
});
