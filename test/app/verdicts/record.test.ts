// Issue 11: a verdict that disagrees with the computed decision must acknowledge it and say why (enforced in the
// core's recordVerdict), and a verdict recorded with open checklist questions says so in its audit entry.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS, MIN_OVERRIDE_RATIONALE, verdictDisagrees } from '../../../common/api/methods';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const WHY = 'The exact run shows the exit is a float64 artefact of a lost tie.';

async function setup(run = true) {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'Grace' });
  if (run) {
    const done = new Promise<RunEvent>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'finished' || e.type === 'failed') {
          off();
          resolve(e);
        }
      });
    });
    await service.runChecks('mini', null);
    expect((await done).type).toBe('finished');
  }
  const audit = () => readFileSync(join(dir, 'audit.jsonl'), 'utf8').trim().split('\n');
  return { service, dir, audit };
}

describe('verdictDisagrees', () => {
  it.each([
    ['confirmed', 'confirmed', false],
    ['refuted', 'confirmed', true],
    ['confirmed', 'refuted', true],
    ['confirmed', 'contested', true],
    ['refuted', 'inconclusive', true],
    ['needs-more-work', 'confirmed', false],
    ['refuted', undefined, false],
  ] as const)('%s against %s: %s', (verdict, computed, expected) => {
    expect(verdictDisagrees(verdict, computed)).toBe(expected);
  });
});

describe('recordVerdict against the computed decision', () => {
  it('an agreeing verdict is recorded with the computed decision, the agreement and the open questions', async () => {
    const { service } = await setup();
    const entry = await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'Seen.',
      reviewer: 'Ada',
    });
    expect(entry.details).toEqual({
      computedDecision: 'confirmed',
      agreesWithComputed: true,
      openQuestions: ['horizon', 'precision', 'units', 'code-vs-theory', 'padding', 'independent'],
      checklist: { answered: 0, notApplicable: 0, open: 6 },
    });
  });

  it('a disagreeing verdict without the acknowledgement is refused in one line, and nothing is logged', async () => {
    const { service, audit } = await setup();
    const logged = audit().length;
    const err = await service
      .recordVerdict({ caseId: 'mini', falsificationId: 'F1', verdict: 'refuted', rationale: WHY, reviewer: 'Ada' })
      .then(
        () => new Error('recorded'),
        (e: unknown) => e as Error,
      );
    expect(err.message).toBe(
      'mini/case.json: F1: the verdict "refuted" disagrees with the computed decision "confirmed": acknowledge it (overridesComputed "confirmed") and say why in the rationale',
    );
    expect(audit()).toHaveLength(logged);
  });

  it('a disagreeing verdict needs a rationale that says why', async () => {
    const { service } = await setup();
    await expect(
      service.recordVerdict({
        caseId: 'mini',
        falsificationId: 'F1',
        verdict: 'refuted',
        rationale: 'No.',
        reviewer: 'Ada',
        overridesComputed: 'confirmed',
      }),
    ).rejects.toThrow(
      `F1: a verdict that disagrees with the computed decision needs a rationale of at least ${MIN_OVERRIDE_RATIONALE} characters saying why`,
    );
  });

  it('an acknowledgement of a decision that is not the current one is refused (a run finished since)', async () => {
    const { service } = await setup();
    await expect(
      service.recordVerdict({
        caseId: 'mini',
        falsificationId: 'F1',
        verdict: 'refuted',
        rationale: WHY,
        reviewer: 'Ada',
        overridesComputed: 'contested',
      }),
    ).rejects.toThrow(/the computed decision is now "confirmed", not "contested"/);
    await expect(
      service.recordVerdict({
        caseId: 'mini',
        falsificationId: 'F1',
        verdict: 'confirmed',
        rationale: WHY,
        reviewer: 'Ada',
        overridesComputed: 'confirmed',
      }),
    ).rejects.toThrow(/does not disagree with the computed decision \(confirmed\)/);
  });

  it('an acknowledged disagreement with its reason is recorded as one', async () => {
    const { service } = await setup();
    const entry = await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: WHY,
      reviewer: 'Ada',
      overridesComputed: 'confirmed',
    });
    expect(entry.details).toMatchObject({ computedDecision: 'confirmed', agreesWithComputed: false, overridesComputed: 'confirmed' });
    expect((await service.openCase('mini')).audit.at(-1)?.details).toMatchObject({ agreesWithComputed: false });
  });

  it('needs more work never disagrees; without a run there is nothing to disagree with', async () => {
    const { service } = await setup(false);
    const entry = await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: 'r',
      reviewer: 'Ada',
    });
    expect(entry.details).toMatchObject({ computedDecision: null });
    expect(entry.details).not.toHaveProperty('agreesWithComputed');
  });

  it('answered questions leave the open list', async () => {
    const { service } = await setup();
    await service.answerChecklist({
      caseId: 'mini',
      falsificationId: 'F1',
      question: 'horizon',
      status: 'answered',
      checks: ['c1'],
      reviewer: 'Ada',
    });
    await service.answerChecklist({
      caseId: 'mini',
      falsificationId: 'F1',
      question: 'padding',
      status: 'not-applicable',
      reason: 'no sequences anywhere',
    });
    const entry = await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'Seen.',
      reviewer: 'Ada',
    });
    expect(entry.details).toMatchObject({
      openQuestions: ['precision', 'units', 'code-vs-theory', 'independent'],
      checklist: { answered: 1, notApplicable: 1, open: 4 },
    });
    const f = (await service.openCase('mini')).falsifications[0];
    expect(f?.checklist.map((q) => [q.id, q.status])).toEqual([
      ['horizon', 'answered'],
      ['precision', 'open'],
      ['units', 'open'],
      ['code-vs-theory', 'open'],
      ['padding', 'not-applicable'],
      ['independent', 'open'],
    ]);
    expect(f?.checklist[4]).toMatchObject({ reason: 'no sequences anywhere', question: 'Are padding or masked positions counted?' });
  });
});

describe('the method table', () => {
  it('validates overridesComputed and answerChecklist arguments', () => {
    const base = { caseId: 'mini', falsificationId: 'F1', verdict: 'refuted', rationale: WHY, reviewer: 'Ada' };
    expect(API_METHODS.recordVerdict.validate([{ ...base, overridesComputed: 'confirmed' }])[0].overridesComputed).toBe('confirmed');
    expect(() => API_METHODS.recordVerdict.validate([{ ...base, overridesComputed: 'yes' }])).toThrow(
      'recordVerdict: overridesComputed must be one of confirmed, refuted, contested, inconclusive',
    );
    const answer = { caseId: 'mini', falsificationId: 'F1', question: 'units', status: 'answered', checks: ['c1'] };
    expect(API_METHODS.answerChecklist.validate([answer])[0]).toEqual(answer);
    expect(() => API_METHODS.answerChecklist.validate([{ ...answer, status: 'done' }])).toThrow(
      'answerChecklist: status must be one of answered, not-applicable, open',
    );
    expect(() => API_METHODS.answerChecklist.validate([{ ...answer, checks: ['../x'] }])).toThrow(
      'answerChecklist: each check must be an identifier',
    );
    expect(() => API_METHODS.answerChecklist.validate([{ ...answer, checks: 'c1' }])).toThrow('checks must be a list');
    expect(API_METHODS.verdictQueue.validate([])).toEqual([]);
  });
});
