// The adversarial checklist (issue 11): one list of questions with stable ids, answers stored in case.json
// through the validated, atomic, logged edit, and refused with one line when they do not hold together.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKLIST, CHECKLIST_IDS, checklistStatus } from '../../../app/cases/checklist';
import { answerChecklist } from '../../../app/cases/edit';
import { loadCase } from '../../../app/cases/load';
import { readAudit } from '../../../app/cases/audit';
import { createCheckRegistry } from '../../../app/checks/registry';
import { sha256 } from '../../../app/fs/hash';
import { defaultRegistry } from '../../../app/cli/registry';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);
const ada = { who: 'Ada' };

function setup() {
  return writeMinimalCase(tempDir());
}

describe('the checklist questions', () => {
  it('are the six the organizers ask, with stable ids, in order', () => {
    // Ids are stored in cases and audit logs: changing one breaks every case that answered it.
    expect(CHECKLIST_IDS).toEqual(['horizon', 'precision', 'units', 'code-vs-theory', 'padding', 'independent']);
    for (const q of CHECKLIST) {
      expect(q.question).toMatch(/\?$/);
      expect(q.why.length).toBeGreaterThan(20);
    }
  });

  it('an unanswered falsification has every question open', () => {
    const s = checklistStatus({});
    expect(s.open).toEqual(CHECKLIST_IDS);
    expect([s.answered, s.notApplicable]).toEqual([0, 0]);
    expect(s.items.map((i) => i.status)).toEqual(CHECKLIST_IDS.map(() => 'open'));
  });

  it('counts answered, not applicable and open (an explicit open answer is open)', () => {
    const s = checklistStatus({
      checklist: {
        units: { status: 'answered', checks: ['c1'], note: 'normalised' },
        padding: { status: 'not-applicable', reason: 'no sequences' },
        horizon: { status: 'open', note: 'run to k = 1024' },
      },
    });
    expect([s.answered, s.notApplicable]).toEqual([1, 1]);
    expect(s.open).toEqual(['horizon', 'precision', 'code-vs-theory', 'independent']);
    expect(s.items.find((i) => i.question.id === 'horizon')?.note).toBe('run to k = 1024');
  });
});

describe('answerChecklist', () => {
  it('stores the answer in case.json in checklist order and logs it with the hashes before and after', async () => {
    const dir = setup();
    const before = sha256(readFileSync(join(dir, 'case.json')));
    await answerChecklist(dir, registry, ada, { falsification: 'F1', question: 'units', answer: { status: 'answered', checks: ['c1'], note: '  both in s/trajectory ' } });
    await answerChecklist(dir, registry, ada, { falsification: 'F1', question: 'horizon', answer: { status: 'not-applicable', reason: 'a single measurement, no scale to grow' } });
    const f = (await loadCase(dir, registry)).file.falsifications[0];
    expect(f?.checklist).toEqual({ horizon: { status: 'not-applicable', reason: 'a single measurement, no scale to grow' }, units: { status: 'answered', checks: ['c1'], note: 'both in s/trajectory' } });
    expect(Object.keys(f?.checklist ?? {})).toEqual(['horizon', 'units']);
    const audit = await readAudit(dir);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ who: 'Ada', action: 'edit', details: { edit: 'answer-checklist', falsificationId: 'F1', question: 'units', answer: { status: 'answered', checks: ['c1'] } } });
    expect(audit[0]?.hashes['case.json@before']).toBe(before);
  });

  it('reopening a question without a note removes its answer (and the empty checklist)', async () => {
    const dir = setup();
    await answerChecklist(dir, registry, ada, { falsification: 'F1', question: 'units', answer: { status: 'answered', checks: ['c1'] } });
    await answerChecklist(dir, registry, ada, { falsification: 'F1', question: 'units', answer: { status: 'open' } });
    expect((await loadCase(dir, registry)).file.falsifications[0]?.checklist).toBeUndefined();
    await answerChecklist(dir, registry, ada, { falsification: 'F1', question: 'units', answer: { status: 'open', note: 'which batch size?' } });
    expect((await loadCase(dir, registry)).file.falsifications[0]?.checklist).toEqual({ units: { status: 'open', note: 'which batch size?' } });
  });

  it.each([
    ['an unknown question', { falsification: 'F1', question: 'vibes', answer: { status: 'open' as const } }, /unknown checklist question "vibes" \(questions: horizon, precision/],
    ['an unknown falsification', { falsification: 'F9', question: 'units', answer: { status: 'open' as const } }, /no falsification "F9" \(falsifications: F1\)/],
    ['a check the falsification does not declare', { falsification: 'F1', question: 'units', answer: { status: 'answered' as const, checks: ['c9'] } }, /links check "c9", which this falsification does not declare \(checks: c1\)/],
    ['an answer without a check', { falsification: 'F1', question: 'units', answer: { status: 'answered' as const, checks: [] } }, /is answered by no check/],
    ['not applicable without a reason', { falsification: 'F1', question: 'units', answer: { status: 'not-applicable' as const, reason: '   ' } }, /marked not applicable without a reason/],
  ])('refuses %s in one line and leaves case.json as it was', async (_what, answer, message) => {
    const dir = setup();
    const before = readFileSync(join(dir, 'case.json'), 'utf8');
    const err = await answerChecklist(dir, registry, ada, answer).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(before);
    expect(await readAudit(dir)).toEqual([]);
  });
});

describe('loading a case with a checklist', () => {
  function withChecklist(checklist: unknown): string {
    const dir = setup();
    const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: Record<string, unknown>[] };
    (json.falsifications[0] as Record<string, unknown>).checklist = checklist;
    writeFileSync(join(dir, 'case.json'), JSON.stringify(json));
    return dir;
  }

  it('reads a valid checklist', async () => {
    const dir = withChecklist({ precision: { status: 'answered', checks: ['c1'] } });
    expect((await loadCase(dir, registry)).file.falsifications[0]?.checklist).toEqual({ precision: { status: 'answered', checks: ['c1'] } });
  });

  it.each([
    [{ vibes: { status: 'open' } }, /\/falsifications\/0\/checklist: unknown field "vibes"/],
    [{ units: { status: 'maybe' } }, /\/falsifications\/0\/checklist\/units\/status: must be one of "answered", "not-applicable", "open"/],
    [{ units: { status: 'answered', checks: ['nope'] } }, /\/falsifications\/0\/checklist\/units: question "units" links check "nope"/],
    [{ units: { status: 'not-applicable', reason: 'r', checks: ['c1'] } }, /\/falsifications\/0\/checklist\/units: question "units" is not-applicable but links checks/],
    [{ units: { status: 'answered', checks: ['c1'], reason: 'r' } }, /gives a reason: a reason is for not applicable/],
    [JSON.parse('{"__proto__": {"status": "open"}}') as unknown, /\/falsifications\/0\/checklist: unknown field "__proto__"/],
    [{ units: { status: 'answered', checks: ['c1', 'c1'] } }, /links a check twice/],
  ])('refuses %j with the pointer and the problem', async (checklist, message) => {
    await expect(loadCase(withChecklist(checklist), registry)).rejects.toThrow(message);
  });
});

describe('the bundled cases', () => {
  const bundled = ['fw-attention-collapse', 'kl-direction', 'padding-perplexity', 'paging-robustness', 'quantization-stability', 'timing-normalization'];
  it.each(bundled)('%s addresses every question of every falsification (an open one says what is missing)', async (id) => {
    const { file } = await loadCase(join(BUNDLED_CASES_DIR, id), defaultRegistry());
    for (const f of file.falsifications) {
      expect(Object.keys(f.checklist ?? {}), `${id} ${f.id}`).toEqual(CHECKLIST_IDS);
      for (const [q, a] of Object.entries(f.checklist ?? {})) {
        if (a.status === 'open') expect(a.note?.length ?? 0, `${id} ${f.id} ${q}`).toBeGreaterThan(40);
        if (a.status === 'answered') expect(a.note?.length ?? 0, `${id} ${f.id} ${q}: say how the checks answer it`).toBeGreaterThan(20);
      }
    }
  });

  it('the timing case leaves independence open: nobody re-timed the benchmark', async () => {
    const { file } = await loadCase(join(BUNDLED_CASES_DIR, 'timing-normalization'), defaultRegistry());
    expect(checklistStatus(file.falsifications[0] ?? {}).open).toEqual(['independent']);
  });
});
