// The core's live runs keep what a reloaded page needs to show a run as it was: progress, finished checks, the
// last log lines, and the sweep points sent so far (so that the live plot does not restart empty).
import { describe, it, expect } from 'vitest';
import { LIVE_POINTS, LiveRuns } from '../../../app/runs/live';

const point = (runId: string, x: number) => ({
  runId,
  type: 'series-point' as const,
  falsificationId: 'F1',
  checkId: 'sweep',
  series: 'additive',
  xLabel: 'k',
  x,
  y: x / 2,
});

describe('LiveRuns', () => {
  it('keeps the series points of a live run, in order, and forgets them when it ends', () => {
    const live = new LiveRuns();
    live.reserve('r1', 'case', null, 'Ada');
    live.observe({ runId: 'r1', type: 'started', caseId: 'case', checks: 1 });
    for (const x of [2, 4, 8]) live.observe(point('r1', x));
    expect(live.list()[0]?.points.map((p) => [p.checkId, p.series, p.x, p.y])).toEqual([
      ['sweep', 'additive', 2, 1],
      ['sweep', 'additive', 4, 2],
      ['sweep', 'additive', 8, 4],
    ]);
    // A copy: the caller's list does not grow with later points.
    const first = live.list()[0]!;
    live.observe(point('r1', 16));
    expect(first.points).toHaveLength(3);
    live.observe({ runId: 'r1', type: 'cancelled' });
    expect(live.list()).toEqual([]);
  });

  it('keeps at most LIVE_POINTS points per run and says how many it dropped', () => {
    const live = new LiveRuns();
    live.observe({ runId: 'r2', type: 'started', caseId: 'case', checks: 1 });
    for (let i = 0; i < LIVE_POINTS + 5; i++) live.observe(point('r2', i));
    const v = live.list()[0]!;
    expect(v.points).toHaveLength(LIVE_POINTS);
    expect(v.pointsDropped).toBe(5);
  });
});
