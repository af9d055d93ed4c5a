import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../common/api/contract';
import { applyRunEvent, isDone, liveSeriesKey, MAX_LIVE_SERIES, MAX_LOG_LINES, type Runs } from '../../renderer/lib/run-state';
import { createFakeApi } from './fake-api';

const fold = (events: RunEvent[]): Runs => events.reduce(applyRunEvent, {} as Runs);

describe('applyRunEvent', () => {
  it('folds a full run from the fake API into status, progress, logs, results and report', async () => {
    const api = createFakeApi();
    const events: RunEvent[] = [];
    api.onRunEvent((e) => events.push(e));
    const { runId } = await api.runChecks('alpha', null);
    api.flushRun(runId);
    const mid = fold(events.slice(0, 3))[runId]!;
    expect(mid.status).toBe('running');
    expect(mid.checks).toBe(1);
    expect(mid.progress).toEqual({ checkId: 'k1', done: 5, total: 10, rate: 2, etaS: 2.5, message: undefined });
    expect(mid.logs).toEqual(['[k1] half way']);
    const end = fold(events)[runId]!;
    expect(end.status).toBe('finished');
    expect(end.progress).toBeUndefined();
    expect(end.results.map((r) => r.checkId)).toEqual(['k1']);
    expect(end.report?.falsifications[0]?.decision).toBe('confirmed');
    expect(isDone(end)).toBe(true);
    expect(isDone(mid)).toBe(false);
  });

  it('keeps runs apart, does not mutate the previous state, and accepts events before `started`', () => {
    const s0 = fold([{ runId: 'a', type: 'log', checkId: 'c', line: 'early' }]);
    const s1 = applyRunEvent(s0, { runId: 'b', type: 'failed', error: 'boom' });
    expect(s0.b).toBeUndefined();
    expect(s1.a?.logs).toEqual(['[c] early']);
    expect(s1.b).toMatchObject({ status: 'failed', error: 'boom' });
    expect(applyRunEvent(s1, { runId: 'a', type: 'cancelled' }).a?.status).toBe('cancelled');
  });

  it(`keeps only the last ${MAX_LOG_LINES} log lines`, () => {
    const events: RunEvent[] = Array.from({ length: MAX_LOG_LINES + 7 }, (_, i) => ({
      runId: 'r',
      type: 'log',
      checkId: 'c',
      line: String(i),
    }));
    const logs = fold(events).r!.logs;
    expect(logs).toHaveLength(MAX_LOG_LINES);
    expect(logs[0]).toBe('[c] 7');
    expect(logs.at(-1)).toBe(`[c] ${MAX_LOG_LINES + 6}`);
  });

  it('folds series points into bounded live series, once per event, and redraws on each', () => {
    const pt = (series: string, x: number, y: number): RunEvent => ({
      runId: 'a',
      type: 'series-point',
      falsificationId: 'F1',
      checkId: 'sweep',
      series,
      xLabel: 'k',
      x,
      y,
    });
    const e2 = pt('additive', 2, 0.45);
    let s = fold([{ runId: 'a', type: 'started', caseId: 'c', checks: 1 }, pt('additive', 4, 1.25), e2]);
    s = applyRunEvent(s, e2); // folded twice, as React's StrictMode does
    const live = s.a?.series?.[liveSeriesKey('F1', 'sweep', 'additive')];
    expect(live?.length).toBe(2);
    expect([...live!.data()[0]]).toEqual([2, 4]);
    expect(s.a?.seriesVersion).toBe(2);
    for (let i = 0; i < MAX_LIVE_SERIES + 3; i++) s = applyRunEvent(s, pt(`s${i}`, 1, 1));
    expect(Object.keys(s.a?.series ?? {})).toHaveLength(MAX_LIVE_SERIES);
  });
});
