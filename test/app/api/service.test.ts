import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import { readAudit } from '../../../app/cases/audit';
import { sha256 } from '../../../app/fs/hash';
import type { RunEvent } from '../../../common/api/contract';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

async function setup() {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'ui-tester' });
  return { ws, dir, service };
}

function waitFor(service: Awaited<ReturnType<typeof setup>>['service'], type: RunEvent['type']): Promise<RunEvent> {
  return new Promise((resolve) => {
    const off = service.onRunEvent((e) => {
      if (e.type === type) {
        off();
        resolve(e);
      }
    });
  });
}

describe('RecheckService', () => {
  it('opens a case with its paper, logbook, sandbox and audit', async () => {
    const { service } = await setup();
    const c = await service.openCase('mini');
    expect(c.paper.title).toBe('A paper');
    expect(c.paperMarkdown).toContain('$O(\\ln k)$');
    expect(c.logbooks[0]?.pages[0]?.cells[0]).toMatchObject({ type: 'markdown' });
    expect(c.sandboxFiles.map((f) => f.path)).toEqual(['sandbox/model.ts']);
    expect(c.lastRun).toBeUndefined();
    await expect(service.openCase('absent')).rejects.toThrow(/no case "absent"/);
  });

  it('lists a broken case with its one-line problem instead of hiding every case', async () => {
    const { ws, service } = await setup();
    const broken = writeMinimalCase(ws, 'broken');
    writeFileSync(join(broken, 'case.json'), '{"format": "recheck.case/1"');
    const cases = await service.listCases();
    expect(cases.map((c) => [c.id, c.error === undefined])).toEqual([
      ['broken', false],
      ['mini', true],
    ]);
    expect(cases[0]?.error).toMatch(/broken\/case\.json: malformed JSON/);
    await expect(service.openCase('broken')).rejects.toThrow(/malformed JSON/);
  });

  it('runs checks in the background, then records the decision against the computed one', async () => {
    const { service, dir } = await setup();
    const done = waitFor(service, 'finished');
    await service.runChecks('mini', null);
    await done;
    const summary = (await service.listCases())[0];
    expect(summary?.lastDecisions).toEqual({ F1: 'confirmed' });
    const entry = await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'The exact run shows it.',
      reviewer: 'Ada',
    });
    expect(entry.details).toMatchObject({ computedDecision: 'confirmed', agreesWithComputed: true });
    expect(entry.hashes.rationale).toBe(sha256('The exact run shows it.'));
    const audit = await readAudit(dir);
    expect(audit.map((e) => e.action)).toEqual(['run', 'decision']);
    await expect(
      service.recordVerdict({ caseId: 'mini', falsificationId: 'F9', verdict: 'refuted', rationale: '', reviewer: 'Ada' }),
    ).rejects.toThrow(/no falsification "F9"/);
  });

  it('cancels a running check', async () => {
    const { service, dir } = await setup();
    const path = join(dir, 'case.json');
    const j = JSON.parse(readFileSync(path, 'utf8'));
    j.falsifications[0].checks[0].params.steps = 100000;
    writeFileSync(path, JSON.stringify(j));
    const cancelled = waitFor(service, 'cancelled');
    const { runId } = await service.runChecks('mini', 'F1');
    await new Promise((r) => setTimeout(r, 20));
    await service.cancelRun(runId);
    expect((await cancelled).runId).toBe(runId);
    expect((await readAudit(dir)).map((e) => e.details)).toEqual([{ cancelled: true, finishedChecks: [] }]);
  });

  it('saves a sandbox file atomically and logs the edit with hashes before and after', async () => {
    const { service, dir } = await setup();
    const before = sha256(readFileSync(join(dir, 'sandbox/model.ts')));
    const entry = await service.saveSandboxFile({ caseId: 'mini', path: 'sandbox/model.ts', text: 'export const k = 2;\n' });
    expect(readFileSync(join(dir, 'sandbox/model.ts'), 'utf8')).toBe('export const k = 2;\n');
    expect(entry.hashes).toEqual({ 'sandbox/model.ts@before': before, 'sandbox/model.ts': sha256('export const k = 2;\n') });
  });

  it('drafts a letter that reports only what was computed and recorded', async () => {
    const { service } = await setup();
    const before = await service.draftLetter('mini');
    expect(before.ready).toBe(false);
    expect(before.missing).toEqual(['the checks of this case have not been run: there is nothing to report yet']);
    expect(before.markdown).toMatch(/Not ready to send/);
    const done = waitFor(service, 'finished');
    await service.runChecks('mini', null);
    await done;
    await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'confirmed',
      rationale: 'Seen in the exact run.',
      reviewer: 'Ada',
    });
    const letter = await service.draftLetter('mini');
    expect(letter.kind).toBe('authors');
    expect(letter.markdown).toMatch(/Re-check result: \*\*falsification confirmed: the claim fails\*\*/);
    expect(letter.markdown).toMatch(/Ada: Seen in the exact run\./);
    expect(letter.signedBy).toEqual(['Ada']);
    // The minimal case answers no checklist question: not sendable, and the banner says which are open.
    expect(letter.missing).toHaveLength(6);
    expect(letter.missing[0]).toBe('F1: checklist question open: Is the horizon or scale long enough?');
    await service.recordVerdict({
      caseId: 'mini',
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: 'On reflection, a units slip: the two timings are per batch and per trajectory.',
      reviewer: 'Ada',
      overridesComputed: 'confirmed',
    });
    const after = await service.draftLetter('mini');
    // The verdict now says the falsification is wrong: the draft goes to the logbook's author, and is not ready
    // because the checks say otherwise (a contested decision).
    expect(after.kind).toBe('logbook');
    expect(after.missing[0]).toBe(
      'F1: the checks computed "falsification confirmed: the claim fails", not "falsification refuted: the claim stands": it belongs in a letter to the authors',
    );
  });

  it('openCase says, in one line, when the audit log had a torn tail (kept aside, never dropped)', async () => {
    const { service, dir } = await setup();
    await service.recordVerdict({ caseId: 'mini', falsificationId: 'F1', verdict: 'confirmed', rationale: 'r', reviewer: 'Ada' });
    writeFileSync(join(dir, 'audit.jsonl'), `${readFileSync(join(dir, 'audit.jsonl'), 'utf8')}{"at":"2026-`, { flag: 'w' });
    const detail = await service.openCase('mini');
    expect(detail.audit).toHaveLength(1);
    expect(detail.auditNotice).toMatch(/^audit log: 1 torn line left by a crash was set aside in audit\.jsonl\.torn$/);
    expect(detail.auditNotice?.includes('\n')).toBe(false);
  });
});
