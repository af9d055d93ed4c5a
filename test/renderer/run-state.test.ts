import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../app/api/contract';
import { applyRunEvent, isDone, MAX_LOG_LINES, type Runs } from '../../renderer/lib/run-state';
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
    const events: RunEvent[] = Array.from({ length: MAX_LOG_LINES + 7 }, (_, i) => ({ runId: 'r', type: 'log', checkId: 'c', line: String(i) }));
    const logs = fold(events).r!.logs;
    expect(logs).toHaveLength(MAX_LOG_LINES);
    expect(logs[0]).toBe('[c] 7');
    expect(logs.at(-1)).toBe(`[c] ${MAX_LOG_LINES + 6}`);
  });
});
