// Saved letters: versions under letters/<id>/, letter.json, each save and status change logged in audit.jsonl;
// response status transitions; a letter not ready to send cannot be marked sent; bad input is one line.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import { readAudit } from '../../../app/cases/audit';
import { sha256 } from '../../../app/fs/hash';
import type { RunEvent } from '../../../common/api/contract';
import { nextStates, statusProblem, LETTER_STATES } from '../../../app/letters/status';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const ALL_ANSWERED = {
  horizon: { status: 'not-applicable', reason: 'one fixed size' },
  precision: { status: 'answered', checks: ['c1'] },
  units: { status: 'not-applicable', reason: 'no units' },
  'code-vs-theory': { status: 'answered', checks: ['c1'] },
  padding: { status: 'not-applicable', reason: 'no padding' },
  independent: { status: 'answered', checks: ['c1'] },
};

async function setup(o: { answered: boolean }) {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  if (o.answered) {
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].checklist = ALL_ANSWERED;
    writeFileSync(join(dir, 'case.json'), JSON.stringify(j, null, 2));
  }
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'ui-tester' });
  const done = new Promise<void>((resolve) => {
    const off = service.onRunEvent((e: RunEvent) => {
      if (e.type === 'finished') {
        off();
        resolve();
      }
    });
  });
  await service.runChecks('mini', null);
  await done;
  return { ws, dir, service };
}

describe('saving letters as versions', () => {
  it('writes letters/<id>/v<N>.md and letter.json, and logs each save with its hashes', async () => {
    const { dir, service } = await setup({ answered: false });
    const draft = await service.draftLetter('mini');
    const first = await service.saveLetter({
      caseId: 'mini',
      kind: draft.kind,
      falsificationIds: draft.falsificationIds,
      markdown: draft.markdown,
      reviewer: 'Ada',
    });
    expect(first.id).toBe('authors-1');
    expect(first.versions).toMatchObject([{ version: 1, who: 'Ada', sha256: sha256(draft.markdown), ready: false }]);
    expect(first.status).toMatchObject({ state: 'drafted', who: 'Ada' });
    const edited = `${draft.markdown}\nP.S. An edit.\n`;
    const second = await service.saveLetter({
      caseId: 'mini',
      letterId: 'authors-1',
      kind: 'authors',
      falsificationIds: ['F1'],
      markdown: edited,
      reviewer: 'Ada',
    });
    expect(second.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(readFileSync(join(dir, 'letters/authors-1/v1.md'), 'utf8')).toBe(draft.markdown);
    expect(readFileSync(join(dir, 'letters/authors-1/v2.md'), 'utf8')).toBe(edited);
    expect(await service.readLetter('mini', 'authors-1', 2)).toBe(edited);
    const json = JSON.parse(readFileSync(join(dir, 'letters/authors-1/letter.json'), 'utf8'));
    expect(json).toMatchObject({ format: 'recheck.letter/1', id: 'authors-1', kind: 'authors', falsificationIds: ['F1'] });
    const saves = (await readAudit(dir)).filter((e) => e.details?.letter === 'authors-1');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.hashes['letters/authors-1/v2.md']).toBe(sha256(edited));
    expect(saves[1]?.hashes['letters/authors-1/letter.json']).toBe(sha256(readFileSync(join(dir, 'letters/authors-1/letter.json'))));
    expect(saves[1]).toMatchObject({ who: 'Ada', action: 'edit', details: { version: 2, ready: false } });
    // A second letter gets the next id; the case list and the review queue show where each stands.
    expect((await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: '# Another\n' })).id).toBe(
      'authors-2',
    );
    expect((await service.listLetters('mini')).map((l) => l.id)).toEqual(['authors-1', 'authors-2']);
    expect((await service.listCases())[0]?.letters).toEqual([
      { id: 'authors-1', kind: 'authors', falsificationIds: ['F1'], state: 'drafted', versions: 2 },
      { id: 'authors-2', kind: 'authors', falsificationIds: ['F1'], state: 'drafted', versions: 1 },
    ]);
  });

  it('refuses bad input in one line', async () => {
    const { service } = await setup({ answered: false });
    await expect(service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F9'], markdown: '# L\n' })).rejects.toThrow(
      /^mini\/case\.json: no falsification "F9"$/,
    );
    await expect(service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: '  \n' })).rejects.toThrow(
      /^letters\/: the letter is empty: write it before saving$/,
    );
    await expect(
      service.saveLetter({ caseId: 'mini', letterId: 'authors-7', kind: 'authors', falsificationIds: ['F1'], markdown: '# L\n' }),
    ).rejects.toThrow(/^letters\/authors-7\/letter\.json: no such file$/);
    await expect(service.readLetter('mini', 'nope', 1)).rejects.toThrow(/^letters\/nope\/letter\.json: "nope" is not a letter id/);
    const saved = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: '# L\n' });
    await expect(
      service.saveLetter({ caseId: 'mini', letterId: saved.id, kind: 'logbook', falsificationIds: ['F1'], markdown: '# L\n' }),
    ).rejects.toThrow(/is a letter to the authors: save a letter of the other kind as a new letter/);
    await expect(service.readLetter('mini', saved.id, 3)).rejects.toThrow(/no version 3 \(versions: 1\)/);
  });
});

describe('response tracking', () => {
  it('a letter not ready to send cannot be marked sent, and says what is missing', async () => {
    const { service } = await setup({ answered: false });
    await service.recordVerdict({ caseId: 'mini', falsificationId: 'F1', verdict: 'confirmed', rationale: 'Seen.', reviewer: 'Ada' });
    const draft = await service.draftLetter('mini');
    const saved = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: draft.markdown });
    await expect(
      service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'sent', date: '2026-02-01', to: 'the authors' }),
    ).rejects.toThrow(
      /^letters\/authors-1\/letter\.json: not ready to send: F1: checklist question open: Is the horizon or scale long enough\?; /,
    );
  });

  it('goes drafted, sent, disputed, agreed, fixed; each change logged; the queue shows it', async () => {
    const { dir, service } = await setup({ answered: true });
    await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'Seen in the exact run.',
      reviewer: 'Ada',
    });
    const draft = await service.draftLetter('mini');
    expect(draft.ready).toBe(true);
    expect(draft.markdown).not.toMatch(/Not ready to send/);
    const saved = await service.saveLetter({
      caseId: 'mini',
      kind: 'authors',
      falsificationIds: ['F1'],
      markdown: draft.markdown,
      reviewer: 'Ada',
    });
    expect(saved.versions[0]?.ready).toBe(true);
    await expect(service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'agreed' })).rejects.toThrow(
      /a letter that is drafted cannot become "agreed" \(next: sent, independent-convergence\)/,
    );
    await expect(service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'sent', to: 'A. Author' })).rejects.toThrow(
      /a sent letter needs the date it was sent/,
    );
    await expect(
      service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'sent', date: '2026-02-30', to: 'A. Author' }),
    ).rejects.toThrow(/date "2026-02-30" must be a day, YYYY-MM-DD/);
    await service.setLetterStatus({
      caseId: 'mini',
      letterId: saved.id,
      state: 'sent',
      date: '2026-02-01',
      to: 'A. Author <a@example.org>',
      reviewer: 'Ada',
    });
    await expect(service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'disputed' })).rejects.toThrow(
      /a disputed letter needs their argument attached/,
    );
    await service.setLetterStatus({
      caseId: 'mini',
      letterId: saved.id,
      state: 'disputed',
      date: '2026-02-10',
      argument: 'Our bound assumes k <= 64.',
    });
    expect((await service.verdictQueue()).rows[0]?.letter).toEqual({
      id: 'authors-1',
      kind: 'authors',
      falsificationIds: ['F1'],
      state: 'disputed',
      versions: 1,
    });
    await service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'agreed', note: 'After our second message.' });
    await expect(service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'fixed' })).rejects.toThrow(
      /a fix needs the paper version that fixes it/,
    );
    const fixed = await service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'fixed', paperVersion: 'arXiv v3' });
    expect(fixed.history.map((h) => h.state)).toEqual(['drafted', 'sent', 'disputed', 'agreed', 'fixed']);
    expect(fixed.history[1]).toMatchObject({ date: '2026-02-01', to: 'A. Author <a@example.org>', who: 'Ada' });
    expect(fixed.history[2]).toMatchObject({ argument: 'Our bound assumes k <= 64.' });
    await expect(service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'agreed' })).rejects.toThrow(
      /fixed in a new paper version cannot become "agreed" \(the exchange has ended\)/,
    );
    const changes = (await readAudit(dir)).filter((e) => e.details?.letter === saved.id && e.details?.status !== undefined);
    expect(changes.map((e) => e.details?.status)).toEqual(['sent', 'disputed', 'agreed', 'fixed']);
    expect(existsSync(join(dir, 'letters/authors-1/v1.md'))).toBe(true);
  });

  it('independent convergence: they had fixed it before we wrote', async () => {
    const { service } = await setup({ answered: false });
    const saved = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: '# L\n' });
    const v = await service.setLetterStatus({
      caseId: 'mini',
      letterId: saved.id,
      state: 'independent-convergence',
      paperVersion: 'camera-ready',
    });
    expect(v.status).toMatchObject({ state: 'independent-convergence', paperVersion: 'camera-ready' });
  });
});

describe('status transitions', () => {
  it('every state but drafted is reachable from drafted, and the two endings end the exchange', () => {
    const reached = new Set(['drafted']);
    const queue = ['drafted'];
    while (queue.length > 0) {
      for (const n of nextStates(queue.shift() as never)) {
        if (reached.has(n)) continue;
        reached.add(n);
        queue.push(n);
      }
    }
    expect([...reached].sort()).toEqual([...LETTER_STATES].sort());
    expect(nextStates('fixed')).toEqual([]);
    expect(nextStates('independent-convergence')).toEqual([]);
    expect(statusProblem('sent', { state: 'drafted' })).toBe('a letter is drafted by saving it, not by a status change');
    expect(statusProblem('sent', { state: 'acknowledged' })).toBeNull();
  });
});
