// Issue 11, defects 2 and 4 in the page's state: each falsification shows its own latest run, the followed
// run overlays only what it covers, and a reload re-attaches to the core's live runs without counting twice.
import { describe, it, expect } from 'vitest';
import type { CaseDetail, CheckResultView, LatestFalsificationReport, LiveRunView } from '../../common/api/contract';
import { shownDecisions, shownFalsifications } from '../../renderer/lib/decisions';
import { attachLiveRuns, runningByCase, runsReducer } from '../../renderer/lib/live-runs';
import type { RunState } from '../../renderer/lib/run-state';

const check = (fid: string, id: string): CheckResultView => ({
  falsificationId: fid,
  checkId: id,
  kind: 'k',
  title: id,
  outcome: 'supports',
  summary: '',
  evidence: {},
  artifacts: [],
  durationMs: 1,
});
const latest = (fid: string, runId: string, decision: LatestFalsificationReport['decision']): LatestFalsificationReport => ({
  falsificationId: fid,
  claim: 'C',
  assertion: 'a',
  decision,
  reason: 'r',
  checks: [check(fid, `${fid}-k`)],
  runId,
  finishedAt: '2026-11-30T00:00:00.000Z',
});

const detail = {
  id: 'case',
  falsifications: [{ id: 'F1' }, { id: 'F2' }],
  latest: [latest('F1', 'run-a', 'confirmed'), latest('F2', 'run-a', 'refuted')],
} as unknown as CaseDetail;

const run = (over: Partial<RunState>): RunState =>
  ({ runId: 'run-b', caseId: 'case', status: 'running', logs: [], results: [], series: {}, seriesVersion: 0, ...over }) as RunState;

describe('shownFalsifications', () => {
  it('a live re-run of F2 leaves F1 on its own latest report', () => {
    const s = shownFalsifications(detail, run({ falsificationId: 'F2', results: [check('F2', 'x')] }));
    expect(s.F1).toMatchObject({ live: false, report: { runId: 'run-a', decision: 'confirmed' } });
    expect(s.F2).toMatchObject({ live: true, checks: [{ checkId: 'x' }] });
    expect(s.F2?.report).toBeUndefined();
    expect(shownDecisions(s)).toEqual({ F1: 'confirmed' });
  });

  it("a finished re-run of F2 shows its new decision and F1's old one", () => {
    const report = {
      runId: 'run-b',
      caseId: 'case',
      startedAt: '',
      finishedAt: '2026-11-30T01:00:00.000Z',
      falsifications: [{ ...latest('F2', 'run-b', 'confirmed') }],
    };
    const s = shownFalsifications(detail, run({ falsificationId: 'F2', status: 'finished', report }));
    expect(shownDecisions(s)).toEqual({ F1: 'confirmed', F2: 'confirmed' });
    expect(s.F2?.report?.runId).toBe('run-b');
  });

  it('a cancelled run of the whole case shows its partial checks without a decision, and the others keep theirs', () => {
    const s = shownFalsifications(detail, run({ falsificationId: null, status: 'cancelled', results: [check('F1', 'y')] }));
    expect(s.F1).toMatchObject({ partial: true, checks: [{ checkId: 'y' }] });
    expect(s.F2).toMatchObject({ partial: false, report: { decision: 'refuted' } });
  });

  it("another case's run changes nothing", () => {
    expect(shownDecisions(shownFalsifications(detail, run({ caseId: 'other', falsificationId: null })))).toEqual({
      F1: 'confirmed',
      F2: 'refuted',
    });
  });
});

describe('attachLiveRuns', () => {
  const live: LiveRunView = {
    runId: 'run-b',
    caseId: 'case',
    falsificationId: 'F1',
    startedAt: '',
    who: 'Ada',
    checks: 2,
    results: [check('F1', 'k1')],
    logs: ['[k1] a'],
    points: [],
    progress: { checkId: 'k2', done: 3, total: 9 },
  };

  it('a reloaded page gets a running state holding what the core kept', () => {
    const runs = attachLiveRuns({}, [live]);
    expect(runs['run-b']).toMatchObject({
      status: 'running',
      caseId: 'case',
      falsificationId: 'F1',
      checks: 2,
      logs: ['[k1] a'],
      progress: { checkId: 'k2', done: 3 },
    });
    expect(runningByCase(runs)).toEqual({ case: 'run-b' });
  });

  it('never counts a check twice when events arrived before the listing, and never revives an ended run', () => {
    let runs = runsReducer({}, { runId: 'run-b', type: 'check', result: check('F1', 'k1') });
    runs = runsReducer(runs, { type: 'attach', live: [live] });
    expect(runs['run-b']?.results.map((r) => r.checkId)).toEqual(['k1']);
    runs = runsReducer(runs, { runId: 'run-b', type: 'cancelled' });
    runs = runsReducer(runs, { type: 'attach', live: [live] });
    expect(runs['run-b']?.status).toBe('cancelled');
    expect(runningByCase(runs)).toEqual({});
  });

  it('a reloaded page draws the sweep points the core kept, in their live series', () => {
    const pt = (x: number, y: number) => ({ falsificationId: 'F1', checkId: 'k2', series: 'additive', xLabel: 'k', x, y });
    const runs = attachLiveRuns({}, [{ ...live, points: [pt(2, 0.4), pt(4, 1.1), pt(8, 1.8)] }]);
    const series = Object.values(runs['run-b']?.series ?? {});
    expect(series).toHaveLength(1);
    expect(series[0]?.series).toBe('additive');
    expect(series[0]?.length).toBe(3);
    expect(runs['run-b']?.seriesVersion).toBeGreaterThan(0);
  });
});
