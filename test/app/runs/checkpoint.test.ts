import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendPoint, readCheckpoint, POINTS_FILE } from '../../../app/runs/checkpoint';
import type { PointRecord } from '../../../app/runs/record';

const rec = (index: number): PointRecord => ({ index, params: { t: index + 1 }, seed: 7, inputSha256: 'x', outcome: 'ok', value: index * 10, wallMs: 1, finishedAt: '2026-01-01T00:00:00.000Z' });

describe('sweep checkpoint', () => {
  it('reads back appended points, skips a torn last line, and keeps the first record of an index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-cp-'));
    expect((await readCheckpoint(dir)).points.size).toBe(0);
    await appendPoint(dir, rec(0));
    await appendPoint(dir, rec(2));
    await appendPoint(dir, { ...rec(0), value: 'later duplicate' });
    appendFileSync(join(dir, POINTS_FILE), '{"index":5,"params":{"t":6},"outc'); // a crash mid-write
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 2]);
    expect(cp.points.get(0)?.value).toBe(0);
    expect(cp.skippedLines).toBe(1);
    expect(readFileSync(join(dir, POINTS_FILE), 'utf8').split('\n').length).toBe(4); // three lines and the torn one
  });
});
