import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendPoint, contestedProblem, readCheckpoint, POINTS_FILE } from '../../../app/runs/checkpoint';
import type { PointRecord } from '../../../app/runs/record';
import { END_REASONS } from '../../../common/sandbox/protocol';

const rec = (index: number): PointRecord => ({
  index,
  params: { t: index + 1 },
  seed: 7,
  inputSha256: 'x',
  outcome: 'ok',
  value: index * 10,
  wallMs: 1,
  finishedAt: '2026-01-01T00:00:00.000Z',
});

describe('sweep checkpoint', () => {
  it('reads back appended points, skips a torn last line, and ignores a second record that agrees with the first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-cp-'));
    expect((await readCheckpoint(dir)).points.size).toBe(0);
    await appendPoint(dir, rec(0));
    await appendPoint(dir, rec(2));
    await appendPoint(dir, { ...rec(0), wallMs: 99, finishedAt: '2026-01-02T00:00:00.000Z' }); // the same point run again
    appendFileSync(join(dir, POINTS_FILE), '{"index":5,"params":{"t":6},"outc'); // a crash mid-write
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 2]);
    expect(cp.points.get(0)?.wallMs).toBe(1);
    expect(cp).toMatchObject({
      skippedLines: 1,
      duplicatePoints: 1,
      contested: [],
      refused: [{ file: POINTS_FILE, reason: 'duplicate', count: 1, indexes: [0] }],
    });
    expect(readFileSync(join(dir, POINTS_FILE), 'utf8').split('\n').length).toBe(4); // three lines and the torn one
  });

  it('reads back a point whatever way its run ended (before: an invalid-output point was dropped, and its sweep recomputed it forever)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-cp-'));
    const ends = ['ok', ...END_REASONS] as const;
    for (const [i, outcome] of ends.entries())
      await appendPoint(dir, outcome === 'ok' ? rec(i) : { ...rec(i), outcome, value: undefined, message: `ended ${outcome}` });
    const cp = await readCheckpoint(dir);
    expect([...cp.points.values()].map((p) => p.outcome)).toEqual([...ends]);
    expect(cp.skippedLines).toBe(0);
  });

  it('leaves out a point whose records disagree, and says so in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-cp-'));
    await appendPoint(dir, rec(0));
    await appendPoint(dir, rec(1));
    await appendPoint(dir, { ...rec(0), value: 'another result' });
    const cp = await readCheckpoint(dir);
    expect([...cp.points.keys()]).toEqual([1]);
    expect(cp.contested).toEqual([{ index: 0, files: [POINTS_FILE, POINTS_FILE] }]);
    expect(contestedProblem(cp)).toBe(
      `point 0 has records that disagree (${POINTS_FILE}, ${POINTS_FILE}): the checkpoint cannot say which is this sweep's result, so it is not used; move this sweep's folder aside (or choose another --id) and run the sweep again`,
    );
    expect(contestedProblem({ contested: [] })).toBeNull();
  });
});
