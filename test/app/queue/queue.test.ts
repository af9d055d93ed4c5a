// Issue 11: the review queue, every claimed falsification of every case with its state (not run, running,
// awaiting a verdict, verdict agreeing or disagreeing, needs more work) and its open checklist questions.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { AuditEntry, LatestFalsificationReport, RunEvent } from '../../../common/api/contract';
import { byUrgency, caseRows } from '../../../app/queue/queue';
import { verdictState } from '../../../app/verdicts/latest';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const check = (id: string, outcome: string, steps = 1) => ({ id, kind: 'test-fixed', title: id, params: { outcome, steps } });

function twoCases() {
  const ws = tempDir();
  writeMinimalCase(ws, 'alpha', {
    format: 'recheck.case/1',
    id: 'alpha',
    title: 'Alpha',
    paper: { title: 'P', venueId: 'openreview:a', claims: [{ id: 'C1', text: 'c' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'L' }],
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        assertion: 'First fails.',
        checks: [check('c1', 'supports')],
        checklist: { horizon: { status: 'answered', checks: ['c1'] } },
      },
      { id: 'F2', claim: 'C1', logbook: 'L1', assertion: 'Second fails.', checks: [check('c2', 'refutes')] },
      { id: 'F3', claim: 'C1', logbook: 'L1', assertion: 'Third fails.', checks: [check('c3', 'supports')] },
    ],
  });
  writeMinimalCase(ws, 'beta');
  writeFileSync(join(ws, 'broken.json'), '{}');
  return ws;
}

async function run(service: Awaited<ReturnType<typeof createRecheckService>>, caseId: string, fid: string | null) {
  const done = new Promise<RunEvent>((resolve) => {
    const off = service.onRunEvent((e) => {
      if (e.type === 'finished' || e.type === 'failed') {
        off();
        resolve(e);
      }
    });
  });
  await service.runChecks(caseId, fid);
  expect((await done).type).toBe('finished');
}

const report = (decision: LatestFalsificationReport['decision'], runId: string): LatestFalsificationReport => ({
  falsificationId: 'F1',
  claim: 'C1',
  assertion: 'a',
  decision,
  reason: '',
  checks: [],
  runId,
  finishedAt: '2026-11-30T10:00:00.000Z',
});
const verdict = (v: AuditEntry['verdict'], runId: string | undefined, computedDecision: string | null): AuditEntry => ({
  at: '2026-11-30T11:00:00.000Z',
  who: 'Ada',
  action: 'decision',
  caseId: 'alpha',
  falsificationId: 'F1',
  verdict: v,
  ...(runId !== undefined ? { runId } : {}),
  hashes: {},
  details: { computedDecision },
});

describe('verdictState', () => {
  it.each([
    ['never run', undefined, undefined, false, 'not-run'],
    ['running wins over everything', report('confirmed', 'r1'), verdict('confirmed', 'r1', 'confirmed'), true, 'running'],
    ['computed, no verdict', report('confirmed', 'r1'), undefined, false, 'awaiting-verdict'],
    ['verdict agrees', report('confirmed', 'r1'), verdict('confirmed', 'r1', 'confirmed'), false, 'agreed'],
    ['verdict disagrees', report('confirmed', 'r1'), verdict('refuted', 'r1', 'confirmed'), false, 'disagreed'],
    ['needs more work', report('contested', 'r1'), verdict('needs-more-work', 'r1', 'contested'), false, 'needs-more-work'],
    [
      'a newer run computed the same decision: the verdict stands',
      report('confirmed', 'r2'),
      verdict('confirmed', 'r1', 'confirmed'),
      false,
      'agreed',
    ],
    [
      'a newer run changed the decision: a verdict is awaited again',
      report('refuted', 'r2'),
      verdict('confirmed', 'r1', 'confirmed'),
      false,
      'awaiting-verdict',
    ],
    ['a verdict recorded before any run', report('refuted', 'r1'), verdict('refuted', undefined, null), false, 'awaiting-verdict'],
  ] as const)('%s', (_what, computed, v, running, expected) => {
    expect(verdictState(computed, v, running)).toBe(expected);
  });

  it('rows sort by urgency and keep the workspace order within a state', () => {
    const rows = caseRows(
      {
        id: 'alpha',
        title: 'Alpha',
        falsifications: ['F1', 'F2', 'F3', 'F4'].map((id) => ({ id, claim: 'C1', logbook: 'L1', assertion: id, checks: [] })),
      },
      [
        { ...report('confirmed', 'r1'), falsificationId: 'F3' },
        { ...report('confirmed', 'r1'), falsificationId: 'F4' },
      ],
      [{ ...verdict('confirmed', 'r1', 'confirmed'), falsificationId: 'F4' }],
      [{ caseId: 'alpha', falsificationId: 'F2' }],
    );
    expect(byUrgency(rows).map((r) => [r.falsificationId, r.state])).toEqual([
      ['F3', 'awaiting-verdict'],
      ['F2', 'running'],
      ['F1', 'not-run'],
      ['F4', 'agreed'],
    ]);
  });
});

describe('verdictQueue', () => {
  it('lists every falsification of every case with its state, verdict and open questions', async () => {
    const ws = twoCases();
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'Grace' });
    const fresh = await service.verdictQueue();
    expect(fresh.rows.map((r) => [r.caseId, r.falsificationId, r.state, r.openQuestions.length])).toEqual([
      ['alpha', 'F1', 'not-run', 5],
      ['alpha', 'F2', 'not-run', 6],
      ['alpha', 'F3', 'not-run', 6],
      ['beta', 'F1', 'not-run', 6],
    ]);
    expect(fresh.counts['not-run']).toBe(4);

    await run(service, 'alpha', null);
    await service.recordVerdict({ caseId: 'alpha', falsificationId: 'F1', verdict: 'confirmed', rationale: 'Seen.', reviewer: 'Ada' });
    await service.recordVerdict({
      caseId: 'alpha',
      falsificationId: 'F2',
      verdict: 'confirmed',
      rationale: 'The refuting check misreads the logbook table entirely.',
      reviewer: 'Ada',
      overridesComputed: 'refuted',
    });
    const q = await service.verdictQueue();
    expect(q.rows.map((r) => [r.caseId, r.falsificationId, r.state, r.computed?.decision ?? null, r.verdict?.verdict ?? null])).toEqual([
      ['alpha', 'F3', 'awaiting-verdict', 'confirmed', null],
      ['alpha', 'F2', 'disagreed', 'refuted', 'confirmed'],
      ['beta', 'F1', 'not-run', null, null],
      ['alpha', 'F1', 'agreed', 'confirmed', 'confirmed'],
    ]);
    expect(q.counts).toEqual({ 'awaiting-verdict': 1, disagreed: 1, 'needs-more-work': 0, running: 0, 'not-run': 1, agreed: 1 });
    expect(q.rows[3]).toMatchObject({
      caseTitle: 'Alpha',
      assertion: 'First fails.',
      openQuestions: ['precision', 'units', 'code-vs-theory', 'padding', 'independent'],
      questionCount: 6,
      verdictPredatesRun: false,
      verdict: { who: 'Ada', computedDecision: 'confirmed' },
    });
    expect(q.problems).toEqual([]);
  });

  it('a case that does not load is a problem line, not a failure of the queue', async () => {
    const ws = twoCases();
    writeFileSync(join(ws, 'beta', 'case.json'), '{"format":"recheck.case/1"}');
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    const q = await service.verdictQueue();
    expect(q.rows.map((r) => r.caseId)).toEqual(['alpha', 'alpha', 'alpha']);
    expect(q.problems).toHaveLength(1);
    expect(q.problems[0]?.caseId).toBe('beta');
    expect(q.problems[0]?.error).toMatch(/^beta\/case\.json: .*missing required field/);
  });

  it('a live run marks its falsifications running', async () => {
    const ws = twoCases();
    const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
    const finished = new Promise<void>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'finished') {
          off();
          resolve();
        }
      });
    });
    await service.runChecks('alpha', 'F2');
    const q = await service.verdictQueue();
    expect(q.rows.filter((r) => r.state === 'running').map((r) => [r.caseId, r.falsificationId])).toEqual([['alpha', 'F2']]);
    await finished;
    expect((await service.verdictQueue()).counts.running).toBe(0);
  });
});
