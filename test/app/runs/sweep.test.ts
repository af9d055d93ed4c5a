import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed, Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { readCheckpoint } from '../../../app/runs/checkpoint';
import { runSweep, type SweepEvent } from '../../../app/runs/sweep';
import { nodeChildRunner } from '../../../app/sandbox/runner';
import { confinementOrSkip } from '../sandbox/harness';

const c = await confinementOrSkip();
const dir = mkdtempSync(join(tmpdir(), 'recheck-sweep-'));
const modulePath = join(dir, 'point.ts');
// A point function: draws from its seed (through the bundled checkers), violates when t >= 4.
writeFileSync(
  modulePath,
  `import { Xoshiro128 } from '@recheck/checkers/random/xoshiro128';
export default (params: { t: number }, api: { seed: number }) => ({ t: params.t, draw: new Xoshiro128(api.seed).nextUint32(), violation: params.t >= 4 });`,
);
const expectedDraw = (sweepSeed: number, index: number): number => new Xoshiro128(splitSeed(sweepSeed, index)).nextUint32();

describe.skipIf(c === null)('runSweep', () => {
  it('stops at the first violation by index, with the same points and values for 1 job and 3 jobs', async () => {
    const base = {
      modulePath,
      spec: { horizon: 7 },
      seed: 99,
      stopOn: 'violation',
      runner: nodeChildRunner(c!),
      limits: { timeoutMs: 20_000 },
    };
    const one = await runSweep({ ...base, jobs: 1, runsDir: join(dir, 'runs-1') });
    const three = await runSweep({ ...base, jobs: 3, runsDir: join(dir, 'runs-3') });
    for (const s of [one, three]) {
      expect(s.status).toBe('stopped');
      expect(s.firstViolation).toEqual({ index: 3, params: { t: 4 }, value: { t: 4, draw: expectedDraw(99, 3), violation: true } });
      expect(s.done).toBe(4);
      expect(s.outcomes).toEqual({ ok: 4 });
    }
    const a = await readCheckpoint(one.dir);
    const b = await readCheckpoint(three.dir);
    for (let i = 0; i <= 3; i++) {
      expect(a.points.get(i)?.value).toEqual({ t: i + 1, draw: expectedDraw(99, i), violation: i + 1 >= 4 });
      expect(b.points.get(i)?.value).toEqual(a.points.get(i)?.value);
      expect(b.points.get(i)?.seed).toBe(splitSeed(99, i));
    }
    expect(a.points.has(4)).toBe(false); // one job never starts beyond the stop point
    expect(a.manifest).toMatchObject({ format: 'recheck.sweep/1', status: 'stopped', firstViolation: 3, total: 7, seed: 99 });
    expect(a.manifest?.module.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(a.manifest?.versions.node).toBe(process.versions.node);
  });

  it('a cancelled sweep keeps its finished points and resumes without redoing them', async () => {
    const runsDir = join(dir, 'runs-resume');
    const ac = new AbortController();
    const events: SweepEvent[] = [];
    const first = await runSweep({
      modulePath,
      spec: { parameters: { t: [1, 2, 3] } },
      seed: 5,
      jobs: 1,
      runsDir,
      runner: nodeChildRunner(c!),
      signal: ac.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'point') ac.abort();
      },
    });
    expect(first.status).toBe('cancelled');
    expect(first.done).toBe(1);
    expect(events.find((e) => e.type === 'progress')).toMatchObject({ done: 1, total: 3 });
    const second = await runSweep({
      modulePath,
      spec: { parameters: { t: [1, 2, 3] } },
      seed: 5,
      jobs: 2,
      runsDir,
      runner: nodeChildRunner(c!),
    });
    expect(second).toMatchObject({ id: first.id, status: 'complete', resumed: 1, done: 3, outcomes: { ok: 3 } });
    const lines = readFileSync(join(second.dir, 'points.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { index: number; value: { draw: number } });
    expect(lines.map((l) => l.index).sort()).toEqual([0, 1, 2]); // each point exactly once
    for (const l of lines) expect(l.value.draw).toBe(expectedDraw(5, l.index));
    // Same folder, different code: refused.
    writeFileSync(join(dir, 'other.ts'), 'export default () => 1;');
    await expect(
      runSweep({
        modulePath: join(dir, 'other.ts'),
        spec: { parameters: { t: [1, 2, 3] } },
        seed: 5,
        runsDir,
        id: first.id,
        runner: nodeChildRunner(c!),
      }),
    ).rejects.toThrow(/different code/);
  });

  it("forwards a running point's own progress and log, tagged with the point's index", async () => {
    const slow = join(dir, 'slow-point.ts');
    writeFileSync(
      slow,
      `export default (params: { t: number }, api: { progress(d: number, t?: number, m?: string): void; log(s: string): void }) => {
  api.log('point ' + params.t + ' starts');
  for (let i = 1; i <= 3; i++) api.progress(i, 3, 'step');
  return { t: params.t };
};`,
    );
    const events: SweepEvent[] = [];
    const s = await runSweep({
      modulePath: slow,
      spec: { parameters: { t: [10, 20] } },
      seed: 1,
      jobs: 2,
      runsDir: join(dir, 'runs-progress'),
      runner: nodeChildRunner(c!),
      onEvent: (e) => events.push(e),
    });
    expect(s.status).toBe('complete');
    for (const [index, t] of [
      [0, 10],
      [1, 20],
    ] as const) {
      expect(events).toContainEqual({ type: 'point-log', index, text: `point ${t} starts` });
      // The last progress message of a point is always sent (the runner throttles the ones before it).
      expect(events.filter((e) => e.type === 'point-progress' && e.index === index).at(-1)).toMatchObject({
        done: 3,
        total: 3,
        message: 'step',
      });
    }
    const manifest = (await readCheckpoint(s.dir)).manifest;
    expect(manifest?.isolation).toMatch(/bubblewrap/);
  });
});
