// The decision panel's verdict history and the disagreement rule it shows before the core enforces it.
import { describe, it, expect } from 'vitest';
import type { AuditEntry } from '../../../common/api/contract';
import { MIN_OVERRIDE_RATIONALE } from '../../../common/api/methods';
import { openQuestions, overrideProblem, verdictHistory } from '../../../renderer/verdicts/verdicts';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  at: '2026-11-30T10:00:00.000Z',
  who: 'Ada',
  action: 'decision',
  caseId: 'c',
  falsificationId: 'F1',
  hashes: {},
  ...e,
});

describe('verdictHistory', () => {
  it("lists one falsification's verdicts newest first with what each was recorded against", () => {
    const audit = [
      entry({ action: 'run', runId: 'r1' }),
      entry({
        at: '2026-11-30T10:01:00.000Z',
        verdict: 'confirmed',
        rationale: 'seen',
        runId: 'r1',
        details: { computedDecision: 'confirmed', agreesWithComputed: true, openQuestions: ['units'] },
      }),
      entry({ falsificationId: 'F2', verdict: 'refuted', details: { computedDecision: 'refuted' } }),
      entry({
        at: '2026-11-30T10:02:00.000Z',
        who: 'Grace',
        verdict: 'refuted',
        rationale: 'a units slip',
        runId: 'r1',
        details: { computedDecision: 'confirmed', agreesWithComputed: false, overridesComputed: 'confirmed', openQuestions: [] },
      }),
      entry({ at: '2026-11-30T10:03:00.000Z', verdict: 'needs-more-work', rationale: 'rerun', details: { computedDecision: null } }),
      entry({ verdict: 'maybe' as never }),
    ];
    expect(verdictHistory(audit, 'F1').map((v) => [v.who, v.verdict, v.computed, v.disagreed, v.openQuestions])).toEqual([
      ['Ada', 'needs-more-work', null, false, undefined],
      ['Grace', 'refuted', 'confirmed', true, []],
      ['Ada', 'confirmed', 'confirmed', false, ['units']],
    ]);
  });

  it('reads entries older than the checklist (no agreement recorded) by the rule', () => {
    const h = verdictHistory(
      [entry({ verdict: 'refuted', details: { computedDecision: 'confirmed' } }), entry({ verdict: 'refuted' })],
      'F1',
    );
    expect(h.map((v) => [v.computed, v.disagreed])).toEqual([
      [undefined, false],
      ['confirmed', true],
    ]);
  });
});

describe('overrideProblem', () => {
  const why = 'x'.repeat(MIN_OVERRIDE_RATIONALE);
  it.each([
    ['no verdict chosen', null, 'confirmed', '', false, null],
    ['an agreeing verdict', 'confirmed', 'confirmed', '', false, null],
    ['needs more work', 'needs-more-work', 'confirmed', '', false, null],
    ['not run yet', 'refuted', undefined, '', false, null],
    ['disagreeing, not acknowledged', 'refuted', 'confirmed', why, false, /Tick the box/],
    [
      'disagreeing, reason too short',
      'refuted',
      'confirmed',
      '  too short  ',
      true,
      new RegExp(`at least ${MIN_OVERRIDE_RATIONALE} characters \\(9 so far\\)`),
    ],
    ['disagreeing, acknowledged with a reason', 'confirmed', 'inconclusive', why, true, null],
  ] as const)('%s', (_what, verdict, computed, rationale, ack, expected) => {
    const p = overrideProblem(verdict, computed, rationale, ack);
    if (expected === null) expect(p).toBeNull();
    else expect(p).toMatch(expected);
  });
});

describe('openQuestions', () => {
  it('keeps the open ones in order', () => {
    const q = (id: string, status: 'open' | 'answered' | 'not-applicable') => ({ id, question: `${id}?`, why: '', status, checks: [] });
    expect(
      openQuestions([q('horizon', 'answered'), q('precision', 'open'), q('units', 'not-applicable'), q('padding', 'open')]).map(
        (x) => x.id,
      ),
    ).toEqual(['precision', 'padding']);
  });
});
